'use client';

import { Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { MapView, type OutlineLayer } from '@/components/map';
import { useStructureTrend } from '@/lib/client/queries/plantingstructure';
import { useRegionGeometry } from '@/lib/client/queries/regions';
import { COUNTRY_CODE } from '@/lib/shared/regions/codes';
import { MAP_HEIGHT, ModuleLayout } from '../../module-layout';
import type { ModuleProps } from '../../monitor-context';
import classes from '../../monitor.module.css';
import { QueryState } from '../../query-state';
import { TableRegion } from '../../table-region';
import { LazyStackedBarChart } from '@/components/statistics/charts-lazy';
import { cropOf, formatHa, formatShare, nameOf, seasonCrops } from './crops';
import { SeasonControl, useSeasonName } from './season-control';

/** Signed percent change, e.g. "+12.3%"; "—" from nothing. */
function change(from: number, to: number, locale: string): string {
  if (from <= 0) return '—';
  const pct = (100 * (to - from)) / from;
  const text = new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', {
    maximumFractionDigits: 1,
    minimumFractionDigits: 1,
    signDisplay: 'exceptZero',
  }).format(pct);
  return `${text}%`;
}

/**
 * Planting structure trend (public): the region's crop areas in every year, stacked per year, and a table
 * of each crop's hectares per year with its change from the first year to the last.
 */
export function PlantingTrend({ theme, config, state, update, mapLabel }: ModuleProps) {
  const t = useTranslations('Themes.plantingstructure');
  const tm = useTranslations('Monitor');
  const locale = useLocale();
  const season = state.stage;
  const trend = useStructureTrend(theme, state.region, season);
  const seasonName = useSeasonName(theme, season);
  const outline = useRegionGeometry(state.region === COUNTRY_CODE ? null : state.region, 'mid');
  const outlines = useMemo<OutlineLayer[]>(
    () => (outline.data ? [{ id: `planting-trend-${state.region}`, data: outline.data, emphasis: 'primary', fit: true }] : []),
    [outline.data, state.region],
  );
  const series = trend.data?.series ?? [];
  const all = theme.kinds.items.map((k) => k.value);
  const crops = seasonCrops(theme, season);
  const years = series.map((s) => s.batch.quarter.slice(0, 4));
  const chartData = series.map((s, i) => ({
    name: years[i]!,
    ...Object.fromEntries(crops.map((c) => [c, Math.round(s.areas[all.indexOf(c)] ?? 0)])),
  }));
  const first = series[0];
  const last = series.at(-1);

  return (
    <ModuleLayout map={<MapView config={config} label={mapLabel} outlines={outlines} height={MAP_HEIGHT} />}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs" align="flex-end">
          <Title order={2} size="h4">
            {t('trendTitle', { region: trend.data?.region.name ?? '', season: seasonName })}
          </Title>
          <SeasonControl theme={theme} state={state} update={update} />
        </Group>
        <QueryState loading={trend.isPending} error={trend.error} empty={series.length === 0} emptyText={tm('noBatches')}>
          <LazyStackedBarChart
            data={chartData}
            series={crops.map((c) => {
              const crop = cropOf(theme, c)!;
              return { key: c, name: nameOf(crop, locale), color: crop.color };
            })}
            label={t('trendChart')}
            vertical={false}
          />
          <TableRegion table="trend">
            <Table striped fz="sm" stickyHeader data-testid="trend-table">
              <Table.Caption>
                <VisuallyHidden>{t('trendTitle', { region: trend.data?.region.name ?? '', season: seasonName })}</VisuallyHidden>
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('crop')}</Table.Th>
                  {years.map((y) => (
                    <Table.Th key={y} className={classes.nowrap}>
                      {y}
                    </Table.Th>
                  ))}
                  {first && last ? (
                    <Table.Th className={classes.nowrap}>{t('change', { from: years[0]!, to: years.at(-1)! })}</Table.Th>
                  ) : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {crops.map((c) => {
                  const crop = cropOf(theme, c)!;
                  const i = all.indexOf(c);
                  return (
                    <Table.Tr key={c}>
                      <Table.Th scope="row" fw={400} className={classes.nowrap}>
                        <span className={classes.swatch} style={{ background: crop.color }} aria-hidden="true" />
                        {nameOf(crop, locale)}
                      </Table.Th>
                      {series.map((s) => (
                        <Table.Td key={s.batch.id}>{formatHa(s.areas[i] ?? 0, locale)}</Table.Td>
                      ))}
                      {first && last ? <Table.Td>{change(first.areas[i] ?? 0, last.areas[i] ?? 0, locale)}</Table.Td> : null}
                    </Table.Tr>
                  );
                })}
                <Table.Tr>
                  <Table.Th scope="row" className={classes.nowrap}>
                    {t('sown')}
                  </Table.Th>
                  {series.map((s) => (
                    <Table.Td key={s.batch.id} fw={600}>
                      {formatHa(s.total, locale)}
                      <Text size="xs" c="dimmed">
                        {nameOf(cropOf(theme, s.dominant), locale)} {formatShare(s.share, locale)}
                      </Text>
                    </Table.Td>
                  ))}
                  {first && last ? <Table.Td fw={600}>{change(first.total, last.total, locale)}</Table.Td> : null}
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </TableRegion>
          <Text size="xs" c="dimmed">
            {t('seasonNote')}
          </Text>
        </QueryState>
      </Stack>
    </ModuleLayout>
  );
}
