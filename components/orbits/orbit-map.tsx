'use client';

import { useQueries } from '@tanstack/react-query';
import type { Feature, FeatureCollection, MultiPolygon } from 'geojson';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import {
  MapView,
  type BBox,
  type DrawnShape,
  type LineLayer,
  type MapLegend,
  type MapMarker,
  type OutlineLayer,
  type SelectableFeatures,
} from '@/components/map';
import { useUploadedArea } from '@/components/catalog/upload-area-data';
import { bboxPolygon } from '@/lib/shared/geo/bbox';
import { fetchRegionGeometry, regionKeys } from '@/lib/client/queries/regions';
import type { PlanForm } from '@/lib/shared/orbits/plan';
import type { Prediction, PredictedPass, SatellitesNow } from '@/lib/shared/contracts/orbits';
import type { MapClientConfig } from '@/lib/shared/map/config';
import { areaBbox } from '@/lib/shared/contracts/catalogue';
import { polygonsOf } from '@/lib/shared/orbits/exports';
import { splitAtAntimeridian } from '@/lib/shared/orbits/timeline';
import { formatChinaTime, numberFormat, satelliteLabel, shortChina } from './format';

const REGION_STALE_TIME = 24 * 60 * 60 * 1000;
const UNCOVERED_FILL = { uncovered: '#ea580c' } as const;
const CLIPPED_FILL = { clipped: '#f59f00' } as const;
const NO_LINES: LineLayer[] = [];

type Polygonal = PredictedPass['swath'];

const multi = (g: Polygonal): MultiPolygon => ({ type: 'MultiPolygon', coordinates: polygonsOf(g) });
const feature = (id: string, g: Polygonal, name?: string): Feature => ({
  type: 'Feature',
  id,
  properties: name ? { name } : {},
  geometry: multi(g),
});

/** The bounding box of polygons (the catalogue's areaBbox), or null when there are none. */
function boxOf(polygons: [number, number][][][]): BBox | null {
  const box = areaBbox({ type: 'MultiPolygon', coordinates: polygons });
  return Number.isFinite(box[0]) ? box : null;
}

const rectangle = (box: BBox): Polygonal => bboxPolygon(box);

