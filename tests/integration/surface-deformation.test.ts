/**
 * Surface deformation (ADR 0015) against the database: the product search by region, extent, uploaded
 * area, uploaded file-name list and dates equals an independent SQL query; the image query's upload
 * refusals answer here too; every call needs a session and MOD_076, the rate cell also an area range and
 * answers only inside it.
 */
import { POST as allIdsPost } from '../../app/api/surface-deformation/v1/allids/route';
import { POST as basePost } from '../../app/api/surface-deformation/v1/base/route';
import { POST as exportsPost } from '../../app/api/surface-deformation/v1/exports/route';
import { GET as cellGet } from '../../app/api/surface-deformation/v1/grid/value-v2/route';
import { GET as templateGet } from '../../app/api/surface-deformation/v1/template/filenames/v2/route';
import { POST as unionPost } from '../../app/api/surface-deformation/v1/unionarea/route';
import { POST as listPost } from '../../app/api/surface-deformation/v1/upload/file/v2/FILE_NAMES/route';
import { POST as shpPost } from '../../app/api/surface-deformation/v1/upload/shp/route';
import { createSession } from '../../lib/server/session';
import en from '../../messages/en.json';
import zh from '../../messages/zh.json';
import { call, withTestDatabase } from '../support/api';
import { featureCollection, square } from '../support/area-files';

const db = withTestDatabase();
const API = '/api/surface-deformation/v1';

async function tokenOf(username: string): Promise<string> {
  const [user] = await db().query<{ id: string }>('SELECT id::text AS id FROM users WHERE username = $1', [username]);
  return (await createSession(db(), user!.id, { ip: 'test', userAgent: null })).token;
}

let admin: string;
let hebei: string;

beforeAll(async () => {
  admin = await tokenOf('demo-admin'); // every permission, the whole country
  hebei = await tokenOf('demo-hebei'); // every theme permission, range 130000
});

const search = (token: string, filter: object, pageSize = 100) =>
  call(basePost, `${API}/base`, { body: { filter, pageSize }, headers: { token } });

/** Product ids newest first, as the search orders them. */
async function sqlIds(where: string, params: string[]): Promise<string[]> {
  const rows = await db().query<{ id: string }>(`SELECT id FROM deform_products WHERE ${where} ORDER BY date_end DESC, id DESC`, params);
  return rows.map((r) => r.id);
}

async function upload(handler: (r: Request, c: { params: Promise<Record<string, string>> }) => Promise<Response>, path: string, name: string, content: string, locale = 'en') {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  const request = new Request(`http://localhost:3000${path}`, { method: 'POST', body: form, headers: { token: admin, 'x-locale': locale } });
  const response = await handler(request, { params: Promise.resolve({}) });
  return { status: response.status, json: (await response.json()) as { code: number; message: string; data: any } };
}

