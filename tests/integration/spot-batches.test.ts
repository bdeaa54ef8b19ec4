/**
 * Issue 35.3 (spot push batches): a quarter's cut for a spot type gives exactly the batches the spot grants imply — a
 * spot outside a user's regions or types never reaches them — once, however often it is asked for; own / manager /
 * vector / Excel answer only the owner and administrators (others: not found), the owner's fetch marks delivery, v2 and
 * v3 add counts per kind and per city, the workbook holds the batch's spots, and the verification batch links the
 * cases it brought (the case detail names the batch).
 */
import ExcelJS from 'exceljs';
import { POST as cutPost } from '../../app/api/push/v1/spotbatch/cut/route';
import { GET as managerGet } from '../../app/api/push/v1/spotbatch/manager/route';
import { GET as ownGet } from '../../app/api/push/v1/spotbatch/own/route';
import { GET as vectorGet } from '../../app/api/push/v1/spotbatch/vector/route';
import { GET as ownV2Get } from '../../app/api/push/v1/spotbatch_v2/own/route';
import { GET as exportGet } from '../../app/api/push/v1/spotbatch_v3/exportexcel/route';
import { GET as managerV3Get } from '../../app/api/push/v1/spotbatch_v3/manager/route';
import { GET as ownV3Get } from '../../app/api/push/v1/spotbatch_v3/own/route';
import { GET as vectorV3Get } from '../../app/api/push/v1/spotbatch_v3/vector/route';
import { PUT as pushUserPut } from '../../app/api/push/v1/permission-v2/userid/[id]/route';
import { GET as caseDetailGet } from '../../app/api/push-spot-bjhs/v3/spot-meta/detail/[id]/route';
import { runDueJobs } from '../../lib/server/jobs/runner';
import { cutSpotBatches } from '../../lib/server/push/spot-batches';
import { spotBatchJobHandlers } from '../../lib/server/push/spot-jobs';
import { DEMO_SPOT_QUARTER } from '../../lib/server/push/spot-seed';
import { createSession } from '../../lib/server/session';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();
const RUNNER = { workerId: 'spot-batch-test', leaseSeconds: 60, backoffSeconds: 1 };
/** A quarter of both the demo land-cover spots and the demo verification batches, other than the seeded one. */
const QUARTER = '2026Q1';

let address = 0;
async function as(username: string, locale: 'zh' | 'en' = 'en') {
  const { token } = await createSession(db(), await idOf(username), { ip: 'test', userAgent: null });
  return { cookie: `token=${token}`, origin: 'http://localhost:3000', 'x-locale': locale, 'x-forwarded-for': `198.51.100.${++address}` };
}
async function idOf(username: string): Promise<string> {
  const [u] = await db().query<{ id: string }>('SELECT id::text AS id FROM users WHERE username = $1', [username]);
  return u!.id;
}

/** The batches of a quarter and type: user → item refs. */
async function batchesOf(quarter: string, spotType: string): Promise<Record<string, string[]>> {
  const rows = await db().query<{ username: string; refs: string[] }>(
    `SELECT u.username, array_agg(i.ref ORDER BY i.ref) AS refs
       FROM push_spot_batches b JOIN users u ON u.id = b.user_id JOIN push_spot_batch_items i ON i.batch_id = b.id
      WHERE b.quarter = $1 AND b.spot_type = $2 GROUP BY u.username ORDER BY u.username`,
    [quarter, spotType],
  );
  return Object.fromEntries(rows.map((r) => [r.username, r.refs]));
}

/** Independently: the quarter's land-cover spot ids whose county code starts with the prefix. */
async function landcoverRefs(quarter: string, prefix: string): Promise<string[]> {
  const rows = await db().query<{ id: string }>(
    `SELECT s.id::text AS id FROM spots s JOIN spot_batches b ON b.id = s.batch_id
      WHERE s.theme = 'landcover' AND b.quarter = $1 AND substr(s.xzqdm, 1, length($2)) = $2 ORDER BY 1`,
    [quarter, prefix],
  );
  return rows.map((r) => r.id).sort();
}
/** Independently: the quarter's verification case ids whose county code starts with the prefix. */
async function caseRefs(quarter: string, prefix: string): Promise<string[]> {
  const rows = await db().query<{ id: string }>(
    `SELECT c.id::text AS id FROM verification_cases c JOIN verification_batches vb ON vb.id = c.batch_id
      WHERE vb.quarter = $1 AND substr(c.xzqdm, 1, length($2)) = $2 ORDER BY 1`,
    [quarter, prefix],
  );
  return rows.map((r) => r.id).sort();
}

