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
