'use client';

import { Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { MapView, type BBox, type MapLegend, type OutlineLayer, type WmsLayer } from '@/components/map';
import { useRegion, useRegionGeometry } from '@/lib/client/queries/regions';
import { useGridPercent } from '@/lib/client/queries/spots';
import { COUNTRY_CODE } from '@/lib/shared/regions/codes';
import { cellSizeKm, GRID_CLASSES, gridCellColor } from '@/lib/shared/spots/grid';
import { formatCount, formatHectares } from './format';
import { MAP_HEIGHT, ModuleLayout } from './module-layout';
import type { ModuleProps } from './monitor-context';
import { detailRegion, regionCql } from './monitor-state';
import classes from './monitor.module.css';
import { QueryState } from './query-state';
import { TableRegion } from './table-region';
import { gridLayerOf } from './theme';

const SHOWN_CELLS = 20;

/** `114.52°E, 38.04°N`: a cell's centre, so two cells of one county can be told apart. */
function formatCentre([west, south, east, north]: readonly [number, number, number, number], locale: string): string {
  const format = new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const lon = (west + east) / 2;
  const lat = (south + north) / 2;
  return `${format.format(Math.abs(lon))}°${lon >= 0 ? 'E' : 'W'}, ${format.format(Math.abs(lat))}°${lat >= 0 ? 'N' : 'S'}`;
}

/**
 * Grid (login + range): the batch's spots counted in square cells of a few kilometres (map tiles of
 * level 13, statistics type all), busiest first. Each cell is named by the county holding most of
 * its spots and its centre; the map colours cells by spots per cell, with a legend.
 */
export function GridModule({ theme, config, state, batch, ranges, mapLabel }: ModuleProps) {
  const t = useTranslations('Monitor');
  const locale = useLocale();
  const scopeRegion = detailRegion(ranges, state.region);
  const regionId = scopeRegion && scopeRegion !== COUNTRY_CODE ? scopeRegion : null;
  const grid = useGridPercent(theme, batch?.id ?? null, regionId, theme.gridLevel, true);
  const outline = useRegionGeometry(regionId, 'mid');
  const framed = useRegion(state.region === COUNTRY_CODE ? null : state.region);
  const [cell, setCell] = useState<BBox | null>(null);
  const cql = [`theme = '${theme.id}'`, ...(batch ? [`batch = ${batch.id}`] : []), ...regionCql(regionId)].join(' AND ');
  const gridLayer = gridLayerOf(theme) ?? '';
  const wmsLayers = useMemo<WmsLayer[]>(
    () => [{ id: 'grid', title: t('gridLayer'), layers: gridLayer, cqlFilter: cql, featureInfo: true }],
    [cql, t, gridLayer],
  );
  const outlines = useMemo<OutlineLayer[]>(
    () => (outline.data ? [{ id: `grid-${regionId}`, data: outline.data, emphasis: 'primary', interactive: false }] : []),
    [outline.data, regionId],
  );
  const legend = useMemo<MapLegend>(
    () => ({
      title: t('gridLegend'),
      ramp: 'yellowRed',
      max: null,
      items: GRID_CLASSES.map((c) => ({
        label: c.to === null ? t('gridClassOpen', { from: c.from }) : c.from === c.to ? String(c.from) : `${c.from} – ${c.to}`,
        color: c.color,
      })),
    }),
    [t],
  );
  const data = grid.data;
  const size = data?.cells[0] ? cellSizeKm(data.level, (data.cells[0].bbox[1] + data.cells[0].bbox[3]) / 2) : null;

  const map = (
    <MapView
      config={config}
      label={mapLabel}
      wmsLayers={wmsLayers}
      outlines={outlines}
      legend={legend}
      fitBounds={cell ?? framed.data?.bbox ?? null}
      height={MAP_HEIGHT}
    />
  );
  return (
    <ModuleLayout map={map}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('gridTitle')}
        </Title>
        <QueryState loading={grid.isPending && !!batch} error={grid.error} empty={!data || data.cellCount === 0} emptyText={t('noSpots')}>
          {data ? (
            <>
              <Text size="sm" data-testid="grid-summary">
                {t('gridSummary', {
                  cells: formatCount(data.cellCount, locale),
                  count: formatCount(data.spotCount, locale),
                  area: formatHectares(data.area, locale),
                  batch: data.batch?.typeName ?? '—',
                })}
              </Text>
              {size !== null ? (
                <Text size="xs" c="dimmed" data-testid="grid-explained">
                  {t('gridExplained', { size: size.toFixed(1) })}
                </Text>
              ) : null}
              <TableRegion table="grid">
                <Table striped fz="sm" data-testid="grid-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('rank')}</Table.Th>
                      <Table.Th>{t('cell')}</Table.Th>
                      <Table.Th className={classes.numeric}>{t('count')}</Table.Th>
                      <Table.Th className={classes.numeric}>{t('share')}</Table.Th>
                      <Table.Th className={classes.numeric}>{t('areaHa')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.cells.slice(0, SHOWN_CELLS).map((c, i) => (
                      <Table.Tr key={`${c.x}.${c.y}`}>
                        <Table.Td>{i + 1}</Table.Td>
                        <Table.Td>
                          <UnstyledButton className={classes.spotButton} onClick={() => setCell([...c.bbox])}>
                            <span className={classes.rowButton}>
                              <span className={classes.swatch} style={{ background: gridCellColor(c.count) }} aria-hidden="true" />
                              {c.regionName}
                            </span>
                            <Text span size="xs" c="dimmed" className={classes.nowrap}>
                              {formatCentre(c.bbox, locale)}
                            </Text>
                          </UnstyledButton>
                        </Table.Td>
                        <Table.Td className={classes.numeric}>{formatCount(c.count, locale)}</Table.Td>
                        <Table.Td className={classes.numeric}>{c.percent.toFixed(2)}%</Table.Td>
                        <Table.Td className={classes.numeric}>{formatHectares(c.area, locale)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </TableRegion>
              <Text size="xs" c="dimmed">
                {t('gridNote', { shown: Math.min(SHOWN_CELLS, data.cells.length) })}
              </Text>
            </>
          ) : null}
        </QueryState>
      </Stack>
    </ModuleLayout>
  );
}
