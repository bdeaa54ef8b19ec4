'use client';

import { Group, SegmentedControl, Stack, Table, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useMemo, useState } from 'react';
import { MapView, type MapLegend } from '@/components/map';
import { useRegionChoropleth, useRegionFocus } from '@/components/statistics/choropleth';
import { FiguresTable, RegionName } from '@/components/statistics/figures-table';
import { useSpotStatistics, useSpotTrend } from '@/lib/client/queries/spots';
import type { SpotStatistics } from '@/lib/shared/contracts/spots';
import { colorFor, NO_DATA_COLOR, rampColor } from '@/lib/shared/map/legend';
import { COUNTRY_CODE } from '@/lib/shared/regions/codes';
import { percentOf } from '@/lib/shared/spots/grid';
import { LazyRankingBarChart } from '@/components/statistics/charts-lazy';
import { formatCount, formatHectares } from './format';
import { KindBreakdown } from './kind-breakdown';
import { activeMeasure, formatMeasure, measureKey, measureMax, measureValue, shareBasis } from './measures';
import { MAP_HEIGHT, ModuleLayout } from './module-layout';
import type { ModuleProps } from './monitor-context';
import type { LegendSwitch } from './monitor-state';
import classes from './monitor.module.css';
import { QueryState } from './query-state';
import { TableRegion } from './table-region';
import { useDrillDown } from './use-drill-down';

type SortKey = 'name' | LegendSwitch;

/**
 * The public statistics module: a choropleth of the region's children (drill down by clicking a
 * region on the map or in the table), a legend switch, a ranked table and a bar chart. A region
 * without children (a county, or a city without counties) is shown among its siblings, with its
 * rank and share there and its spots by change type, rather than as "100 % of itself".
 */
export function StatisticsModule({ theme, config, state, update, batch, mapLabel }: ModuleProps) {
  const t = useTranslations('Monitor');
  const region = state.region;
  const metric: LegendSwitch = activeMeasure(theme, state.legend);
  // Counts are whole numbers: their legend reads "0 – 66", not "0.00 – 66.40".
  const whole = metric === 'count';
  const statistics = useSpotStatistics(theme, batch?.id ?? null, region);
  // The previous answer is kept while another batch loads, but never shown for another region.
  const data = statistics.data?.region.code === region ? statistics.data : undefined;
  const { info, leaf, mapRegion } = useRegionFocus(region);
  const parentStatistics = useSpotStatistics(theme, batch?.id ?? null, leaf ? mapRegion : null);
  const mapData = leaf ? parentStatistics.data : data;
  const max = measureMax(mapData, metric);
  const select = useDrillDown(region, update);
  const fill = useCallback(
    (item: SpotStatistics['items'][number] | undefined) => {
      const value = item?.monitored ? measureValue(item, metric) : null;
      return value === null ? null : colorFor(value, max, theme.ramp, { whole });
    },
    [max, metric, whole, theme.ramp],
  );
  const { outlines, noData } = useRegionChoropleth({ region, mapRegion, leaf, items: mapData?.items, fill, onSelect: select });

  const spotTerms = theme.spotTerms === true;
  const legend: MapLegend = {
    title: spotTerms ? (metric === 'count' ? t('legendCount') : t('legendArea')) : t('legendOf', { measure: t(`measure.${metric}`) }),
    unit: spotTerms
      ? metric === 'count'
        ? t('unitSpots')
        : t('unitHectares')
      : t(`unit.${metric === 'capacity' ? (theme.capacityUnit ?? 'MW') : metric}`),
    ramp: theme.ramp,
    max,
    whole,
    noData,
  };

  const map = <MapView config={config} label={mapLabel} outlines={outlines} legend={legend} height={MAP_HEIGHT} />;

  return (
    <ModuleLayout map={map}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4">
            {t('statisticsTitle', { batch: batch?.typeName ?? '—' })}
          </Title>
          <SegmentedControl
            size="xs"
            aria-label={t('legendSwitch')}
            value={metric}
            onChange={(value) => update({ legend: value as LegendSwitch }, { replace: true })}
            data={theme.measures.map((m) => ({
              value: m,
              label: m === 'count' ? t('byCount') : m === 'area' ? t('byArea') : t(m === 'length' ? 'byLength' : 'byCapacity'),
            }))}
            data-testid="legend-switch"
          />
        </Group>
        <QueryState
          loading={((!data && !statistics.error) || (region !== COUNTRY_CODE && info.isPending)) && !!batch}
          error={statistics.error ?? info.error}
          empty={!batch}
          emptyText={t('noBatches')}
        >
          {data ? (
            leaf ? (
              <LeafRegion theme={theme} batchId={batch?.id ?? null} data={data} parent={parentStatistics.data} metric={metric} max={max} />
            ) : (
              <ChildRegions theme={theme} data={data} metric={metric} onSelect={select} />
            )
          ) : null}
          {data && theme.kindGroups ? (
            <KindBreakdown theme={theme} regionId={region} regionName={data.region.name} batchId={batch?.id ?? null} />
          ) : null}
        </QueryState>
      </Stack>
    </ModuleLayout>
  );
}

