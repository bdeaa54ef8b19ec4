'use client';

import { Group, SegmentedControl, Stack, Table, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { MapView, type MapLegend, type OutlineLayer } from '@/components/map';
import { useRegionChildrenGeometry, useRegionGeometry } from '@/lib/client/queries/regions';
import { useSpotStatistics } from '@/lib/client/queries/spots';
import type { RegionLod } from '@/lib/shared/contracts/regions';
import { colorFor, rampColor } from '@/lib/shared/map/legend';
import { COUNTRY_CODE } from '@/lib/shared/regions/codes';
import { percentOf } from '@/lib/shared/spots/grid';
import { LazyRankingBarChart } from './charts-lazy';
import { formatCount, formatHectares, hectares } from './format';
import { MAP_HEIGHT, ModuleLayout } from './module-layout';
import type { ModuleProps } from './monitor-context';
import { childLevelOf, type LegendSwitch } from './monitor-state';
import classes from './monitor.module.css';
import { QueryState } from './query-state';
import { TableRegion } from './table-region';

/** Outline detail by the level of the regions drawn. */
const LOD_BY_CHILD_LEVEL: Record<string, RegionLod> = { province: 'lo', city: 'mid', county: 'hi' };

type SortKey = 'name' | 'count' | 'area';

/** The public statistics module: choropleth of the region's children, legend switch, ranked table and bar chart. */
export function StatisticsModule({ theme, config, state, update, batch, mapLabel }: ModuleProps) {
  const t = useTranslations('Monitor');
  const locale = useLocale();
  const region = state.region;
  const childLevel = childLevelOf(region);
  const statistics = useSpotStatistics(theme.id, batch?.id ?? null, region);
  const children = useRegionChildrenGeometry(childLevel ? region : null, LOD_BY_CHILD_LEVEL[childLevel ?? 'county'] ?? 'hi');
  const outline = useRegionGeometry(region === COUNTRY_CODE ? null : region, childLevel === 'county' ? 'hi' : 'mid');
  const metric: LegendSwitch = state.legend;
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: metric, desc: true });

  const data = statistics.data;
  const max = data ? (metric === 'count' ? data.max.count : hectares(data.max.area)) : null;
  const valueOf = (item: { count: number; area: number }) => (metric === 'count' ? item.count : hectares(item.area));
  const drillable = childLevel !== 'county';

  const fillColors = useMemo(() => {
    const colors: Record<string, string> = {};
    if (!data || !children.data) return colors;
    const byCode = new Map(data.items.map((item) => [item.code, item]));
    for (const feature of children.data.features) {
      const item = byCode.get(feature.id);
      colors[feature.id] = colorFor(item ? valueOf(item) : 0, max, theme.ramp);
    }
    return colors;
    // valueOf depends on metric only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, children.data, max, metric, theme.ramp]);

  const outlines = useMemo<OutlineLayer[]>(() => {
    const layers: OutlineLayer[] = [];
    if (children.data)
      layers.push({
        id: `children-${region}`,
        data: children.data,
        emphasis: 'context',
        fit: region === COUNTRY_CODE,
        fillColors,
        onFeatureClick: drillable ? (code) => update({ region: code }) : undefined,
      });
    if (outline.data) layers.push({ id: `region-${region}`, data: outline.data, emphasis: 'primary', fit: true });
    return layers;
  }, [children.data, outline.data, region, fillColors, drillable, update]);

  const legend: MapLegend = {
    title: metric === 'count' ? t('legendCount') : t('legendArea'),
    unit: metric === 'count' ? t('unitSpots') : t('unitHectares'),
    ramp: theme.ramp,
    max,
  };

  const items = useMemo(() => {
    const list = [...(data?.items ?? [])];
    const dir = sort.desc ? -1 : 1;
    list.sort((a, b) =>
      sort.key === 'name'
        ? dir * a.name.localeCompare(b.name, locale === 'zh' ? 'zh-CN' : 'en')
        : dir * (a[sort.key] - b[sort.key]) || a.code.localeCompare(b.code),
    );
    return list;
  }, [data, sort, locale]);

  const ranked = useMemo(
    () =>
      [...(data?.items ?? [])]
        .filter((i) => i.count > 0)
        .sort((a, b) => valueOf(b) - valueOf(a))
        .slice(0, 12)
        .map((i) => ({ name: i.name, value: valueOf(i) })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
            data={[
              { value: 'count', label: t('byCount') },
              { value: 'area', label: t('byArea') },
            ]}
            data-testid="legend-switch"
          />
        </Group>
        <QueryState loading={statistics.isPending && !!batch} error={statistics.error} empty={!batch} emptyText={t('noBatches')}>
          {data ? (
            <>
              <Text size="sm" data-testid="statistics-total">
                {t('total', {
                  count: formatCount(data.total.count, locale),
                  area: formatHectares(data.total.area, locale),
                  region: data.region.name,
                })}
              </Text>
              {drillable ? (
                <Text size="xs" c="dimmed">
                  {t('drillHint')}
                </Text>
              ) : null}
              <TableRegion table="statistics">
                <Table striped highlightOnHover stickyHeader data-testid="statistics-table">
                  <Table.Caption>
                    <VisuallyHidden>{t('tableCaption', { region: data.region.name })}</VisuallyHidden>
                  </Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th className={classes.nowrap}>{t('rank')}</Table.Th>
                      {sortHeader('name', t('region'))}
                      {sortHeader('count', t('count'))}
                      {sortHeader('area', t('areaHa'))}
                      <Table.Th className={classes.nowrap}>{t('share')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {items.map((item, index) => (
                      <Table.Tr key={item.code}>
                        <Table.Td>{index + 1}</Table.Td>
                        <Table.Td>
                          <div className={classes.regionCell}>
                            <span
                              className={classes.swatch}
                              style={{ background: colorFor(valueOf(item), max, theme.ramp) }}
                              aria-hidden="true"
                            />
                            {drillable ? (
                              <UnstyledButton className={classes.rowButton} onClick={() => update({ region: item.code })}>
                                {item.name}
                              </UnstyledButton>
                            ) : (
                              <span>{item.name}</span>
                            )}
                          </div>
                        </Table.Td>
                        <Table.Td>{formatCount(item.count, locale)}</Table.Td>
                        <Table.Td>{formatHectares(item.area, locale)}</Table.Td>
                        <Table.Td>
                          {percentOf(
                            metric === 'count' ? item.count : item.area,
                            metric === 'count' ? data.total.count : data.total.area,
                          ).toFixed(2)}
                          %
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </TableRegion>
              {ranked.length > 0 ? (
                <LazyRankingBarChart
                  data={ranked}
                  label={t('chartLabel', { metric: metric === 'count' ? t('count') : t('areaHa') })}
                  color={rampColor(theme.ramp, 0.75)}
                />
              ) : (
                <Text c="dimmed" size="sm">
                  {t('noSpotsHere')}
                </Text>
              )}
            </>
          ) : null}
        </QueryState>
      </Stack>
    </ModuleLayout>
  );
}
