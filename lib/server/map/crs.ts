import 'server-only';
/**
 * Coordinate reference systems the built-in services speak: geographic WGS84 (EPSG:4326, CRS:84) and
 * Web Mercator (EPSG:3857 and its old alias EPSG:900913). Bounding boxes are parsed into lon/lat and
 * into the request's own units, honouring the axis order each version prescribes.
 */
import { OwsError } from './ows';

export type Crs = 'EPSG:4326' | 'EPSG:3857';
export type Bbox = readonly [number, number, number, number];

import { MAX_MERCATOR_LAT } from './raster/renderer.mjs';

const R = 6378137;
export { MAX_MERCATOR_LAT };
export const MERCATOR_EXTENT = Math.PI * R;

export function lonLatToMercator(lon: number, lat: number): [number, number] {
  const clamped = Math.max(-MAX_MERCATOR_LAT, Math.min(MAX_MERCATOR_LAT, lat));
  return [(lon * Math.PI * R) / 180, R * Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360))];
}

export function mercatorToLonLat(x: number, y: number): [number, number] {
  return [(x / R) * (180 / Math.PI), (2 * Math.atan(Math.exp(y / R)) - Math.PI / 2) * (180 / Math.PI)];
}

interface CrsName {
  crs: Crs;
  /** Whether coordinates come latitude first (EPSG:4326 in WMS 1.3.0 and in URN form). */
  latFirst: boolean;
}

/** Reads a CRS name; `latFirstFor4326` says what plain "EPSG:4326" means in this protocol version. */
export function parseCrs(name: string, latFirstFor4326: boolean, locator: string): CrsName {
  const upper = name.trim().toUpperCase();
  const code = /^(?:EPSG:|URN:OGC:DEF:CRS:EPSG::?|URN:X-OGC:DEF:CRS:EPSG:|HTTP:\/\/WWW\.OPENGIS\.NET\/DEF\/CRS\/EPSG\/0\/)(\d+)$/.exec(
    upper,
  )?.[1];
  const isUrn = upper.startsWith('URN:') || upper.startsWith('HTTP:');
  if (upper === 'CRS:84' || upper === 'URN:OGC:DEF:CRS:OGC:1.3:CRS84' || upper === 'OGC:CRS84')
    return { crs: 'EPSG:4326', latFirst: false };
  if (code === '4326') return { crs: 'EPSG:4326', latFirst: isUrn ? true : latFirstFor4326 };
  if (code === '3857' || code === '900913' || code === '102100') return { crs: 'EPSG:3857', latFirst: false };
  throw new OwsError(
    locator === 'CRS' ? 'InvalidCRS' : 'InvalidSRS',
    `Unsupported coordinate reference system ${name}; use EPSG:4326 or EPSG:3857`,
    locator,
  );
}

export interface RequestBox {
  crs: Crs;
  /** minx, miny, maxx, maxy in the CRS's own units, x = easting/longitude. */
  native: Bbox;
  /** The same box in longitude/latitude. */
  lonLat: Bbox;
}

export function parseBbox(text: string, crs: CrsName, locator = 'BBOX'): RequestBox {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length < 4 || parts.slice(0, 4).some((p) => !/^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(p))) {
    throw new OwsError('InvalidParameterValue', `${locator} must be four numbers: minx,miny,maxx,maxy`, locator);
  }
  const [a, b, c, d] = parts.slice(0, 4).map(Number) as [number, number, number, number];
  const native: Bbox = crs.latFirst ? [b, a, d, c] : [a, b, c, d];
  if (!(native[2] > native[0] && native[3] > native[1]))
    throw new OwsError('InvalidParameterValue', `${locator} is empty or inverted`, locator);
  if (crs.crs === 'EPSG:4326') {
    if (native[0] < -540 || native[2] > 540 || native[1] < -90.0001 || native[3] > 90.0001) {
      throw new OwsError('InvalidParameterValue', `${locator} lies outside the world`, locator);
    }
    return { crs: crs.crs, native, lonLat: native };
  }
  const limit = MERCATOR_EXTENT * 1.5;
  if (native.some((v) => Math.abs(v) > limit)) throw new OwsError('InvalidParameterValue', `${locator} lies outside the world`, locator);
  const [w, s] = mercatorToLonLat(native[0], native[1]);
  const [e, n] = mercatorToLonLat(native[2], native[3]);
  return { crs: crs.crs, native, lonLat: [w, s, e, n] };
}

/** Maps lon/lat to pixel coordinates of an image covering a box (shared with the render workers). */
export { pixelProjector } from './raster/renderer.mjs';

/** Pixel → lon/lat (for GetFeatureInfo). */
export function pixelToLonLat(box: RequestBox, width: number, height: number, i: number, j: number): [number, number] {
  const [minx, miny, maxx, maxy] = box.native;
  const x = minx + ((i + 0.5) / width) * (maxx - minx);
  const y = maxy - ((j + 0.5) / height) * (maxy - miny);
  return box.crs === 'EPSG:4326' ? [x, y] : mercatorToLonLat(x, y);
}

/** Degrees of longitude per pixel: what the level of detail is chosen by. */
export function degreesPerPixel(box: RequestBox, width: number): number {
  return (box.lonLat[2] - box.lonLat[0]) / width;
}