/** The children of a region, ranked: name (a button that drills down), count, area, share. */
function ChildRegions({
  theme,
  data,
  metric,
  onSelect,
}: {
  theme: ModuleProps['theme'];
  data: SpotStatistics;
  metric: LegendSwitch;
  onSelect: (code: string) => void;
}) {
  const t = useTranslations('Monitor');
  const locale = useLocale();
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: metric, desc: true });
  const max = measureMax(data, metric);
  const whole = metric === 'count';
  const second = theme.measures[1] ?? 'area';

  const items = useMemo(() => {
    const list = [...data.items];
    const dir = sort.desc ? -1 : 1;
    list.sort(
      (a, b) =>
        // Regions outside the monitoring programme have no figures: they go last whatever the order.
        Number(!a.monitored) - Number(!b.monitored) ||
        (sort.key === 'name'
          ? dir * a.name.localeCompare(b.name, locale === 'zh' ? 'zh-CN' : 'en')
          : dir * (measureValue(a, sort.key) - measureValue(b, sort.key)) || a.code.localeCompare(b.code)),
    );
    return list;
  }, [data, sort, locale]);

  const ranked = useMemo(
    () =>
      data.items
        .filter((i) => i.monitored && i.count > 0)
        .sort((a, b) => measureValue(b, metric) - measureValue(a, metric))
        .slice(0, 12)
        .map((i) => ({ name: i.name, value: measureValue(i, metric) })),
    [data, metric],
  );

  const sortHeader = (key: SortKey, label: string) => (
    <Table.Th aria-sort={sort.key === key ? (sort.desc ? 'descending' : 'ascending') : 'none'}>
      <UnstyledButton
        className={classes.sortButton}
        onClick={() => setSort((s) => ({ key, desc: s.key === key ? !s.desc : key !== 'name' }))}
      >
        {label} {sort.key === key ? (sort.desc ? '↓' : '↑') : ''}
      </UnstyledButton>
    </Table.Th>
  );
  const noFigure = (
    <Text span c="dimmed" aria-label={t('noDataCell')}>
      —
    </Text>
  );

  return (
    <>
      <Text size="sm" data-testid="statistics-total">
        <TotalText theme={theme} figures={data.total} region={data.region.name} />
      </Text>
      <Text size="xs" c="dimmed">
        {t('drillHint')}
      </Text>
      <TableRegion table="statistics">
        <FiguresTable
          caption={t(theme.spotTerms ? 'tableCaption' : 'tableCaptionOf', { region: data.region.name })}
          head={
            <>
              <Table.Th className={classes.nowrap}>{t('rank')}</Table.Th>
              {sortHeader('name', t('region'))}
              {sortHeader('count', t(measureKey(theme, 'count')))}
              {sortHeader(second, t(measureKey(theme, second)))}
              <Table.Th className={classes.nowrap}>{t('share')}</Table.Th>
            </>
          }
        >
          {items.map((item, index) => (
            <Table.Tr key={item.code} data-monitored={item.monitored}>
              <Table.Td>{item.monitored ? index + 1 : noFigure}</Table.Td>
              <Table.Td>
                <div className={classes.regionCell}>
                  <span
                    className={classes.swatch}
                    style={{
                      background: item.monitored ? colorFor(measureValue(item, metric), max, theme.ramp, { whole }) : NO_DATA_COLOR,
                    }}
                    aria-hidden="true"
                  />
                  <span>
                    <RegionName item={item} onSelect={onSelect} unmonitored={t('unmonitored')} className={classes.rowButton} />
                  </span>
                </div>
              </Table.Td>
              <Table.Td>{item.monitored ? formatCount(item.count, locale) : noFigure}</Table.Td>
              <Table.Td>{item.monitored ? formatMeasure(item, second, locale) : noFigure}</Table.Td>
              <Table.Td>
                {item.monitored ? `${percentOf(shareBasis(item, metric), shareBasis(data.total, metric)).toFixed(2)}%` : noFigure}
              </Table.Td>
            </Table.Tr>
          ))}
        </FiguresTable>
      </TableRegion>
      {ranked.length > 0 ? (
        <LazyRankingBarChart
          data={ranked}
          label={t('chartLabel', { metric: t(measureKey(theme, metric)) })}
          color={rampColor(theme.ramp, 0.75)}
        />
      ) : (
        <Text c="dimmed" size="sm">
          {t(theme.spotTerms ? 'noSpotsHere' : 'noneHere')}
        </Text>
      )}
    </>
  );
}

