/**
 * Imagery (issue 37.1–37.2): the Olinda Landsat 7 sample registered as an imported scene (converted to a COG by
 * GDAL), its tiles through the satellite-image WMTS and the XYZ path compared pixel by pixel with GDAL's own
 * rendering of the same window (gdalwarp to the tile's bounds in EPSG:3857, nearest neighbour, exact transform; the
 * same bands and stretch applied by gdal_translate -scale), nodata transparent, byte-range reads only, refusals,
 * and GDAL reading the WMTS through its capabilities.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { GET as itemGet } from '../../app/api/stac/v1/collections/[collectionId]/items/[itemId]/route';
import { GET as wmtsGet } from '../../app/map/satellite-image/wmts/route';
import { GET as xyzGet } from '../../app/map/satellite-image/tiles/[scene]/[style]/[z]/[x]/[y]/route';
import { findScene, importStacText } from '../../lib/server/catalogue';
import { resetEnvCache } from '../../lib/server/env';
import {
  imageryRoot,
  OLINDA_FILE,
  OLINDA_SCENE,
  putImageryAsset,
  registerImagery,
  resetImageryTiles,
  servedAsset,
} from '../../lib/server/imagery';
import { call, withTestDatabase } from '../support/api';

const run = promisify(execFile);
const db = withTestDatabase();
const SCENE = OLINDA_SCENE.id!;
const PORT = 3283;
const E = 20037508.342789244;

let work: string;
let server: Server;
const previousSiteUrl = process.env.SITE_URL;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'imagery-test-'));
  // GDAL follows the capabilities' addresses, which start from SITE_URL: this test's own server.
  process.env.SITE_URL = `http://127.0.0.1:${PORT}`;
  resetEnvCache();
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${PORT}`);
    const request = new Request(url);
    const xyz = /^\/map\/satellite-image\/tiles\/([^/]+)\/([^/]+)\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    const answer = xyz
      ? xyzGet(request, {
          params: Promise.resolve({ scene: decodeURIComponent(xyz[1]!), style: xyz[2]!, z: xyz[3]!, x: xyz[4]!, y: xyz[5]! }),
        })
      : wmtsGet(request);
    void answer.then(async (response) => {
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await resetImageryTiles();
  await rm(work, { recursive: true, force: true });
  process.env.SITE_URL = previousSiteUrl;
  resetEnvCache();
});

async function get(url: string) {
  const request = new Request(`http://127.0.0.1:${PORT}${url}`);
  const xyz = /^\/map\/satellite-image\/tiles\/([^/]+)\/([^/]+)\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(url);
  const response = xyz
    ? await xyzGet(request, {
        params: Promise.resolve({ scene: decodeURIComponent(xyz[1]!), style: xyz[2]!, z: xyz[3]!, x: xyz[4]!, y: xyz[5]! }),
      })
    : await wmtsGet(request);
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

const getTile = (layer: string, z: number, x: number, y: number, style = 'true-colour', set = 'EPSG:3857') =>
  get(
    `/map/satellite-image/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=${encodeURIComponent(layer)}&STYLE=${style}&FORMAT=image/png&TILEMATRIXSET=${set}&TILEMATRIX=${set === 'EPSG:3857' ? '' : `${set}:`}${z}&TILEROW=${y}&TILECOL=${x}`,
  );

async function rgba(png: Buffer | string): Promise<Uint8ClampedArray> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  return ctx.getImageData(0, 0, image.width, image.height).data;
}

function tileOf(z: number, lon: number, lat: number): [number, number] {
  const n = 2 ** z;
  const r = (lat * Math.PI) / 180;
  return [Math.floor(((lon + 180) / 360) * n), Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n)];
}

const tileBox = (z: number, x: number, y: number) => {
  const s = (2 * E) / 2 ** z;
  return [-E + x * s, E - (y + 1) * s, -E + (x + 1) * s, E - y * s];
};

/** GDAL's rendering of a tile: warped (nearest, exact), then the bands picked and stretched to bytes, alpha kept. */
async function gdalTile(cog: string, z: number, x: number, y: number, bands: number[], stretch: [number, number][], extra: string[] = []) {
  const warped = path.join(work, `warp-${z}-${x}-${y}-${bands.join('')}.tif`);
  const png = warped.replace(/\.tif$/, '.png');
  await run('gdalwarp', [
    '-q',
    '-overwrite',
    '-t_srs',
    'EPSG:3857',
    '-te',
    ...tileBox(z, x, y).map(String),
    '-ts',
    '256',
    '256',
    '-r',
    'near',
    '-et',
    '0',
    '-dstalpha',
    ...extra,
    cog,
    warped,
  ]);
  const { stdout } = await run('gdalinfo', ['-json', warped]);
  const alpha = (JSON.parse(stdout) as { bands: unknown[] }).bands.length;
  const args = ['-q', '-of', 'PNG', '-ot', 'Byte'];
  bands.forEach((b, i) => args.push('-b', String(b + 1), `-scale_${i + 1}`, String(stretch[i]![0]), String(stretch[i]![1]), '0', '255'));
  args.push('-b', String(alpha), `-scale_${bands.length + 1}`, '0', '255', '0', '255', warped, png);
  await run('gdal_translate', args);
  return rgba(png);
}

