/**
 * Planting structure (issue 21) on the seeded demo: the structure figures against independent SQL over the
 * stored county rows, the module rules (sequence and detail need the theme's permission and an area range),
 * region limits, and localized 400s. The map layer's services are checked with every theme's layer in
 * map-layer-access.test.ts.
 */
import { GET as structureGet } from '../../app/api/[theme]/[version]/structure/[x]/route';
import { GET as latestGet } from '../../app/api/[theme]/[version]/structure/lastest/route';
import { GET as trendGet } from '../../app/api/[theme]/[version]/structure/trend/route';
import { GET as sequenceGet } from '../../app/api/[theme]/[version]/structure/sequence/route';
import { GET as listGet } from '../../app/api/[theme]/[version]/meta/route';
import { createSession } from '../../lib/server/session';
import type { SqlParam } from '../../lib/server/db/types';
import { structureSchema, structureSequenceSchema, structureTrendSchema } from '../../lib/shared/contracts/plantingstructure';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();
const params = (extra: Record<string, string> = {}) => ({ theme: 'plantingstructure', version: 'v1', ...extra });
const CROPS = ['wheat', 'maize', 'rice', 'soybean', 'rapeseed', 'cotton', 'other'];

async function tokenOf(username: string): Promise<string> {
  const [user] = await db().query<{ id: string }>('SELECT id::text AS id FROM users WHERE username = $1', [username]);
  return (await createSession(db(), user!.id, { ip: 'test', userAgent: null })).token;
}

/** Areas are whole hectares: within half a hectare of the exact sum. */
const near = (actual: number, exact: number) => expect(Math.abs(actual - exact)).toBeLessThanOrEqual(0.5 + 1e-6);

/** Crop sums, total and dominant crop per key, written independently of the service (DISTINCT ON, not array_agg). */
async function expected(keySql: string, where: string, args: SqlParam[]) {
  const rows = await db().query<{ k: string; crop: string; a: number; total: number; rank: number }>(
    `WITH s AS (SELECT ${keySql} AS k, crop, sum(area_ha) AS a FROM planting_structure WHERE ${where} GROUP BY 1, 2)
     SELECT k, crop, a, sum(a) OVER (PARTITION BY k) AS total,
            rank() OVER (PARTITION BY k ORDER BY a DESC, array_position($${args.length + 1}::text[], crop)) AS rank FROM s`,
    [...args, CROPS],
  );
  const out = new Map<string, { areas: Record<string, number>; total: number; dominant: string; share: number }>();
  for (const r of rows) {
    const e = out.get(r.k) ?? { areas: {}, total: r.total, dominant: '', share: 0 };
    e.areas[r.crop] = r.a;
    if (Number(r.rank) === 1) Object.assign(e, { dominant: r.crop, share: (100 * r.a) / r.total });
    out.set(r.k, e);
  }
  return out;
}

describe('planting structure statistics (public)', () => {
  it('gives every province of the current year the SQL sums, dominant crop and share; the country total too', async () => {
    const response = await call(latestGet, '/api/plantingstructure/v1/structure/lastest', { params: params() });
    const data = structureSchema.parse(response.json.data);
    expect(data.batch?.current).toBe(true);
    expect(data.crops).toEqual(CROPS);
    const want = await expected(`left(xzqdm, 2) || '0000'`, 'batch_id = $1', [data.batch!.id]);
    expect(want.size).toBeGreaterThan(25);
    for (const [code, e] of want) {
      const item = data.items.find((i) => i.code === code)!;
      near(item.total, e.total);
      expect(item.dominant).toBe(e.dominant);
      expect(item.share).toBeCloseTo(e.share, 1);
      CROPS.forEach((crop, i) => near(item.areas[i]!, e.areas[crop] ?? 0));
    }
    // Magnitudes of a real structure: ~23 Mha of wheat, maize the largest crop, Henan mostly wheat in summer.
    const national = [...want.values()].reduce((n, e) => n + (e.areas.wheat ?? 0), 0);
    near(data.total.areas[0]!, national);
    expect(data.total.areas[0]! / 1e6).toBeGreaterThan(20);
    expect(data.total.dominant).toBe('maize');
    const summer = structureSchema.parse(
      (await call(latestGet, '/api/plantingstructure/v1/structure/lastest?season=summer&regionId=410000', { params: params() })).json.data,
    );
    expect(summer.total.dominant).toBe('wheat');
    expect(summer.total.areas[1]).toBe(0); // maize is an autumn crop
  });

  it('answers every county of a year in one call, each equal to the SQL sum of its rows for the season', async () => {
    const [batch] = await db().query<{ id: string }>(
      `SELECT id::text AS id FROM spot_batches WHERE theme = 'plantingstructure' ORDER BY quarter LIMIT 1`,
    );
    const response = await call(structureGet, `/api/plantingstructure/v1/structure/${batch!.id}?level=county&season=autumn`, {
      params: params({ x: batch!.id }),
    });
    const data = structureSchema.parse(response.json.data);
    expect(data.batch?.quarter).toBe('2021Q4');
    expect(data.items.length).toBeGreaterThan(2800);
    const want = await expected('xzqdm', `batch_id = $1 AND season = 'autumn'`, [batch!.id]);
    let checked = 0;
    for (const item of data.items) {
      const e = want.get(item.code);
      if (!e) continue;
      checked++;
      near(item.total, e.total);
      expect(item.dominant).toBe(e.dominant);
    }
    expect(checked).toBeGreaterThan(2000);
  });

  it('follows a region over the years, as SQL sums each year (soybean expanding in Heilongjiang)', async () => {
    const trend = structureTrendSchema.parse(
      (await call(trendGet, '/api/plantingstructure/v1/structure/trend?regionId=230000', { params: params() })).json.data,
    );
    expect(trend.series.map((s) => s.batch.quarter)).toEqual(['2021Q4', '2022Q4', '2023Q4', '2024Q4', '2025Q4']);
    const want = await expected(
      'batch_id::text',
      `xzqdm LIKE '23%' AND batch_id IN (SELECT id FROM spot_batches WHERE theme = 'plantingstructure')`,
      [],
    );
    for (const s of trend.series) near(s.total, want.get(s.batch.id)!.total);
    const soybean = trend.series.map((s) => s.areas[3]!);
    expect(soybean[4]).toBeGreaterThan(soybean[0]! * 1.15);
  });

  it('refuses bad input with a localized 400, an unknown batch with 404', async () => {
    const bad = async (path: string, locale: string) =>
      (await call(trendGet, path, { params: params(), headers: { 'x-locale': locale } })).json;
    expect(await bad('/api/plantingstructure/v1/structure/trend?season=winter', 'en')).toMatchObject({
      code: 400,
      message: 'Invalid request: There is no such harvest season; use summer or autumn.',
    });
    expect((await bad('/api/plantingstructure/v1/structure/trend?season=winter', 'zh')).message).toContain('没有该收获季');
    expect((await bad('/api/plantingstructure/v1/structure/trend?regionId=13', 'en')).code).toBe(400);
    const unknown = await call(structureGet, '/api/plantingstructure/v1/structure/999999', { params: params({ x: '999999' }) });
    expect(unknown.json.code).toBe(404);
    // Another theme has no structure: the envelope's 404.
    expect((await call(trendGet, '/api/windmill/v1/structure/trend', { params: { theme: 'windmill', version: 'v1' } })).json.code).toBe(
      404,
    );
  });
});