/**
 * A region without children: its own figures, its rank and share among its siblings (the regions of
 * its parent), and its spots of the batch by change type.
 */
function LeafRegion({
  theme,
  batchId,
  data,
  parent,
  metric,
  max,
}: {
  theme: ModuleProps['theme'];
  batchId: string | null;
  data: SpotStatistics;
  parent: SpotStatistics | undefined;
  metric: LegendSwitch;
  max: number | null;
}) {
  const t = useTranslations('Monitor');
  const locale = useLocale();
  const own = data.items.find((i) => i.code === data.region.code) ?? data.items[0];
  const trend = useSpotTrend(theme, own?.monitored ? data.region.code : null);
  const byChangeType = trend.data?.series.find((s) => s.id === batchId)?.byChangeType;
  if (!own) return null;
  if (!own.monitored)
    return (
      <Text size="sm" data-testid="statistics-unmonitored">
        {t('leafUnmonitored', { region: data.region.name })}
      </Text>
    );

  const value = measureValue(own, metric);
  const siblings = parent?.items.filter((i) => i.monitored) ?? [];
  const rank = 1 + siblings.filter((i) => measureValue(i, metric) > value).length;
  const parentTotal = parent ? shareBasis(parent.total, metric) : 0;
  const share = percentOf(shareBasis(own, metric), parentTotal);
  const total = own.count;

  return (
    <>
      <Text size="sm" data-testid="statistics-total">
        <span
          className={classes.swatch}
          style={{ background: colorFor(value, max, theme.ramp, { whole: metric === 'count' }) }}
          aria-hidden="true"
        />
        <TotalText theme={theme} figures={own} region={data.region.name} />
      </Text>
      {parent && siblings.length > 1 ? (
        <Text size="sm" data-testid="statistics-rank">
          {t(metric === 'count' ? 'leafRankCount' : metric === 'area' ? 'leafRankArea' : 'leafRankMeasure', {
            measure: t(`measure.${metric}`),
            region: data.region.name,
            parent: parent.region.name,
            siblings: siblings.length,
            rank,
            share: share.toFixed(2),
          })}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        {t('leafHint')}
      </Text>
      {theme.changeTypes ? (
        <QueryState loading={trend.isPending} error={trend.error}>
          <TableRegion table="changeTypes">
            <Table striped fz="sm" data-testid="statistics-change-types">
              <Table.Caption>
                <VisuallyHidden>{t('changeTypeCaption', { region: data.region.name })}</VisuallyHidden>
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('changeType')}</Table.Th>
                  <Table.Th className={classes.nowrap}>{t('count')}</Table.Th>
                  <Table.Th className={classes.nowrap}>{t('share')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {theme.changeTypes.items.map((c, i) => {
                  const count = byChangeType?.[i] ?? 0;
                  return (
                    <Table.Tr key={c.value}>
                      <Table.Td>
                        <span className={classes.swatch} style={{ background: c.color }} aria-hidden="true" />
                        {locale === 'zh' ? c.zh : c.en}
                      </Table.Td>
                      <Table.Td>{formatCount(count, locale)}</Table.Td>
                      <Table.Td>{percentOf(count, total).toFixed(2)}%</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </TableRegion>
        </QueryState>
      ) : null}
    </>
  );
}

/** "{region}: N spots, X ha" in the spec's spot terms (land cover); "{region}: N turbines, X MW" and the like otherwise. */
function TotalText({ theme, figures, region }: { theme: ModuleProps['theme']; figures: SpotStatistics['total']; region: string }) {
  const t = useTranslations('Monitor');
  const noun = useTranslations('Themes');
  const locale = useLocale();
  if (theme.spotTerms)
    return <>{t('total', { count: formatCount(figures.count, locale), area: formatHectares(figures.area, locale), region })}</>;
  const second = theme.measures[1] ?? 'area';
  return (
    <>
      {t('totalOf', {
        region,
        count: formatCount(figures.count, locale),
        noun: noun(`${theme.id}.noun`),
        value: formatMeasure(figures, second, locale),
        unit: t(`unit.${second === 'capacity' ? (theme.capacityUnit ?? 'MW') : second}`),
      })}
    </>
  );
}