/** Pixels whose channels differ by more than 1 (of 0–255), and the largest difference. */
function compare(a: Uint8ClampedArray, b: Uint8ClampedArray, grey = false) {
  let off = 0;
  let max = 0;
  for (let i = 0; i < a.length / 4; i++) {
    let d = 0;
    for (let c = 0; c < 4; c++) {
      // GDAL writes one grey band (+ alpha); the tile writes it into red, green and blue.
      const theirs = grey && c < 3 ? b[i * 4] : b[i * 4 + c];
      d = Math.max(d, Math.abs(a[i * 4 + c]! - theirs!));
    }
    if (d > 1) off++;
    max = Math.max(max, d);
  }
  return { off, max };
}

describe('registration', () => {
  it('registers the Olinda sample at first start as an imported scene, converted to a COG under the imagery root', async () => {
    const scene = await findScene(db(), SCENE);
    expect(scene).toMatchObject({ source: 'imported', hasImagery: true, satellite: 'LANDSAT-7', sensor: 'ETM+' });
    const asset = await servedAsset(db(), SCENE);
    const cog = fileURLToPath(asset!.href);
    expect(cog.startsWith(imageryRoot() + path.sep)).toBe(true);
    const { stdout } = await run('gdalinfo', ['-json', cog]);
    const info = JSON.parse(stdout) as { metadata: { IMAGE_STRUCTURE: Record<string, string> }; bands: Array<{ block: number[] }> };
    expect(info.metadata.IMAGE_STRUCTURE.LAYOUT).toBe('COG');
    expect(info.bands[0]!.block).toEqual([256, 256]);
    // The source is not a COG (strips of 3 rows): the command converted it.
    const source = JSON.parse((await run('gdalinfo', ['-json', OLINDA_FILE])).stdout) as typeof info;
    expect(source.metadata.IMAGE_STRUCTURE.LAYOUT).toBeUndefined();
    // The footprint is the raster's bounds in EPSG:4326 (GDAL's corners, to 1e-4°).
    const corners = (JSON.parse(stdout) as { wgs84Extent: { coordinates: number[][][] } }).wgs84Extent.coordinates[0]!;
    const [w, s, e, n] = scene!.bbox;
    expect(w).toBeCloseTo(Math.min(...corners.map((c) => c[0]!)), 4);
    expect(e).toBeCloseTo(Math.max(...corners.map((c) => c[0]!)), 4);
    expect(s).toBeCloseTo(Math.min(...corners.map((c) => c[1]!)), 4);
    expect(n).toBeCloseTo(Math.max(...corners.map((c) => c[1]!)), 4);
    // The stretch was computed once and kept.
    expect(asset!.stretch?.bands).toHaveLength(6);
  });

  it('gives the scene web-map links in its STAC item', async () => {
    const scene = await findScene(db(), SCENE);
    const { status, json } = await call(itemGet as never, `/api/stac/v1/collections/${scene!.collection}/items/${SCENE}`, {
      params: { collectionId: scene!.collection, itemId: SCENE },
    });
    expect(status).toBe(200);
    const item = json as unknown as {
      stac_extensions: string[];
      links: Array<{ rel: string; href: string; 'wmts:layer'?: string }>;
      assets: Record<string, { href: string }>;
    };
    expect(item.stac_extensions).toContain('https://stac-extensions.github.io/web-map-links/v1.2.0/schema.json');
    const xyz = item.links.find((l) => l.rel === 'xyz')!;
    expect(xyz.href).toBe(`http://127.0.0.1:${PORT}/map/satellite-image/tiles/${SCENE}/true-colour/{z}/{x}/{y}.png`);
    expect(item.links.find((l) => l.rel === 'wmts')).toMatchObject({
      href: `http://127.0.0.1:${PORT}/map/satellite-image/wmts`,
      'wmts:layer': SCENE,
    });
    // No server path is handed out.
    expect(JSON.stringify(item.assets)).not.toContain('file:');
  });

  it('converts and registers a plain GeoTIFF given to imagery:add, and the STAC import registers COG assets with roles data/visual', async () => {
    const copy = path.join(work, 'second.tif');
    await copyFile(OLINDA_FILE, copy);
    const done = await registerImagery(db(), copy, {
      id: 'OLINDA_SECOND',
      platform: 'landsat-7',
      sensor: 'etm+',
      datetime: '2002-02-01T00:00:00Z',
    });
    expect(done).toMatchObject({ converted: true, width: 349, height: 352, bands: 6 });
    const href = pathToFileURL(done.cog).href;
    const item = {
      type: 'Feature',
      stac_version: '1.0.0',
      id: 'OLINDA_STAC',
      geometry: done.footprint,
      properties: { datetime: '2002-03-01T00:00:00Z', platform: 'landsat-7', instruments: ['etm+'], gsd: 28.5 },
      assets: { image: { href, type: 'image/tiff; application=geotiff; profile=cloud-optimized', roles: ['data', 'visual'] } },
    };
    const report = await importStacText(db(), JSON.stringify(item));
    expect(report).toMatchObject({ written: 1, problems: [] });
    expect(await findScene(db(), 'OLINDA_STAC')).toMatchObject({ hasImagery: true });
    const [x, y] = tileOf(13, -34.87, -7.99);
    const tile = await getTile('OLINDA_STAC', 13, x, y);
    expect(tile.status).toBe(200);
    expect(Buffer.compare(tile.body, (await getTile(SCENE, 13, x, y)).body)).toBe(0);
  });
});