describe('planting structure sequence and detail (permission and area range)', () => {
  it('needs a session, the theme permission and a range covering the region', async () => {
    const path = '/api/plantingstructure/v1/structure/sequence?regionId=130000';
    expect((await call(sequenceGet, path, { params: params() })).status).toBe(401);
    const city = await call(sequenceGet, path, { params: params(), headers: { token: await tokenOf('demo-city') } });
    expect([city.status, city.json.code]).toEqual([403, 403]);
    const hebei = await tokenOf('demo-hebei');
    const outside = await call(sequenceGet, '/api/plantingstructure/v1/structure/sequence?regionId=410000', {
      params: params(),
      headers: { token: hebei, 'x-locale': 'en' },
    });
    expect([outside.status, outside.json.message]).toEqual([403, 'This region is outside your area ranges.']);

    const data = structureSequenceSchema.parse(
      (await call(sequenceGet, `${path}&season=summer`, { params: params(), headers: { token: hebei } })).json.data,
    );
    expect(data.batches).toHaveLength(5);
    expect(data.items.length).toBe(11); // Hebei's cities
    const want = await expected(`left(xzqdm, 4) || '00' || ':' || batch_id`, `xzqdm LIKE '13%' AND season = 'summer'`, []);
    for (const item of data.items)
      data.batches.forEach((b, i) => {
        const e = want.get(`${item.code}:${b.id}`);
        near(item.years[i]!.total, e?.total ?? 0);
        expect(item.years[i]!.dominant).toBe(e?.dominant ?? null);
      });
  });

  it('lists a Hebei user the crop parcels of Hebei only, each with its crop and season', async () => {
    expect((await call(listGet, '/api/plantingstructure/v1/meta', { params: params() })).status).toBe(401);
    const hebei = await tokenOf('demo-hebei');
    const page = (
      await call(listGet, '/api/plantingstructure/v1/meta?pageSize=100', { params: params(), headers: { token: hebei, 'x-locale': 'en' } })
    ).json.data as { total: number; list: { xzqdm: string; tblxName: string; stageName: string; theme: string }[] };
    const [{ n } = { n: 0 }] = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM spots WHERE theme = 'plantingstructure' AND xzqdm LIKE '13%'`,
    );
    expect(n).toBeGreaterThan(100);
    expect(page.total).toBe(n);
    expect(page.list.every((p) => p.theme === 'plantingstructure' && p.xzqdm.startsWith('13'))).toBe(true);
    expect(new Set(page.list.map((p) => p.stageName))).toEqual(new Set(['Summer harvest', 'Autumn harvest']));
    expect(page.list.some((p) => p.tblxName === 'Wheat')).toBe(true);
    const refused = await call(listGet, '/api/plantingstructure/v1/meta', {
      params: params(),
      headers: { token: await tokenOf('demo-city') },
    });
    expect(refused.status).toBe(403);
  });
});
