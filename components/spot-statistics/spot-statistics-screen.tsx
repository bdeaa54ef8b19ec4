'use client';

import { Alert, Anchor, Group, NativeSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { usePathname, useSearchParams } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useMemo } from 'react';
import { MapView, type MapClientConfig, type MapLegend } from '@/components/map';
import { MAP_HEIGHT } from '@/components/monitor/module-layout';
import { QueryState } from '@/components/monitor/query-state';
import { LazyRankingBarChart } from '@/components/statistics/charts-lazy';
import { useRegionChoropleth, useRegionFocus } from '@/components/statistics/choropleth';
import { FiguresTable, RegionName } from '@/components/statistics/figures-table';
import { RegionBreadcrumb } from '@/components/statistics/region-breadcrumb';
import { Link } from '@/i18n/navigation';
import { useSpotStatistics } from '@/lib/client/queries/spot-statistics';
import type { CaseDetails, SpotStatisticsAnswer, ThemeFigures } from '@/lib/shared/contracts/spot-statistics';
import { colorFor, NO_DATA_COLOR } from '@/lib/shared/map/legend';
import { COUNTRY_CODE } from '@/lib/shared/regions/codes';
import type { RouteTitleKey } from '@/lib/shared/routes';
import { VERIFICATION_VERDICTS } from '@/lib/shared/workflow';
import {
  CASES_MEASURE,
  levelChoices,
  parseSpotState,
  quarterParts,
  spotSearch,
  themeHref,
  type LevelChoice,
  type SpotScreenState,
} from './state';
import tableCells from '@/components/statistics/figures-cells.module.css';
import classes from './spot-statistics.module.css';

type Item = SpotStatisticsAnswer['items'][number];
type Theme = SpotStatisticsAnswer['themes'][number];

const SPOT_TRACK = '/verify/lawenforceinspect/spotTrack';

function useFormats() {
  const locale = useLocale();
  return useMemo(() => {
    const tag = locale === 'zh' ? 'zh-CN' : 'en-GB';
    const whole = new Intl.NumberFormat(tag);
    const two = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const pct = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 1 });
    return { whole, two, pct, ha: (m2: number) => two.format(Math.round(m2 / 100) / 100) };
  }, [locale]);
}

/** The second measure a theme is shown with: area (ha), length (km) or capacity, as its declaration says. */
function themeMeasure(theme: Theme): 'area' | 'length' | 'capacity' {
  if (theme.measures.includes('area')) return 'area';
  if (theme.measures.includes('length')) return 'length';
  return theme.measures.includes('capacity') ? 'capacity' : 'area';
}

function useThemeName() {
  const tr = useTranslations('Routes');
  return useCallback((theme: Theme) => tr(theme.path.split('/').pop() as RouteTitleKey), [tr]);
}

function useQuarterLabel() {
  const t = useTranslations('SpotStatistics');
  return useCallback((q: string) => t('quarter', quarterParts(q)), [t]);
}

