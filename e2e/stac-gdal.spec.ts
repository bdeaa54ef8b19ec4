import { expect, test } from '@playwright/test';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Real STAC clients (GDAL, Debian's gdal-bin) read the STAC API: the OAPIF driver lists the collections
 * as layers and copies a collection's items; the STACIT driver runs an item search, follows its `next`
 * links and builds a mosaic of the items' georeferenced quick-looks. Data: the seeded demo catalogue
 * (whatever collections the server holds).
 */
const run = promisify(execFile);
const gdal = (tool: string, args: string[]) =>
  run(tool, args, {
    timeout: 90_000,
    maxBuffer: 32 * 1024 * 1024,
    env: { ...process.env, GDAL_HTTP_TIMEOUT: '30', CPL_DEBUG: 'OFF', GDAL_DISABLE_READDIR_ON_OPEN: 'YES' },
  });

interface Collection {
  id: string;
  extent: { spatial: { bbox: number[][] } };
  item_assets: Record<string, unknown>;
  'portal:item_count': number;
}

let dir = '';
test.beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'stac-gdal-'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function collections(baseURL: string | undefined, request: import('@playwright/test').APIRequestContext): Promise<Collection[]> {
  const response = await request.get(`${baseURL}/api/stac/v1/collections`);
  expect(response.status()).toBe(200);
  const list = ((await response.json()) as { collections: Collection[] }).collections;
  expect(list.length, 'the server should hold a catalogue').toBeGreaterThan(0);
  return list;
}

test('ogrinfo (OAPIF) lists the collections and ogr2ogr copies a collection’s items', async ({ baseURL, request }) => {
  const all = await collections(baseURL, request);
  const root = `OAPIF:${baseURL}/api/stac/v1`;
  const layers = (await gdal('ogrinfo', ['-ro', '-q', root])).stdout;
  for (const c of all) expect(layers).toContain(c.id);

  // The smallest collection: every item is copied.
  const small = [...all].sort((a, b) => a['portal:item_count'] - b['portal:item_count'])[0]!;
  const summary = (await gdal('ogrinfo', ['-ro', '-so', root, small.id])).stdout;
  expect(summary).toMatch(/Geometry: (Multi )?Polygon|Geometry: Unknown/);
  expect(summary).toContain('datetime');

  const out = path.join(dir, `${small.id}.geojson`);
  await gdal('ogr2ogr', ['-f', 'GeoJSON', out, root, small.id]);
  const copied = JSON.parse(readFileSync(out, 'utf8')) as { features: { properties: { id: string } }[] };
  const items = await request.get(`${baseURL}/api/stac/v1/collections/${small.id}/items?limit=1000`);
  const expected = ((await items.json()) as { features: { id: string }[] }).features.map((f) => f.id).sort();
  expect(copied.features.map((f) => f.properties.id).sort()).toEqual(expected);
});

test('gdalinfo (STACIT) runs an item search and lists the items’ raster assets', async ({ baseURL, request }) => {
  const all = await collections(baseURL, request);
  // A search over several collections: GDAL lists one subdataset per collection and asset.
  const search = `${baseURL}/api/stac/v1/search?limit=50`;
  const info = await gdal('gdalinfo', [`STACIT:"${search}"`]).catch((e: { stdout: string; stderr: string }) => e);
  const withVisual = all.filter((c) => 'visual' in c.item_assets);
  expect(withVisual.length, 'demo collections carry a georeferenced visual asset').toBeGreaterThan(0);
  expect(info.stdout).toMatch(/SUBDATASET_1_NAME=STACIT:/);
  expect(info.stdout).toMatch(/asset=visual/);
});

test('gdalinfo (STACIT) mosaics one collection’s georeferenced quick-looks (Web Mercator, as drawn)', async ({ baseURL, request }) => {
  // Needs the quick-look route (/api/normal/v5/normalmeta/quicklook/{id}): GDAL opens the first item's PNG.
  const c = (await collections(baseURL, request)).find((x) => 'visual' in x.item_assets);
  if (!c) throw new Error('no collection with a visual asset (demo scenes) on this server');
  const [w, s, e, n] = c.extent.spatial.bbox[0]!;
  const one = `${baseURL}/api/stac/v1/search?collections=${c.id}&bbox=${w},${s},${e},${n}&limit=100`;
  const json = JSON.parse((await gdal('gdalinfo', ['-json', `STACIT:"${one}":asset=visual`])).stdout) as {
    size: number[];
    coordinateSystem: { wkt: string };
    cornerCoordinates: { upperLeft: number[]; lowerRight: number[] };
    geoTransform: number[];
  };
  expect(json.coordinateSystem.wkt).toContain('Pseudo-Mercator');
  expect(json.size[0]).toBeGreaterThan(0);
  // The mosaic covers the collection's extent, in metres of Web Mercator, to within a pixel of its grid.
  const pixel = Math.max(Math.abs(json.geoTransform[1]!), Math.abs(json.geoTransform[5]!)) + 1;
  const R = 6378137;
  const x = (lon: number) => (lon * Math.PI * R) / 180;
  const y = (lat: number) => R * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
  expect(Math.abs(json.cornerCoordinates.upperLeft[0]! - x(w!))).toBeLessThan(pixel);
  expect(Math.abs(json.cornerCoordinates.upperLeft[1]! - y(n!))).toBeLessThan(pixel);
  expect(Math.abs(json.cornerCoordinates.lowerRight[0]! - x(e!))).toBeLessThan(pixel);
  expect(Math.abs(json.cornerCoordinates.lowerRight[1]! - y(s!))).toBeLessThan(pixel);
});
