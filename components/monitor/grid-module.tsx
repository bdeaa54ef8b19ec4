'use client';

import { Stack, Table, Text, Title } from '@mantine/core';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { MapView, type BBox, type OutlineLayer, type WmsLayer } from '@/components/map';
import { useRegionGeometry } from '@/lib/client/queries/regions';
import { useGridPercent } from '@/lib/client/queries/spots';
import { COUNTRY_CODE } from '@/lib/shared/regions/codes';
import { formatCount, formatHectares } from './format';
import { MAP_HEIGHT, ModuleLayout } from './module-layout';
import type { ModuleProps } from './monitor-context';
import { detailRegion, regionCql } from './monitor-state';
import classes from './monitor.module.css';
import { QueryState } from './query-state';
import { TableRegion } from './table-region';

const SHOWN_CELLS = 20;

/** Grid (login + range): level-13 cells counting the batch's spots (statistics type all), busiest first. */
export function GridModule({ theme, config, state, batch, ranges, mapLabel }: ModuleProps) {
  const t = useTranslations('Monitor');
  const locale = useLocale();
  const scopeRegion = detailRegion(ranges, state.region);
  const regionId = scopeRegion && scopeRegion !== COUNTRY_CODE ? scopeRegion : null;
  const grid = useGridPercent(theme.id, batch?.id ?? null, regionId, theme.gridLevel, true);
  const outline = useRegionGeometry(regionId, 'mid');
  const [zoom, setZoom] = useState<BBox | null>(null);
  const cql = [`theme = '${theme.id}'`, ...(batch ? [`batch = ${batch.id}`] : []), ...regionCql(regionId)].join(' AND ');
  const wmsLayers = useMemo<WmsLayer[]>(
    () => [{ id: 'grid', title: t('gridLayer'), layers: theme.gridLayer, cqlFilter: cql, featureInfo: true }],
    [cql, t, theme.gridLayer],
  );
  const outlines = useMemo<OutlineLayer[]>(
    () => (outline.data ? [{ id: `grid-${regionId}`, data: outline.data, emphasis: 'primary', fit: true }] : []),
    [outline.data, regionId],
  );
  const data = grid.data;

  const map = <MapView config={config} label={mapLabel} wmsLayers={wmsLayers} outlines={outlines} fitBounds={zoom} height={MAP_HEIGHT} />;
  return (
    <ModuleLayout map={map}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('gridTitle', { level: theme.gridLevel })}
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
              <TableRegion table="grid">
                <Table striped fz="sm" data-testid="grid-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('rank')}</Table.Th>
                      <Table.Th>{t('cell')}</Table.Th>
                      <Table.Th>{t('count')}</Table.Th>
                      <Table.Th>{t('share')}</Table.Th>
                      <Table.Th>{t('areaHa')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.cells.slice(0, SHOWN_CELLS).map((cell, i) => (
                      <Table.Tr key={`${cell.x}.${cell.y}`}>
                        <Table.Td>{i + 1}</Table.Td>
                        <Table.Td>
                          <button
                            type="button"
                            className={classes.rowButton}
                            style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer' }}
                            onClick={() => setZoom([...cell.bbox])}
                          >
                            {`${cell.x} / ${cell.y}`}
                          </button>
                        </Table.Td>
                        <Table.Td>{formatCount(cell.count, locale)}</Table.Td>
                        <Table.Td>{cell.percent.toFixed(2)}%</Table.Td>
                        <Table.Td>{formatHectares(cell.area, locale)}</Table.Td>
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