describe('tiles', () => {
  it.each([11, 12, 13, 14])('GetTile at zoom %i equals GDAL’s rendering of the same window (true colour)', async (z) => {
    const asset = (await servedAsset(db(), SCENE))!;
    const [x, y] = tileOf(z, -34.87, -7.99);
    const tile = await getTile(SCENE, z, x, y);
    expect(tile.status).toBe(200);
    expect(tile.headers.get('content-type')).toBe('image/png');
    const theirs = await gdalTile(
      fileURLToPath(asset.href),
      z,
      x,
      y,
      [2, 1, 0],
      [2, 1, 0].map((b) => asset.stretch!.bands[b]!),
    );
    expect(compare(await rgba(tile.body), theirs)).toMatchObject({ off: 0 });
  });

  it('draws false colour and a single band as GDAL does, and the same tiles on the XYZ path and the EPSG:900913 set', async () => {
    const asset = (await servedAsset(db(), SCENE))!;
    const cog = fileURLToPath(asset.href);
    const [x, y] = tileOf(12, -34.87, -7.99);
    const fc = await getTile(SCENE, 12, x, y, 'false-colour');
    expect(
      compare(
        await rgba(fc.body),
        await gdalTile(
          cog,
          12,
          x,
          y,
          [3, 2, 1],
          [3, 2, 1].map((b) => asset.stretch!.bands[b]!),
        ),
      ),
    ).toMatchObject({ off: 0 });
    const b4 = await getTile(SCENE, 12, x, y, 'band-4');
    expect(compare(await rgba(b4.body), await gdalTile(cog, 12, x, y, [3], [asset.stretch!.bands[3]!]), true)).toMatchObject({ off: 0 });
    const xyz = await get(`/map/satellite-image/tiles/${SCENE}/false-colour/12/${x}/${y}.png`);
    expect(Buffer.compare(xyz.body, fc.body)).toBe(0);
    const gwc = await getTile(SCENE, 12, x, y, 'false-colour', 'EPSG:900913');
    expect(Buffer.compare(gwc.body, fc.body)).toBe(0);
    // A colour map: not grey, and 512 pixels with @2x.
    const viridis = await get(`/map/satellite-image/tiles/${SCENE}/band-4-viridis/12/${x}/${y}@2x.png`);
    const px = await rgba(viridis.body);
    expect(px.length).toBe(512 * 512 * 4);
    const centre = (256 * 512 + 256) * 4;
    expect(new Set([px[centre], px[centre + 1], px[centre + 2]]).size).toBeGreaterThan(1);
    // Two gdalwarp runs and five tiles: 60 s was exceeded on a machine at load 12 (CI beside three builds).
  }, 180_000);

  it('reads only the byte ranges a tile needs', async () => {
    const asset = (await servedAsset(db(), SCENE))!;
    const size = (await stat(fileURLToPath(asset.href))).size;
    await resetImageryTiles(); // fresh threads: the file's directories are read again, and counted
    const [x, y] = tileOf(15, -34.87, -7.99);
    const first = await getTile(SCENE, 15, x, y);
    const read = Number(first.headers.get('x-bytes-read'));
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThan(size / 2);
    // A tile at the smallest zoom reads an overview: a few kilobytes.
    const [x9, y9] = tileOf(9, -34.87, -7.99);
    const low = await getTile(SCENE, 9, x9, y9);
    expect(Number(low.headers.get('x-bytes-read'))).toBeLessThan(size / 10);
  });

  it('answers tiles outside the image transparent, without reading it', async () => {
    const [x, y] = tileOf(12, -34.5, -7.5);
    const tile = await getTile(SCENE, 12, x, y);
    expect(tile.status).toBe(200);
    expect(tile.headers.get('x-bytes-read')).toBe('0');
    expect((await rgba(tile.body)).every((v) => v === 0)).toBe(true);
  });

  it('leaves nodata transparent', async () => {
    // A copy with a block of zeros (about 3 × 3 km around the tile's point; GeoJSON is in degrees) declared nodata.
    const plain = path.join(work, 'nodata-plain.tif');
    await run('gdal_translate', ['-q', '-of', 'GTiff', OLINDA_FILE, plain]);
    const cut = path.join(work, 'cut.geojson');
    await writeFile(
      cut,
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: {},
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [-34.885, -7.975],
                  [-34.855, -7.975],
                  [-34.855, -8.005],
                  [-34.885, -8.005],
                  [-34.885, -7.975],
                ],
              ],
            },
          },
        ],
      }),
    );
    await run('gdal_rasterize', [
      '-q',
      '-burn',
      '0',
      '-burn',
      '0',
      '-burn',
      '0',
      '-burn',
      '0',
      '-burn',
      '0',
      '-burn',
      '0',
      ...[1, 2, 3, 4, 5, 6].flatMap((b) => ['-b', String(b)]),
      cut,
      plain,
    ]);
    const withNodata = path.join(work, 'nodata.tif');
    await run('gdal_translate', ['-q', '-a_nodata', '0', plain, withNodata]);
    await registerImagery(db(), withNodata, {
      id: 'OLINDA_NODATA',
      platform: 'landsat-7',
      sensor: 'etm+',
      datetime: '2002-04-01T00:00:00Z',
    });
    const asset = (await servedAsset(db(), 'OLINDA_NODATA'))!;
    expect(asset.raster?.nodata).toBe(0);
    const [x, y] = tileOf(12, -34.87, -7.99);
    const mine = await rgba((await getTile('OLINDA_NODATA', 12, x, y)).body);
    const theirs = await gdalTile(
      fileURLToPath(asset.href),
      12,
      x,
      y,
      [2, 1, 0],
      [2, 1, 0].map((b) => asset.stretch!.bands[b]!),
      ['-srcnodata', '0'],
    );
    expect(compare(mine, theirs)).toMatchObject({ off: 0 });
    let transparent = 0;
    let opaque = 0;
    for (let i = 3; i < mine.length; i += 4)
      if (mine[i] === 0) transparent++;
      else opaque++;
    // The block of zeros and the margins are transparent; the rest of the image is not.
    const outside = await rgba((await getTile(SCENE, 12, x, y)).body);
    let margin = 0;
    for (let i = 3; i < outside.length; i += 4) if (outside[i] === 0) margin++;
    expect(transparent).toBeGreaterThan(margin + 5000);
    expect(opaque).toBeGreaterThan(10_000);
  });
});

