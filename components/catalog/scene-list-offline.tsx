'use client';

import { Badge, Text } from '@mantine/core';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { apiFetch } from '@/lib/client/api';
import { useSelectionStore } from '@/lib/client/stores/selection-store';
import { offlineByIdsContract } from '@/lib/shared/contracts/scene-lists';

/** An archived scene says so in words (and a dashed outline), not by colour alone. */
export function OfflineBadge() {
  const t = useTranslations('SceneList');
  return (
    <Badge color="gray" variant="outline" size="xs" title={t('offline.hint')} style={{ borderStyle: 'dashed' }} data-testid="offline-badge">
      {t('offline.badge')}
    </Badge>
  );
}

/** How many of the checked results (every page) are archived offline, from `offlinebyids`. */
export function CheckedOffline() {
  const t = useTranslations('SceneList');
  const ids = useSelectionStore((s) => s.resultIds);
  const query = useQuery({
    queryKey: ['catalogue', 'offlinebyids', ids],
    queryFn: ids.length === 0 ? skipToken : ({ signal }) => apiFetch(offlineByIdsContract, { body: { ids }, signal }),
    staleTime: 60_000,
  });
  if (ids.length === 0 || !query.data) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="checked-offline">
      {t('offline.checked', { count: query.data.offline.length, total: ids.length })}
    </Text>
  );
}
