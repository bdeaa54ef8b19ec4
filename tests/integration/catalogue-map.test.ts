/**
 * The catalogue's density layer draws exactly the scenes the search finds: SCENE_FILTER goes through the
 * same query builder (WFS ids = search ids), pixels appear over matching footprints only, and a bad
 * filter is an OGC exception that runs no query.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { POST as allIdsPost } from '../../app/api/normal/v5/normalmeta/allids/route';
import { GET as wfsGet } from '../../app/map/cloudPlatform/wfs/route';
import { GET as wmsGet } from '../../app/map/cloudPlatform/wms/route';
import type { SceneFilter } from '../../lib/shared/contracts/catalogue';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();

async function insert(id: string, collection: string, lon: number, lat: number, cloud: number) {
  await db().query(
    `INSERT INTO scenes (id, file_name, collection, satellite, sensor, platform, product_level, resolution_m, acquired_at, cloud_pct,
       footprint, centre, area_km2, source)
     SELECT $1, $1, $2, 'MAPTEST', 'CAM', 'maptest', 'L1A', 2, '2025-05-01T03:00:00Z', $3, g, ST_Centroid(g), ST_Area(g::geography) / 1e6, 'imported'
       FROM (SELECT ST_MakeEnvelope($4::float8 - 0.5, $5::float8 - 0.5, $4::float8 + 0.5, $5::float8 + 0.5, 4326) AS g) x`,
    [id, collection, cloud, lon, lat],
  );
}

beforeAll(async () => {
  // West: clear scenes; east: cloudy ones. Far from China, so demo scenes do not interfere.
  await insert('MAP_CLEAR_1', 'maptest-a', -40, -40, 5);
  await insert('MAP_CLEAR_2', 'maptest-a', -40, -40, 8);
  await insert('MAP_CLOUDY', 'maptest-a', -38, -40, 90);
});

const get = async (handler: (r: Request) => Promise<Response>, query: string) =>
  handler(new Request(`http://localhost:3000/map/cloudPlatform/x?${query}`));

const filterParam = (filter: SceneFilter) => encodeURIComponent(JSON.stringify(filter));

async function alphaAt(png: Response, x: number, y: number): Promise<number> {
  const image = await loadImage(Buffer.from(await png.arrayBuffer()));
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  return canvas.getContext('2d').getImageData(x, y, 1, 1).data[3]!;
}

describe('scene density layer', () => {
  const filter: SceneFilter = { collections: ['maptest-a'], cloudMax: 20 };
  const getMap = (f: SceneFilter | null) =>
    get(
      wmsGet,
      `SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=cloudPlatform:scene_density&STYLES=&SRS=EPSG:4326&BBOX=-41,-41,-37,-39&WIDTH=200&HEIGHT=100&FORMAT=image/png&TRANSPARENT=true${
        f ? `&SCENE_FILTER=${filterParam(f)}` : ''
      }`,
    );

  it('draws the matching footprints, darker where they overlap, and nothing else', async () => {
    const response = await getMap(filter);
    expect(response.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await response.arrayBuffer());
    const at = (x: number, y: number) => alphaAt(new Response(png), x, y);
    // x: 50 px per degree from -41; the clear pair covers -40.5..-39.5 (x 25..75), the cloudy scene x 125..175.
    expect(await at(50, 50)).toBeGreaterThan(0);
    expect(await at(150, 50)).toBe(0);
    expect(await at(100, 50)).toBe(0);
    // Without the filter the cloudy scene is drawn too, and one footprint is fainter than two.
    const all = Buffer.from(await (await getMap({ collections: ['maptest-a'] })).arrayBuffer());
    const single = await alphaAt(new Response(all), 150, 50);
    expect(single).toBeGreaterThan(0);
    expect(await alphaAt(new Response(all), 50, 50)).toBeGreaterThan(single);
  });

  it('selects by WFS the same ids as the search', async () => {
    const wfs = await get(
      wfsGet,
      `SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=cloudPlatform:scene_density&OUTPUTFORMAT=application/json&SCENE_FILTER=${filterParam(filter)}`,
    );
    const collection = (await wfs.json()) as { features: Array<{ id: string }> };
    const fromMap = collection.features.map((f) => f.id.replace(/^scene_density\./, '')).sort();
    const search = await call(allIdsPost, '/api/normal/v5/normalmeta/allids', { body: { filter } });
    expect(fromMap).toEqual([...search.json.data.ids].sort());
    expect(fromMap).toEqual(['MAP_CLEAR_1', 'MAP_CLEAR_2']);
  });

  it.each([
    ['not JSON', '{nope'],
    ['a bad field', JSON.stringify({ cloudMax: 500 })],
    ['SQL', JSON.stringify({ collections: ["x') OR 1=1 --"] })],
  ])('answers %s with an OGC exception', async (_name, value) => {
    const response = await get(
      wmsGet,
      `SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=cloudPlatform:scene_density&STYLES=&SRS=EPSG:4326&BBOX=-41,-41,-37,-39&WIDTH=20&HEIGHT=10&FORMAT=image/png&SCENE_FILTER=${encodeURIComponent(value)}`,
    );
    const text = await response.text();
    expect(text).toContain('ServiceException');
    expect(text).toContain('SCENE_FILTER');
  });
});

describe('scene density across tile edges', () => {
  // Web Mercator tiles of zoom 6 (5.625° wide): A = (28, 37) and B = (29, 37) share the edge at −16.875°;
  // the tile spans latitudes −31.95…−27.06 (South Atlantic, far from every other fixture).
  const Z = 6;
  const E = Math.PI * 6378137;
  const tileBox = (x: number, y: number, span = 1) => {
    const size = (2 * E) / 2 ** Z;
    const minx = -E + x * size;
    const maxy = E - y * size;
    return [minx, maxy - span * size, minx + span * size, maxy].join(',');
  };
  const filter = encodeURIComponent(JSON.stringify({ collections: ['maptest-dense'] } satisfies SceneFilter));
  const tile = async (x: number, y: number, span = 1) => {
    const px = 256 * span;
    const response = await get(
      wmsGet,
      `SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=cloudPlatform:scene_density&STYLES=&SRS=EPSG:3857&BBOX=${tileBox(x, y, span)}&WIDTH=${px}&HEIGHT=${px}&FORMAT=image/png&TRANSPARENT=true&SCENE_FILTER=${filter}`,
    );
    expect(response.headers.get('content-type')).toBe('image/png');
    const image = await loadImage(Buffer.from(await response.arrayBuffer()));
    const canvas = createCanvas(px, px);
    canvas.getContext('2d').drawImage(image, 0, 0);
    const data = canvas.getContext('2d').getImageData(0, 0, px, px).data;
    return { alpha: (i: number, j: number) => data[(j * px + i) * 4 + 3]! };
  };

  beforeAll(async () => {
    // More scenes than one image may draw (MAX_DRAWN_FEATURES = 50,000), all in tile A away from the edge
    // and older than the five that straddle the edge: an image drawing the oldest 50,000 loses those five
    // in A but not in B.
    await db().query(
      `INSERT INTO scenes (id, file_name, collection, satellite, sensor, platform, product_level, resolution_m, acquired_at, cloud_pct,
         footprint, centre, area_km2, source)
       SELECT id, id, 'maptest-dense', 'MAPTEST', 'CAM', 'maptest', 'L1A', 2, acquired, 5, g, ST_Centroid(g), ST_Area(g::geography) / 1e6, 'imported'
         FROM (SELECT 'DENSE_' || n AS id, '2020-01-01T00:00:00Z'::timestamptz + n * interval '1 second' AS acquired,
                      ST_MakeEnvelope(-22 + (n % 200) * 0.02, -31.5 + (n / 200) * 0.015, -21.99 + (n % 200) * 0.02, -31.49 + (n / 200) * 0.015, 4326) AS g
                 FROM generate_series(0, 50999) n
               UNION ALL
               SELECT 'EDGE_' || n, '2025-06-01T00:00:00Z'::timestamptz + n * interval '1 day', ST_MakeEnvelope(-17.375, -30, -16.375, -29, 4326)
                 FROM generate_series(1, 5) n) x`,
    );
  }, 120_000);

  it('shades both sides of a tile edge alike, however many scenes either tile holds', async () => {
    const [a, b] = [await tile(28, 37), await tile(29, 37)];
    // The five scenes span rows 100–152 of the tile (latitudes −29…−30°) and 22 px either side of the edge.
    const expected = Math.round(255 * (1 - 0.92 ** 5));
    for (const j of [110, 126, 142])
      for (let d = 1; d <= 4; d++) {
        expect(Math.abs(a.alpha(256 - d, j) - expected)).toBeLessThanOrEqual(2);
        expect(Math.abs(b.alpha(d - 1, j) - expected)).toBeLessThanOrEqual(2);
      }
    // The dense part of A is shaded, B beyond the five scenes not at all.
    const shaded = (t: typeof a) => {
      let n = 0;
      for (let j = 100; j < 200; j++) for (let i = 40; i < 140; i++) if (t.alpha(i, j) > 0) n++;
      return n;
    };
    expect(shaded(a)).toBeGreaterThan(1000);
    expect(shaded(b)).toBe(0);
  }, 60_000);

  it('draws a 512-px image as its four 256-px tiles', async () => {
    const [whole, parts] = [await tile(28, 36, 2), [await tile(28, 36), await tile(29, 36), await tile(28, 37), await tile(29, 37)]];
    let worst = 0;
    for (let j = 0; j < 512; j += 3)
      for (let i = 0; i < 512; i += 3) {
        const part = parts[(j >= 256 ? 2 : 0) + (i >= 256 ? 1 : 0)]!;
        worst = Math.max(worst, Math.abs(whole.alpha(i, j) - part.alpha(i % 256, j % 256)));
      }
    expect(worst).toBeLessThanOrEqual(1);
  }, 60_000);
});
