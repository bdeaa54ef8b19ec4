import 'server-only';
/**
 * The size and georeferencing of a quick-look: Web Mercator over the footprint's bounding box (how
 * Leaflet's imageOverlay stretches an image over lat/lon bounds), the longer side QUICKLOOK_MAX_SIDE.
 * The drawing (./draw.ts) and the STAC item's georeferenced `visual` asset (lib/server/stac/items.ts)
 * both read it, so what GDAL is told is what the PNG is.
 */
import type { PixelBox } from '../../map/raster/renderer.mjs';

export const QUICKLOOK_MAX_SIDE = 256;

const R = 6378137;
const mercatorX = (lon: number) => (lon * Math.PI * R) / 180;
const mercatorY = (lat: number) => R * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));

/** Image size: the longer side QUICKLOOK_MAX_SIDE, the aspect of the box in Web Mercator. */
export function quicklookSize(bbox: readonly [number, number, number, number]): { width: number; height: number; box: PixelBox } {
  const [w, s, e, n] = bbox;
  const native = [mercatorX(w), mercatorY(s), mercatorX(e), mercatorY(n)] as const;
  const dx = native[2] - native[0];
  const dy = native[3] - native[1];
  const scale = QUICKLOOK_MAX_SIDE / Math.max(dx, dy);
  return {
    width: Math.max(8, Math.round(dx * scale)),
    height: Math.max(8, Math.round(dy * scale)),
    box: { crs: 'EPSG:3857', native },
  };
}
