/** Test files for area uploads: shapefiles made by GDAL's ogr2ogr from GeoJSON, zipped with fflate. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';

/** Zips members given by name. */
export const zipOf = (members: Record<string, Uint8Array | string>): Uint8Array =>
  zipSync(Object.fromEntries(Object.entries(members).map(([k, v]) => [k, typeof v === 'string' ? new TextEncoder().encode(v) : v])));

/**
 * The members of a shapefile that ogr2ogr writes from `geojson` (WGS84) in EPSG:`epsg`, by extension
 * (`.shp`, `.shx`, `.dbf`, `.prj`, `.cpg`), named `<name>.<ext>`.
 */
export function shapefileMembers(geojson: object, epsg: number, name = 'area'): Record<string, Uint8Array> {
  const dir = mkdtempSync(join(tmpdir(), 'area-shp-'));
  try {
    writeFileSync(join(dir, 'in.geojson'), JSON.stringify(geojson));
    execFileSync('ogr2ogr', ['-f', 'ESRI Shapefile', '-s_srs', 'EPSG:4326', '-t_srs', `EPSG:${epsg}`, '-nln', name, join(dir, 'out'), join(dir, 'in.geojson')], {
      stdio: 'pipe',
    });
    const out = join(dir, 'out');
    return Object.fromEntries(readdirSync(out).map((f) => [f, new Uint8Array(readFileSync(join(out, f)))]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const shapefileZip = (geojson: object, epsg: number, name = 'area'): Uint8Array => zipOf(shapefileMembers(geojson, epsg, name));

/** Metres between two lon/lat positions (haversine, mean Earth radius). */
export function metresBetween([lon1, lat1]: readonly number[], [lon2, lat2]: readonly number[]): number {
  const r = (d: number) => (d * Math.PI) / 180;
  const a = Math.sin(r(lat2! - lat1!) / 2) ** 2 + Math.cos(r(lat1!)) * Math.cos(r(lat2!)) * Math.sin(r(lon2! - lon1!) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(a));
}

export const square = (west: number, south: number, size: number) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [west, south],
      [west + size, south],
      [west + size, south + size],
      [west, south + size],
      [west, south],
    ],
  ],
});

export const featureCollection = (...geometries: object[]) => ({
  type: 'FeatureCollection',
  features: geometries.map((geometry, i) => ({ type: 'Feature', properties: { n: i }, geometry })),
});
