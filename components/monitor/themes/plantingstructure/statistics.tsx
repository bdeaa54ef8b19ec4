'use client';

import { Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useMemo } from 'react';
import { MapView, type MapLegend } from '@/components/map';
import { useRegionChoropleth, useRegionFocus } from '@/components/statistics/choropleth';
import { FiguresTable, RegionName } from '@/components/statistics/figures-table';
import { useStructure } from '@/lib/client/queries/plantingstructure';
import type { CropFigures, Structure } from '@/lib/shared/contracts/plantingstructure';
import { NO_DATA_COLOR } from '@/lib/shared/map/legend';
import { COUNTRY_CODE } from '@/lib/shared/regions/codes';
import { MAP_HEIGHT, ModuleLayout } from '../../module-layout';
import type { ModuleProps } from '../../monitor-context';
import classes from '../../monitor.module.css';
import { QueryState } from '../../query-state';
import { TableRegion } from '../../table-region';
import { useDrillDown } from '../../use-drill-down';
import { LazyStackedBarChart } from '@/components/statistics/charts-lazy';
import { cropFill, cropOf, formatHa, formatShare, nameOf, seasonCrops } from './crops';
import { SeasonControl, useSeasonName } from './season-control';

/** Regions in the stacked chart: the largest by sown area. */
const CHART_ROWS = 12;

/**
 * Planting structure statistics (public): the children of the region coloured by their dominant crop (deeper
 * with a larger share), a season switch, a table of each child's dominant crop, share and sown area (drill
 * down by its name or on the map), the region's own crops, and the crops stacked per region. A region
 * without children is shown among its siblings.
 */
export function PlantingStatistics({ theme, config, state, update, batch, mapLabel }: ModuleProps) {
  const t = useTranslations('Themes.plantingstructure');
  const tm = useTranslations('Monitor');
  const locale = useLocale();
  const region = state.region;
  const season = state.stage;
  const { info, leaf, mapRegion } = useRegionFocus(region);
  const structure = useStructure(theme, batch?.id ?? null, mapRegion, season);
  const data = structure.data?.region.code === mapRegion ? structure.data : undefined;
  const seasonName = useSeasonName(theme, season);
  const select = useDrillDown(region, update);
  const fill = useCallback(
    (item: Structure['items'][number] | undefined) => {
      const crop = item?.monitored ? cropOf(theme, item.dominant) : null;
      return crop ? cropFill(crop.color, item!.share) : null;
    },
    [theme],
  );
  const { outlines, noData } = useRegionChoropleth({ region, mapRegion, leaf, items: data?.items, fill, onSelect: select });

  const crops = seasonCrops(theme, season);
  const legend: MapLegend = {
    title: t('legendTitle'),
    ramp: theme.ramp,
    max: null,
    noData,
    items: [
      ...crops.map((c) => {
        const crop = cropOf(theme, c)!;
        return { label: nameOf(crop, locale), color: crop.color };
      }),
      ...(noData ? [{ label: t('none'), color: NO_DATA_COLOR }] : []),
    ],
  };
  const own = leaf ? data?.items.find((i) => i.code === region) : undefined;
  const figures: CropFigures | undefined = leaf ? own : data?.total;
  const regionName = leaf ? (own?.name ?? '') : (data?.region.name ?? '');

  return (
    <ModuleLayout
      map={<MapView config={config} label={`${mapLabel} — ${t('mapLabel')}`} outlines={outlines} legend={legend} height={MAP_HEIGHT} />}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs" align="flex-end">
          <Title order={2} size="h4">
            {t('statisticsTitle', { year: batch?.quarter.slice(0, 4) ?? '—', season: seasonName })}
          </Title>
          <SeasonControl theme={theme} state={state} update={update} />
        </Group>
        <Text size="xs" c="dimmed">
          {t('seasonNote')}
        </Text>
        <QueryState
          loading={((!data && !structure.error) || (region !== COUNTRY_CODE && info.isPending)) && !!batch}
          error={structure.error ?? info.error}
          empty={!batch}
          emptyText={tm('noBatches')}
        >
          {data && figures ? (
            <>
              <Text size="sm" data-testid="statistics-total">
                <TotalText theme={theme} figures={figures} region={regionName} />
              </Text>
              <CropTable theme={theme} figures={figures} crops={crops} region={regionName} />
              <Text size="xs" c="dimmed">
                {leaf ? t('leafHint') : tm('drillHint')}
              </Text>
              <ChildTable theme={theme} data={data} onSelect={select} current={region} />
              {leaf ? null : <StackChart theme={theme} data={data} crops={crops} />}
            </>
          ) : null}
        </QueryState>
      </Stack>
    </ModuleLayout>
  );
}