async function batchId(username: string, quarter: string, spotType: string): Promise<string> {
  const [row] = await db().query<{ id: string }>(
    `SELECT b.id::text AS id FROM push_spot_batches b JOIN users u ON u.id = b.user_id WHERE u.username = $1 AND b.quarter = $2 AND b.spot_type = $3`,
    [username, quarter, spotType],
  );
  return row!.id;
}

describe('spot push batches', () => {
  let admin: Record<string, string>;

  beforeAll(async () => {
    admin = await as('demo-admin');
    // demo-city: land cover over Shijiazhuang only; demo-personal: verification over Shandong only.
    const put = (id: string, body: unknown) =>
      call(pushUserPut, `/api/push/v1/permission-v2/userid/${id}`, { method: 'PUT', body, headers: admin, params: { id } });
    expect(
      (await put(await idOf('demo-city'), { kind: 'dedicated', spotGrants: [{ spotType: 'landcover', regionCodes: ['130100'] }] })).json
        .code,
    ).toBe(0);
    expect(
      (await put(await idOf('demo-personal'), { kind: 'dedicated', spotGrants: [{ spotType: 'verification', regionCodes: ['370000'] }] }))
        .json.code,
    ).toBe(0);
  }, 120_000);

  it('the demo seed cut the demo quarter for the demo node user: Hebei’s land-cover spots and verification cases, linked', async () => {
    const hebeiLand = await landcoverRefs(DEMO_SPOT_QUARTER, '13');
    const hebeiCases = await caseRefs(DEMO_SPOT_QUARTER, '13');
    expect(hebeiLand.length).toBeGreaterThan(0);
    expect(hebeiCases.length).toBeGreaterThan(0);
    expect(await batchesOf(DEMO_SPOT_QUARTER, 'landcover')).toEqual({ 'demo-hebei': hebeiLand });
    expect(await batchesOf(DEMO_SPOT_QUARTER, 'verification')).toEqual({ 'demo-hebei': hebeiCases });
    // Every verification item links its case; every land-cover item its spot.
    const [links] = await db().query<{ cases: number; spots: number; unlinked: number }>(
      `SELECT count(*) FILTER (WHERE b.spot_type = 'verification' AND i.case_id::text = i.ref)::int AS cases,
              count(*) FILTER (WHERE b.spot_type = 'landcover' AND i.spot_id::text = i.ref)::int AS spots,
              count(*) FILTER (WHERE i.case_id IS NULL AND i.spot_id IS NULL)::int AS unlinked
         FROM push_spot_batch_items i JOIN push_spot_batches b ON b.id = i.batch_id WHERE b.quarter = $1 AND b.demo`,
      [DEMO_SPOT_QUARTER],
    );
    expect(links).toEqual({ cases: hebeiCases.length, spots: hebeiLand.length, unlinked: 0 });

    // Part 1 of verification shows the batch that brought a case.
    const verificationBatch = await batchId('demo-hebei', DEMO_SPOT_QUARTER, 'verification');
    const detail = await call(caseDetailGet, `/api/push-spot-bjhs/v3/spot-meta/detail/${hebeiCases[0]}`, {
      headers: await as('demo-hebei'),
      params: { id: hebeiCases[0]! },
    });
    expect(detail.json.code).toBe(0);
    expect(detail.json.data.pushBatches).toEqual([
      { batchId: verificationBatch, quarter: DEMO_SPOT_QUARTER, createdAt: expect.any(String) },
    ]);
    // A Shandong case came in no batch (nobody was granted Shandong when the demo quarter was cut).
    const shandong = (await caseRefs(DEMO_SPOT_QUARTER, '37'))[0]!;
    const [arrivals] = await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM push_spot_batch_items WHERE case_id = $1::bigint`, [
      shandong,
    ]);
    expect(arrivals!.n).toBe(0);
  });

  it('an administrator’s cut reaches exactly the users whose types and regions match, once', async () => {
    const cut = (body: unknown, headers = admin) => call(cutPost, '/api/push/v1/spotbatch/cut', { body, headers });
    // Only administrators cut; bad input is refused.
    expect((await cut({ quarter: QUARTER, spotType: 'landcover' }, await as('demo-hebei'))).status).toBe(403);
    const bad = await cut({ quarter: '2026Q5', spotType: 'landcover' });
    expect(bad.json.code).toBe(400);
    expect((await cut({ quarter: QUARTER, spotType: 'forest' })).json.code).toBe(400);

    const first = await cut({ quarter: QUARTER, spotType: 'landcover' });
    expect(first.json).toMatchObject({
      code: 0,
      data: { alreadyQueued: false, quarter: QUARTER, spotType: 'landcover', spotTypeName: 'Land-cover spots' },
    });
    // Asked again while it waits: the same job.
    const again = await cut({ quarter: QUARTER, spotType: 'landcover' });
    expect(again.json.data).toMatchObject({ jobId: first.json.data.jobId, alreadyQueued: true });
    expect((await cut({ quarter: QUARTER, spotType: 'verification' })).json.code).toBe(0);
    expect(await runDueJobs(db(), spotBatchJobHandlers(), RUNNER, 20)).toBe(2);

    const shijiazhuang = await landcoverRefs(QUARTER, '1301');
    const hebei = await landcoverRefs(QUARTER, '13');
    expect(shijiazhuang.length).toBeGreaterThan(0);
    expect(hebei.length).toBeGreaterThan(shijiazhuang.length);
    // demo-personal holds only a verification grant: no land cover for them.
    expect(await batchesOf(QUARTER, 'landcover')).toEqual({ 'demo-city': shijiazhuang, 'demo-hebei': hebei });
    // Verification: demo-hebei (Hebei) and demo-personal (Shandong); demo-city has no verification grant.
    expect(await batchesOf(QUARTER, 'verification')).toEqual({
      'demo-hebei': await caseRefs(QUARTER, '13'),
      'demo-personal': await caseRefs(QUARTER, '37'),
    });
    const [cutBy] = await db().query<{ cut_by: string; demo: boolean }>(
      `SELECT DISTINCT cut_by::text AS cut_by, demo FROM push_spot_batches WHERE quarter = $1`,
      [QUARTER],
    );
    expect(cutBy).toEqual({ cut_by: await idOf('demo-admin'), demo: false });

    // Cut again (a later request, a second worker, the function itself): nothing new, nothing doubled.
    const before = await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM push_spot_batch_items`);
    expect((await cut({ quarter: QUARTER, spotType: 'landcover' })).json.data.alreadyQueued).toBe(false);
    expect(await runDueJobs(db(), spotBatchJobHandlers(), RUNNER, 20)).toBe(1);
    expect(await db().transaction((tx) => cutSpotBatches(tx, QUARTER, 'landcover'))).toBe(0);
    expect(await db().transaction((tx) => cutSpotBatches(tx, QUARTER, 'verification'))).toBe(0);
    expect(await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM push_spot_batch_items`)).toEqual(before);
    const [batches] = await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM push_spot_batches WHERE quarter = $1`, [QUARTER]);
    expect(batches!.n).toBe(4);
    // A quarter without spots cuts nothing.
    expect(await db().transaction((tx) => cutSpotBatches(tx, '2019Q1', 'landcover'))).toBe(0);
  });

  it('own lists mine, manager everyone’s with delivery; vector and Excel answer the owner and administrators only', async () => {
    const city = await as('demo-city');
    const hebei = await as('demo-hebei');
    const own = await call(ownGet, '/api/push/v1/spotbatch/own?pageSize=50', { headers: city });
    expect(own.json.code).toBe(0);
    expect(
      own.json.data.list.map((b: { username: string; quarter: string; spotType: string }) => [b.username, b.quarter, b.spotType]),
    ).toEqual([['demo-city', QUARTER, 'landcover']]);
    expect(own.json.data.list[0]).not.toHaveProperty('kindCounts');
    expect(own.json.data.list[0].regions).toEqual([{ code: '130100', name: 'Shijiazhuang' }]);
    // Page size is bounded.
    expect((await call(ownGet, '/api/push/v1/spotbatch/own?pageSize=1000', { headers: city })).json.code).toBe(400);

    // Manager: administrators only.
    expect((await call(managerGet, '/api/push/v1/spotbatch/manager', { headers: city })).status).toBe(403);
    const hebeiLand = await batchId('demo-hebei', QUARTER, 'landcover');
    const cityLand = await batchId('demo-city', QUARTER, 'landcover');

    // Another user's batch does not exist for them; an administrator reads it without marking it delivered.
    const foreign = await call(vectorGet, `/api/push/v1/spotbatch/vector?id=${hebeiLand}`, { headers: city });
    expect(foreign.json).toMatchObject({ code: 404, data: null });
    expect((await call(exportGet, `/api/push/v1/spotbatch_v3/exportexcel?id=${hebeiLand}`, { headers: city })).json).toMatchObject({
      code: 404,
      data: null,
    });
    const byAdmin = await call(vectorV3Get, `/api/push/v1/spotbatch_v3/vector?id=${hebeiLand}`, { headers: admin });
    expect(byAdmin.json.code).toBe(0);
    expect(byAdmin.json.data.features.map((f: { id: string }) => f.id).sort()).toEqual(await landcoverRefs(QUARTER, '13'));
    expect(byAdmin.json.data.batch.fetchedAt).toBeNull();

    const pending = await call(managerGet, '/api/push/v1/spotbatch/manager?delivery=pending&pageSize=100', { headers: admin });
    expect(pending.json.data.list.map((b: { id: string }) => b.id)).toEqual(expect.arrayContaining([hebeiLand, cityLand]));

    // The owner fetches: delivered.
    const mine = await call(vectorGet, `/api/push/v1/spotbatch/vector?id=${cityLand}`, { headers: city });
    expect(mine.json.code).toBe(0);
    const features = mine.json.data.features as Array<{ id: string; geometry: { type: string }; properties: { xzqdm: string } }>;
    expect(features.map((f) => f.id).sort()).toEqual(await landcoverRefs(QUARTER, '1301'));
    expect(features.every((f) => f.properties.xzqdm.startsWith('1301') && /Polygon/.test(f.geometry.type))).toBe(true);
    expect(mine.json.data).toMatchObject({ total: features.length, truncated: false });
    expect(mine.json.data.batch.fetchedAt).toEqual(expect.any(String));
    const fetched = await call(managerGet, `/api/push/v1/spotbatch/manager?delivery=fetched&pageSize=100`, { headers: admin });
    expect(fetched.json.data.list.map((b: { id: string }) => b.id)).toEqual([cityLand]);
    expect(fetched.json.data.list[0]).toMatchObject({ username: 'demo-city', fetchCount: 1 });

    // The Excel workbook: exactly the batch's spots, parsed back.
    const res = await exportGet(
      new Request(`http://localhost:3000/api/push/v1/spotbatch_v3/exportexcel?id=${cityLand}&lang=zh`, { headers: city }),
      { params: Promise.resolve({}) },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain('.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('图斑编号');
    const rows: Array<{ id: string; xzqdm: string; area: number }> = [];
    sheet.eachRow((row, n) => {
      if (n > 1) rows.push({ id: String(row.getCell(1).value), xzqdm: String(row.getCell(3).value), area: Number(row.getCell(8).value) });
    });
    const truth = await db().query<{ id: string; xzqdm: string; area: number }>(
      `SELECT s.id::text AS id, s.xzqdm, round(s.area_m2::numeric, 2)::float8 AS area FROM spots s JOIN spot_batches b ON b.id = s.batch_id
        WHERE s.theme = 'landcover' AND b.quarter = $1 AND s.xzqdm LIKE '1301%'`,
      [QUARTER],
    );
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(rows.sort(byId)).toEqual(truth.sort(byId));
    const [delivered] = await db().query<{ n: number }>(`SELECT fetch_count AS n FROM push_spot_batches WHERE id = $1::bigint`, [cityLand]);
    expect(delivered!.n).toBe(2);

    // The demo node user sees both of their quarters' batches, never demo-city's.
    const hebeiOwn = await call(ownGet, '/api/push/v1/spotbatch/own?pageSize=50', { headers: hebei });
    expect(new Set(hebeiOwn.json.data.list.map((b: { username: string }) => b.username))).toEqual(new Set(['demo-hebei']));
    expect(hebeiOwn.json.data.total).toBe(4);
  });

  it('v2 adds counts per kind, v3 counts per city; both add up to the batch', async () => {
    const hebei = await as('demo-hebei', 'zh');
    const v2 = await call(ownV2Get, `/api/push/v1/spotbatch_v2/own?quarter=${QUARTER}&spotType=landcover`, { headers: hebei });
    expect(v2.json.data.list).toHaveLength(1);
    const batch = v2.json.data.list[0];
    expect(batch).not.toHaveProperty('regionCounts');
    const kinds = batch.kindCounts as Array<{ kind: string; name: string; count: number }>;
    expect(kinds.reduce((n, k) => n + k.count, 0)).toBe(batch.spotCount);
    const [truth] = await db().query<{ kinds: number }>(
      `SELECT count(DISTINCT s.tblx)::int AS kinds FROM spots s JOIN spot_batches b ON b.id = s.batch_id
        WHERE s.theme = 'landcover' AND b.quarter = $1 AND s.xzqdm LIKE '13%'`,
      [QUARTER],
    );
    expect(kinds).toHaveLength(truth!.kinds);

    const v3 = await call(ownV3Get, `/api/push/v1/spotbatch_v3/own?quarter=${QUARTER}&spotType=landcover`, { headers: hebei });
    const cities = v3.json.data.list[0].regionCounts as Array<{ code: string; name: string; count: number }>;
    expect(cities.reduce((n, c) => n + c.count, 0)).toBe(batch.spotCount);
    expect(cities.every((c) => /^13\d{2}00$/.test(c.code))).toBe(true);
    expect(cities.find((c) => c.code === '130100')?.name).toBe('石家庄市');
    const manager = await call(managerV3Get, `/api/push/v1/spotbatch_v3/manager?quarter=${QUARTER}&spotType=verification`, {
      headers: admin,
    });
    expect(manager.json.data.list.map((b: { username: string }) => b.username).sort()).toEqual(['demo-hebei', 'demo-personal']);
  });
});
