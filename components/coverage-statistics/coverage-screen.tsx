'use client';

import { Alert, Button, Checkbox, Group, NativeSelect, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { usePathname, useSearchParams } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useId, useMemo, useState } from 'react';
import type { FeatureCollection } from 'geojson';
import { MapView, type MapClientConfig, type MapLegend, type OutlineLayer } from '@/components/map';
import { MAP_HEIGHT, ModuleLayout } from '@/components/monitor/module-layout';
import { QueryState } from '@/components/monitor/query-state';
import { useRegionChoropleth, useRegionFocus } from '@/components/statistics/choropleth';
import { FiguresTable, RegionName } from '@/components/statistics/figures-table';
import { RegionBreadcrumb } from '@/components/statistics/region-breadcrumb';
import {
  downloadCoverageExport,
  isComplete,
  useCoverageStatistics,
  useCoverageVisual,
  type CoverageAnswer,
  type CoverageFileFormat,
  type CoverageRequest,
} from '@/lib/client/queries/coverage-statistics';
import { MISSION_GROUPS } from '@/lib/shared/catalogue/missions';
import { RESOLUTION_CLASSES, SCENE_KINDS } from '@/lib/shared/contracts/coverage-statistics';
import { colorFor, NO_DATA_COLOR, type LegendRamp } from '@/lib/shared/map/legend';
import { COUNTRY_CODE } from '@/lib/shared/regions/codes';
import { CoverageTrend } from './coverage-trend';
import { PeriodPicker, useTermLabel } from './period-picker';
import {
  areaMapAllowed,
  comparisonEnd,
  COVERAGE_MAP_MEASURES,
  coverageSearch,
  diffClasses,
  diffClassIndex,
  differences,
  drillLevel,
  filtersQuery,
  lastCompleteTerm,
  levelChoices,
  levelSegment,
  parseCoverageState,
  periodSegment,
  PERIOD_UNITS,
  type CoverageMapMeasure,
  type CoverageScreenState,
  type MapMode,
  type PeriodUnit,
  type RegionLevelChoice,
} from './state';
import tableCells from '@/components/statistics/figures-cells.module.css';
import classes from './coverage.module.css';

/** The covered-area map: covered parts in the coverage ramp's dark end, the rest in a light grey (tooltips name both). */
const AREA_COLORS = { covered: '#1c7ed6', uncovered: '#dee2e6' } as const;

type Item = CoverageAnswer['items'][number];
type Figures = CoverageAnswer['total'];

const RAMP: Record<CoverageMapMeasure, LegendRamp> = {
  coveredPct: 'green',
  effectivePct: 'green',
  scenes: 'blue',
  revisit: 'purple',
  duplicationPct: 'orange',
};

const CLOUD_LIMITS = [10, 20, 30, 40, 50, 60, 70, 80, 90];

