import { expect, test } from '@playwright/test';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * A real GIS client (GDAL, Debian's gdal-bin) reads the built-in map services, as a researcher's QGIS
 * or a script would.
 */
const run = promisify(execFile);
const gdal = (tool: string, args: string[]) =>
  run(tool, args, {
    timeout: 60_000,
    env: { ...process.env, GDAL_HTTP_TIMEOUT: '30', CPL_DEBUG: 'OFF', GDAL_DISABLE_READDIR_ON_OPEN: 'YES' },
  });

let dir = '';
test.beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'gis-clients-'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('gdalinfo lists the WMS layers and gdal_translate reads pixels of a region', async ({ baseURL }) => {
  const wms = `${baseURL}/map/cloudPlatform/wms`;
  const { stdout } = await gdal('gdalinfo', [`WMS:${wms}?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetCapabilities`]);
  expect(stdout).toContain('LAYERS=cloudPlatform%3Aregion');
  expect(stdout).toContain('LAYERS=cloudPlatform%3Aglobal_region');

  // Beijing alone, drawn into a 128 × 128 GeoTIFF over 115–118°E, 39–42°N.
  const source = `WMS:${wms}?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=cloudPlatform:region&SRS=EPSG:4326&BBOX=73,3,136,54&CQL_FILTER=code%3D%27110000%27&TRANSPARENT=TRUE`;
  const tif = path.join(dir, 'beijing.tif');
  await gdal('gdal_translate', ['-q', '-outsize', '128', '128', '-projwin', '115', '42', '118', '39', source, tif]);
  const info = (await gdal('gdalinfo', ['-json', '-stats', tif])).stdout;
  const bands = JSON.parse(info).bands as { band: number; maximum: number }[];
  expect(bands).toHaveLength(4);
  expect(bands[3]!.maximum).toBeGreaterThan(0);
});

test('ogrinfo reads the WFS and ogr2ogr copies features into GeoJSON', async ({ baseURL }) => {
  const wfs = `WFS:${baseURL}/map/cloudPlatform/wfs`;
  const summary = (await gdal('ogrinfo', ['-ro', '-so', wfs, 'cloudPlatform:region'])).stdout;
  // GML 3.2 MultiSurface; GDAL reports it as such and writes MultiPolygons.
  expect(summary).toMatch(/Geometry: Multi (Polygon|Surface)/);
  expect(summary).toMatch(/Feature Count: 3[0-9]{3}/);
  expect(summary).toMatch(/name: String/);

  const out = path.join(dir, 'hebei.geojson');
  await gdal('ogr2ogr', ['-f', 'GeoJSON', out, `${wfs}?CQL_FILTER=parent%3D%27130000%27&LOD=lo`, 'cloudPlatform:region']);
  const copied = JSON.parse(readFileSync(out, 'utf8')) as { features: { properties: { code: string; parent: string } }[] };
  expect(copied.features.length).toBeGreaterThanOrEqual(11);
  expect(copied.features.every((f) => f.properties.parent === '130000')).toBe(true);
  expect(copied.features.map((f) => f.properties.code)).toContain('130100');
});