/** The spot statistics screen (issue 36.4, spec §2 `/statistics/spot`): state in the URL. */
export function SpotStatisticsScreen({ config }: { config: MapClientConfig }) {
  const t = useTranslations('SpotStatistics');
  const tm = useTranslations('Monitor');
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const state = useMemo(() => parseSpotState(searchParams), [searchParams]);
  const quarterLabel = useQuarterLabel();
  const themeName = useThemeName();
  const f = useFormats();

  const update = useCallback(
    (patch: Partial<SpotScreenState>, options: { replace?: boolean } = {}) => {
      const current = parseSpotState(new URLSearchParams(window.location.search));
      const url = `${pathname}${spotSearch({ ...current, ...patch })}`;
      if (options.replace) window.history.replaceState(null, '', url);
      else window.history.pushState(null, '', url);
    },
    [pathname],
  );

  const { info, leaf, mapRegion } = useRegionFocus(state.region);
  const level = state.level === 'children' ? undefined : state.level;
  const figures = useSpotStatistics({ region: state.region, level, from: state.from ?? undefined, to: state.to ?? undefined });
  // A county is drawn among its siblings: the map needs its parent's figures.
  const parent = useSpotStatistics(leaf ? { region: mapRegion, from: state.from ?? undefined, to: state.to ?? undefined } : null);
  const data = figures.data?.region.code === state.region ? figures.data : undefined;
  const mapData = leaf ? (parent.data?.region.code === mapRegion ? parent.data : undefined) : data;

  const select = useCallback(
    (code: string) => {
      if (code !== state.region) update({ region: code, level: 'children' });
    },
    [state.region, update],
  );

  const from = state.from ?? data?.period.from ?? null;
  const to = state.to ?? data?.period.to ?? null;
  const period = from && to ? (from === to ? quarterLabel(from) : t('range', { from: quarterLabel(from), to: quarterLabel(to) })) : '';
  const regionName = data?.region.name ?? (state.region === COUNTRY_CODE ? tm('country') : (info.data?.name ?? ''));
  const quarters = data?.quarters ?? [];

  // The map: a theme's count or the verification cases.
  const themes = mapData?.themes ?? [];
  const mapTheme = themes.findIndex((th) => th.id === state.map);
  const measureOf = useCallback(
    (item: Item | undefined) => (item ? (mapTheme >= 0 ? item.themes[mapTheme]!.count : item.cases) : null),
    [mapTheme],
  );
  const max = useMemo(
    () => (mapData?.items.length ? Math.max(...mapData.items.map((i) => measureOf(i) ?? 0)) : null),
    [mapData, measureOf],
  );
  const fill = useCallback(
    (item: Item | undefined) =>
      item && item.monitored ? colorFor(measureOf(item), max, mapTheme >= 0 ? 'blue' : 'orange', { whole: true }) : null,
    [measureOf, max, mapTheme],
  );
  const measureName = mapTheme >= 0 ? t('measureOf', { theme: themeName(themes[mapTheme]!), measure: t('count') }) : t('measureCases');
  const tooltips = useMemo(() => {
    const out: Record<string, string> = {};
    for (const item of mapData?.items ?? [])
      out[item.code] = t('tooltip', { name: item.name, value: `${measureName} ${f.whole.format(measureOf(item) ?? 0)}` });
    return out;
  }, [mapData, measureName, measureOf, f, t]);
  const { outlines, noData } = useRegionChoropleth({
    region: state.region,
    mapRegion,
    leaf,
    items: mapData?.items,
    fill,
    onSelect: select,
    level: leaf ? undefined : level,
    tooltips,
  });
  const legend: MapLegend = { title: measureName, ramp: mapTheme >= 0 ? 'blue' : 'orange', max, whole: true, noData };

  const loading = !data && !figures.error;
  const empty = data !== undefined && data.total.cases === 0 && data.total.themes.every((x) => x.count === 0);

  return (
    <Stack gap="sm">
      <RegionBreadcrumb region={state.region} onSelect={select} testId="spot-stats-breadcrumb" />
      <Paper withBorder p="sm" component="section" aria-label={t('controls')}>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <NativeSelect
            className={classes.field}
            label={t('from')}
            value={from ?? ''}
            disabled={quarters.length === 0}
            data={quarters.length ? quarters.map((q) => ({ value: q, label: quarterLabel(q) })) : [{ value: '', label: '—' }]}
            onChange={(e) => {
              const next = e.currentTarget.value;
              update({ from: next, to: to && to >= next ? to : next }, { replace: true });
            }}
            data-testid="spot-stats-from"
          />
          <NativeSelect
            className={classes.field}
            label={t('to')}
            value={to ?? ''}
            disabled={quarters.length === 0}
            data={quarters.length ? quarters.map((q) => ({ value: q, label: quarterLabel(q) })) : [{ value: '', label: '—' }]}
            onChange={(e) => {
              const next = e.currentTarget.value;
              update({ to: next, from: from && from <= next ? from : next }, { replace: true });
            }}
            data-testid="spot-stats-to"
          />
          <NativeSelect
            className={classes.field}
            label={t('level')}
            value={state.level}
            disabled={levelChoices(state.region).length < 2}
            data={levelChoices(state.region).map((l) => ({ value: l, label: t(`levels.${l}`) }))}
            onChange={(e) => update({ level: e.currentTarget.value as LevelChoice }, { replace: true })}
            data-testid="spot-stats-level"
          />
          <NativeSelect
            className={classes.field}
            label={t('measure')}
            value={mapTheme >= 0 ? state.map : CASES_MEASURE}
            data={[
              { value: CASES_MEASURE, label: t('measureCases') },
              ...themes.map((th) => ({ value: th.id, label: t('measureOf', { theme: themeName(th), measure: t('count') }) })),
            ]}
            onChange={(e) => update({ map: e.currentTarget.value }, { replace: true })}
            data-testid="spot-stats-measure"
          />
        </Group>
      </Paper>
      <div className={classes.layout}>
        <div className={classes.map}>
          <MapView config={config} label={t('mapLabel', { region: regionName })} outlines={outlines} legend={legend} height={MAP_HEIGHT} />
        </div>
        <div className={classes.side}>
          <Title order={2} size="h4" data-testid="spot-stats-heading">
            {t('heading', { region: regionName, period })}
          </Title>
          <QueryState loading={loading} error={figures.error} empty={empty} emptyText={t('empty')}>
            {data ? <Summary data={data} period={period} /> : null}
          </QueryState>
        </div>
      </div>
      {data && !empty ? <SpotTable data={data} period={period} colorOf={fill} onSelect={select} /> : null}
    </Stack>
  );
}

