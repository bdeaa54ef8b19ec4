/**
 * Issue 21: non-agricultural and non-grain use of farmland on the theme machinery, on its demo data — the
 * statistics and trend against independent SQL aggregates, the grid module's API (level 14 by default,
 * login, the theme's permission, the caller's range) and the demo data's plausibility.
 */
import { GET as gridGet } from '../../app/api/[theme]/[version]/gridstatistics/percent/route';
import { GET as latestGet } from '../../app/api/[theme]/[version]/statistics/lastest/route';
import { GET as trendGet } from '../../app/api/[theme]/[version]/statistics/trend/route';
import { GET as landcoverGridGet } from '../../app/api/spot/v2/gridstatistics/percent/route';
import { createSession } from '../../lib/server/session';
import { gridPercentSchema, spotStatisticsSchema, spotTrendSchema } from '../../lib/shared/contracts/spots';
import { NONAGRICULTURAL } from '../../lib/shared/themes/nonagricultural';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();
const params = { theme: 'nonagricultural', version: 'v1' };
const API = '/api/nonagricultural/v1';

async function tokenOf(username: string): Promise<string> {
  const [user] = await db().query<{ id: string }>('SELECT id::text AS id FROM users WHERE username = $1', [username]);
  return (await createSession(db(), user!.id, { ip: 'test', userAgent: null })).token;
}

