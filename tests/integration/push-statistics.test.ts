/**
 * Issue 36.3 (push statistics): for a seeded set of image and spot push batches — the demo node user's batch of the
 * demo load, and a second push user's batches placed in earlier months with every kind of delivery (fetched through
 * the manifest, through a re-delivered feed, late, never, a scene since removed from the catalogue) — the figures
 * equal plain SQL aggregates of the push tables, per period, region, image type and user; a node user reads only
 * their own figures (the API and the export answer another's "not found"); bad input is refused in the caller's
 * language.
 */
import { GET as statisticsGet } from '../../app/api/usercenter/v1/userinfo/push/statistics/route';
import { GET as exportGet } from '../../app/api/usercenter/v1/userinfo/push/statistics/export/route';
import { sceneLoadJobHandlers } from '../../lib/server/composition/scene-loads';
import { runDueJobs } from '../../lib/server/jobs/runner';
import { pushJobHandlers } from '../../lib/server/push/jobs';
import { createSession } from '../../lib/server/session';
import { defaultPushStatsPeriod } from '../../lib/shared/contracts/push-statistics';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();
const RUNNER = { workerId: 'push-stats-test', leaseSeconds: 60, backoffSeconds: 1 };
const PATH = '/api/usercenter/v1/userinfo/push/statistics';

let address = 0;
async function as(username: string, locale: 'zh' | 'en' = 'en') {
  const { token } = await createSession(db(), await idOf(username), { ip: 'test', userAgent: null });
  return { cookie: `token=${token}`, origin: 'http://localhost:3000', 'x-locale': locale, 'x-forwarded-for': `198.51.100.${++address}` };
}
async function idOf(username: string): Promise<string> {
  const [u] = await db().query<{ id: string }>('SELECT id::text AS id FROM users WHERE username = $1', [username]);
  return u!.id;
}
const get = async (query: string, headers: Record<string, string>) => (await call(statisticsGet, `${PATH}?${query}`, { headers })).json;

const close = (a: number, b: number, digits = 2) => expect(Math.abs(a - b)).toBeLessThanOrEqual(10 ** -digits);

/** The default period (the last 12 months up to this one) as half-open timestamps. */
function defaultRange(): [string, string] {
  const { from, to } = defaultPushStatsPeriod();
  const start = new Date(Date.UTC(Number(from.slice(0, 4)), Number(from.slice(5, 7)) - 1, 1));
  const end = new Date(Date.UTC(Number(to.slice(0, 4)), Number(to.slice(5, 7)), 1));
  return [start.toISOString(), end.toISOString()];
}

let hebei = '';
let city = '';

