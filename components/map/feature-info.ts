/**
 * GetFeatureInfo for the WMS overlays: the request for a clicked pixel and the parsed answer (the
 * map service answers a GeoJSON FeatureCollection). Pure, so it is tested without a map.
 */
import { z } from 'zod';
import type { BBox, WmsLayer } from './types';

/** Features listed per layer in the popup; more are counted, not shown. */
export const MAX_FEATURES_SHOWN = 5;

export interface FeatureInfoView {
  /** The view in the request's SRS (EPSG:3857): [minx, miny, maxx, maxy]. */
  bbox: BBox;
  width: number;
  height: number;
  /** Clicked pixel from the top-left of the map. */
  x: number;
  y: number;
}

export function featureInfoUrl(serviceUrl: string, layer: WmsLayer, view: FeatureInfoView): string {
  const params = new URLSearchParams({
    SERVICE: 'WMS',
    VERSION: '1.1.1',
    REQUEST: 'GetFeatureInfo',
    LAYERS: layer.layers,
    QUERY_LAYERS: layer.layers,
    STYLES: layer.styles ?? '',
    SRS: 'EPSG:3857',
    BBOX: view.bbox.join(','),
    WIDTH: String(Math.round(view.width)),
    HEIGHT: String(Math.round(view.height)),
    X: String(Math.round(view.x)),
    Y: String(Math.round(view.y)),
    INFO_FORMAT: 'application/json',
    FEATURE_COUNT: String(MAX_FEATURES_SHOWN + 1),
  });
  if (layer.cqlFilter) params.set('CQL_FILTER', layer.cqlFilter);
  return `${serviceUrl}${serviceUrl.includes('?') ? '&' : '?'}${params.toString()}`;
}

const featureCollectionSchema = z.object({
  features: z.array(
    z.object({
      id: z.union([z.string(), z.number()]).nullish(),
      properties: z.record(z.string(), z.unknown()).nullish(),
    }),
  ),
  /** GeoServer tells how many matched when FEATURE_COUNT cut the list. */
  numberMatched: z.number().optional(),
});

export type InfoRow = [name: string, value: string];

export interface LayerFeatureInfo {
  /** Attribute rows of each feature shown (geometry left out). */
  features: InfoRow[][];
  /** Features found but not shown. */
  more: number;
}

function displayValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The rows to show for one layer's answer; throws on anything that is not a FeatureCollection. */
export function parseFeatureInfo(body: unknown): LayerFeatureInfo {
  const collection = featureCollectionSchema.parse(body);
  const total = Math.max(collection.numberMatched ?? 0, collection.features.length);
  const shown = collection.features.slice(0, MAX_FEATURES_SHOWN);
  return {
    features: shown.map((feature) => Object.entries(feature.properties ?? {}).map(([name, value]): InfoRow => [name, displayValue(value)])),
    more: total - shown.length,
  };
}
