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

/** The one import of the implementation: the map itself and `preloadMapView` load the same chunks. */
const loadMapView = () => import('./map-view');
const LazyMapView = dynamic(() => loadMapView().then((module) => module.MapViewImpl), { ssr: false, loading: MapSkeleton });

/** Loads the map's code ahead of its first use (the field app keeps it for offline use before any map is shown). */
export function preloadMapView(): Promise<unknown> {
  return loadMapView();
}

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
