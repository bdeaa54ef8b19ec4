'use client';

import { Alert, Anchor, Button, Group, Loader, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Link } from '@/i18n/navigation';
import { downloadUncovered, useCoverage, useFallFigures, type CoverageRequest } from '@/lib/client/queries/coverage';
import { useSelectionStore } from '@/lib/client/stores/selection-store';
import { SELECT_MODES, type SceneFilter } from '@/lib/shared/contracts/catalogue';
import { COVERAGE_LIMITS, type CoverageAnalysis, type SubRegionCoverage } from '@/lib/shared/contracts/coverage';
import { uncoveredPlanPath } from '@/lib/shared/orbits/plan-path';

type Geometry = CoverageAnalysis['uncovered'];
type SortKey = 'name' | 'areaKm2' | 'coveredKm2' | 'coveredPct';

const fmt = (n: number, digits = 1) => n.toLocaleString(undefined, { maximumFractionDigits: digits, minimumFractionDigits: digits });

/**
 * The COVERAGE tab: how much of the search area the checked results (or, none checked, every result up
 * to COVERAGE_LIMITS.maxScenes) cover, per county, each scene's share, and a one-click minimal set that
 * becomes the checked results. The uncovered part goes to the map through `onUncovered`.
 */
export function CoveragePanel({ filter, onUncovered }: { filter: SceneFilter | null; onUncovered: (g: Geometry) => void }) {
  const t = useTranslations('Coverage');
  const tExport = useTranslations('Export');
  const locale = useLocale();
  const { resultIds, setResultIds } = useSelectionStore(useShallow((s) => ({ resultIds: s.resultIds, setResultIds: s.setResultIds })));
  const [request, setRequest] = useState<CoverageRequest | null>(null);
  const [minimalIds, setMinimalIds] = useState<string[] | null>(null);
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'coveredPct', desc: false });
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const coverage = useCoverage(request);
  const fall = useFallFigures(request);

  const uncovered = minimalIds ? (fall.data?.minimalSet.uncovered ?? null) : (coverage.data?.uncovered ?? null);
  useEffect(() => {
    onUncovered(uncovered);
  }, [uncovered, onUncovered]);
  useEffect(() => () => onUncovered(null), [onUncovered]);

  if (!filter) return <Text size="sm">{t('noSearch')}</Text>;
  if (!filter.area || filter.area.mode === SELECT_MODES.FILE) return <Text size="sm">{t('noArea')}</Text>;

  const checked = resultIds.length > 0 && resultIds.length <= COVERAGE_LIMITS.maxScenes ? resultIds : null;
  const run = () => {
    setMinimalIds(null);
    setRequest({ filter, ids: checked });
  };

  const sorted = [...(coverage.data?.subRegions ?? [])].sort((a: SubRegionCoverage, b: SubRegionCoverage) => {
    const d = sort.key === 'name' ? a.name.localeCompare(b.name, locale) : a[sort.key] - b[sort.key];
    return sort.desc ? -d : d;
  });
  const header = (key: SortKey, label: string) => (
    <Table.Th aria-sort={sort.key === key ? (sort.desc ? 'descending' : 'ascending') : 'none'} scope="col">
      <UnstyledButton
        onClick={() => setSort((s) => ({ key, desc: s.key === key ? !s.desc : false }))}
        aria-label={t('sortBy', { column: label })}
        data-testid={`coverage-sort-${key}`}
      >
        {label} {sort.key === key ? (sort.desc ? '▼' : '▲') : ''}
      </UnstyledButton>
    </Table.Th>
  );

  const error = coverage.error ?? fall.error;
  const names = new Map((fall.data?.scenes ?? []).map((s) => [s.id, s.fileName]));

  const download = async (format: 'shp' | 'geojson') => {
    if (!request) return;
    setDownloadError(null);
    setDownloading(true);
    try {
      await downloadUncovered(minimalIds ? { filter: request.filter, ids: minimalIds } : request, format, {
        locale,
        fallbackMessage: (kind) => tExport(`errors.${kind}`),
      });
    } catch (e) {
      setDownloadError(e instanceof Error ? e.message : tExport('errors.failed'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="coverage-panel">
      <Title order={3} size="h5">
        {t('title')}
      </Title>
      <Text size="xs" c="dimmed">
        {t('intro')}
      </Text>
      <Text size="sm">
        {t('scope')}: {checked ? t('scopeChecked', { count: checked.length }) : t('scopeAll')}
      </Text>
      <Button onClick={run} loading={coverage.isFetching || fall.isFetching} data-testid="coverage-run">
        {t('run')}
      </Button>
      {(coverage.isFetching || fall.isFetching) && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{t('running')}</Text>
        </Group>
      )}
      {error && (
        <Alert color="red" role="alert" title={t('failed', { message: error.message })}>
          <Button size="xs" variant="light" onClick={() => void Promise.all([coverage.refetch(), fall.refetch()])}>
            {t('retry')}
          </Button>
        </Alert>
      )}
      {coverage.data && coverage.data.sceneCount === 0 && <Text size="sm">{t('noScenes')}</Text>}
      {coverage.data && coverage.data.sceneCount > 0 && (
        <>
          {coverage.data.capped && (
            <Alert color="yellow" data-testid="coverage-capped">
              {t('capped', { cap: coverage.data.cap, matched: coverage.data.matched })}
            </Alert>
          )}
          <Title order={4} size="h6">
            {t('summary')}
          </Title>
          <Table data-testid="coverage-summary" withRowBorders={false}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">{t('area')}</Table.Th>
                <Table.Td>{t('km2', { value: fmt(coverage.data.areaKm2) })}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('covered')}</Table.Th>
                <Table.Td data-testid="coverage-covered">
                  {t('km2', { value: fmt(coverage.data.coveredKm2) })} · {t('pct', { value: fmt(coverage.data.coveredPct, 2) })}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('uncovered')}</Table.Th>
                <Table.Td>{t('km2', { value: fmt(coverage.data.uncoveredKm2) })}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('scenesUsed')}</Table.Th>
                <Table.Td>{coverage.data.sceneCount}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text size="xs" data-testid="coverage-legend">
            <span
              aria-hidden="true"
              style={{
                display: 'inline-block',
                width: 14,
                height: 10,
                marginInlineEnd: 6,
                border: '2px dashed #c2410c',
                background: 'rgba(234,88,12,0.35)',
              }}
            />
            {t('legendUncovered')}
          </Text>
          <Group gap="xs">
            <Text size="sm">{t('download')}:</Text>
            <Anchor component="button" size="sm" onClick={() => void download('shp')} data-testid="coverage-download-shp">
              {t('downloadShp')}
            </Anchor>
            <Anchor component="button" size="sm" onClick={() => void download('geojson')}>
              {t('downloadGeojson')}
            </Anchor>
            {downloading && (
              <Text size="xs" role="status">
                {t('downloading')}
              </Text>
            )}
          </Group>
          {downloadError && (
            <Text size="xs" c="red" role="alert">
              {t('failed', { message: downloadError })}
            </Text>
          )}
          {request && coverage.data.uncoveredKm2 > 0 && (
            <Stack gap={2}>
              <Button
                component={Link}
                href={uncoveredPlanPath(minimalIds ? { filter: request.filter, ids: minimalIds } : { filter: request.filter, ...(request.ids ? { ids: request.ids } : {}) })}
                variant="light"
                size="xs"
                aria-describedby="coverage-predict-help"
                data-testid="coverage-predict"
              >
                {t('predict')}
              </Button>
              <Text size="xs" c="dimmed" id="coverage-predict-help">
                {t('predictHelp')}
              </Text>
            </Stack>
          )}
          <Title order={4} size="h6">
            {t('counties')}
          </Title>
          {sorted.length === 0 ? (
            <Text size="sm">{t('noCounties')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={320} maxHeight={280}>
              <Table striped data-testid="coverage-counties">
                <caption>{t('countiesCaption')}</caption>
                <Table.Thead>
                  <Table.Tr>
                    {header('name', t('county'))}
                    {header('areaKm2', t('countyArea'))}
                    {header('coveredKm2', t('countyCovered'))}
                    {header('coveredPct', t('countyPct'))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {sorted.map((r) => (
                    <Table.Tr key={r.code}>
                      <Table.Td>{r.name}</Table.Td>
                      <Table.Td>{fmt(r.areaKm2)}</Table.Td>
                      <Table.Td>{fmt(r.coveredKm2)}</Table.Td>
                      <Table.Td>{fmt(r.coveredPct)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </>
      )}
      {fall.data && fall.data.scenes.length > 0 && (
        <>
          <Title order={4} size="h6">
            {t('minimal')}
          </Title>
          <Text size="xs" c="dimmed">
            {t('minimalHelp')}
          </Text>
          <Button
            variant="light"
            data-testid="coverage-minimal"
            onClick={() => {
              const ids = fall.data.minimalSet.steps.map((s) => s.id);
              setMinimalIds(ids);
              setResultIds(ids);
            }}
          >
            {t('minimalRun')}
          </Button>
          {minimalIds && (
            <Alert color="blue" role="status" data-testid="coverage-minimal-done">
              {t('minimalDone', {
                count: minimalIds.length,
                pct: fmt(fall.data.minimalSet.coveredPct, 2),
                km2: fmt(fall.data.minimalSet.uncoveredKm2),
              })}
              {fall.data.minimalSet.cut ? ` ${t('minimalCut')}` : ''}
            </Alert>
          )}
          {minimalIds && (
            <ol style={{ margin: 0, paddingInlineStart: 20 }}>
              {fall.data.minimalSet.steps.map((s) => (
                <li key={s.id}>
                  <Text size="xs">
                    {names.get(s.id) ?? s.id}: {t('minimalStep', { gain: fmt(s.gainKm2), pct: fmt(s.coveredPct, 2) })}
                  </Text>
                </li>
              ))}
            </ol>
          )}
          <Title order={4} size="h6">
            {t('fall')}
          </Title>
          <ul style={{ margin: 0, paddingInlineStart: 20, maxHeight: 240, overflowY: 'auto' }} data-testid="coverage-fall">
            {fall.data.scenes.map((s) => (
              <li key={s.id}>
                <Text size="xs">
                  {s.fileName}: {t('fallItem', { pct: fmt(s.coveredPct, 2), km2: fmt(s.coveredKm2) })} ·{' '}
                  {s.cloudPct === null ? t('radar') : t('cloud', { value: fmt(s.cloudPct) })}
                </Text>
              </li>
            ))}
          </ul>
        </>
      )}
    </Stack>
  );
}