export interface OrbitMapProps {
  config: MapClientConfig;
  form: PlanForm;
  prediction: Prediction | null;
  /** The passes to draw (lib/shared/orbits/map-passes.ts: the first counted ones and the selected one), not all. */
  passes: readonly PredictedPass[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  now: SatellitesNow | null;
  onShapeDrawn: (shape: DrawnShape) => void;
  height: number | string;
}

/**
 * The area (as chosen, then as searched), the given passes' swaths and ground tracks, the selected pass's swath,
 * where it may lie (± its position uncertainty) and the part of the area it covers, what no counted pass covers,
 * and where the satellites are now with their next 90 minutes of track. The rectangle and polygon tools set the area.
 */
export function OrbitMap({ config, form, prediction, passes, selectedId, onSelect, now, onShapeDrawn, height }: OrbitMapProps) {
  const t = useTranslations('OrbitalPredict.map');
  const locale = useLocale();
  const nf = numberFormat(locale, 1);

  const regionQueries = useQueries({
    queries: (!prediction && form.areaKind === 'region' ? form.regions : []).map((code) => ({
      queryKey: regionKeys.geometry(locale, code, 'lo'),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchRegionGeometry(code, 'lo', { signal }),
      staleTime: REGION_STALE_TIME,
    })),
  });
  const regionFeatures = regionQueries.map((q) => q.data).filter((f) => f !== undefined);
  const regionKey = regionFeatures.map((f) => f.id).join(',');
  const uploaded = useUploadedArea(!prediction && form.areaKind === 'shp' ? form.uploadId : null).data;

  // The area before a prediction: what the form names.
  const chosen = useMemo((): { data: FeatureCollection | Feature; box: BBox | null } | null => {
    if (form.areaKind === 'region' && regionFeatures.length > 0)
      return {
        data: { type: 'FeatureCollection', features: regionFeatures } as FeatureCollection,
        box: boxOf(regionFeatures.map((f) => f.properties.bbox).map((b) => polygonsOf(rectangle(b))[0]!)),
      };
    if (form.areaKind === 'rect' && form.bbox) return { data: feature('area', rectangle(form.bbox)), box: form.bbox };
    if (form.areaKind === 'draw' && form.drawn) return { data: feature('area', form.drawn), box: boxOf(polygonsOf(form.drawn)) };
    if (form.areaKind === 'shp' && uploaded) return { data: feature('area', uploaded.geometry), box: uploaded.bbox };
    return null;
    // regionKey stands for the features' identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form.areaKind, regionKey, form.bbox, form.drawn, uploaded]);

  const satellites = useMemo(() => new Map((prediction?.satellites ?? []).map((s) => [s.norad, s])), [prediction]);
  const selected = prediction?.passes.find((p) => p.id === selectedId) ?? null;

  const outlines = useMemo<OutlineLayer[]>(() => {
    const layers: OutlineLayer[] = [];
    if (prediction) {
      layers.push({ id: `area-${prediction.area.km2}`, data: feature('area', prediction.area.geometry, t('area')), interactive: false });
      if (prediction.uncovered.geometry)
        layers.push({
          id: `uncovered-${prediction.uncovered.km2}`,
          data: { type: 'FeatureCollection', features: [feature('uncovered', prediction.uncovered.geometry, t('uncovered'))] },
          emphasis: 'context',
          fillColors: UNCOVERED_FILL,
          interactive: false,
        });
    } else if (chosen) layers.push({ id: 'chosen', data: chosen.data, interactive: false });
    if (selected)
      layers.push({
        id: `possible-${selected.id}`,
        data: { type: 'FeatureCollection', features: [feature('possible', selected.possibleSwath, t('possible'))] },
        emphasis: 'context',
        interactive: false,
      });
    if (selected?.clipped)
      layers.push({
        id: `clipped-${selected.id}`,
        data: { type: 'FeatureCollection', features: [feature('clipped', selected.clipped, t('clipped'))] },
        emphasis: 'context',
        fillColors: CLIPPED_FILL,
        interactive: false,
      });
    return layers;
  }, [prediction, chosen, selected, t]);

  // The drawn set changes only when another pass is added to it, not with every selection among the drawn ones.
  const drawnKey = passes.map((p) => p.id).join(',');
  const swaths = useMemo<FeatureCollection | null>(
    () => (prediction ? { type: 'FeatureCollection', features: passes.map((p) => feature(p.id, p.swath)) } : null),
    // drawnKey stands for the passes' identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [prediction, drawnKey],
  );
  const labels = useMemo(
    () =>
      Object.fromEntries(
        passes.map((p) => [
          p.id,
          t('swath', {
            satellite: satelliteLabel(satellites.get(p.norad), p.norad),
            time: shortChina(p.start),
            pct: nf.format(p.sharePct),
          }),
        ]),
      ),
    // nf follows the locale; drawnKey stands for the passes' identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [drawnKey, satellites, t, locale],
  );
  const selectable = useMemo<SelectableFeatures | null>(
    () => (swaths ? { data: swaths, selectedId, onSelect, labels } : null),
    [swaths, selectedId, onSelect, labels],
  );

  const lines = useMemo<LineLayer[]>(() => {
    const layers: LineLayer[] = [];
    if (prediction)
      layers.push({
        id: 'tracks',
        color: '#364fc7',
        weight: 1.5,
        lines: passes.map((p) => ({ id: p.id, parts: splitAtAntimeridian(p.track), emphasis: p.id === selectedId })),
      });
    if (now)
      layers.push({
        id: 'now',
        color: '#862e9c',
        weight: 1.5,
        opacity: 0.6,
        dashArray: '6 5',
        lines: now.satellites.map((s) => ({
          id: `now-${s.norad}`,
          parts: splitAtAntimeridian(s.track),
          label: t('nowTrack', { name: s.name }),
        })),
      });
    return layers.length ? layers : NO_LINES;
    // drawnKey stands for the passes' identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [prediction, drawnKey, selectedId, now, t]);

  const markers = useMemo<MapMarker[]>(
    () =>
      (now?.satellites ?? []).flatMap((s) =>
        s.now
          ? [
              {
                id: `sat-${s.norad}`,
                position: [s.now.lon, s.now.lat] as [number, number],
                label: t('now', { name: s.name }),
                popup: {
                  title: `${s.name} · ${s.norad}`,
                  rows: [
                    { label: t('nowRows.position'), value: `${nf.format(s.now.lat)}°, ${nf.format(s.now.lon)}°` },
                    { label: t('nowRows.height'), value: `${nf.format(s.now.heightKm)} km` },
                    { label: t('nowRows.epoch'), value: `${formatChinaTime(s.epoch)}` },
                    { label: t('nowRows.uncertainty'), value: `± ${nf.format(s.uncertaintyKm)} km` },
                  ],
                  note: now ? t('nowUpdated', { time: formatChinaTime(now.at) }) : undefined,
                },
              },
            ]
          : [],
      ),
    // nf follows the locale.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [now, t, locale],
  );

  const legend = useMemo<MapLegend>(
    () => ({
      title: t('legend'),
      ramp: 'blue',
      max: null,
      items: [
        { label: t('area'), color: '#e03131' },
        { label: t('legendSwath'), color: '#4dabf7' },
        { label: t('legendTrack'), color: '#364fc7' },
        { label: t('legendPossible'), color: '#495057' },
        { label: t('legendClipped'), color: CLIPPED_FILL.clipped },
        { label: t('legendUncovered'), color: UNCOVERED_FILL.uncovered },
        { label: t('legendNow'), color: '#862e9c' },
      ],
    }),
    [t],
  );

  const fitBounds = prediction ? boxOf(polygonsOf(prediction.area.geometry)) : (chosen?.box ?? null);

  return (
    <MapView
      config={config}
      label={t('label')}
      height={height}
      outlines={outlines}
      selectable={selectable}
      lines={lines}
      markers={markers}
      legend={legend}
      fitBounds={fitBounds}
      tools={['rectangle', 'polygon']}
      onShapeDrawn={onShapeDrawn}
    />
  );
}
