'use client';

import { Badge } from '@mantine/core';
import { useTranslations } from 'next-intl';
import type { FeedbackStatus } from '@/lib/shared/contracts/feedback';

/** Status in words with a symbol; the colour only repeats it. */
export function FeedbackStatusBadge({ status }: { status: FeedbackStatus }) {
  const t = useTranslations('FeedbackAdmin');
  const replied = status === 'replied';
  return (
    <Badge
      color={replied ? 'green' : 'yellow'}
      variant={replied ? 'light' : 'filled'}
      autoContrast
      tt="none"
      data-testid="feedback-admin-status"
    >
      <span aria-hidden="true">{replied ? '✓ ' : '● '}</span>
      {t(`status.${status}`)}
    </Badge>
  );
}
