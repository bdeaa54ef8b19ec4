/**
 * The theme machinery (issue 20, ADR 0014) on features of its own: one batch per theme written here (quarter
 * 2019Q1, outside the demo batches), so the figures are checked against an independent SQL aggregate of
 * exactly these rows. Each theme's API and layers answer only its own rows, under its own permission.
 */
import { GET as wfsGet } from '../../app/map/cloudPlatform/wfs/route';
import { GET as statisticsGet } from '../../app/api/[theme]/[version]/statistics/[x]/route';
import { GET as trendGet } from '../../app/api/[theme]/[version]/statistics/trend/route';
import { GET as latestGet } from '../../app/api/[theme]/[version]/statistics/lastest/route';
import { GET as listGet } from '../../app/api/[theme]/[version]/meta/route';
import { GET as getGet } from '../../app/api/[theme]/[version]/meta/id/[id]/route';
import { GET as legendGet } from '../../app/api/[theme]/[version]/legend/length/route';
import { GET as spotGet } from '../../app/api/spot/v2/spotmeta/id/[id]/route';
import { GET as spotsGet } from '../../app/api/spot/v2/spotmeta/route';
import { GET as dictionaryGet } from '../../app/api/system/v1/dic/code/[CODE]/item/s/route';
import { createSession } from '../../lib/server/session';
import { spotDetailSchema, spotSchema, spotStatisticsSchema, spotTrendSchema } from '../../lib/shared/contracts/spots';
import { lengthLegendSchema } from '../../lib/shared/contracts/themes';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();

async function tokenOf(username: string): Promise<string> {
  const [user] = await db().query<{ id: string }>('SELECT id::text AS id FROM users WHERE username = $1', [username]);
  return (await createSession(db(), user!.id, { ip: 'test', userAgent: null })).token;
}

/** Zhangbei (Hebei) and Siziwang Banner (Inner Mongolia): one place inside a Hebei user's range, one outside. */
const HEBEI: [number, number] = [114.72, 41.16];
const MONGOLIA: [number, number] = [111.7, 41.6];

const batches: Record<'windmill' | 'road' | 'steelplant', string> = { windmill: '', road: '', steelplant: '' };

async function addBatch(theme: keyof typeof batches): Promise<string> {
  const [row] = await db().query<{ id: string }>(
    `INSERT INTO spot_batches (theme, quarter, type_name_zh, type_name_en, period_start, period_end, status, demo)
     VALUES ($1, '2019Q1', '2019年第一季度（测试）', '2019 Q1 (test)', '2019-01-01', '2019-03-31', 'published', true) RETURNING id::text AS id`,
    [theme],
  );
  return row!.id;
}

async function addFeature(
  theme: keyof typeof batches,
  tblx: string,
  stage: string,
  wkt: string,
  extra: { capacity?: number; name?: string } = {},
) {
  await db().query(
    `WITH g AS (SELECT ST_GeomFromText($4, 4326) AS geom)
     INSERT INTO spots (theme, batch_id, xzqdm, stage, tblx, filename, area_m2, length_m, capacity, name_zh, name_en, geom, center, detected_on, demo)
     SELECT $1, $2::bigint, r.code, $5, $3, 'GF1_TEST_20190115', CASE WHEN GeometryType(g.geom) = 'MULTIPOLYGON' THEN ST_Area(g.geom::geography) ELSE 0 END,
            CASE WHEN GeometryType(g.geom) = 'MULTILINESTRING' THEN ST_Length(g.geom::geography) END, $6, $7, $7, g.geom,
            ST_PointOnSurface(g.geom), '2019-02-01', true
     FROM g JOIN regions r ON r.level = 'county' AND ST_Covers(r.geom_hi, ST_PointOnSurface(g.geom))`,
    [theme, batches[theme], tblx, wkt, stage, extra.capacity ?? null, extra.name ?? null],
  );
}

const square = ([lon, lat]: [number, number], d: number) =>
  `MULTIPOLYGON(((${lon} ${lat}, ${lon + d} ${lat}, ${lon + d} ${lat + d}, ${lon} ${lat + d}, ${lon} ${lat})))`;

