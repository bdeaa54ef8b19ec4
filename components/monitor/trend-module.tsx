'use client';

import { Stack, Table, Text, Title } from '@mantine/core';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { MapView, type OutlineLayer } from '@/components/map';
import { useRegionGeometry } from '@/lib/client/queries/regions';
import { useSpotTrend } from '@/lib/client/queries/spots';
import { COUNTRY_CODE } from '@/lib/shared/regions/codes';
import { LazyTrendLineChart } from '@/components/statistics/charts-lazy';
import { FarmlandLoss } from './farmland-loss';
import { formatCount, formatHectares, hectares } from './format';
import { MAP_HEIGHT, ModuleLayout } from './module-layout';
import type { ModuleProps } from './monitor-context';
import { QueryState } from './query-state';
import { TableRegion } from './table-region';

/** Trend (public): spot count and area per batch in the region, as a line chart and a table. */
export function TrendModule({ theme, config, state, mapLabel }: ModuleProps) {
  const t = useTranslations('Monitor');
  const locale = useLocale();
  const trend = useSpotTrend(theme, state.region);
  const outline = useRegionGeometry(state.region === COUNTRY_CODE ? null : state.region, 'mid');
  const outlines = useMemo<OutlineLayer[]>(
    () => (outline.data ? [{ id: `trend-${state.region}`, data: outline.data, emphasis: 'primary', fit: true }] : []),
    [outline.data, state.region],
  );
  const series = trend.data?.series ?? [];
  const data = series.map((s) => ({ name: s.quarter, count: s.count, area: hectares(s.area) }));

  // The trend is of one region over time: its outline places it; the whole country has nothing to map.
  const map = state.region === COUNTRY_CODE ? null : <MapView config={config} label={mapLabel} outlines={outlines} height={MAP_HEIGHT} />;
  return (
    <ModuleLayout map={map}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('trendTitle', { region: trend.data?.region.name ?? '' })}
        </Title>
        <QueryState loading={trend.isPending} error={trend.error} empty={series.length === 0} emptyText={t('noBatches')}>
          <LazyTrendLineChart data={data} label={t('trendChart')} countLabel={t('count')} areaLabel={t('areaHa')} />
          <TableRegion table="trend">
            <Table striped fz="sm" data-testid="trend-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('batch')}</Table.Th>
                  <Table.Th>{t('count')}</Table.Th>
                  <Table.Th>{t('areaHa')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {series.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>{s.typeName}</Table.Td>
                    <Table.Td>{formatCount(s.count, locale)}</Table.Td>
                    <Table.Td>{formatHectares(s.area, locale)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableRegion>
          <Text size="xs" c="dimmed">
            {t('trendNote')}
          </Text>
          {theme.kindGroups ? <FarmlandLoss theme={theme} series={series} regionName={trend.data?.region.name ?? ''} /> : null}
        </QueryState>
      </Stack>
    </ModuleLayout>
  );
}
