'use client';

/**
 * The map component's only entry point. Leaflet touches `window` on import, so the implementation
 * is loaded in the browser only (`ssr: false`), in its own chunk, while a skeleton of the same
 * size holds the place.
 */
import { Skeleton } from '@mantine/core';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import type { MapViewProps } from './types';

export const DEFAULT_MAP_HEIGHT = 480;

function MapSkeleton() {
  const t = useTranslations('MapView');
  return <Skeleton role="status" aria-label={t('loading')} height="100%" radius={0} />;
}

const LazyMapView = dynamic(() => import('./map-view').then((module) => module.MapViewImpl), { ssr: false, loading: MapSkeleton });

/** An interactive Leaflet map: base layers, region outlines, WMS overlays, legend, draw and measure tools. */
export function MapView(props: MapViewProps) {
  const height = props.height ?? DEFAULT_MAP_HEIGHT;
  return (
    <div style={{ height }}>
      <LazyMapView {...props} height="100%" />
    </div>
  );
}

export type {
  BBox,
  DrawnShape,
  ImageOverlayLayer,
  LineLayer,
  MapLegend,
  MapMarker,
  MapTool,
  MapViewProps,
  MarkerPopupRow,
  OutlineLayer,
  SelectableFeatures,
  WmsLayer,
} from './types';
export { createViewLink, type LinkedView, type ViewLink } from './view-link';
export type { MapClientConfig } from '@/lib/shared/map/config';
export type { LegendRamp } from '@/lib/shared/map/legend';