describe('refusals', () => {
  const exception = (body: Buffer) => /exceptionCode="([A-Za-z]+)"/.exec(body.toString())?.[1];

  it.each([
    ['an unknown tile matrix set', `TILEMATRIXSET=EPSG:4326&TILEMATRIX=3&TILEROW=0&TILECOL=0`, 400, 'InvalidParameterValue'],
    ['a zoom beyond the set', `TILEMATRIXSET=EPSG:3857&TILEMATRIX=21&TILEROW=0&TILECOL=0`, 400, 'InvalidParameterValue'],
    ['a row outside the matrix', `TILEMATRIXSET=EPSG:3857&TILEMATRIX=2&TILEROW=4&TILECOL=0`, 400, 'TileOutOfRange'],
    ['a column that is not a number', `TILEMATRIXSET=EPSG:3857&TILEMATRIX=2&TILEROW=0&TILECOL=x`, 400, 'InvalidParameterValue'],
    ['a missing row', `TILEMATRIXSET=EPSG:3857&TILEMATRIX=2&TILECOL=0`, 400, 'MissingParameterValue'],
    ['an unknown style', `STYLE=band-9&TILEMATRIXSET=EPSG:3857&TILEMATRIX=2&TILEROW=0&TILECOL=0`, 400, 'StyleNotDefined'],
    ['another format', `FORMAT=image/jpeg&TILEMATRIXSET=EPSG:3857&TILEMATRIX=2&TILEROW=0&TILECOL=0`, 400, 'InvalidParameterValue'],
  ])('answers %s with an OGC exception', async (_, query, status, code) => {
    const response = await get(`/map/satellite-image/wmts?SERVICE=WMTS&REQUEST=GetTile&LAYER=${SCENE}&${query}`);
    expect(response.status).toBe(status);
    expect(exception(response.body)).toBe(code);
  });

  it('answers an unknown layer, a bad XYZ path and an unknown request with OGC exceptions', async () => {
    const unknown = await get(
      `/map/satellite-image/wmts?SERVICE=WMTS&REQUEST=GetTile&LAYER=nope&TILEMATRIXSET=EPSG:3857&TILEMATRIX=2&TILEROW=0&TILECOL=0`,
    );
    expect([unknown.status, exception(unknown.body)]).toEqual([404, 'InvalidParameterValue']);
    const badY = await get(`/map/satellite-image/tiles/${SCENE}/true-colour/3/1/x.png`);
    expect([badY.status, exception(badY.body)]).toEqual([400, 'InvalidParameterValue']);
    const far = await get(`/map/satellite-image/tiles/${SCENE}/true-colour/2/9/0.png`);
    expect([far.status, exception(far.body)]).toEqual([400, 'TileOutOfRange']);
    const op = await get(`/map/satellite-image/wmts?SERVICE=WMTS&REQUEST=GetFeatureInfo`);
    expect(exception(op.body)).toBe('OperationNotSupported');
  });

  it('reads nothing outside the imagery root: not a path, not .., not a link', async () => {
    const outside = path.join(work, 'outside.tif');
    await copyFile((await servedAsset(db(), SCENE))!.href.replace('file://', ''), outside);
    await mkdir(imageryRoot(), { recursive: true });
    const link = path.join(imageryRoot(), 'link-to-outside.tif');
    await rm(link, { force: true });
    await symlink(outside, link);
    const hrefs = {
      OUT_PATH: pathToFileURL(outside).href,
      OUT_DOTS: `${pathToFileURL(imageryRoot()).href}/../${path.basename(work)}/outside.tif`,
      OUT_LINK: pathToFileURL(link).href,
      OUT_HTTP: 'https://example.com/image.tif',
    };
    for (const [id, href] of Object.entries(hrefs)) {
      await db().query(
        `INSERT INTO scenes (id, file_name, collection, satellite, sensor, platform, product_level, resolution_m, acquired_at, footprint, centre, area_km2, source)
         SELECT $1, $1, collection, satellite, sensor, platform, product_level, resolution_m, acquired_at, footprint, centre, area_km2, 'imported' FROM scenes WHERE id = $2`,
        [id, SCENE],
      );
      await putImageryAsset(db(), { sceneId: id, key: 'data', href, roles: ['data'] });
      const [x, y] = tileOf(13, -34.87, -7.99);
      const tile = await getTile(id, 13, x, y);
      expect([id, tile.status, exception(tile.body)]).toEqual([id, 404, 'NoApplicableCode']);
    }
    // The STAC import refuses such an item, saying why.
    const item = {
      type: 'Feature',
      id: 'OUT_STAC',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 1],
            [0, 0],
          ],
        ],
      },
      properties: { datetime: '2002-03-01T00:00:00Z', platform: 'landsat-7', instruments: ['etm+'], gsd: 30 },
      assets: { image: { href: pathToFileURL(outside).href, type: 'image/tiff; application=geotiff', roles: ['data'] } },
    };
    const report = await importStacText(db(), JSON.stringify(item));
    expect(report.written).toBe(0);
    expect(report.problems[0]!.reason).toMatch(/IMAGERY_ROOT/);
    expect(await readFile(outside)).toBeTruthy();
  });
});