beforeAll(async () => {
  for (const theme of ['windmill', 'road', 'steelplant'] as const) batches[theme] = await addBatch(theme);
  for (const [place, turbines] of [
    [HEBEI, 3],
    [MONGOLIA, 2],
  ] as const) {
    await addFeature('windmill', 'farm', '2', square(place, 0.05), { capacity: turbines * 4.5, name: 'Test farm' });
    for (let i = 0; i < turbines; i++)
      await addFeature('windmill', 'turbine', i === 0 ? '1' : '2', `POINT(${place[0] + 0.01 * (i + 1)} ${place[1] + 0.01})`, {
        capacity: 4.5,
      });
  }
  await addFeature('road', 'expressway', 'new', `MULTILINESTRING((${HEBEI[0]} ${HEBEI[1]}, ${HEBEI[0] + 0.1} ${HEBEI[1] + 0.02}))`);
  await addFeature('road', 'rural', 'upgraded', `MULTILINESTRING((${MONGOLIA[0]} ${MONGOLIA[1]}, ${MONGOLIA[0]} ${MONGOLIA[1] + 0.05}))`);
  await addFeature('steelplant', 'bf', '1', `POINT(${HEBEI[0]} ${HEBEI[1]})`, { capacity: 8.2, name: 'Test steel' });
  await addFeature('steelplant', 'bf', '3', `POINT(${HEBEI[0] + 0.02} ${HEBEI[1]})`, { capacity: 5, name: 'Demolished steel' });
});

const themed = (theme: string, version: string, extra: Record<string, string> = {}) => ({ theme, version, ...extra });