function numberFormat(locale: string, digits: number) {
  return new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** Formats of the figures: shares and revisit with two decimals, scenes whole, km² whole. */
function useFormats() {
  const locale = useLocale();
  return useMemo(() => {
    const two = numberFormat(locale, 2);
    const whole = numberFormat(locale, 0);
    const measure = (m: CoverageMapMeasure, value: number) => (m === 'scenes' ? whole.format(value) : two.format(value));
    const signed = (value: number) => `${value > 0 ? '+' : ''}${two.format(value)}`;
    return { two, whole, measure, signed };
  }, [locale]);
}

/** The coverage statistics screen (issue 36.1, spec §2 `/statistics/coverage-statics`): state in the URL. */
export function CoverageScreen({ config }: { config: MapClientConfig }) {
  const t = useTranslations('CoverageScreen');
  const pathname = usePathname();
  const searchParams = useSearchParams();
  // The month the screen opened in: the default period and the pickers' newest terms.
  const [now] = useState(() => new Date());
  const state = useMemo(() => parseCoverageState(searchParams, now), [searchParams, now]);
  const termLabel = useTermLabel();

  const update = useCallback(
    (patch: Partial<CoverageScreenState>, options: { replace?: boolean } = {}) => {
      const current = parseCoverageState(new URLSearchParams(window.location.search), now);
      const url = `${pathname}${coverageSearch({ ...current, ...patch }, now)}`;
      if (options.replace) window.history.replaceState(null, '', url);
      else window.history.pushState(null, '', url);
    },
    [pathname, now],
  );

  const latest = useMemo(
    () => Object.fromEntries(PERIOD_UNITS.map((u) => [u, lastCompleteTerm(u, now)])) as Record<PeriodUnit, string>,
    [now],
  );
  const filters = useMemo(() => filtersQuery(state), [state]);
  const { info, leaf, mapRegion } = useRegionFocus(state.region);
  const level = levelSegment(state.region, state.level);
  const request: CoverageRequest = useMemo(
    () => ({ level, region: state.region, period: periodSegment(state.from, state.to), filters }),
    [level, state.region, state.from, state.to, filters],
  );
  const vsEnd = state.vs ? comparisonEnd(state.unit, state.from, state.to, state.vs) : null;
  const compareRequest: CoverageRequest | null = useMemo(
    () => (state.vs && vsEnd ? { ...request, period: periodSegment(state.vs, vsEnd) } : null),
    [request, state.vs, vsEnd],
  );
  const figures = useCoverageStatistics(request);
  const compared = useCoverageStatistics(compareRequest);
  // A county is drawn among its siblings: the map needs its parent's figures.
  const parentRequest = useMemo(
    () => (leaf ? { ...request, level: 'children' as const, region: mapRegion } : null),
    [leaf, request, mapRegion],
  );
  const parentFigures = useCoverageStatistics(parentRequest);
  const parentCompared = useCoverageStatistics(
    parentRequest && compareRequest ? { ...parentRequest, period: compareRequest.period } : null,
  );

  // The previous answer is kept while another loads, but never shown for another region.
  const data = figures.data?.region.code === state.region ? figures.data : undefined;
  const before = compareRequest && compared.data?.region.code === state.region ? compared.data : undefined;
  const mapData = leaf ? parentFigures.data : data;
  const mapBefore = leaf ? parentCompared.data : before;

  const periodText = (unit: PeriodUnit, from: string, to: string) =>
    from === to ? termLabel(unit, from) : t('range', { from: termLabel(unit, from), to: termLabel(unit, to) });
  const period = periodText(state.unit, state.from, state.to);
  const vsPeriod = state.vs && vsEnd ? periodText(state.unit, state.vs, vsEnd) : null;

  const select = useCallback(
    (code: string) => {
      if (code !== state.region) update({ region: code, level: drillLevel(code, state.level, state.region) });
    },
    [state.region, state.level, update],
  );

  const progress = [data, before, mapData, mapBefore].find((d) => d && !isComplete(d))?.progress ?? null;
  const regionName = state.region === COUNTRY_CODE ? null : (info.data?.name ?? null);

  return (
    <Stack gap="sm">
      <RegionBreadcrumb region={state.region} onSelect={select} testId="coverage-breadcrumb" />
      <Paper withBorder p="sm" component="section" aria-label={t('controls')}>
        <div className={classes.controls}>
          <PeriodPicker
            period={state}
            latest={latest}
            onChange={(next) => update({ ...next, map: next.vs || state.map === 'area' ? state.map : 'value' }, { replace: true })}
          />
          <Stack gap={6}>
            <NativeSelect
              label={t('level')}
              value={state.level}
              disabled={levelChoices(state.region).length === 0}
              data={(levelChoices(state.region).length ? levelChoices(state.region) : [state.level]).map((l) => ({
                value: l,
                label: t(`levels.${l}`),
              }))}
              onChange={(e) => update({ level: e.currentTarget.value as RegionLevelChoice }, { replace: true })}
              data-testid="coverage-level"
            />
            <NativeSelect
              label={t('cloud')}
              value={state.cloud === null ? '' : String(state.cloud)}
              data={[
                { value: '', label: t('cloudAny') },
                ...CLOUD_LIMITS.map((c) => ({ value: String(c), label: t('cloudValue', { value: c }) })),
              ]}
              onChange={(e) => update({ cloud: e.currentTarget.value ? Number(e.currentTarget.value) : null }, { replace: true })}
              data-testid="coverage-cloud"
            />
            <KindControl value={state.kind} onChange={(kind) => update({ kind }, { replace: true })} />
          </Stack>
          <Stack gap={6}>
            <Checkbox.Group
              label={t('groups')}
              description={t('anyHint')}
              value={state.groups}
              onChange={(groups) => update({ groups: groups as CoverageScreenState['groups'] }, { replace: true })}
            >
              <Group gap="sm" mt={4}>
                {MISSION_GROUPS.map((g) => (
                  <Checkbox key={g} value={g} label={t(`groupNames.${g}`)} />
                ))}
              </Group>
            </Checkbox.Group>
            <Checkbox.Group
              label={t('resolutions')}
              value={state.resolutions}
              onChange={(resolutions) => update({ resolutions: resolutions as CoverageScreenState['resolutions'] }, { replace: true })}
            >
              <Group gap="sm" mt={4}>
                {RESOLUTION_CLASSES.map((r) => (
                  <Checkbox key={r.id} value={r.id} label={t(`resolutionNames.${r.id}`)} />
                ))}
              </Group>
            </Checkbox.Group>
          </Stack>
        </div>
      </Paper>
      {progress ? (
        <Alert color="blue" variant="light" role="status" data-testid="coverage-progress">
          {t('progress', { ready: progress.ready, total: progress.total })}
        </Alert>
      ) : null}
      <CoverageMapAndTable
        config={config}
        state={state}
        update={update}
        leaf={leaf}
        mapRegion={mapRegion}
        data={data}
        before={before}
        mapData={mapData}
        mapBefore={mapBefore}
        loading={(!data && !figures.error) || (state.region !== COUNTRY_CODE && info.isPending)}
        error={figures.error ?? compared.error ?? info.error}
        period={period}
        vsPeriod={vsPeriod}
        request={request}
        regionName={regionName}
        onSelect={select}
      />
      <CoverageTrend
        region={state.region}
        items={data?.items}
        regionName={data?.region.name ?? null}
        from={state.from}
        to={state.to}
        filters={filters}
      />
    </Stack>
  );
}

function KindControl({ value, onChange }: { value: CoverageScreenState['kind']; onChange: (kind: CoverageScreenState['kind']) => void }) {
  const t = useTranslations('CoverageScreen');
  const id = useId();
  return (
    <div>
      <Text component="span" id={id} size="sm" fw={500} display="block" mb={4}>
        {t('kind')}
      </Text>
      <SegmentedControl
        size="xs"
        aria-labelledby={id}
        value={value}
        data={SCENE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        onChange={(v) => onChange(v as CoverageScreenState['kind'])}
        data-testid="coverage-kind"
      />
    </div>
  );
}

function CoverageMapAndTable({
  config,
  state,
  update,
  leaf,
  mapRegion,
  data,
  before,
  mapData,
  mapBefore,
  loading,
  error,
  period,
  vsPeriod,
  request,
  regionName,
  onSelect,
}: {
  config: MapClientConfig;
  state: CoverageScreenState;
  update: (patch: Partial<CoverageScreenState>, options?: { replace?: boolean }) => void;
  leaf: boolean;
  mapRegion: string;
  data: CoverageAnswer | undefined;
  before: CoverageAnswer | undefined;
  mapData: CoverageAnswer | undefined;
  mapBefore: CoverageAnswer | undefined;
  loading: boolean;
  error: unknown;
  period: string;
  vsPeriod: string | null;
  request: CoverageRequest;
  regionName: string | null;
  onSelect: (code: string) => void;
}) {
  const t = useTranslations('CoverageScreen');
  const tm = useTranslations('Monitor');
  const f = useFormats();
  const measure = state.measure;
  const diffMode = state.map === 'diff' && vsPeriod !== null;
  const areaMode = state.map === 'area' && areaMapAllowed(state.region);
  const mapMode: MapMode = diffMode ? 'diff' : areaMode ? 'area' : 'value';
  const modes: MapMode[] = [
    'value',
    ...(vsPeriod !== null ? (['diff'] as const) : []),
    ...(areaMapAllowed(state.region) ? (['area'] as const) : []),
  ];
  const measureName = t(`measures.${measure}`);
  const visual = useCoverageVisual(areaMode ? { region: state.region, period: request.period, filters: request.filters } : null);
  const areaLayer = useMemo((): OutlineLayer | null => {
    if (!areaMode || !visual.data) return null;
    const fillColors: Record<string, string> = {};
    const tips: Record<string, string> = {};
    for (const feature of visual.data.features) {
      const { part, name, km2 } = feature.properties;
      fillColors[feature.id] = AREA_COLORS[part];
      tips[feature.id] = t('tooltipArea', {
        name,
        part: t(part === 'covered' ? 'areaCovered' : 'areaUncovered'),
        km2: f.two.format(km2),
      });
    }
    return { id: 'coverage-area', data: visual.data as unknown as FeatureCollection, emphasis: 'context', fillColors, tooltips: tips };
  }, [areaMode, visual.data, t, f]);

  const mapDiffs = useMemo(() => differences(mapData?.items ?? [], mapBefore?.items, measure), [mapData, mapBefore, measure]);
  const diffs = useMemo(() => differences(data?.items ?? [], before?.items, measure), [data, before, measure]);
  const steps = useMemo(() => (diffMode ? diffClasses(mapDiffs.values()) : []), [diffMode, mapDiffs]);
  const max = useMemo(() => (mapData?.items.length ? Math.max(...mapData.items.map((i) => i[measure])) : null), [mapData, measure]);
  const whole = measure === 'scenes';
  const ramp = RAMP[measure];

  const colorOf = useCallback(
    (item: Item | undefined): string | null => {
      if (!item) return null;
      if (diffMode) {
        const index = diffClassIndex(mapDiffs.get(item.code) ?? null, steps);
        return index < 0 ? null : steps[index]!.color;
      }
      return colorFor(item[measure], max, ramp, { whole });
    },
    [diffMode, mapDiffs, steps, measure, max, ramp, whole],
  );
  const choroplethItems = useMemo(() => mapData?.items.map((i) => ({ ...i, monitored: true })), [mapData]);
  const fill = useCallback((item: (Item & { monitored: boolean }) | undefined) => colorOf(item), [colorOf]);
  const tooltips = useMemo(() => {
    const out: Record<string, string> = {};
    for (const item of mapData?.items ?? []) {
      const value = `${measureName} ${f.measure(measure, item[measure])}`;
      const diff = mapDiffs.get(item.code);
      out[item.code] =
        diff === null || diff === undefined
          ? t('tooltip', { name: item.name, value })
          : t('tooltipDiff', { name: item.name, value, diff: f.signed(diff) });
    }
    return out;
  }, [mapData, mapDiffs, measure, measureName, f, t]);
  const { outlines, noData } = useRegionChoropleth({
    region: state.region,
    mapRegion,
    leaf,
    items: choroplethItems,
    fill,
    onSelect,
    level: leaf ? undefined : request.level === 'children' ? undefined : request.level,
    tooltips,
  });
  const legend: MapLegend = areaMode
    ? {
        title: t('legendArea'),
        ramp,
        max: null,
        items: (['covered', 'uncovered'] as const).map((part) => ({
          label: t(part === 'covered' ? 'areaCovered' : 'areaUncovered'),
          color: AREA_COLORS[part],
        })),
      }
    : diffMode
      ? {
          title: t('legendDiff', { measure: measureName }),
          ramp,
          max: null,
          items: steps.map((s) => ({ label: s.label, color: s.color })),
          noData,
        }
      : { title: measureName, ramp, max, whole, noData };
  const mapLabel = t('mapLabel', { region: data?.region.name ?? regionName ?? tm('country') });
  // The covered area under the regions' borders (drawn without their fill, and leaving the pointer to the parts).
  const mapOutlines = useMemo(
    () =>
      areaMode
        ? [...(areaLayer ? [areaLayer] : []), ...outlines.map((o) => ({ ...o, fillColors: undefined, interactive: false }))]
        : outlines,
    [areaMode, areaLayer, outlines],
  );
  const map = <MapView config={config} label={mapLabel} outlines={mapOutlines} legend={legend} height={MAP_HEIGHT} />;
  const empty = data !== undefined && isComplete(data) && data.total.scenes === 0;

  return (
    <ModuleLayout map={map}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {data?.region.name ?? regionName ?? tm('country')} · {period}
        </Title>
        <Group gap="xs" wrap="wrap" align="flex-end">
          <NativeSelect
            size="xs"
            label={t('measure')}
            value={measure}
            data={COVERAGE_MAP_MEASURES.map((m) => ({ value: m, label: t(`measures.${m}`) }))}
            onChange={(e) => update({ measure: e.currentTarget.value as CoverageMapMeasure }, { replace: true })}
            data-testid="coverage-measure"
          />
          {modes.length > 1 ? (
            <MapModeControl value={mapMode} modes={modes} onChange={(map) => update({ map }, { replace: true })} />
          ) : null}
        </Group>
        {areaMode ? (
          <Text size="xs" c={visual.error ? 'red' : 'dimmed'} role={visual.error ? 'alert' : 'status'} data-testid="coverage-area-status">
            {visual.error
              ? visual.error instanceof Error && visual.error.message
                ? visual.error.message
                : t('areaFailed')
              : visual.data
                ? t('areaSimplified')
                : t('areaLoading')}
          </Text>
        ) : null}
        <QueryState loading={loading} error={error} empty={empty} emptyText={t('empty')}>
          {data ? (
            <>
              <Text size="sm" data-testid="coverage-total">
                {t('total', {
                  region: data.region.name,
                  period,
                  covered: f.two.format(data.total.coveredPct),
                  effective: f.two.format(data.total.effectivePct),
                  scenes: f.whole.format(data.total.scenes),
                })}
                {before && vsPeriod
                  ? ` ${t('comparedTo', { period: vsPeriod, diff: f.signed(data.total.coveredPct - before.total.coveredPct) })}`
                  : ''}
              </Text>
              <ExportButtons request={request} />
              <Text size="xs" c="dimmed">
                {t('drillHint')}
              </Text>
              <CoverageTable
                data={data}
                diffs={before ? diffs : null}
                before={before}
                measure={measure}
                period={period}
                colorOf={colorOf}
                onSelect={onSelect}
              />
            </>
          ) : null}
        </QueryState>
      </Stack>
    </ModuleLayout>
  );
}

function MapModeControl({
  value,
  modes,
  onChange,
}: {
  value: CoverageScreenState['map'];
  modes: readonly CoverageScreenState['map'][];
  onChange: (mode: CoverageScreenState['map']) => void;
}) {
  const t = useTranslations('CoverageScreen');
  const id = useId();
  return (
    <div>
      <Text component="span" id={id} size="xs" fw={500} display="block" mb={2}>
        {t('mapMode')}
      </Text>
      <SegmentedControl
        size="xs"
        aria-labelledby={id}
        value={value}
        data={modes.map((m) => ({ value: m, label: t(`mapModes.${m}`) }))}
        onChange={(v) => onChange(v as CoverageScreenState['map'])}
        data-testid="coverage-map-mode"
      />
    </div>
  );
}

function ExportButtons({ request }: { request: CoverageRequest }) {
  const t = useTranslations('CoverageScreen');
  const locale = useLocale();
  const [busy, setBusy] = useState<CoverageFileFormat | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const download = async (format: CoverageFileFormat) => {
    setBusy(format);
    setFailure(null);
    try {
      await downloadCoverageExport(request, format, locale, (kind) => t(kind === 'network' ? 'exportNetwork' : 'exportFailed'));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : t('exportFailed'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div>
      <Group gap="xs" role="group" aria-label={t('export')}>
        <Text size="sm">{t('export')}</Text>
        <Button
          size="compact-sm"
          variant="light"
          loading={busy === 'csv'}
          aria-label={t('exportCsvLabel')}
          onClick={() => void download('csv')}
        >
          {t('exportCsv')}
        </Button>
        <Button
          size="compact-sm"
          variant="light"
          loading={busy === 'geojson'}
          aria-label={t('exportGeojsonLabel')}
          onClick={() => void download('geojson')}
        >
          {t('exportGeojson')}
        </Button>
        <Button
          size="compact-sm"
          variant="light"
          loading={busy === 'geotiff'}
          aria-label={t('exportGridLabel')}
          onClick={() => void download('geotiff')}
        >
          {t('exportGrid')}
        </Button>
      </Group>
      {failure ? (
        <Text size="sm" c="red" role="alert" mt={4}>
          {failure}
        </Text>
      ) : null}
    </div>
  );
}

/** One row per region: covered, cloud-weighted, scenes, revisit, duplication, uncovered, and the change when comparing. */
function CoverageTable({
  data,
  diffs,
  before,
  measure,
  period,
  colorOf,
  onSelect,
}: {
  data: CoverageAnswer;
  diffs: Map<string, number | null> | null;
  before: CoverageAnswer | undefined;
  measure: CoverageMapMeasure;
  period: string;
  colorOf: (item: Item | undefined) => string | null;
  onSelect: (code: string) => void;
}) {
  const t = useTranslations('CoverageScreen');
  const f = useFormats();
  const items = useMemo(() => [...data.items].sort((a, b) => b[measure] - a[measure] || a.code.localeCompare(b.code)), [data, measure]);
  const noFigure = (
    <Text span c="dimmed" aria-label={t('noFigure')}>
      —
    </Text>
  );
  const cells = (x: Figures) => (
    <>
      <Table.Td className={tableCells.numeric}>{f.two.format(x.coveredPct)}</Table.Td>
      <Table.Td className={tableCells.numeric}>{f.two.format(x.effectivePct)}</Table.Td>
      <Table.Td className={tableCells.numeric}>{f.whole.format(x.scenes)}</Table.Td>
      <Table.Td className={tableCells.numeric}>{f.two.format(x.revisit)}</Table.Td>
      <Table.Td className={tableCells.numeric}>{f.two.format(x.duplicationPct)}</Table.Td>
      <Table.Td className={tableCells.numeric}>{f.whole.format(x.uncoveredKm2)}</Table.Td>
    </>
  );
  const diffCell = (value: number | null | undefined) =>
    diffs ? <Table.Td className={tableCells.numeric}>{value === null || value === undefined ? noFigure : f.signed(value)}</Table.Td> : null;
  const totalDiff = before ? Math.round((data.total[measure] - before.total[measure]) * 100) / 100 : null;
  return (
    <div className={classes.tableScroll} tabIndex={0} role="region" aria-label={t('tableRegion')}>
      <FiguresTable
        caption={t('tableCaption', { region: data.region.name, period })}
        head={
          <>
            <Table.Th>{t('columns.region')}</Table.Th>
            {(['coveredPct', 'effectivePct', 'scenes', 'revisit', 'duplicationPct', 'uncoveredKm2'] as const).map((c) => (
              <Table.Th key={c} className={tableCells.numeric}>
                {t(`columns.${c}`)}
              </Table.Th>
            ))}
            {diffs ? <Table.Th className={tableCells.numeric}>{t('columns.diff', { measure: t(`measures.${measure}`) })}</Table.Th> : null}
          </>
        }
      >
        {items.map((item) => (
          <Table.Tr key={item.code} data-code={item.code}>
            <Table.Td>
              <div className={tableCells.regionCell}>
                <span className={tableCells.swatch} style={{ background: colorOf(item) ?? NO_DATA_COLOR }} aria-hidden="true" />
                <span>
                  <RegionName item={{ ...item, monitored: true }} onSelect={onSelect} unmonitored="" className={tableCells.rowButton} />
                </span>
              </div>
            </Table.Td>
            {cells(item)}
            {diffCell(diffs?.get(item.code))}
          </Table.Tr>
        ))}
        {data.items.length > 1 || data.items[0]?.code !== data.region.code ? (
          <Table.Tr className={tableCells.totalRow} data-testid="coverage-total-row">
            <Table.Td>{t('totalRow', { region: data.region.name })}</Table.Td>
            {cells(data.total)}
            {diffCell(totalDiff)}
          </Table.Tr>
        ) : null}
      </FiguresTable>
    </div>
  );
}