beforeAll(async () => {
  // The demo load's batch for demo-hebei (the template queued its job).
  await runDueJobs(db(), { ...sceneLoadJobHandlers(), ...pushJobHandlers() }, RUNNER, 20);
  hebei = await idOf('demo-hebei');
  city = await idOf('demo-city');
  const d = db();
  // The demo batch: fetched through its manifest two hours after the cut (on time).
  await d.query(`UPDATE push_batches SET delivered_at = created_at + interval '2 hours' WHERE user_id = $1::bigint`, [hebei]);
  await d.query(`INSERT INTO push_users (user_id, kind) VALUES ($1::bigint, 'dedicated') ON CONFLICT DO NOTHING`, [city]);
  const [load] = await d.query<{ id: string }>(
    `INSERT INTO scene_loads (source, finished_at) VALUES ('imported', now()) RETURNING id::text AS id`,
  );
  const [load2] = await d.query<{ id: string }>(
    `INSERT INTO scene_loads (source, finished_at) VALUES ('imported', now()) RETURNING id::text AS id`,
  );
  // Three catalogue scenes over Guangdong and Hebei, and one since removed (no row in scenes).
  const picked = await d.query<{ id: string; area_km2: number; size_mb: number | null }>(
    `(SELECT id, area_km2, size_mb FROM scenes WHERE ST_Intersects(centre, ST_MakeEnvelope(112, 22, 115, 24, 4326)) ORDER BY id LIMIT 2)
     UNION ALL (SELECT id, area_km2, size_mb FROM scenes WHERE ST_Intersects(centre, ST_MakeEnvelope(114, 37, 116, 39, 4326)) ORDER BY id LIMIT 1)`,
  );
  expect(picked).toHaveLength(3);
  const km2 = picked.reduce((s, p) => s + p.area_km2, 0) + 120;
  const mb = picked.reduce((s, p) => s + (p.size_mb ?? 0), 0) + 900;
  // B1, 40 days ago, never fetched (late); B2, 70 days ago, acknowledged within an hour and then re-delivered (on time).
  const [b1] = await d.query<{ id: string }>(
    `INSERT INTO push_batches (user_id, load_id, created_at, scene_count, footprint_km2, size_mb, region_codes, region_km2, covered_km2, covered_pct)
     VALUES ($1::bigint, $2::bigint, now() - interval '40 days', 4, $3, $4, '{440000}', 0, 0, 0) RETURNING id::text AS id`,
    [city, load!.id, km2, mb],
  );
  for (const id of [...picked.map((p) => p.id), 'PUSHSTATS_GONE_SCENE'])
    await d.query(`INSERT INTO push_batch_scenes (batch_id, scene_id) VALUES ($1::bigint, $2)`, [b1!.id, id]);
  const [b2] = await d.query<{ id: string }>(
    `INSERT INTO push_batches (user_id, load_id, created_at, scene_count, footprint_km2, size_mb, region_codes, region_km2, covered_km2, covered_pct, redelivery_count)
     VALUES ($1::bigint, $2::bigint, now() - interval '70 days', 1, $3, $4, '{440000}', 0, 0, 0, 1) RETURNING id::text AS id`,
    [city, load2!.id, picked[0]!.area_km2, picked[0]!.size_mb ?? 0],
  );
  await d.query(`INSERT INTO push_batch_scenes (batch_id, scene_id) VALUES ($1::bigint, $2)`, [b2!.id, picked[0]!.id]);
  await d.query(
    `INSERT INTO push_batch_redeliveries (batch_id, requested_at, acknowledged_at)
     SELECT id, created_at + interval '3 days', created_at + interval '1 hour' FROM push_batches WHERE id = $1::bigint`,
    [b2!.id],
  );
  // Spot batches: the city user's, fetched two days after the cut (late); demo-hebei's, cut now and not fetched (waiting).
  const spotBatch = async (user: string, quarter: string, age: string, fetchedAfter: string | null, items: [string, number][]) => {
    const [b] = await d.query<{ id: string }>(
      `INSERT INTO push_spot_batches (user_id, quarter, spot_type, region_codes, spot_count, area_m2, created_at, fetched_at)
       VALUES ($1::bigint, $2, 'landcover', '{100000}', $3, $4, now() - $5::interval, now() - $5::interval + $6::interval) RETURNING id::text AS id`,
      [user, quarter, items.length, items.reduce((s, [, a]) => s + a, 0), age, fetchedAfter],
    );
    for (const [i, [xzqdm, area]] of items.entries())
      await d.query(
        `INSERT INTO push_spot_batch_items (batch_id, ref, label, xzqdm, kind, stage, area_m2, geom, center)
         VALUES ($1::bigint, $2, $2, $3, 'k', 's', $4, ST_Buffer(ST_Point(114.5, 38.0, 4326), 0.001), ST_Point(114.5, 38.0, 4326))`,
        [b!.id, `PS${i}`, xzqdm, area],
      );
  };
  await spotBatch(city, '2025Q4', '50 days', '2 days', [
    ['440103', 250_000],
    ['130102', 1_500_000],
  ]);
  await spotBatch(hebei, '2025Q3', '1 hour', null, [['130104', 40_000]]);
}, 180_000);