describe('product search', () => {
  it('by region, extent with dates and pass, and mission equals SQL over the footprints', async () => {
    const region = await search(admin, { area: { mode: 1, regionCodes: ['130900'] } });
    expect(region.json.code).toBe(0);
    const regionIds = await sqlIds(`ST_Intersects(footprint, (SELECT geom_hi FROM regions WHERE code = '130900'))`, []);
    expect(regionIds.length).toBeGreaterThan(3);
    expect(region.json.data.list.map((p: { id: string }) => p.id)).toEqual(regionIds);
    expect(region.json.data.total).toBe(regionIds.length);

    const filter = { area: { mode: 2, bbox: [116.3, 39.7, 116.9, 40.1] }, dateFrom: '2021-03-01', dateTo: '2022-10-31', passes: ['DESC'] };
    const extent = await search(admin, filter);
    const extentIds = await sqlIds(
      `ST_Intersects(footprint, ST_MakeEnvelope(116.3, 39.7, 116.9, 40.1, 4326)) AND date_end >= '2021-03-01' AND date_start <= '2022-10-31' AND pass = 'DESC'`,
      [],
    );
    expect(extentIds.length).toBeGreaterThan(1);
    expect(extent.json.data.list.map((p: { id: string }) => p.id)).toEqual(extentIds);

    const lt1 = await call(allIdsPost, `${API}/allids`, { body: { filter: { missions: ['LT1'] } }, headers: { token: admin } });
    expect(lt1.json.data.ids).toEqual(await sqlIds(`mission = 'LT1'`, []));
    expect(lt1.json.data.ids.length).toBeGreaterThan(0);
  });

  it('by an uploaded area and by an uploaded file-name list, with the image query’s uploads', async () => {
    const shape = square(116.4, 39.8, 0.3);
    const area = await upload(shpPost, `${API}/upload/shp`, 'beijing.geojson', JSON.stringify(featureCollection(shape)));
    expect(area.json.code).toBe(0);
    const byArea = await search(admin, { area: { mode: 3, uploadId: area.json.data.id } });
    const areaIds = await sqlIds(`ST_Intersects(footprint, ST_GeomFromGeoJSON($1))`, [JSON.stringify({ ...shape, crs: { type: 'name', properties: { name: 'EPSG:4326' } } })]);
    expect(areaIds.length).toBeGreaterThan(0);
    expect(byArea.json.data.list.map((p: { id: string }) => p.id)).toEqual(areaIds);

    const names = (await db().query<{ file_name: string }>(`SELECT file_name FROM deform_products ORDER BY id LIMIT 3 OFFSET 10`)).map((r) => r.file_name);
    const list = await upload(listPost, `${API}/upload/file/v2/FILE_NAMES`, 'names.txt', `文件名\n${names.join('\n')}\nS1A_IW_SBAS_999D_0001_20990101_20991231_LOS_VEL\n`);
    expect(list.json.code).toBe(0);
    expect(list.json.data.lines).toBe(4);
    const byList = await search(admin, { area: { mode: 5, uploadId: list.json.data.id } });
    expect(byList.json.data.list.map((p: { fileName: string }) => p.fileName).sort()).toEqual([...names].sort());
  });

  it('refuses what the image query refuses, in the caller’s language', async () => {
    for (const [locale, messages] of [
      ['zh', zh],
      ['en', en],
    ] as const) {
      // The image query's refusal: code 400 in the envelope, its message in the caller's language.
      const wrong = await upload(shpPost, `${API}/upload/shp`, 'notes.txt', 'hello', locale);
      expect(wrong.json.code).toBe(400);
      expect(wrong.json.message).toBe(messages.Upload.errors.wrongType);
      const empty = await upload(listPost, `${API}/upload/file/v2/FILE_NAMES`, 'empty.txt', '\n\n', locale);
      expect(empty.json.code).toBe(400);
      const region = await call(basePost, `${API}/base`, {
        body: { filter: { area: { mode: 1, regionCodes: ['999999'] } } },
        headers: { token: admin, 'x-locale': locale },
      });
      expect(region.json.code).toBe(400);
      expect(region.json.message).toBe(messages.Catalogue.errors.unknownRegion);
      const dates = await call(basePost, `${API}/base`, {
        body: { filter: { dateFrom: '2022-01-02', dateTo: '2022-01-01' } },
        headers: { token: admin, 'x-locale': locale },
      });
      expect(dates.json.code).toBe(400);
      expect(dates.json.message).toContain(messages.Deformation.errors.dateRange);
    }
  });

  it('unions the footprints like SQL and exports the same rows as CSV', async () => {
    const filter = { area: { mode: 1, regionCodes: ['131100'] } };
    const union = await call(unionPost, `${API}/unionarea`, { body: { filter }, headers: { token: admin } });
    expect(union.json.code).toBe(0);
    const [expected] = await db().query<{ km2: number; n: number }>(
      `SELECT ST_Area(ST_Union(footprint)::geography) / 1e6 AS km2, count(*)::int AS n FROM deform_products
        WHERE ST_Intersects(footprint, (SELECT geom_hi FROM regions WHERE code = '131100'))`,
    );
    expect(union.json.data.sceneCount).toBe(expected!.n);
    expect(Math.abs(union.json.data.unionKm2 - expected!.km2) / expected!.km2).toBeLessThan(0.001);

    const csv = await exportsPost(
      new Request(`http://localhost:3000${API}/exports?lang=en`, { method: 'POST', body: JSON.stringify({ filter }), headers: { token: admin, 'content-type': 'application/json' } }),
    );
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toContain(en.Deformation.columns.fileName);
    expect(lines).toHaveLength(expected!.n + 1);

    const template = await templateGet(new Request(`http://localhost:3000${API}/template/filenames/v2?format=txt&lang=en`, { headers: { token: admin } }));
    const [newest] = await db().query<{ file_name: string }>(`SELECT file_name FROM deform_products ORDER BY date_end DESC, id DESC LIMIT 1`);
    expect(await template.text()).toContain(newest!.file_name);
  });
});

