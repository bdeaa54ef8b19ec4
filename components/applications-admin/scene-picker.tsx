'use client';

import { Alert, Button, Checkbox, Group, Pagination, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { AREA_SCENES_PAGE_SIZE } from '@/lib/client/queries/applications-admin';
import { coverageLabel, formatNumber } from '@/lib/shared/catalogue/scene-format';
import type { AreaSceneCover } from '@/lib/shared/contracts/requests-review';
import { ORDER_LIMITS } from '@/lib/shared/orders/model';

type CoverScene = AreaSceneCover['scenes'][number];

/**
 * The order the picker lists scenes in: the minimal set first (in the order it was chosen), then the others
 * by the share of the area they cover, then the clearest; footprints that only touch the edge come last.
 */
export function pickerOrder(cover: AreaSceneCover): CoverScene[] {
  const rank = new Map(cover.minimalSet.map((id, i) => [id, i]));
  const inSet = (s: CoverScene) => rank.get(s.sceneId) ?? Number.POSITIVE_INFINITY;
  return [...cover.scenes].sort(
    (a, b) =>
      inSet(a) - inSet(b) ||
      b.coveragePct - a.coveragePct ||
      (a.cloudPct ?? 0) - (b.cloudPct ?? 0) ||
      (a.sceneId < b.sceneId ? -1 : a.sceneId > b.sceneId ? 1 : 0),
  );
}

/**
 * The reviewer's choice of scenes for an area application: every scene of its area and period with the share
 * of the area it covers and its cloud, the minimal covering set first. The choice starts as that set (the
 * dialog's default); the reviewer adds or removes scenes, chooses them all, or goes back to the minimal set.
 */
export function ScenePicker({
  cover,
  chosen,
  onChange,
}: {
  cover: AreaSceneCover;
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  const t = useTranslations('ApplicationsAdmin.picker');
  const format = useFormatter();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const ordered = useMemo(() => pickerOrder(cover), [cover]);
  const pages = Math.max(1, Math.ceil(ordered.length / AREA_SCENES_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = ordered.slice((current - 1) * AREA_SCENES_PAGE_SIZE, current * AREA_SCENES_PAGE_SIZE);
  const set = new Set(chosen);
  const minimal = new Set(cover.minimalSet);
  const allIds = ordered.map((s) => s.sceneId).slice(0, ORDER_LIMITS.maxItemsPerOrder);
  const toggle = (sceneId: string, on: boolean) =>
    onChange(on ? [...chosen, sceneId].slice(0, ORDER_LIMITS.maxItemsPerOrder) : chosen.filter((x) => x !== sceneId));
  const isMinimal = chosen.length === minimal.size && chosen.every((id) => minimal.has(id));
  const coverageText = (pct: number) => {
    const { key, value } = coverageLabel(pct);
    return key === 'coverage' ? t('coverageValue', { value: formatNumber(value!, locale) }) : t(key);
  };
  return (
    <Stack gap="xs" role="group" aria-label={t('label')} data-testid="scene-picker">
      <Text size="sm" data-testid="picker-summary">
        {t('summary', {
          count: cover.minimalSet.length,
          pct: formatNumber(cover.minimalCoveredPct, locale),
          total: cover.scenes.length,
          all: formatNumber(cover.coveredPct, locale),
        })}
      </Text>
      {cover.cut ? (
        <Text size="sm" c="orange.9">
          {t('cut')}
        </Text>
      ) : null}
      {cover.capped ? (
        <Text size="sm" c="gray.7">
          {t('capped', { shown: cover.scenes.length, matched: cover.matched })}
        </Text>
      ) : null}
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600} role="status" aria-live="polite" data-testid="picker-chosen">
          {t('chosen', { count: chosen.length })}
        </Text>
        <Button
          size="compact-xs"
          variant="default"
          disabled={isMinimal}
          onClick={() => onChange([...cover.minimalSet])}
          data-testid="picker-minimal"
        >
          {t('minimal')}
        </Button>
        <Button
          size="compact-xs"
          variant="default"
          disabled={chosen.length === allIds.length && allIds.every((id) => set.has(id))}
          onClick={() => onChange(allIds)}
          data-testid="picker-all"
        >
          {t('all', { count: allIds.length })}
        </Button>
        <Button size="compact-xs" variant="subtle" disabled={chosen.length === 0} onClick={() => onChange([])}>
          {t('clear')}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={520} mah={320}>
        <Table striped fz="sm" stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36}>
                <VisuallyHidden>{t('choose')}</VisuallyHidden>
              </Table.Th>
              <Table.Th>{t('fileName')}</Table.Th>
              <Table.Th>{t('acquired')}</Table.Th>
              <Table.Th>{t('coverage')}</Table.Th>
              <Table.Th>{t('cloud')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((scene) => (
              <Table.Tr key={scene.sceneId} data-testid="picker-row" data-minimal={minimal.has(scene.sceneId) || undefined}>
                <Table.Td>
                  <Checkbox
                    checked={set.has(scene.sceneId)}
                    onChange={(e) => toggle(scene.sceneId, e.currentTarget.checked)}
                    aria-label={t('chooseScene', { name: scene.fileName })}
                  />
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {scene.fileName}
                  {minimal.has(scene.sceneId) ? (
                    <Text span size="xs" c="teal.9" fw={600} ml={6}>
                      {t('inMinimal')}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {scene.acquiredAt ? format.dateTime(new Date(scene.acquiredAt), 'day') : '—'}
                </Table.Td>
                <Table.Td data-testid="picker-coverage">{coverageText(scene.coveragePct)}</Table.Td>
                <Table.Td data-testid="picker-cloud">{scene.cloudPct === null ? '—' : `${formatNumber(scene.cloudPct, locale)}%`}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 ? <Pagination size="sm" total={pages} value={current} onChange={setPage} aria-label={t('pages')} /> : null}
    </Stack>
  );
}

/** The picker while its figures load or when they could not be computed. */
export function ScenePickerPending({ failure, onRetry }: { failure: string | null; onRetry: () => void }) {
  const t = useTranslations('ApplicationsAdmin.picker');
  if (failure)
    return (
      <Alert color="red" role="alert" data-testid="picker-failed">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{failure}</Text>
          <Button size="compact-sm" variant="default" onClick={onRetry}>
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  return <Skeleton h={160} role="status" aria-label={t('loading')} />;
}