describe('push statistics', () => {
  it('equals plain SQL aggregates of the push tables: totals, per user, per region, per image type', async () => {
    const [from, to] = defaultRange();
    const admin = await as('demo-admin');
    const answer = await get('user=all', admin);
    expect([answer.code, answer.message]).toEqual([0, expect.anything()]);
    const s = answer.data;
    expect(s.subject).toEqual({ all: true, userId: null, username: null });
    expect(s.mayChooseUser).toBe(true);

    const [img] = await db().query<{ n: number; scenes: number; km2: number; mb: number }>(
      `SELECT count(*)::int AS n, sum(scene_count)::int AS scenes, sum(footprint_km2) AS km2, sum(size_mb) AS mb
         FROM push_batches WHERE created_at >= $1 AND created_at < $2`,
      [from, to],
    );
    const [spot] = await db().query<{ n: number; acked: number; spots: number; m2: number }>(
      `SELECT count(*)::int AS n, count(fetched_at)::int AS acked, coalesce(sum(spot_count), 0)::int AS spots, coalesce(sum(area_m2), 0) AS m2
         FROM push_spot_batches WHERE created_at >= $1 AND created_at < $2`,
      [from, to],
    );
    expect(img!.n).toBeGreaterThanOrEqual(3);
    expect(s.figures).toMatchObject({
      batches: img!.n,
      scenes: img!.scenes,
      spotBatches: spot!.n,
      spotAcknowledged: spot!.acked,
      spots: spot!.spots,
    });
    close(s.figures.km2, img!.km2);
    close(s.figures.gb, img!.mb / 1024, 3);
    close(s.figures.spotKm2, spot!.m2 / 1e6);

    // The trend's points add up to the whole.
    expect(s.trend).toHaveLength(12);
    expect(s.trend.reduce((n: number, p: { scenes: number }) => n + p.scenes, 0)).toBe(img!.scenes);
    expect(s.trend.reduce((n: number, p: { spotBatches: number }) => n + p.spotBatches, 0)).toBe(spot!.n);

    // Per user.
    const perUser = await db().query<{ user_id: string; scenes: number }>(
      `SELECT user_id::text AS user_id, sum(scene_count)::int AS scenes FROM push_batches
        WHERE created_at >= $1 AND created_at < $2 GROUP BY user_id`,
      [from, to],
    );
    for (const row of perUser) expect(s.users.list.find((u: { userId: string }) => u.userId === row.user_id)?.scenes).toBe(row.scenes);

    // Per province: the scenes whose centre lies in it, and the spots whose county code does.
    const provinces = await db().query<{ code: string; scenes: number; km2: number }>(
      `SELECT r.code, count(*)::int AS scenes, sum(s.area_km2) AS km2
         FROM push_batches b JOIN push_batch_scenes bs ON bs.batch_id = b.id JOIN scenes s ON s.id = bs.scene_id
         JOIN regions r ON r.parent_code = '100000' AND ST_Intersects(r.geom_mid, s.centre)
        WHERE b.created_at >= $1 AND b.created_at < $2 GROUP BY r.code`,
      [from, to],
    );
    const spotsByProvince = await db().query<{ code: string; spots: number }>(
      `SELECT left(i.xzqdm, 2) || '0000' AS code, count(*)::int AS spots FROM push_spot_batches b JOIN push_spot_batch_items i ON i.batch_id = b.id
        WHERE b.created_at >= $1 AND b.created_at < $2 GROUP BY 1`,
      [from, to],
    );
    expect(provinces.map((p) => p.code)).toEqual(expect.arrayContaining(['130000', '440000']));
    for (const p of provinces) {
      const item = s.regions.find((r: { code: string }) => r.code === p.code);
      expect([p.code, item.scenes]).toEqual([p.code, p.scenes]);
      close(item.km2, p.km2);
    }
    for (const p of spotsByProvince) expect(s.regions.find((r: { code: string }) => r.code === p.code).spots).toBe(p.spots);
    // The removed scene cannot be placed: it is the rest, and the rows add up to the whole.
    expect(s.regionRest.scenes).toBe(img!.scenes - provinces.reduce((n, p) => n + p.scenes, 0));
    expect(s.regionRest.scenes).toBeGreaterThanOrEqual(1);

    // Per image type, and the removed scene as the rest.
    const types = await db().query<{ satellite: string; sensor: string; product_level: string; scenes: number }>(
      `SELECT s.satellite, s.sensor, s.product_level, count(*)::int AS scenes
         FROM push_batches b JOIN push_batch_scenes bs ON bs.batch_id = b.id JOIN scenes s ON s.id = bs.scene_id
        WHERE b.created_at >= $1 AND b.created_at < $2 GROUP BY 1, 2, 3`,
      [from, to],
    );
    expect(s.types).toHaveLength(types.length);
    for (const ty of types)
      expect(
        s.types.find(
          (x: { satellite: string; sensor: string; productLevel: string }) =>
            x.satellite === ty.satellite && x.sensor === ty.sensor && x.productLevel === ty.product_level,
        )?.scenes,
      ).toBe(ty.scenes);
    expect(s.typeRest.scenes).toBe(1);
  });

  it('drills into a province: its cities, from the same rows', async () => {
    const [from, to] = defaultRange();
    const s = (await get('user=all&region=440000', await as('demo-admin'))).data;
    expect(s.region).toMatchObject({ code: '440000', level: 'province' });
    expect(s.level).toBe('city');
    const cities = await db().query<{ code: string; scenes: number }>(
      `SELECT r.code, count(*)::int AS scenes
         FROM push_batches b JOIN push_batch_scenes bs ON bs.batch_id = b.id JOIN scenes s ON s.id = bs.scene_id
         JOIN regions r ON r.parent_code = '440000' AND ST_Intersects(r.geom_mid, s.centre)
        WHERE b.created_at >= $1 AND b.created_at < $2 GROUP BY r.code`,
      [from, to],
    );
    expect(cities.length).toBeGreaterThan(0);
    for (const c of cities) expect(s.regions.find((r: { code: string }) => r.code === c.code).scenes).toBe(c.scenes);
    expect(s.regionTotal.scenes).toBe(cities.reduce((n, c) => n + c.scenes, 0));
    // The Guangzhou spot (440103) is in Guangzhou.
    expect(s.regions.find((r: { code: string }) => r.code === '440100').spots).toBe(1);
  });

  it('counts on-time delivery from the first fetch: manifest, feed before a re-delivery, late, never, waiting', async () => {
    const admin = await as('demo-admin');
    const c = (await get(`user=${city}`, admin)).data;
    expect(c.subject).toEqual({ all: false, userId: city, username: 'demo-city' });
    // B1 never fetched (late), B2 fetched via the feed within an hour before its re-delivery (on time), the spot batch two days late.
    expect(c.figures).toMatchObject({ batches: 2, fetched: 1, spotBatches: 1, spotAcknowledged: 1, onTime: 1, late: 2, waiting: 0 });
    close(c.figures.onTimePct, 33.3, 1);
    const h = (await get('', await as('demo-hebei'))).data;
    expect(h.subject).toMatchObject({ all: false, userId: hebei, username: 'demo-hebei' });
    expect(h.mayChooseUser).toBe(false);
    // Its image batches were fetched on time; its spot batches (ours and the demo's) are not fetched and under a day old.
    const [waiting] = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM push_spot_batches WHERE user_id = $1::bigint AND fetched_at IS NULL AND created_at > now() - interval '24 hours'`,
      [hebei],
    );
    expect(waiting!.n).toBeGreaterThanOrEqual(1);
    expect(h.figures).toMatchObject({
      fetched: h.figures.batches,
      onTime: h.figures.batches,
      late: 0,
      waiting: waiting!.n,
      onTimePct: 100,
    });
    // A quarterly trend over a year puts the city user's batches in their quarters.
    const q = (await get(`user=${city}&step=quarter&period=${new Date().getUTCFullYear() - 1}..${new Date().getUTCFullYear()}`, admin))
      .data;
    expect(q.trend).toHaveLength(8);
    expect(q.trend.reduce((n: number, p: { batches: number }) => n + p.batches, 0)).toBe(2);
  });

  it('lets a node user read only their own figures', async () => {
    const own = await as('demo-hebei');
    const mine = (await get('', own)).data;
    const [sql] = await db().query<{ scenes: number }>(
      `SELECT coalesce(sum(scene_count), 0)::int AS scenes FROM push_batches WHERE user_id = $1::bigint`,
      [hebei],
    );
    expect(mine.scenes).toBe(sql!.scenes);
    expect(mine.users.list.map((u: { username: string }) => u.username)).toEqual(['demo-hebei']);
    expect((await get(`user=${hebei}`, own)).code).toBe(0);
    for (const user of ['all', city]) {
      expect((await get(`user=${user}`, own)).code).toBe(404);
      const response = await exportGet(new Request(`http://localhost:3000${PATH}/export?user=${user}`, { headers: own }), {
        params: Promise.resolve({}),
      });
      expect(response.headers.get('content-type')).not.toContain('text/csv');
      expect(((await response.json()) as { code: number }).code).toBe(404);
    }
    // Signed out: no figures at all.
    expect((await call(statisticsGet, PATH)).json.code).toBe(401);
  });

  it('refuses bad input in the caller’s language', async () => {
    const zh = await as('demo-admin', 'zh');
    const en = await as('demo-admin', 'en');
    const tooLong = await get('period=2020..2026Q4', zh);
    expect(tooLong.code).toBe(400);
    expect(tooLong.message).toContain('时段过长');
    expect((await get('period=2020..2026Q4', en)).message).toContain('too long');
    expect((await get('period=2026Q5', en)).message).toContain('Invalid period');
    expect((await get('step=week', en)).code).toBe(400);
    expect((await get('region=130102', en)).message).toContain('Invalid region');
    expect((await get('pageSize=101', en)).message).toContain('1 to 100');
    expect((await get('user=someone', zh)).message).toContain('用户参数无效');
  });

  it('exports the same figures as CSV with headers in the caller’s language', async () => {
    const response = await exportGet(
      new Request(`http://localhost:3000${PATH}/export?user=all`, { headers: await as('demo-admin', 'zh') }),
      {
        params: Promise.resolve({}),
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const text = (await response.text()).replace(/^\uFEFF/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toContain('推送景数');
    const s = (await get('user=all', await as('demo-admin'))).data;
    const total = lines[1]!.split(',');
    expect(total[0]).toBe('合计');
    expect(Number(total[4])).toBe(s.figures.scenes);
    expect(lines.filter((l) => l.startsWith('用户,'))).toHaveLength(s.users.total);
    expect(lines.filter((l) => l.startsWith('时段,'))).toHaveLength(12);
  });
});
