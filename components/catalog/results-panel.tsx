'use client';

import { Alert, Button, Group, Pagination, Select, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useLocale, useTranslations } from 'next-intl';
import { useShallow } from 'zustand/react/shallow';
import { ApiClientError } from '@/lib/client/api';
import type { useSceneSearch } from '@/lib/client/queries/catalogue';
import { PAGE_SIZES, useSelectionStore, type SortOrder } from '@/lib/client/stores/selection-store';
import type { Scene, SortField } from '@/lib/shared/contracts/catalogue';
import classes from './catalog.module.css';
import { DemoBadge } from './demo-badge';
import { ImageryBadge } from './imagery-badge';
import { ExportMenu } from './export-menu';
import { coverageLabel, formatAcquired, formatNumber, sceneTitle } from '@/lib/shared/catalogue/scene-format';
import { ResultsCartActions } from '../orders/add-to-cart';
import { CheckableRow, ResultChecksBar } from './result-checks';
import { CheckedOffline, OfflineBadge } from './scene-list-offline';
import { SceneListUnmatched } from './scene-list-upload';
import { SubscribeToSearch } from '../subscriptions/subscribe-to-search';

/** The sort choices users think in: newest, oldest, least cloud, most coverage. */
export const SORT_CHOICES: readonly { key: 'newest' | 'oldest' | 'leastCloud' | 'mostCoverage'; sort: SortField; order: SortOrder }[] = [
  { key: 'newest', sort: 'time', order: 'desc' },
  { key: 'oldest', sort: 'time', order: 'asc' },
  { key: 'leastCloud', sort: 'cloud', order: 'asc' },
  { key: 'mostCoverage', sort: 'coverage', order: 'desc' },
];

/**
 * Our own quick-looks (same origin) are shown; a provider's thumbnail elsewhere is not loaded (the
 * content security policy admits our own images only), the detail panel links to it instead.
 */
export const localQuicklook = (scene: Pick<Scene, 'quicklook'>): string | null =>
  scene.quicklook?.startsWith('/') && !scene.quicklook.startsWith('//') ? scene.quicklook : null;