/** The region's totals as bars: count per theme, cases per verdict (when shown); the table has the same figures. */
function Summary({ data, period }: { data: SpotStatisticsAnswer; period: string }) {
  const t = useTranslations('SpotStatistics');
  const themeName = useThemeName();
  const detail = data.total.caseDetails;
  const themeBars = data.themes.map((th, i) => ({ name: themeName(th), value: data.total.themes[i]!.count }));
  const verdictBars = detail
    ? [
        ...VERIFICATION_VERDICTS.map((v) => ({ name: t(`verdictNames.${v}`), value: detail.byVerdict[v] ?? 0 })),
        { name: t('pending'), value: detail.pending },
      ]
    : null;
  return (
    <Stack gap="xs">
      <Alert variant="light" color={data.caseAccess === 'counts' ? 'gray' : 'blue'} py={6} data-testid="spot-stats-access">
        <Text size="sm">{t(`detailNote.${data.caseAccess}`)}</Text>
      </Alert>
      <Text size="sm" fw={500}>
        {t('themeChart')}
      </Text>
      <LazyRankingBarChart data={themeBars} label={t('themeChartLabel', { region: data.region.name, period })} color="#1c7ed6" />
      {verdictBars ? (
        <>
          <Text size="sm" fw={500}>
            {t('verdictChart')}
          </Text>
          <LazyRankingBarChart data={verdictBars} label={t('verdictChartLabel', { region: data.region.name, period })} color="#e8590c" />
        </>
      ) : null}
    </Stack>
  );
}

