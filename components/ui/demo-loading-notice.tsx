'use client';

import '@/components/providers/mantine-screen-styles';
import { Alert } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { apiFetch } from '@/lib/client/api';
import { demoStatusContract, type DEMO_SETS, type DemoStatus } from '@/lib/shared/contracts/figures';

type DemoSet = (typeof DEMO_SETS)[number];
const SET_KEYS = {
  'news-cover-copies': 'newsCovers',
  spots: 'landcover',
  'themes-demo': 'themes',
  'nonagricultural-demo': 'nonagricultural',
  'deform-demo': 'deformation',
  'planting-demo': 'planting',
  catalogue: 'catalogue',
  verification: 'verification',
  'spot-push': 'spotPush',
} as const satisfies Record<DemoSet, string>;
const isDemoSet = (name: string): name is DemoSet => name in SET_KEYS;

/**
 * After a first start the large demo sets fill in in the background (lib/server/db/seed.ts): a screen that shows
 * `sets` says so while they do, asks again every few seconds, and reloads its data once they are in.
 */
export function DemoLoadingNotice({ sets }: { sets: readonly DemoSet[] }) {
  const t = useTranslations('DemoStatus');
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: ['demo-status'],
    // A failed check says nothing (the screen itself reports a server that cannot be reached).
    queryFn: ({ signal }): Promise<DemoStatus | null> => apiFetch(demoStatusContract, { signal }).catch(() => null),
    refetchInterval: (query) => (query.state.data?.loading ? 3_000 : false),
    staleTime: 0,
  });
  const mine = (names: readonly string[] | undefined) => (names ?? []).filter(isDemoSet).filter((name) => sets.includes(name));
  const pending = mine(status.data?.pending);
  const failed = mine(status.data?.failed);
  const wasLoading = useRef(false);
  useEffect(() => {
    // The sets came in: every query of the screen reads again.
    if (wasLoading.current && pending.length === 0)
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'demo-status' });
    wasLoading.current = pending.length > 0;
  }, [pending.length, queryClient]);

  const names = (list: readonly DemoSet[]) => list.map((name) => t(`sets.${SET_KEYS[name]}`)).join(t('separator'));
  if (pending.length > 0)
    return (
      <Alert variant="light" color="blue" title={t('loadingTitle')} role="status" data-testid="demo-loading">
        {t('loading', { sets: names(pending) })}
      </Alert>
    );
  if (failed.length > 0)
    return (
      <Alert variant="light" color="red" title={t('failedTitle')} role="alert" data-testid="demo-failed">
        {t('failed', { sets: names(failed) })}
      </Alert>
    );
  return null;
}
