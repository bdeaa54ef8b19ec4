import 'server-only';
/** The Web Mercator tile grid GeoWebCache calls EPSG:900913 (GoogleMapsCompatible), levels 0–18. */
import { MERCATOR_EXTENT } from './crs';

export const TILE_MATRIX_SET = 'EPSG:900913';
export const MAX_ZOOM = 18;
/** Scale denominator of level 0 for 256-pixel tiles at 0.28 mm per pixel. */
const SCALE_0 = 559082264.0287178;

export interface TileMatrix {
  zoom: number;
  size: number;
  scaleDenominator: number;
  topLeft: readonly [number, number];
}

export function tileMatrices(): TileMatrix[] {
  return Array.from({ length: MAX_ZOOM + 1 }, (_, zoom) => ({
    zoom,
    size: 2 ** zoom,
    scaleDenominator: SCALE_0 / 2 ** zoom,
    topLeft: [-MERCATOR_EXTENT, MERCATOR_EXTENT] as const,
  }));
}

/** The tile's box in EPSG:3857 metres: [minx, miny, maxx, maxy]. */
export function tileBounds(zoom: number, row: number, col: number): [number, number, number, number] {
  const size = (2 * MERCATOR_EXTENT) / 2 ** zoom;
  const minx = -MERCATOR_EXTENT + col * size;
  const maxy = MERCATOR_EXTENT - row * size;
  return [minx, maxy - size, minx + size, maxy];
}