/** One row per region: each theme's count and measure, then the verification cases; the totals last. */
function SpotTable({
  data,
  period,
  colorOf,
  onSelect,
}: {
  data: SpotStatisticsAnswer;
  period: string;
  colorOf: (item: Item | undefined) => string | null;
  onSelect: (code: string) => void;
}) {
  const t = useTranslations('SpotStatistics');
  const tm = useTranslations('Monitor');
  const themeName = useThemeName();
  const f = useFormats();
  const measureLabel = (th: Theme) => {
    const m = themeMeasure(th);
    if (m === 'area') return t('areaHa');
    if (m === 'length') return t('lengthKm');
    return th.capacityUnit === 'Mta' ? t('capacityMta') : t('capacityMW');
  };
  const measureText = (th: Theme, x: ThemeFigures) => {
    const m = themeMeasure(th);
    return m === 'area' ? f.ha(x.area) : f.two.format(x[m] ?? 0);
  };
  const noDetail = (
    <Text span c="dimmed" size="xs">
      {t('noDetail')}
    </Text>
  );
  const caseCells = (cases: number, d: CaseDetails | null) => (
    <>
      <Table.Td className={tableCells.numeric}>{f.whole.format(cases)}</Table.Td>
      {d ? (
        <>
          <Table.Td className={tableCells.numeric}>{f.ha(d.areaM2)}</Table.Td>
          <Table.Td className={classes.verdicts}>
            {VERIFICATION_VERDICTS.filter((v) => d.byVerdict[v])
              .map((v) => `${t(`verdictNames.${v}`)} ${f.whole.format(d.byVerdict[v]!)}`)
              .concat(d.pending ? [`${t('pending')} ${f.whole.format(d.pending)}`] : [])
              .join(' · ')}
          </Table.Td>
          <Table.Td className={tableCells.numeric}>{f.whole.format(d.confirmedIllegal)}</Table.Td>
          <Table.Td className={tableCells.numeric}>{f.ha(d.confirmedIllegalAreaM2)}</Table.Td>
          <Table.Td className={tableCells.numeric}>{d.rectifiedShare === null ? t('noShare') : f.pct.format(d.rectifiedShare)}</Table.Td>
        </>
      ) : (
        <Table.Td colSpan={5}>{noDetail}</Table.Td>
      )}
    </>
  );
  const themeCells = (row: ThemeFigures[], region: string, linked: boolean) =>
    data.themes.map((th, i) => {
      const x = row[i]!;
      return [
        <Table.Td key={`${th.id}-n`} className={tableCells.numeric}>
          {linked ? (
            <Anchor
              component={Link}
              href={themeHref(th.path, region, th.batchId)}
              aria-label={t('openTheme', { theme: themeName(th), region: data.region.name })}
              data-testid={`spot-stats-theme-${th.id}`}
            >
              {f.whole.format(x.count)}
            </Anchor>
          ) : (
            f.whole.format(x.count)
          )}
        </Table.Td>,
        <Table.Td key={`${th.id}-m`} className={tableCells.numeric}>
          {measureText(th, x)}
        </Table.Td>,
      ];
    });
  const items = data.items;
  const showTotal = items.length > 1 || items[0]?.code !== data.region.code;
  return (
    <Paper withBorder p="xs">
      <Text size="xs" c="dimmed" mb={4}>
        {t('rule')}
      </Text>
      <div className={classes.tableScroll} tabIndex={0} role="region" aria-label={t('tableRegion')}>
        <FiguresTable
          caption={t('tableCaption', { region: data.region.name, period })}
          head={
            <>
              <Table.Th rowSpan={2}>{t('region')}</Table.Th>
              {data.themes.map((th) => (
                <Table.Th key={th.id} colSpan={2} className={classes.group}>
                  <Anchor component={Link} href={themeHref(th.path, data.region.code, th.batchId)} size="sm">
                    {themeName(th)}
                  </Anchor>
                </Table.Th>
              ))}
              <Table.Th colSpan={6} className={classes.group}>
                <Anchor component={Link} href={SPOT_TRACK} size="sm" data-testid="spot-stats-track">
                  {t('verification')}
                </Anchor>
              </Table.Th>
            </>
          }
          subHead={
            <>
              {data.themes.flatMap((th) => [
                <Table.Th key={`${th.id}-n`} className={tableCells.numeric}>
                  {t('count')}
                </Table.Th>,
                <Table.Th key={`${th.id}-m`} className={tableCells.numeric}>
                  {measureLabel(th)}
                </Table.Th>,
              ])}
              <Table.Th className={tableCells.numeric}>{t('cases')}</Table.Th>
              <Table.Th className={tableCells.numeric}>{t('caseArea')}</Table.Th>
              <Table.Th>{t('verdicts')}</Table.Th>
              <Table.Th className={tableCells.numeric}>{t('confirmedIllegal')}</Table.Th>
              <Table.Th className={tableCells.numeric}>{t('confirmedIllegalArea')}</Table.Th>
              <Table.Th className={tableCells.numeric}>{t('rectifiedShare')}</Table.Th>
            </>
          }
        >
          {items.map((item) => (
            <Table.Tr key={item.code} data-code={item.code} data-testid="spot-stats-row">
              <Table.Td>
                <div className={tableCells.regionCell}>
                  <span className={tableCells.swatch} style={{ background: colorOf(item) ?? NO_DATA_COLOR }} aria-hidden="true" />
                  <span>
                    <RegionName item={item} onSelect={onSelect} unmonitored={tm('unmonitored')} className={tableCells.rowButton} />
                  </span>
                </div>
              </Table.Td>
              {themeCells(item.themes, item.code, false)}
              {caseCells(item.cases, item.caseDetails)}
            </Table.Tr>
          ))}
          {showTotal ? (
            <Table.Tr className={tableCells.totalRow} data-testid="spot-stats-total">
              <Table.Td>{t('totalRow', { region: data.region.name })}</Table.Td>
              {themeCells(data.total.themes, data.region.code, true)}
              {caseCells(data.total.cases, data.total.caseDetails)}
            </Table.Tr>
          ) : null}
        </FiguresTable>
      </div>
    </Paper>
  );
}