describe('bounds', () => {
  it('refuses a zoom too far out for the image’s overviews', async () => {
    // 3,000² pixels and no overviews: a zoom-6 tile would read all nine million.
    const big = path.join(imageryRoot(), 'no-overviews.tif');
    await run('gdal_translate', [
      '-q',
      '-of',
      'COG',
      '-co',
      'OVERVIEWS=NONE',
      '-co',
      'BLOCKSIZE=256',
      '-b',
      '1',
      '-outsize',
      '3000',
      '3000',
      OLINDA_FILE,
      big,
    ]);
    await registerImagery(db(), big, {
      id: 'OLINDA_NO_OVERVIEWS',
      platform: 'landsat-7',
      sensor: 'etm+',
      datetime: '2002-05-01T00:00:00Z',
    });
    const [x6, y6] = tileOf(6, -34.87, -7.99);
    const far = await getTile('OLINDA_NO_OVERVIEWS', 6, x6, y6, 'band-1');
    expect([far.status, /exceptionCode="([A-Za-z]+)"/.exec(far.body.toString())?.[1]]).toEqual([400, 'TileOutOfRange']);
    const [x, y] = tileOf(14, -34.87, -7.99);
    expect((await getTile('OLINDA_NO_OVERVIEWS', 14, x, y, 'band-1')).status).toBe(200);
  });

  it('bounds the tiles one client has in progress: the rest get 503 with Retry-After', async () => {
    process.env.IMAGERY_TILES_PER_CLIENT = '1';
    resetEnvCache();
    await resetImageryTiles();
    try {
      const tiles = [0, 1, 2, 3, 4, 5].map((i) => {
        const [x, y] = tileOf(15, -34.89 + i * 0.008, -7.99);
        return getTile(SCENE, 15, x, y, i % 2 ? 'false-colour' : 'true-colour');
      });
      const answers = await Promise.all(tiles);
      const refused = answers.filter((a) => a.status === 503);
      // One runs, one waits; the other four are refused at once.
      expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
      expect(refused).toHaveLength(4);
      expect(refused[0]!.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(refused[0]!.body.toString()).toContain('ows:ExceptionReport');
    } finally {
      delete process.env.IMAGERY_TILES_PER_CLIENT;
      resetEnvCache();
      await resetImageryTiles();
    }
  });
});

describe('GDAL reads the satellite-image WMTS', () => {
  it('lists the layers, opens one and translates a window of it', async () => {
    // GDAL's WMS/WMTS tile cache goes to the test's folder, not the working directory.
    const cache = ['--config', 'GDAL_DEFAULT_WMS_CACHE_PATH', path.join(work, 'gdal-cache')];
    const capabilities = `WMTS:http://127.0.0.1:${PORT}/map/satellite-image/wmts?SERVICE=WMTS&REQUEST=GetCapabilities`;
    const listing = (await run('gdalinfo', [...cache, capabilities])).stdout;
    expect(listing).toContain(`layer=${SCENE}`);
    const layer = `WMTS:http://127.0.0.1:${PORT}/map/satellite-image/wmts?SERVICE=WMTS&REQUEST=GetCapabilities,layer=${SCENE},tilematrixset=EPSG:3857`;
    const info = JSON.parse((await run('gdalinfo', [...cache, '-json', layer])).stdout) as {
      bands: unknown[];
      coordinateSystem: { wkt: string };
    };
    expect(info.bands).toHaveLength(4);
    expect(info.coordinateSystem.wkt).toContain('Pseudo-Mercator');
    const out = path.join(work, 'gdal-window.png');
    const [w, s, e, n] = [-3885000, -893000, -3880000, -888000];
    await run('gdal_translate', [
      ...cache,
      '-q',
      '-of',
      'PNG',
      '-projwin',
      String(w),
      String(n),
      String(e),
      String(s),
      '-outsize',
      '128',
      '128',
      layer,
      out,
    ]);
    const px = await rgba(out);
    let opaque = 0;
    for (let i = 3; i < px.length; i += 4) if (px[i] === 255) opaque++;
    expect(opaque).toBe(128 * 128);
  });
});