describe('theme statistics (public)', () => {
  // The demo data's current batch of each theme, by province, against SQL written out per theme.
  it.each([
    ['windmill', 'v1', `tblx = 'turbine' AND stage <> '3'`, 'sum(capacity)'],
    ['pvland', 'v1', 'TRUE', 'sum(area_m2)'],
    ['road', 'v1', 'TRUE', 'sum(ST_Length(geom::geography)) / 1000'],
    ['steelplant', 'v2', `stage <> '3'`, 'sum(capacity)'],
  ])('%s: the current batch by province equals an SQL aggregate', async (theme, version, counted, measure) => {
    const response = await call(latestGet, `/api/${theme}/${version}/statistics/lastest`, { params: themed(theme, version) });
    const data = spotStatisticsSchema.parse(response.json.data);
    expect(data.batch?.current).toBe(true);
    const expected = await db().query<{ p: string; n: number; m: number }>(
      `SELECT left(xzqdm, 2) || '0000' AS p, count(*)::int AS n, ${measure} AS m FROM spots
       WHERE batch_id = $1 AND ${counted} GROUP BY 1`,
      [data.batch!.id],
    );
    expect(expected.length).toBeGreaterThan(3);
    const second = theme === 'pvland' ? 'area' : theme === 'road' ? 'length' : 'capacity';
    for (const row of expected) {
      const item = data.items.find((i) => i.code === row.p)!;
      expect(item.count).toBe(row.n);
      expect(item[second]).toBeCloseTo(row.m, 1);
    }
    expect(data.total.count).toBe(expected.reduce((n, r) => n + r.n, 0));
  });

  it('counts and sums the counted kinds of a batch by province exactly as SQL does (wind: turbines, not farms)', async () => {
    const response = await call(statisticsGet, `/api/windmill/v1/statistics/${batches.windmill}`, {
      params: themed('windmill', 'v1', { x: batches.windmill }),
      headers: { 'x-locale': 'en' },
    });
    expect(response.json.code).toBe(0);
    const data = spotStatisticsSchema.parse(response.json.data);
    const expected = await db().query<{ p: string; n: number; c: number }>(
      `SELECT left(xzqdm, 2) || '0000' AS p, count(*)::int AS n, sum(capacity) AS c FROM spots
       WHERE batch_id = $1 AND tblx = 'turbine' GROUP BY 1`,
      [batches.windmill],
    );
    expect(expected.map((r) => r.n).sort()).toEqual([2, 3]);
    for (const row of expected) {
      const item = data.items.find((i) => i.code === row.p)!;
      expect([item.count, item.capacity]).toEqual([row.n, Math.round(row.c * 100) / 100]);
      expect(item.length).toBeUndefined();
    }
    expect(data.total).toMatchObject({ count: 5, capacity: 22.5 });
    // A batch of another theme is not this theme's.
    const other = await call(statisticsGet, `/api/windmill/v1/statistics/${batches.road}`, {
      params: themed('windmill', 'v1', { x: batches.road }),
      headers: { 'x-locale': 'zh' },
    });
    expect(other.json.code).toBe(404);
  });

  it('leaves retired stages (a demolished plant) out of the figures unless the stage filter asks for them', async () => {
    const figures = async (query: string) =>
      spotStatisticsSchema.parse(
        (
          await call(statisticsGet, `/api/steelplant/v2/statistics/${batches.steelplant}${query}`, {
            params: themed('steelplant', 'v2', { x: batches.steelplant }),
          })
        ).json.data,
      ).total;
    expect(await figures('')).toMatchObject({ count: 1, capacity: 8.2 });
    expect(await figures('?stage=3')).toMatchObject({ count: 1, capacity: 5 });
  });

  it('measures road length in km and classes the length legend up to the longest region', async () => {
    const [{ km } = { km: 0 }] = await db().query<{ km: number }>(
      `SELECT sum(ST_Length(geom::geography)) / 1000 AS km FROM spots WHERE batch_id = $1`,
      [batches.road],
    );
    const response = await call(statisticsGet, `/api/road/v1/statistics/${batches.road}`, {
      params: themed('road', 'v1', { x: batches.road }),
    });
    const data = spotStatisticsSchema.parse(response.json.data);
    expect(data.total.count).toBe(2);
    expect(data.total.length).toBeCloseTo(km, 1);
    expect(data.total.capacity).toBeUndefined();
    const trend = spotTrendSchema.parse(
      (await call(trendGet, '/api/road/v1/statistics/trend', { params: themed('road', 'v1') })).json.data,
    );
    const ours = trend.series.find((s) => s.id === batches.road)!;
    expect(ours.length).toBeCloseTo(km, 1);
    expect(ours.byChangeType).toEqual([]);
    // The legend classes: equal steps from 0 to the largest province's km (only road has a length legend).
    const legend = lengthLegendSchema.parse(
      (await call(legendGet, '/api/road/v1/legend/length', { params: themed('road', 'v1') })).json.data,
    );
    expect(legend.unit).toBe('km');
    const none = await call(legendGet, '/api/windmill/v1/legend/length', { params: themed('windmill', 'v1') });
    expect(none.json.code).toBe(404);
  });

  it('answers 404 for an undeclared theme or version, and checks filters against the theme’s own code lists', async () => {
    for (const [theme, version] of [
      ['solar', 'v1'],
      ['windmill', 'v2'],
      ['spot', 'v2'],
    ])
      expect((await call(trendGet, `/api/${theme}/${version}/statistics/trend`, { params: themed(theme!, version!) })).json.code).toBe(404);
    const badKind = await call(trendGet, '/api/windmill/v1/statistics/trend?tblx=101', {
      params: themed('windmill', 'v1'),
      headers: { 'x-locale': 'en' },
    });
    expect([badKind.json.code, badKind.json.message]).toEqual([400, 'Invalid request: There is no spot type with this code.']);
    const steelStage = await call(trendGet, '/api/steelplant/v2/statistics/trend?stage=3', { params: themed('steelplant', 'v2') });
    expect(steelStage.json.code).toBe(0);
    // Land cover's spot v2 serves land cover only.
    const crossed = await call(spotsGet, '/api/spot/v2/spotmeta?theme=windmill', { headers: { token: await tokenOf('demo-hebei') } });
    expect(crossed.json.code).toBe(400);
    const stages = await call(dictionaryGet, '/api/system/v1/dic/code/STEELPLANT_META_STAGE/item/s', {
      params: { CODE: 'STEELPLANT_META_STAGE' },
      headers: { 'x-locale': 'en' },
    });
    expect(stages.json.data.map((i: { name: string }) => i.name)).toEqual(['Operating', 'Idle', 'Demolished', 'Under construction']);
  });
});

