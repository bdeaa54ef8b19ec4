'use client';

import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import type { Feature } from 'geojson';
import { MapView, type BBox, type MapLegend, type OutlineLayer, type WmsLayer } from '@/components/map';
import { bboxPolygon } from '@/lib/shared/geo/bbox';
import { useDeformCell } from '@/lib/client/queries/surface-deform';
import { rateColor } from '@/lib/shared/themes/surface-deform/ramp';
import type { MapClientConfig } from '@/lib/shared/map/config';
import { DEFORM_RATE_CLASSES, SURFACE_DEFORM } from '@/lib/shared/themes/surface-deform';
import { LazyDeformationSeriesChart } from './series-chart-lazy';
import { MAP_HEIGHT, ModuleLayout } from '../../module-layout';
import classes from '../../monitor.module.css';
import { QueryState } from '../../query-state';
import type { DeformUpdate } from './screen';
import type { DeformState } from './state';

/** Known subsidence bowls to jump to (the demo's centres; keyboard users read a cell without the map). */
const SITES = [
  { key: 'chaoyang', at: [116.55, 39.95] },
  { key: 'tongzhou', at: [116.72, 39.86] },
  { key: 'wuqing', at: [117.05, 39.38] },
  { key: 'cangzhou', at: [116.85, 38.3] },
  { key: 'hengshui', at: [115.62, 37.75] },
  { key: 'xian', at: [108.98, 34.21] },
  { key: 'shanghai', at: [121.45, 31.2] },
  { key: 'taiyuan', at: [112.55, 37.72] },
] as const;

/** A box of ~40 km around a point, to frame the cell's neighbourhood. */
const around = ([lon, lat]: readonly [number, number]): BBox => [lon - 0.25, lat - 0.2, lon + 0.25, lat + 0.2];

const label = (from: number, to: number, first: boolean, last: boolean) => (first ? `< ${to}` : last ? `≥ ${from}` : `${from} – ${to}`);

/** Rate grid (login + MOD_076 + range): the diverging rate map; a clicked cell's series as a chart and a table. */
export function RatesModule({ config, state, update }: { config: MapClientConfig; state: DeformState; update: DeformUpdate }) {
  const t = useTranslations('Deformation');
  const tm = useTranslations('Monitor');
  const cell = useDeformCell(state.point);
  const data = cell.data ?? null;
  const wmsLayers = useMemo<WmsLayer[]>(
    () => [{ id: 'rates', title: t('rateLayer'), layers: `cloudPlatform:${SURFACE_DEFORM.rateGrid.rateLayer}`, opacity: 0.85 }],
    [t],
  );
  const legend = useMemo<MapLegend>(
    () => ({
      title: t('legendTitle'),
      unit: t('legendUnit'),
      ramp: 'yellowRed',
      max: null,
      items: DEFORM_RATE_CLASSES.map((c, i) => ({
        label: label(c.from, c.to, i === 0, i === DEFORM_RATE_CLASSES.length - 1),
        color: c.color,
      })),
    }),
    [t],
  );
  const outlines = useMemo<OutlineLayer[]>(() => {
    if (!data) return [];
    const feature: Feature = {
      type: 'Feature',
      id: `${data.x}.${data.y}`,
      properties: { name: t('cellTitle', { x: data.x, y: data.y, level: data.level }) },
      geometry: bboxPolygon(data.bbox),
    };
    return [{ id: `cell-${data.x}-${data.y}`, data: feature, emphasis: 'primary', interactive: false }];
  }, [data, t]);
  const framed = useMemo(() => (state.point ? around(state.point) : around([116.6, 39.9])), [state.point]);

  const map = (
    <MapView
      config={config}
      label={tm('mapLabel')}
      wmsLayers={wmsLayers}
      legend={legend}
      outlines={outlines}
      fitBounds={framed}
      onMapClick={(point) => update({ point })}
      height={MAP_HEIGHT}
    />
  );
  return (
    <ModuleLayout map={map}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('ratesTitle')}
        </Title>
        <Text size="sm">{t('cellHint')}</Text>
        <div role="group" aria-label={t('sites')}>
          <Text size="xs" c="dimmed" mb={4}>
            {t('sites')}
          </Text>
          <Group gap={6}>
            {SITES.map((site) => (
              <Button key={site.key} size="compact-xs" variant="default" onClick={() => update({ point: [site.at[0], site.at[1]] })}>
                {t(`siteNames.${site.key}`)}
              </Button>
            ))}
          </Group>
        </div>
        {state.point ? (
          <QueryState loading={cell.isPending} error={cell.error} empty={data === null} emptyText={t('noCell')}>
            {data ? (
              <Stack gap="xs" data-testid="deform-cell">
                <Title order={3} size="h5">
                  {t('cellTitle', { x: data.x, y: data.y, level: data.level })}
                </Title>
                <Text size="sm">
                  <span className={classes.swatch} style={{ background: rateColor(data.rate) }} aria-hidden="true" /> {t('rate')}:{' '}
                  <strong data-testid="deform-rate">{t('rateValue', { rate: data.rate })}</strong> (
                  {data.rate < 0 ? t('subsidence') : t('uplift')}) · {t('coherence')}: {data.coherence} · {t('region')}:{' '}
                  {data.regionName ?? data.xzqdm}
                </Text>
                <LazyDeformationSeriesChart
                  data={data.series}
                  label={t('seriesChart', { x: data.x, y: data.y })}
                  valueLabel={t('seriesLabel')}
                  color={rateColor(Math.min(data.rate, -30))}
                />
                <details>
                  <summary>{t('seriesTable')}</summary>
                  <div className={classes.tableScroll}>
                    <Table fz="xs" striped>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('date')}</Table.Th>
                          <Table.Th className={classes.numeric}>{t('displacement')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {data.series.map((d) => (
                          <Table.Tr key={d.date}>
                            <Table.Td>{d.date}</Table.Td>
                            <Table.Td className={classes.numeric}>{d.mm}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </div>
                </details>
              </Stack>
            ) : null}
          </QueryState>
        ) : null}
      </Stack>
    </ModuleLayout>
  );
}
