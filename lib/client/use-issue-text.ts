'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import type { z } from 'zod';
import { issueValues, localizedIssueKey } from '../shared/contracts/api';

/**
 * The reader's-language text of a zod issue: schemas name a message key (`localizedIssue`), which is
 * translated here exactly as the API translates it; other issues keep zod's message.
 */
export function useIssueText() {
  const t = useTranslations() as unknown as (key: string, values?: Record<string, number>) => string;
  return useCallback(
    (issue: z.core.$ZodIssue) => {
      const key = localizedIssueKey(issue.message);
      return key ? t(key, issueValues(issue as { minimum?: unknown; maximum?: unknown })) : issue.message;
    },
    [t],
  );
}