describe('module rules', () => {
  it('need a session (401) and MOD_076 (403) for every call; the rate cell also an area range', async () => {
    const city = await tokenOf('demo-city'); // land cover only
    expect((await call(basePost, `${API}/base`, { body: {} })).status).toBe(401);
    expect((await call(cellGet, `${API}/grid/value-v2?lon=116.55&lat=39.95`)).status).toBe(401);
    expect((await call(basePost, `${API}/base`, { body: {}, headers: { token: city } })).status).toBe(403);
    expect((await call(cellGet, `${API}/grid/value-v2?lon=116.55&lat=39.95`, { headers: { token: city } })).status).toBe(403);
    // The permission without any area range: the grid is closed.
    const [user] = await db().query<{ id: string }>(`SELECT id::text AS id FROM users WHERE username = 'demo-hebei'`);
    await db().query('UPDATE area_ranges SET status = 1 WHERE user_id = $1', [user!.id]);
    try {
      const noRange = await tokenOf('demo-hebei');
      const closed = await call(cellGet, `${API}/grid/value-v2?lon=116.85&lat=38.3`, { headers: { token: noRange, 'x-locale': 'en' } });
      expect(closed.status).toBe(403);
      expect(closed.json.message).toBe(en.Spots.errors.noAreaRange);
    } finally {
      await db().query('UPDATE area_ranges SET status = 0 WHERE user_id = $1', [user!.id]);
    }
  });

  it('answers a cell with its series inside the range and nothing outside it', async () => {
    const chaoyang = await call(cellGet, `${API}/grid/value-v2?lon=116.55&lat=39.95`, { headers: { token: admin } });
    expect(chaoyang.json.code).toBe(0);
    const cell = chaoyang.json.data;
    const [row] = await db().query<{ rate: number; n: number; xzqdm: string }>(
      `SELECT rate::float8 AS rate, cardinality(series) AS n, xzqdm FROM deform_cells WHERE x = $1 AND y = $2`,
      [cell.x, cell.y],
    );
    expect(cell.rate).toBeCloseTo(row!.rate, 1);
    expect(cell.rate).toBeLessThan(-80);
    expect(cell.series).toHaveLength(row!.n);
    expect(cell.series[0]).toEqual({ date: '2019-01-06', mm: 0 });
    expect(cell.xzqdm).toBe(row!.xzqdm);
    expect(cell.bbox[0]).toBeLessThanOrEqual(116.55);
    expect(cell.bbox[2]).toBeGreaterThan(116.55);

    // A Hebei user: Cangzhou (Hebei) yes, Beijing no.
    const beijing = await call(cellGet, `${API}/grid/value-v2?lon=116.55&lat=39.95`, { headers: { token: hebei } });
    expect(beijing.json).toMatchObject({ code: 0, data: null });
    const cangzhou = await call(cellGet, `${API}/grid/value-v2?lon=116.85&lat=38.3`, { headers: { token: hebei } });
    expect(cangzhou.json.data.xzqdm).toMatch(/^13/);
    expect(cangzhou.json.data.rate).toBeLessThan(-60);
    // No data at sea or far from every bowl window.
    const none = await call(cellGet, `${API}/grid/value-v2?lon=100&lat=30`, { headers: { token: admin } });
    expect(none.json.data).toBeNull();
  });
});