export function Quicklook({ scene, size }: { scene: Scene; size: number }) {
  const t = useTranslations('Normal');
  const src = localQuicklook(scene);
  if (!src)
    return (
      <span className={classes.noQuicklook} style={{ width: size, height: size }}>
        {t('result.noPreview')}
      </span>
    );
  return (
    // eslint-disable-next-line @next/next/no-img-element -- generated per scene by the API, not a static asset
    <img
      className={classes.quicklook}
      src={src}
      alt={t('result.quicklookOf', { name: scene.fileName })}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
}

function SceneRow({ scene }: { scene: Scene }) {
  const t = useTranslations('Normal');
  const locale = useLocale();
  const coverageText = (pct: number) => {
    const { key, value } = coverageLabel(pct);
    return key === 'coverage' ? t('result.coverage', { value: formatNumber(value!, locale) }) : t(`result.${key}`);
  };
  const selected = useSelectionStore((s) => s.selectedSceneId === scene.id);
  const hovered = useSelectionStore((s) => s.hoveredSceneId === scene.id);
  const selectScene = useSelectionStore((s) => s.selectScene);
  const hoverScene = useSelectionStore((s) => s.hoverScene);
  return (
    <CheckableRow scene={scene}>
      <UnstyledButton
        className={classes.sceneRow}
        data-hovered={hovered || undefined}
        data-selected={selected || undefined}
        aria-pressed={selected}
        data-testid="scene-row"
        data-scene-id={scene.id}
        onMouseEnter={() => hoverScene(scene.id)}
        onMouseLeave={() => hoverScene(null)}
        onFocus={() => hoverScene(scene.id)}
        onBlur={() => hoverScene(null)}
        onClick={() => selectScene(scene.id)}
      >
        <Quicklook scene={scene} size={56} />
        <span className={classes.sceneText}>
          <span className={classes.sceneName}>{scene.fileName}</span>
          <span className={classes.sceneMeta}>
            <span>{sceneTitle(scene)}</span>
            <span>{formatAcquired(scene.acquiredAt)}</span>
          </span>
          <span className={classes.sceneMeta}>
            <span>
              {scene.cloudPct === null ? t('result.noCloud') : t('result.cloud', { value: formatNumber(scene.cloudPct, locale) })}
            </span>
            <span>{t('result.resolution', { value: formatNumber(scene.resolutionM, locale, 2) })}</span>
            {scene.coveragePct !== null ? (
              // A footprint that only meets the area's edge, or a sliver, says so instead of "0 %".
              <span data-testid="scene-coverage">{coverageText(scene.coveragePct)}</span>
            ) : null}
            {scene.online ? null : <OfflineBadge />}
            {scene.source === 'demo' ? <DemoBadge /> : null}
            {scene.hasImagery ? <ImageryBadge /> : null}
          </span>
        </span>
      </UnstyledButton>
    </CheckableRow>
  );
}

function LoadingRows() {
  const t = useTranslations('Normal');
  return (
    <Stack gap="xs" role="status" aria-label={t('result.loading')} data-testid="results-loading">
      {Array.from({ length: 5 }, (_, i) => (
        <Group key={i} gap="sm" wrap="nowrap">
          <Skeleton width={56} height={56} />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={12} />
            <Skeleton height={10} width="70%" />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}

/** The RESULT tab's list: the total, sort, page size, the scenes of the page and the pager, with every state. */
export function ResultsPanel({ query }: { query: ReturnType<typeof useSceneSearch> }) {
  const t = useTranslations('Normal');
  const locale = useLocale();
  const { submitted, sort, order, page, pageSize } = useSelectionStore(
    useShallow((s) => ({ submitted: s.submitted, sort: s.sort, order: s.order, page: s.page, pageSize: s.pageSize })),
  );
  const { setSort, setPage, setPageSize, setTab } = useSelectionStore(
    useShallow((s) => ({ setSort: s.setSort, setPage: s.setPage, setPageSize: s.setPageSize, setTab: s.setTab })),
  );

  if (!submitted)
    return (
      <Stack gap="xs" data-testid="results-none">
        <Text size="sm">{t('result.notYet')}</Text>
        <Button size="xs" variant="light" onClick={() => setTab(1)} style={{ alignSelf: 'flex-start' }}>
          {t('result.toSelect')}
        </Button>
      </Stack>
    );

  const sortKey = SORT_CHOICES.find((c) => c.sort === sort && c.order === order)?.key ?? 'newest';
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  let body;
  if (query.isError && !data) {
    const message = query.error instanceof ApiClientError && query.error.message ? query.error.message : t('result.errorText');
    body = (
      <Alert color="red" role="alert" title={t('result.errorTitle')} data-testid="results-error">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{message}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            {t('result.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (!data) {
    body = <LoadingRows />;
  } else if (data.total === 0) {
    body = (
      <Stack gap={4} role="status" data-testid="results-empty">
        <Text size="sm" fw={600}>
          {t('result.empty')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('result.emptyHint')}
        </Text>
        <Button size="xs" variant="light" onClick={() => setTab(1)} style={{ alignSelf: 'flex-start' }}>
          {t('result.toSelect')}
        </Button>
      </Stack>
    );
  } else {
    body = (
      <>
        <ResultChecksBar pageIds={data.list.map((scene) => scene.id)} />
        <ResultsCartActions pageIds={data.list.map((scene) => scene.id)} />
        <ul
          className={classes.sceneList}
          aria-label={t('result.listLabel', { page, pages })}
          aria-busy={query.isFetching}
          data-testid="scene-list"
        >
          {data.list.map((scene) => (
            <SceneRow key={scene.id} scene={scene} />
          ))}
        </ul>
        {pages > 1 ? (
          <Pagination
            size="sm"
            total={pages}
            value={Math.min(page, pages)}
            onChange={setPage}
            siblings={1}
            boundaries={1}
            getItemProps={(n) => ({ 'aria-label': t('result.pageN', { n }) })}
            getControlProps={(control) => ({ 'aria-label': t(`result.${control}`) })}
            aria-label={t('result.pages')}
            data-testid="results-pagination"
          />
        ) : null}
      </>
    );
  }

  return (
    <Stack gap="sm" data-testid="results-panel">
      <Group justify="space-between" align="flex-end" gap="xs">
        <Text size="sm" fw={600} role="status" aria-live="polite" data-testid="results-total">
          {data ? t('result.total', { count: data.total, formatted: formatNumber(data.total, locale, 0) }) : t('result.searching')}
        </Text>
        {query.isFetching && data ? (
          <Text size="xs" c="dimmed">
            {t('result.updating')}
          </Text>
        ) : null}
        {data && data.total > 0 ? <ExportMenu total={data.total} /> : null}
      </Group>
      <SubscribeToSearch />
      <SceneListUnmatched />
      <CheckedOffline />
      <Group gap="xs" grow wrap="nowrap">
        <Select
          size="xs"
          label={t('result.sort')}
          data={SORT_CHOICES.map((c) => ({ value: c.key, label: t(`sort.${c.key}`) }))}
          value={sortKey}
          allowDeselect={false}
          onChange={(key) => {
            const choice = SORT_CHOICES.find((c) => c.key === key);
            if (choice) setSort(choice.sort, choice.order);
          }}
          data-testid="sort-select"
        />
        <Select
          size="xs"
          label={t('result.pageSize')}
          data={PAGE_SIZES.map((n) => ({ value: String(n), label: t('result.perPage', { n }) }))}
          value={String(pageSize)}
          allowDeselect={false}
          onChange={(v) => v && setPageSize(Number(v))}
          data-testid="page-size-select"
        />
      </Group>
      {body}
      {data && data.total > 0 ? (
        <Text size="xs" c="dimmed">
          {t('density.hint')}
        </Text>
      ) : null}
    </Stack>
  );
}
