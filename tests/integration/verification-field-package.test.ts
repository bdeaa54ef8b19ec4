/**
 * Issue 34.2: a county checker's offline package of a batch — only their open spots (pushed, checking, returned)
 * in their checker regions, each with its outline, version and moves, the form's dictionaries and the base-map tiles
 * near the spots within the bound; the figures shown before downloading equal the package; anyone who checks nowhere
 * in the batch's province gets 404, bad input a localized 400.
 */
import { GET as packageGet } from '../../app/api/process-spot-bjhs/v1/process/field-package/route';
import { createSession } from '../../lib/server/session';
import { FIELD_TILE_LIMITS } from '../../lib/shared/verification/field-tiles';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();

let address = 0;
async function as(username: string, locale: 'zh' | 'en' = 'en') {
  const [u] = await db().query<{ id: string }>('SELECT id::text AS id FROM users WHERE username = $1', [username]);
  const { token } = await createSession(db(), u!.id, { ip: 'test', userAgent: null });
  return { cookie: `token=${token}`, origin: 'http://localhost:3000', 'x-locale': locale, 'x-forwarded-for': `203.0.113.${++address}` };
}

const packageOf = async (headers: Record<string, string>, query: string) =>
  call(packageGet, `/api/process-spot-bjhs/v1/process/field-package?${query}`, { headers });

async function busiestBatch(): Promise<string> {
  const [b] = await db().query<{ id: string }>(
    `SELECT batch_id::text AS id FROM verification_cases WHERE xzqdm = '130102' AND status IN ('pushed', 'checking', 'returned')
      GROUP BY batch_id ORDER BY count(*) DESC, batch_id LIMIT 1`,
  );
  return b!.id;
}

describe('the field package', () => {
  it('holds the county checker’s open spots of the batch with outlines, versions and moves, and tiles near them', async () => {
    const batch = await busiestBatch();
    const res = await packageOf(await as('demo-county'), `batchId=${batch}`);
    expect(res.json.code).toBe(0);
    const pack = res.json.data;
    const expected = await db().query<{ id: string; version: number }>(
      `SELECT id::text AS id, version FROM verification_cases
        WHERE batch_id = $1 AND xzqdm LIKE '130102%' AND status IN ('pushed', 'checking', 'returned') ORDER BY id`,
      [batch],
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(pack.count).toBe(expected.length);
    expect(pack.cases.map((c: { id: string; version: number }) => [c.id, c.version]).sort()).toEqual(
      expected.map((e) => [e.id, e.version]).sort(),
    );
    for (const c of pack.cases) {
      expect(c.xzqdm).toBe('130102');
      expect(c.outline.type).toBe('MultiPolygon');
      expect(c.outline.coordinates[0][0].length).toBeGreaterThanOrEqual(4);
      expect(c.moves.map((m: { to: string }) => m.to)).toEqual(c.status === 'pushed' ? ['checking'] : ['submitted']);
    }
    expect(pack.dictionaries.verdicts.map((v: { value: string }) => v.value)).toContain('illegal_new');
    expect(pack.dictionaries.reasons.length).toBeGreaterThan(0);
    expect(pack.tiles.list.length).toBeGreaterThan(0);
    expect(pack.tiles.list.length).toBeLessThanOrEqual(FIELD_TILE_LIMITS.maxTiles);
    expect(pack.tiles.zooms[0]).toBe(FIELD_TILE_LIMITS.overview[0]);

    // The figures before downloading describe the same package.
    const summary = (await packageOf(await as('demo-county'), `batchId=${batch}&summary=true`)).json.data;
    expect(summary).toMatchObject({ count: pack.cases.length, tiles: pack.tiles.list.length, zooms: pack.tiles.zooms });
    expect(summary.sampleTiles.length).toBeGreaterThan(0);
    expect(Math.abs(summary.dataBytes - Buffer.byteLength(JSON.stringify(res.json))) / summary.dataBytes).toBeLessThan(0.01);
  });

  it('answers 404 to a user who checks nowhere in the batch’s province, and to a batch that does not exist', async () => {
    const batch = await busiestBatch();
    expect((await packageOf(await as('demo-hebei'), `batchId=${batch}`)).json.code).toBe(404);
    const [shandong] = await db().query<{ id: string }>(
      `SELECT id::text AS id FROM verification_batches WHERE province_code = '370000' LIMIT 1`,
    );
    expect((await packageOf(await as('demo-county'), `batchId=${shandong!.id}`)).json.code).toBe(404);
    expect((await packageOf(await as('demo-county'), 'batchId=999999999')).json.code).toBe(404);
  });

  it('refuses a bad batch id in the user’s language', async () => {
    const zh = await packageOf(await as('demo-county', 'zh'), 'batchId=abc');
    expect(zh.json.code).toBe(400);
    expect(zh.json.message).toMatch(/[\u4e00-\u9fff]/);
    expect((await packageOf(await as('demo-county'), 'batchId=1&summary=maybe')).json.code).toBe(400);
  });
});