function TotalText({ theme, figures, region }: { theme: ModuleProps['theme']; figures: CropFigures; region: string }) {
  const t = useTranslations('Themes.plantingstructure');
  const locale = useLocale();
  if (!figures.dominant) return <>{t('totalNone', { region })}</>;
  return (
    <>
      {t('total', {
        region,
        area: formatHa(figures.total, locale),
        crop: nameOf(cropOf(theme, figures.dominant), locale),
        share: formatShare(figures.share, locale).replace('%', ''),
      })}
    </>
  );
}

/** The crops of the region (or the leaf): hectares and share of the sown area, largest first. */
function CropTable({
  theme,
  figures,
  crops,
  region,
}: {
  theme: ModuleProps['theme'];
  figures: CropFigures;
  crops: string[];
  region: string;
}) {
  const t = useTranslations('Themes.plantingstructure');
  const locale = useLocale();
  const all = theme.kinds.items.map((k) => k.value);
  const rows = crops.map((c) => ({ crop: cropOf(theme, c)!, area: figures.areas[all.indexOf(c)] ?? 0 })).sort((a, b) => b.area - a.area);
  return (
    <Table.ScrollContainer minWidth={240}>
      <Table striped fz="sm" data-testid="planting-crops">
        <Table.Caption>
          <VisuallyHidden>{t('cropsCaption', { region })}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('crop')}</Table.Th>
            <Table.Th className={classes.nowrap}>{t('area')}</Table.Th>
            <Table.Th className={classes.nowrap}>{t('cropShare')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ crop, area }) => (
            <Table.Tr key={crop.value}>
              <Table.Td>
                <span className={classes.swatch} style={{ background: crop.color }} aria-hidden="true" />
                {nameOf(crop, locale)}
              </Table.Td>
              <Table.Td>{formatHa(area, locale)}</Table.Td>
              <Table.Td>{formatShare(figures.total > 0 ? (100 * area) / figures.total : null, locale)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Each child region: name (drills down), dominant crop with its colour, its share, sown area; largest first. */
function ChildTable({
  theme,
  data,
  onSelect,
  current,
}: {
  theme: ModuleProps['theme'];
  data: Structure;
  onSelect: (code: string) => void;
  current: string;
}) {
  const t = useTranslations('Themes.plantingstructure');
  const tm = useTranslations('Monitor');
  const locale = useLocale();
  const items = useMemo(
    () => [...data.items].sort((a, b) => Number(!a.monitored) - Number(!b.monitored) || b.total - a.total || a.code.localeCompare(b.code)),
    [data],
  );
  return (
    <TableRegion table="statistics">
      <FiguresTable
        caption={t('tableCaption', { region: data.region.name })}
        head={
          <>
            <Table.Th>{tm('region')}</Table.Th>
            <Table.Th>{t('dominantShare')}</Table.Th>
            <Table.Th className={classes.nowrap}>{t('sown')}</Table.Th>
          </>
        }
      >
        {items.map((item) => {
          const crop = cropOf(theme, item.dominant);
          return (
            <Table.Tr key={item.code} data-monitored={item.monitored} aria-current={item.code === current ? 'location' : undefined}>
              <Table.Td>
                <RegionName item={item} onSelect={onSelect} unmonitored={tm('unmonitored')} className={classes.rowButton} />
              </Table.Td>
              <Table.Td>
                <div className={classes.regionCell}>
                  <span
                    className={classes.swatch}
                    style={{ background: crop ? cropFill(crop.color, item.share) : NO_DATA_COLOR }}
                    aria-hidden="true"
                  />
                  <span>
                    {crop ? nameOf(crop, locale) : t('none')}
                    {item.share === null ? null : (
                      <Text span size="xs" c="dimmed" ml={4} className={classes.nowrap}>
                        {formatShare(item.share, locale)}
                      </Text>
                    )}
                  </span>
                </div>
              </Table.Td>
              <Table.Td>{item.monitored ? formatHa(item.total, locale) : '—'}</Table.Td>
            </Table.Tr>
          );
        })}
      </FiguresTable>
    </TableRegion>
  );
}

function StackChart({ theme, data, crops }: { theme: ModuleProps['theme']; data: Structure; crops: string[] }) {
  const t = useTranslations('Themes.plantingstructure');
  const locale = useLocale();
  const all = theme.kinds.items.map((k) => k.value);
  const rows = [...data.items]
    .filter((i) => i.monitored && i.total > 0)
    .sort((a, b) => b.total - a.total)
    .slice(0, CHART_ROWS)
    .map((i) => ({ name: i.name, ...Object.fromEntries(crops.map((c) => [c, Math.round(i.areas[all.indexOf(c)] ?? 0)])) }));
  if (rows.length === 0) return null;
  const series = crops.map((c) => {
    const crop = cropOf(theme, c)!;
    return { key: c, name: nameOf(crop, locale), color: crop.color };
  });
  return <LazyStackedBarChart data={rows} series={series} label={t('chartLabel')} vertical />;
}