describe('theme detail (own permission and area ranges)', () => {
  it('lists only the features of the theme in the caller’s range, with their extras', async () => {
    expect((await call(listGet, '/api/windmill/v1/meta', { params: themed('windmill', 'v1') })).status).toBe(401);
    // demo-city holds land cover only: every other theme's detail is refused.
    const city = await tokenOf('demo-city');
    const refused = await call(listGet, '/api/windmill/v1/meta', { params: themed('windmill', 'v1'), headers: { token: city } });
    expect([refused.status, refused.json.code]).toEqual([403, 403]);

    const hebei = await tokenOf('demo-hebei');
    const list = await call(listGet, `/api/windmill/v1/meta?batch=${batches.windmill}&pageSize=100`, {
      params: themed('windmill', 'v1'),
      headers: { token: hebei, 'x-locale': 'en' },
    });
    const page = list.json.data as { list: unknown[]; total: number };
    expect(page.total).toBe(4); // Hebei's farm and three turbines; Inner Mongolia's are outside the range
    const features = page.list.map((f) => spotSchema.parse(f));
    expect(features.every((f) => f.theme === 'windmill' && f.xzqdm.startsWith('13') && f.changeType === null)).toBe(true);
    const farm = features.find((f) => f.tblx === 'farm')!;
    expect([farm.tblxName, farm.stageName, farm.capacity, farm.name]).toEqual(['Wind farm', 'In operation', 13.5, 'Test farm']);
    expect(farm.since).toBeNull(); // written without a facility key

    const turbine = features.find((f) => f.tblx === 'turbine')!;
    const one = await call(getGet, `/api/windmill/v1/meta/id/${turbine.id}`, {
      params: themed('windmill', 'v1', { id: turbine.id }),
      headers: { token: hebei },
    });
    expect(spotDetailSchema.parse(one.json.data).geometry.type).toBe('Point');
    // The same id through another theme's API, or land cover's, does not exist.
    for (const [handler, path, params] of [
      [getGet, `/api/road/v1/meta/id/${turbine.id}`, themed('road', 'v1', { id: turbine.id })],
      [spotGet, `/api/spot/v2/spotmeta/id/${turbine.id}`, { id: turbine.id }],
    ] as const)
      expect((await call(handler, path, { params, headers: { token: hebei } })).json.code).toBe(404);
    // A feature outside the range does not exist for the caller.
    const [outside] = await db().query<{ id: string }>(
      `SELECT id::text AS id FROM spots WHERE batch_id = $1 AND xzqdm LIKE '15%' LIMIT 1`,
      [batches.windmill],
    );
    const far = await call(getGet, `/api/windmill/v1/meta/id/${outside!.id}`, {
      params: themed('windmill', 'v1', { id: outside!.id }),
      headers: { token: hebei },
    });
    expect(far.json.code).toBe(404);
  });

  it('draws a theme’s layer with its own rows only, for holders of its permission in their range', async () => {
    const wfs = async (layer: string, token: string) => {
      const response = await wfsGet(
        new Request(
          `http://localhost:3000/map/cloudPlatform/wfs?SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=${layer}&OUTPUTFORMAT=application/json&COUNT=1000&CQL_FILTER=${encodeURIComponent(`batch = ${batches[layer.split('_')[0] as keyof typeof batches] ?? 0}`)}`,
          { headers: { token } },
        ),
      );
      return JSON.parse(await response.text()) as { numberMatched: number; features: { properties: Record<string, unknown> }[] };
    };
    const hebei = await tokenOf('demo-hebei');
    const admin = await tokenOf('demo-admin');
    const wind = await wfs('windmill_meta', admin);
    expect(wind.numberMatched).toBe(7);
    expect(wind.features.every((f) => f.properties.theme === 'windmill')).toBe(true);
    expect(Object.keys(wind.features[0]!.properties)).toEqual(expect.arrayContaining(['capacity', 'name_en', 'stage', 'tblx']));
    expect(Object.keys(wind.features[0]!.properties)).not.toContain('change_type');
    expect((await wfs('windmill_meta', hebei)).numberMatched).toBe(4);
    expect((await wfs('windmill_meta', await tokenOf('demo-city'))).numberMatched).toBe(0);
    const roads = await wfs('road_meta', admin);
    expect(roads.features.map((f) => f.properties.length as number).every((km) => km > 0)).toBe(true);
    // Land cover's layer holds land cover's spots only: none of this test's features, whatever the filter.
    const spots = await wfsGet(
      new Request(
        `http://localhost:3000/map/cloudPlatform/wfs?SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=spot_meta&OUTPUTFORMAT=application/json&COUNT=1&CQL_FILTER=${encodeURIComponent(`batch = ${batches.windmill}`)}`,
        { headers: { token: admin } },
      ),
    );
    expect(JSON.parse(await spots.text()).numberMatched).toBe(0);
  });

  it.each([
    ['windmill', 'v1'],
    ['pvland', 'v1'],
    ['road', 'v1'],
    ['steelplant', 'v2'],
  ])('%s: a Hebei user lists exactly the theme’s Hebei features and nothing of another province', async (theme, version) => {
    const hebei = await tokenOf('demo-hebei');
    const list = async (query: string) =>
      (await call(listGet, `/api/${theme}/${version}/meta${query}`, { params: themed(theme, version), headers: { token: hebei } })).json
        .data as {
        total: number;
        list: { xzqdm: string; theme: string }[];
      };
    const [{ n } = { n: 0 }] = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM spots WHERE theme = $1 AND xzqdm LIKE '13%'`,
      [theme],
    );
    const all = await list('?pageSize=100');
    expect(n).toBeGreaterThan(0);
    expect(all.total).toBe(n);
    expect(all.list.every((f) => f.theme === theme && f.xzqdm.startsWith('13'))).toBe(true);
    expect((await list('?xzqdm=110000')).total).toBe(0);
    expect((await list('?xzqdm=150000')).total).toBe(0);
  });

  it('names each listed facility’s first batch (a turbine’s commissioning batch) from its key across the snapshots', async () => {
    const hebei = await tokenOf('demo-hebei');
    const [current] = await db().query<{ id: string }>(`SELECT id::text AS id FROM spot_batches WHERE theme = 'windmill' AND is_current`);
    const page = (
      await call(listGet, `/api/windmill/v1/meta?batch=${current!.id}&tblx=turbine&pageSize=50`, {
        params: themed('windmill', 'v1'),
        headers: { token: hebei },
      })
    ).json.data as { list: { id: string; since: string | null }[] };
    expect(page.list.length).toBeGreaterThan(0);
    const expected = await db().query<{ id: string; since: string }>(
      `SELECT s.id::text AS id, (SELECT min(b.quarter) FROM spots f JOIN spot_batches b ON b.id = f.batch_id
                                 WHERE f.theme = 'windmill' AND f.feature_key = s.feature_key) AS since
       FROM spots s WHERE s.id = ANY ($1::bigint[])`,
      [page.list.map((f) => f.id)],
    );
    const byId = new Map(expected.map((r) => [r.id, r.since]));
    for (const f of page.list) expect(f.since).toBe(byId.get(f.id));
    // Some turbines came after the first demo quarter: the firsts are not all the same.
    const [{ n } = { n: 0 }] = await db().query<{ n: number }>(
      `SELECT count(DISTINCT q)::int AS n FROM (SELECT min(b.quarter) AS q FROM spots f JOIN spot_batches b ON b.id = f.batch_id
       WHERE f.theme = 'windmill' AND f.tblx = 'turbine' GROUP BY f.feature_key) x`,
    );
    expect(n).toBeGreaterThan(1);
  });
});
