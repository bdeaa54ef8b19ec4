import 'server-only';
/**
 * From a file's coordinate system to WGS84 longitude/latitude (proj4). A shapefile's `.prj` is ESRI or OGC
 * WKT; proj4 reads geographic systems and the usual projections from it, among them CGCS2000 geographic
 * (EPSG:4490), the CGCS2000 Gauss-Krüger 3° zones (EPSG:4513–4554, `Gauss_Kruger` with the zone in the
 * false easting) and Web Mercator (`Mercator_Auxiliary_Sphere`, EPSG:3857). CGCS2000 and WGS84 differ by
 * a few centimetres, far below what an area of interest needs, so CGCS2000 is taken as WGS84 (no datum
 * shift). A WKT proj4 cannot read, or that answers nonsense for the file's own coordinates, is refused.
 * GCJ-02 cannot be declared in a file and is never guessed.
 */
import proj4, { type Converter } from 'proj4';
import { refuse } from './refusal';

export type Position = [number, number];
export type Transform = (p: Position) => Position;

export interface SourceCrs {
  /** The name the file gives (PROJCS/GEOGCS name, EPSG code), or `WGS 84`. */
  name: string;
  /** To WGS84 longitude/latitude; null when the coordinates already are. */
  transform: Transform | null;
}

export const WGS84: SourceCrs = { name: 'WGS 84', transform: null };

const wktName = (wkt: string): string | null => /^\s*(?:PROJCS|GEOGCS|PROJCRS|GEOGCRS|GEODCRS)\s*\[\s*"([^"]{1,120})"/i.exec(wkt)?.[1] ?? null;

/** Geographic WKT (degrees on the WGS84 / CGCS2000 ellipsoid or near enough): no transform needed. */
function isGeographic(wkt: string): boolean {
  return /^\s*(?:GEOGCS|GEOGCRS|GEODCRS)\s*\[/i.test(wkt);
}

/** The coordinate system a `.prj` describes; refuses one that cannot be read. */
export function crsFromPrj(prj: string): SourceCrs {
  const wkt = prj.replace(/^\uFEFF/, '').trim();
  if (wkt === '' || wkt.length > 10_000) return refuse('badPrj');
  const name = wktName(wkt);
  if (!name) return refuse('badPrj');
  if (isGeographic(wkt)) {
    // Degrees (not grads or radians) on an Earth ellipsoid: the coordinates are longitude/latitude.
    const unit = /UNIT\s*\[\s*"([^"]*)"\s*,\s*([\d.eE+-]+)/i.exec(wkt.slice(wkt.lastIndexOf('UNIT')));
    if (unit && Math.abs(Number(unit[2]) - Math.PI / 180) > 1e-9) return refuse('badPrj');
    return { name, transform: null };
  }
  let converter: Converter;
  try {
    converter = proj4(wkt, 'EPSG:4326');
  } catch {
    return refuse('badPrj');
  }
  return { name, transform: (p) => converter.forward(p) as Position };
}

/** GeoJSON's old `crs` member (`EPSG:4490`, `urn:ogc:def:crs:EPSG::3857`, OGC CRS84). */
export function crsFromGeoJsonName(crsName: string): SourceCrs {
  if (/CRS84$/i.test(crsName)) return WGS84;
  const code = /EPSG:{1,2}(\d{4,6})$/i.exec(crsName)?.[1];
  if (!code) return refuse('badPrj');
  const n = Number(code);
  if (n === 4326 || n === 4490) return { name: `EPSG:${n}`, transform: null };
  if (n === 3857 || n === 900913) {
    const converter = proj4('EPSG:3857', 'EPSG:4326');
    return { name: 'EPSG:3857', transform: (p) => converter.forward(p) as Position };
  }
  const gk = gaussKrugerZone(n);
  if (!gk) return refuse('badPrj');
  const converter = proj4(gk, 'EPSG:4326');
  return { name: `EPSG:${n}`, transform: (p) => converter.forward(p) as Position };
}

/**
 * The proj4 definition of a CGCS2000 Gauss-Krüger 3° zone: EPSG:4513–4533 are zones 25–45 with the zone
 * number in front of the false easting; EPSG:4534–4554 the same central meridians (75°E–135°E) without it.
 */
export function gaussKrugerZone(epsg: number): string | null {
  let zone: number;
  let prefixed: boolean;
  if (epsg >= 4513 && epsg <= 4533) {
    zone = epsg - 4513 + 25;
    prefixed = true;
  } else if (epsg >= 4534 && epsg <= 4554) {
    zone = epsg - 4534 + 25;
    prefixed = false;
  } else return null;
  const falseEasting = (prefixed ? zone * 1_000_000 : 0) + 500_000;
  return `+proj=tmerc +lat_0=0 +lon_0=${zone * 3} +k=1 +x_0=${falseEasting} +y_0=0 +ellps=GRS80 +units=m +no_defs`;
}

/** True when a position is a usable longitude/latitude. */
export const isLonLat = ([x, y]: Position): boolean => Number.isFinite(x) && Number.isFinite(y) && Math.abs(x) <= 180 && Math.abs(y) <= 90;
