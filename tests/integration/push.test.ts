/**
 * Issue 35.1–2 (push users and image push batches): an administrator grants image types for regions; a load of new
 * scenes (the demo generation in the template, a STAC import here) cuts exactly the batches the grants imply — a
 * scene outside a user's regions or types never reaches them — once, however often the job runs; the batch's
 * coverage equals an independent PostGIS overlay; only administrators grant, and nobody reads another's batches.
 */
import { GET as batchListGet } from '../../app/api/push/v1/batch/route';
import { GET as batchDetailGet } from '../../app/api/push/v1/batch/detail/route';
import { GET as batchVectorGet } from '../../app/api/push/v1/batch/vector4pg/route';
import { GET as coverGet } from '../../app/api/push/v1/coverCalculate-v2/route';
import { GET as imageGrantsGet } from '../../app/api/push/v1/permission-v2/image/userid/[id]/route';
import { GET as pushUserListGet } from '../../app/api/push/v1/permission-v2/pushuser/l/route';
import { DELETE as pushUserDelete, GET as pushUserGet, PUT as pushUserPut } from '../../app/api/push/v1/permission-v2/userid/[id]/route';
import { GET as statisticsGet } from '../../app/api/usercenter/v1/userinfo/push/statistics/route';
import { importStacText } from '../../lib/server/catalogue/import';
import { sceneLoadJobHandlers } from '../../lib/server/composition/scene-loads';
import { enqueueJob } from '../../lib/server/jobs/enqueue';
import { runDueJobs } from '../../lib/server/jobs/runner';
import { cutImageBatches, PUSH_CUT_JOB } from '../../lib/server/push/batches';
import { pushJobHandlers } from '../../lib/server/push/jobs';
import { DEMO_OPTICAL_SATELLITES } from '../../lib/server/push/seed';
import { createSession } from '../../lib/server/session';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();
const RUNNER = { workerId: 'push-test', leaseSeconds: 60, backoffSeconds: 1 };
const handlers = () => ({ ...sceneLoadJobHandlers(), ...pushJobHandlers() });

let address = 0;
async function as(username: string, locale: 'zh' | 'en' = 'en') {
  const { token } = await createSession(db(), await idOf(username), { ip: 'test', userAgent: null });
  return { cookie: `token=${token}`, origin: 'http://localhost:3000', 'x-locale': locale, 'x-forwarded-for': `198.51.100.${++address}` };
}
async function idOf(username: string): Promise<string> {
  const [u] = await db().query<{ id: string }>('SELECT id::text AS id FROM users WHERE username = $1', [username]);
  return u!.id;
}

/** A STAC item with a box footprint. */
function item(id: string, platform: string, instrument: string, level: string, [w, s, e, n]: [number, number, number, number]) {
  return {
    type: 'Feature',
    stac_version: '1.0.0',
    id,
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [w, s],
          [e, s],
          [e, n],
          [w, n],
          [w, s],
        ],
      ],
    },
    properties: { datetime: '2026-11-02T03:00:00Z', platform, instruments: [instrument], gsd: 2, 'processing:level': level },
    assets: {},
  };
}

const SHIJIAZHUANG: [number, number, number, number] = [114.4, 37.95, 114.6, 38.15];
const BAODING: [number, number, number, number] = [115.4, 38.8, 115.6, 39.0];
const GUANGZHOU: [number, number, number, number] = [113.2, 23.0, 113.4, 23.2];

/** The batches of a load: user → scene ids. */
async function batchesOf(loadId: string): Promise<Record<string, string[]>> {
  const rows = await db().query<{ username: string; ids: string[] }>(
    `SELECT u.username, array_agg(bs.scene_id ORDER BY bs.scene_id) AS ids
       FROM push_batches b JOIN users u ON u.id = b.user_id JOIN push_batch_scenes bs ON bs.batch_id = b.id
      WHERE b.load_id = $1::bigint GROUP BY u.username ORDER BY u.username`,
    [loadId],
  );
  return Object.fromEntries(rows.map((r) => [r.username, r.ids]));
}