describe('non-agricultural and non-grain use of farmland', () => {
  it('counts the current batch by province as SQL does, leaving out spots verified as lawful', async () => {
    const response = await call(latestGet, `${API}/statistics/lastest`, { params });
    const data = spotStatisticsSchema.parse(response.json.data);
    expect(data.batch?.current).toBe(true);
    const expected = await db().query<{ p: string; n: number; a: number }>(
      `SELECT left(xzqdm, 2) || '0000' AS p, count(*)::int AS n, sum(area_m2) AS a FROM spots
       WHERE batch_id = $1 AND stage <> '5' GROUP BY 1`,
      [data.batch!.id],
    );
    expect(expected.length).toBeGreaterThan(10);
    for (const row of expected) {
      const item = data.items.find((i) => i.code === row.p)!;
      expect(item.count).toBe(row.n);
      expect(item.area).toBeCloseTo(row.a, 0);
    }
    expect(data.total.count).toBe(expected.reduce((n, r) => n + r.n, 0));
    // Asked for, the lawful ones are counted on their own.
    const lawful = spotStatisticsSchema.parse((await call(latestGet, `${API}/statistics/lastest?stage=5`, { params })).json.data);
    const [{ n } = { n: 0 }] = await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM spots WHERE batch_id = $1 AND stage = '5'`, [
      data.batch!.id,
    ]);
    expect(lawful.total.count).toBe(n);
    expect(n).toBeGreaterThan(0);
  });

  it('breaks each batch of a region down by kind, and nets out the rectified farmland', async () => {
    const trend = spotTrendSchema.parse((await call(trendGet, `${API}/statistics/trend?regionId=370000`, { params })).json.data);
    expect(trend.series).toHaveLength(6);
    const rows = await db().query<{ b: string; tblx: string; n: number; a: number; restored: number }>(
      `SELECT batch_id::text AS b, tblx, count(*)::int AS n, sum(area_m2) AS a, sum(area_m2) FILTER (WHERE stage = '4') AS restored
       FROM spots WHERE theme = 'nonagricultural' AND xzqdm LIKE '37%' AND stage <> '5' GROUP BY 1, 2`,
    );
    for (const batch of trend.series) {
      const mine = rows.filter((r) => r.b === batch.id);
      expect(batch.byKind).toHaveLength(NONAGRICULTURAL.kinds.items.length);
      NONAGRICULTURAL.kinds.items.forEach((kind, i) => {
        const row = mine.find((r) => r.tblx === kind.value);
        expect(batch.byKind[i]!.count).toBe(row?.n ?? 0);
        expect(batch.byKind[i]!.area).toBeCloseTo(row?.a ?? 0, 0);
      });
      expect(batch.byKind.reduce((s, k) => s + k.count, 0)).toBe(batch.count);
      expect(batch.restoredArea).toBeCloseTo(
        mine.reduce((s, r) => s + (r.restored ?? 0), 0),
        0,
      );
    }
    // Older findings are further along: more of the first batch than of the current one is rectified.
    const share = (s: (typeof trend.series)[number]) => s.restoredArea / Math.max(1, s.area);
    expect(share(trend.series[0]!)).toBeGreaterThan(share(trend.series[5]!));
  });

  it('serves the grid at level 14 by default, to holders of the theme’s permission, within their range', async () => {
    expect((await call(gridGet, `${API}/gridstatistics/percent`, { params })).status).toBe(401);
    const city = await call(gridGet, `${API}/gridstatistics/percent`, { params, headers: { token: await tokenOf('demo-city') } });
    expect(city.status).toBe(403); // demo-city holds land cover only
    const hebei = await tokenOf('demo-hebei');
    const grid = gridPercentSchema.parse(
      (await call(gridGet, `${API}/gridstatistics/percent`, { params, headers: { token: hebei, 'x-locale': 'en' } })).json.data,
    );
    expect(grid.level).toBe(14);
    const [expected] = await db().query<{ n: number; cells: number }>(
      `SELECT count(*)::int AS n,
              count(DISTINCT (web_mercator_tile_x(ST_X(center), 16384), web_mercator_tile_y(ST_Y(center), 16384)))::int AS cells
       FROM spots WHERE batch_id = $1 AND xzqdm LIKE '13%'`,
      [grid.batch!.id],
    );
    expect(expected!.n).toBeGreaterThan(0);
    expect([grid.spotCount, grid.cellCount]).toEqual([expected!.n, expected!.cells]);
    expect(grid.cells.every((c) => c.regionCode.startsWith('13'))).toBe(true);
    // Spots gather at village edges: cells hold several on average, not one each.
    expect(grid.spotCount / grid.cellCount).toBeGreaterThan(1.3);
    // An explicit level is honoured; land cover's grid API serves land cover only.
    const coarse = await call(gridGet, `${API}/gridstatistics/percent?level=12`, { params, headers: { token: hebei } });
    expect(gridPercentSchema.parse(coarse.json.data).cellCount).toBeLessThan(grid.cellCount);
    const crossed = await call(landcoverGridGet, '/api/spot/v2/gridstatistics/percent?theme=nonagricultural', {
      headers: { token: hebei },
    });
    expect(crossed.json.code).toBe(400);
    const badKind = await call(gridGet, `${API}/gridstatistics/percent?tblx=wind`, { params, headers: { token: hebei, 'x-locale': 'zh' } });
    expect(badKind.json.code).toBe(400);
  });

  it('places demo spots where farmland is watched, with kinds following the region and stages following age', async () => {
    const [batches] = await db().query<{ n: number; labelled: number; current: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE demo AND type_name_zh LIKE '%（演示）' AND type_name_en LIKE '%(demo)')::int AS labelled,
              count(*) FILTER (WHERE is_current)::int AS current
       FROM spot_batches WHERE theme = 'nonagricultural'`,
    );
    expect(batches).toEqual({ n: 6, labelled: 6, current: 1 });
    const [spread] = await db().query<{ n: number; outside: number; dense: number; fish_south: number; fish_north: number; big: number }>(
      `SELECT count(*)::int AS n,
              count(*) FILTER (WHERE NOT ST_Covers(r.geom_mid, s.center))::int AS outside,
              count(*) FILTER (WHERE left(s.xzqdm, 2) IN ('13', '37', '41', '32', '34'))::int AS dense,
              (count(*) FILTER (WHERE s.tblx = 'fishpond' AND left(s.xzqdm, 2) IN ('32', '33', '36', '42', '43', '44'))::float8
                / greatest(1, count(*) FILTER (WHERE left(s.xzqdm, 2) IN ('32', '33', '36', '42', '43', '44'))))::float8 AS fish_south,
              (count(*) FILTER (WHERE s.tblx = 'fishpond' AND left(s.xzqdm, 2) IN ('13', '14', '15', '21', '22', '23'))::float8
                / greatest(1, count(*) FILTER (WHERE left(s.xzqdm, 2) IN ('13', '14', '15', '21', '22', '23'))))::float8 AS fish_north,
              count(*) FILTER (WHERE s.area_m2 > 100000)::int AS big
       FROM spots s JOIN regions r ON r.code = s.xzqdm WHERE s.theme = 'nonagricultural'`,
    );
    expect(spread!.n).toBeGreaterThan(5000);
    expect(spread!.outside).toBe(0);
    expect(spread!.dense / spread!.n).toBeGreaterThan(0.3);
    expect(spread!.fish_south).toBeGreaterThan(2 * spread!.fish_north);
    expect(spread!.big).toBe(0);
    const [tibet] = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM spots WHERE theme = 'nonagricultural' AND xzqdm LIKE '71%'`,
    );
    expect(tibet!.n).toBe(0); // Taiwan is outside the programme
  });
});