const latestLoad = async (source: string) =>
  (await db().query<{ id: string }>(`SELECT id::text AS id FROM scene_loads WHERE source = $1 ORDER BY id DESC LIMIT 1`, [source]))[0]!.id;

describe('push batches from catalogue loads', () => {
  let demoLoad: string;
  let importLoad: string;

  beforeAll(async () => {
    // The template's demo catalogue load queued its job; the demo node user (demo-hebei, Hebei optical) was granted first.
    demoLoad = await latestLoad('demo');
    await runDueJobs(db(), handlers(), RUNNER, 20);
  }, 120_000);

  it('cuts the demo node user’s batch from the demo load: exactly the Chinese optical scenes meeting Hebei', async () => {
    const expected = await db().query<{ id: string }>(
      `SELECT s.id FROM scenes s, regions r
        WHERE s.load_id = $1::bigint AND r.code = '130000' AND s.satellite = ANY ($2::text[]) AND ST_Intersects(r.geom_hi, s.footprint)
        ORDER BY s.id`,
      [demoLoad, DEMO_OPTICAL_SATELLITES],
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(await batchesOf(demoLoad)).toEqual({ 'demo-hebei': expected.map((r) => r.id) });
  });

  it('an administrator grants; a STAC import reaches exactly the users whose types and regions match, once', async () => {
    const admin = await as('demo-admin');
    const city = await idOf('demo-city');
    const personal = await idOf('demo-personal');
    const put = (id: string, body: unknown, headers: Record<string, string>) =>
      call(pushUserPut, `/api/push/v1/permission-v2/userid/${id}`, { method: 'PUT', body, headers, params: { id } });

    // GF-1 PMS L1A over Shijiazhuang for the city user; Landsat 9 over Guangdong for the personal one.
    const granted = await put(
      city,
      { kind: 'dedicated', imageGrants: [{ satellites: ['GF1'], sensors: ['PMS'], levels: ['L1A'], regionCodes: ['130100'] }] },
      admin,
    );
    expect(granted.json.code).toBe(0);
    expect(granted.json.data.imageGrants).toEqual([
      { satellites: ['GF1'], sensors: ['PMS'], levels: ['L1A'], regions: [{ code: '130100', name: 'Shijiazhuang' }] },
    ]);
    expect(
      (await put(personal, { kind: 'dedicated', imageGrants: [{ satellites: ['LC09'], regionCodes: ['440000'] }] }, admin)).json.code,
    ).toBe(0);
    // An unknown region is refused with its code named.
    const unknown = await put(personal, { kind: 'dedicated', imageGrants: [{ satellites: ['LC09'], regionCodes: ['999999'] }] }, admin);
    expect(unknown.json.code).toBe(400);
    expect(unknown.json.message).toContain('999999');

    const text = [
      item('PUSHT_GF1_PMS_SJZ', 'gf1', 'pms', 'L1A', SHIJIAZHUANG),
      item('PUSHT_GF1_WFV_SJZ', 'gf1', 'wfv', 'L1A', SHIJIAZHUANG),
      item('PUSHT_GF1_PMS_L2_SJZ', 'gf1', 'pms', 'L2A', SHIJIAZHUANG),
      item('PUSHT_GF1_PMS_BAODING', 'gf1', 'pms', 'L1A', BAODING),
      item('PUSHT_GF1_PMS_GZ', 'gf1', 'pms', 'L1A', GUANGZHOU),
      item('PUSHT_LC09_SJZ', 'lc09', 'oli_tirs', 'L1TP', SHIJIAZHUANG),
      item('PUSHT_LC09_GZ', 'lc09', 'oli_tirs', 'L1TP', GUANGZHOU),
    ]
      .map((i) => JSON.stringify(i))
      .join('\n');
    const report = await importStacText(db(), text);
    expect(report).toMatchObject({ written: 7, problems: [] });
    importLoad = await latestLoad('imported');
    expect(await runDueJobs(db(), handlers(), RUNNER, 20)).toBe(2); // scenes_loaded, then the cut

    expect(await batchesOf(importLoad)).toEqual({
      'demo-city': ['PUSHT_GF1_PMS_SJZ'],
      // demo-hebei: GF-1 is Chinese optical, any sensor and level, anywhere in Hebei; not Guangzhou, not Landsat.
      'demo-hebei': ['PUSHT_GF1_PMS_BAODING', 'PUSHT_GF1_PMS_L2_SJZ', 'PUSHT_GF1_PMS_SJZ', 'PUSHT_GF1_WFV_SJZ'],
      'demo-personal': ['PUSHT_LC09_GZ'],
    });

    // The job again (a second worker, a retry) and the cut itself again: nothing new.
    await enqueueJob(db(), { kind: PUSH_CUT_JOB, payload: { loadId: importLoad }, dedupeKey: `${PUSH_CUT_JOB}:${importLoad}:again` });
    expect(await runDueJobs(db(), handlers(), RUNNER, 20)).toBe(1);
    expect(await db().transaction((tx) => cutImageBatches(tx, importLoad))).toBe(0);
    const [n] = await db().query<{ batches: number; scenes: number }>(
      `SELECT count(DISTINCT b.id)::int AS batches, count(*)::int AS scenes FROM push_batches b JOIN push_batch_scenes s ON s.batch_id = b.id WHERE b.load_id = $1::bigint`,
      [importLoad],
    );
    expect(n).toEqual({ batches: 3, scenes: 6 });
    // Re-importing the same items updates them: they are not new, so nobody gets them again.
    await importStacText(db(), text);
    await runDueJobs(db(), handlers(), RUNNER, 20);
    expect(await batchesOf(await latestLoad('imported'))).toEqual({});
  });

  it('coverCalculate-v2 equals an independent PostGIS overlay of the batch’s footprints with the user’s regions', async () => {
    for (const username of ['demo-hebei', 'demo-city']) {
      const headers = await as(username);
      const [batch] = await db().query<{ id: string; codes: string[] }>(
        `SELECT b.id::text AS id, b.region_codes AS codes FROM push_batches b JOIN users u ON u.id = b.user_id
          WHERE u.username = $1 ORDER BY b.scene_count DESC LIMIT 1`,
        [username],
      );
      const [truth] = await db().query<{ region: number; covered: number }>(
        `SELECT ST_Area(a.g::geography) / 1e6 AS region,
                ST_Area(ST_Intersection(a.g, f.g)::geography) / 1e6 AS covered
           FROM (SELECT ST_Union(geom_hi) AS g FROM regions WHERE code = ANY ($2::text[])) a,
                (SELECT ST_Union(s.footprint) AS g FROM scenes s JOIN push_batch_scenes bs ON bs.scene_id = s.id WHERE bs.batch_id = $1::bigint) f`,
        [batch!.id, batch!.codes],
      );
      const res = await call(coverGet, `/api/push/v1/coverCalculate-v2?id=${batch!.id}`, { headers });
      expect(res.json.code).toBe(0);
      const cover = res.json.data;
      expect(truth!.covered).toBeGreaterThan(0);
      expect(Math.abs(cover.regionKm2 - truth!.region)).toBeLessThanOrEqual(Math.max(0.01, truth!.region * 1e-6));
      expect(Math.abs(cover.coveredKm2 - truth!.covered)).toBeLessThanOrEqual(Math.max(0.01, truth!.covered * 1e-6));
      expect(cover.coveredPct).toBeCloseTo((100 * truth!.covered) / truth!.region, 1);
      expect(cover.regionGeometry?.type).toMatch(/Polygon/);
      // The figures recorded when the batch was cut are the same.
      const detail = await call(batchDetailGet, `/api/push/v1/batch/detail?id=${batch!.id}`, { headers });
      expect(detail.json.data.batch.coveredKm2).toBeCloseTo(cover.coveredKm2, 1);
      expect(detail.json.data.batch.regionKm2).toBeCloseTo(cover.regionKm2, 1);
    }
  });

  it('only administrators grant; a user reads their own grants and batches, another’s answer 404', async () => {
    const city = await as('demo-city');
    const hebeiId = await idOf('demo-hebei');
    const cityId = await idOf('demo-city');
    const put = await call(pushUserPut, `/api/push/v1/permission-v2/userid/${cityId}`, {
      method: 'PUT',
      body: { kind: 'provincial', imageGrants: [{ satellites: ['GF2'], regionCodes: ['100000'] }] },
      headers: city,
      params: { id: cityId },
    });
    expect(put.status).toBe(403);
    expect(
      (
        await call(pushUserDelete, `/api/push/v1/permission-v2/userid/${hebeiId}`, {
          method: 'DELETE',
          headers: city,
          params: { id: hebeiId },
        })
      ).status,
    ).toBe(403);
    expect((await call(pushUserListGet, '/api/push/v1/permission-v2/pushuser/l', { headers: city })).status).toBe(403);

    // Own grants yes, another's no.
    expect(
      (await call(pushUserGet, `/api/push/v1/permission-v2/userid/${cityId}`, { headers: city, params: { id: cityId } })).json.data.kind,
    ).toBe('dedicated');
    expect(
      (await call(pushUserGet, `/api/push/v1/permission-v2/userid/${hebeiId}`, { headers: city, params: { id: hebeiId } })).json.code,
    ).toBe(404);
    expect(
      (await call(imageGrantsGet, `/api/push/v1/permission-v2/image/userid/${hebeiId}`, { headers: city, params: { id: hebeiId } })).json
        .code,
    ).toBe(404);

    // Batches: the city user's list is theirs only; the Hebei batch is not found for them, found for its owner and the administrator.
    const mine = (await call(batchListGet, '/api/push/v1/batch?pageSize=100', { headers: city })).json.data;
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.list.every((b: { username: string }) => b.username === 'demo-city')).toBe(true);
    const [hebeiBatch] = await db().query<{ id: string }>(`SELECT id::text AS id FROM push_batches WHERE user_id = $1::bigint LIMIT 1`, [
      hebeiId,
    ]);
    for (const [handler, path] of [
      [batchDetailGet, '/api/push/v1/batch/detail'],
      [batchVectorGet, '/api/push/v1/batch/vector4pg'],
      [coverGet, '/api/push/v1/coverCalculate-v2'],
    ] as const) {
      expect((await call(handler, `${path}?id=${hebeiBatch!.id}`, { headers: city })).json.code).toBe(404);
      expect((await call(handler, `${path}?id=${hebeiBatch!.id}`, { headers: await as('demo-hebei') })).json.code).toBe(0);
      expect((await call(handler, `${path}?id=${hebeiBatch!.id}`, { headers: await as('demo-admin') })).json.code).toBe(0);
    }
    const vector = (await call(batchVectorGet, `/api/push/v1/batch/vector4pg?id=${hebeiBatch!.id}`, { headers: await as('demo-hebei') }))
      .json.data;
    expect(vector.type).toBe('FeatureCollection');
    expect(vector.features.length).toBe(Math.min(vector.total, 2000));

    // Administrators see everyone's batches, with the user; bounded pages.
    const all = (await call(batchListGet, '/api/push/v1/batch?pageSize=100', { headers: await as('demo-admin') })).json.data;
    expect(new Set(all.list.map((b: { username: string }) => b.username))).toEqual(new Set(['demo-city', 'demo-hebei', 'demo-personal']));
    expect((await call(batchListGet, '/api/push/v1/batch?pageSize=101', { headers: city })).json.code).toBe(400);

    const stats = (await call(statisticsGet, '/api/usercenter/v1/userinfo/push/statistics', { headers: await as('demo-hebei') })).json.data;
    expect(stats).toMatchObject({ pushUser: true, kind: 'provincial', batches: 2 });
  });
});
