/**
 * Issue 35.4, theme subscriptions: "new spots of theme T in region R". A batch of spots announced as loaded
 * (SPOT_BATCH_LOADED_JOB, as the demo generations announce theirs) delivers exactly the spots each subscription
 * implies — its theme, inside its region, and only what its owner sees on the theme's detail screens (permission and
 * area range, as of the match) — once per subscription however often it is matched, by webhook (signed), digest and
 * feed. A snapshot theme's next batch brings only the features no earlier batch held. Refusals: a theme the user may
 * not view, a region outside their range, an unknown region, a theme without spots, a repeat, the 21st subscription.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { POST as createPost, GET as listGet } from '../../app/api/usercenter/v1/subscriptions/route';
import { GET as feedGet } from '../../app/api/subscriptions/v1/feed/[id]/route';
import { spotLoadHandler } from '../../lib/server/composition/spot-loads';
import { resetEnvCache } from '../../lib/server/env';
import { enqueueJob } from '../../lib/server/jobs/enqueue';
import { runDueJobs, type JobHandlers } from '../../lib/server/jobs/runner';
import { createSession } from '../../lib/server/session';
import {
  sendDueDigests,
  subscriptionJobHandlers,
  testDelivery,
  THEME_MATCH_JOB,
  THEME_MATCH_SLICE_JOB,
  verifySignature,
} from '../../lib/server/subscriptions';
import { announceSpotBatches, SPOT_BATCH_LOADED_JOB } from '../../lib/server/theme-features';
import { SUBSCRIPTION_LIMITS } from '../../lib/shared/contracts/subscriptions';
import { PERMISSIONS } from '../../lib/shared/permissions';
import { LANDCOVER } from '../../lib/shared/themes/landcover';
import { WINDMILL } from '../../lib/shared/themes/windmill';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();
const handlers: JobHandlers = { ...subscriptionJobHandlers(), [SPOT_BATCH_LOADED_JOB]: spotLoadHandler };
const runJobs = (workerId: string) => runDueJobs(db(), handlers, { workerId, leaseSeconds: 60, backoffSeconds: 0 }, 500);

const received: { path: string; signature: string | undefined; raw: string }[] = [];
let receiver: Server;
let base = '';

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

let addressCounter = 0;
/** A user whose one role holds `codes`, with these regionId area ranges, signed in (English). */
async function userWith(username: string, codes: readonly string[], ranges: readonly string[], email: string | null = null) {
  const [user] = await db().query<{ id: string }>(
    `WITH r AS (INSERT INTO roles (code, name_zh, name_en) VALUES ($1, $1, $1) RETURNING id),
          p AS (INSERT INTO role_permissions (role_id, permission_code) SELECT r.id, c FROM r, unnest($2::text[]) AS c),
          u AS (INSERT INTO users (username, password_hash, email) VALUES ($1, 'unused', $3) RETURNING id),
          ur AS (INSERT INTO user_roles (user_id, role_id) SELECT u.id, r.id FROM u, r)
     SELECT id::text AS id FROM u`,
    [username, codes, email],
  );
  for (const range of ranges) await db().query(`INSERT INTO area_ranges (user_id, region_id) VALUES ($1, $2)`, [user!.id, range]);
  const { token } = await createSession(db(), user!.id, { ip: 'test', userAgent: null });
  const headers = {
    cookie: `token=${token}`,
    origin: 'http://localhost:3000',
    'x-locale': 'en',
    'x-forwarded-for': `192.0.2.${++addressCounter}`,
  };
  return { id: user!.id, headers };
}
type Headers = Awaited<ReturnType<typeof userWith>>['headers'];

const PATH = '/api/usercenter/v1/subscriptions';
const create = (headers: Headers, body: Record<string, unknown>) => call(createPost, PATH, { body, headers });
const themeBody = (theme: string, regionCode: string, delivery: Record<string, string>, name = `${theme} ${regionCode}`) => ({
  kind: 'theme',
  name,
  query: { theme, regionCode },
  ...delivery,
});

/** A published batch of a theme in a quarter no demo batch uses. */
async function newBatch(theme: string, quarter: string): Promise<string> {
  const [row] = await db().query<{ id: string }>(
    `INSERT INTO spot_batches (theme, quarter, type_name_zh, type_name_en, period_start, period_end, status)
     VALUES ($1, $2, $3, $4, '2031-01-01', '2031-03-31', 'published') RETURNING id::text AS id`,
    [theme, quarter, `${quarter} 测试批次`, `${quarter} test batch`],
  );
  return row!.id;
}

/** A 0.01° square spot in a county, as a load writes it; returns its id. */
async function newSpot(
  theme: typeof WINDMILL | typeof LANDCOVER,
  batchId: string,
  xzqdm: string,
  lonLat: [number, number],
  featureKey: string | null = null,
): Promise<string> {
  const [lon, lat] = lonLat;
  const [row] = await db().query<{ id: string }>(
    `INSERT INTO spots (theme, batch_id, xzqdm, stage, tblx, filename, area_m2, change_type, geom, center, detected_on, feature_key)
     VALUES ($1, $2, $3, $4, $5, 'probe.tif', 1234567, $6, ST_Multi(ST_MakeEnvelope($7::float8, $8::float8, $7::float8 + 0.01, $8::float8 + 0.01, 4326)),
             ST_SetSRID(ST_MakePoint($7::float8 + 0.005, $8::float8 + 0.005), 4326), '2031-02-01', $9)
     RETURNING id::text AS id`,
    [
      theme.id,
      batchId,
      xzqdm,
      theme.stages.items[0]!.value,
      theme.kinds.items[0]!.value,
      theme.changeTypes ? 1 : null,
      lon,
      lat,
      featureKey,
    ],
  );
  return row!.id;
}

/** A load of these batches, announced in its transaction as the demo generations announce theirs. */
const announce = (batchIds: string[]) => db().transaction((tx) => announceSpotBatches(tx, batchIds));

const itemsOf = async (subscriptionId: string) =>
  (
    await db().query<{ item_id: string }>(`SELECT item_id FROM subscription_items WHERE subscription_id = $1 ORDER BY item_id::bigint`, [
      subscriptionId,
    ])
  ).map((r) => r.item_id);

const regionName = async (code: string, locale: 'zh' | 'en') => {
  const [row] = await db().query<{ zh: string; en: string }>(
    `SELECT name_zh AS zh, coalesce(name_en, name_zh) AS en FROM regions WHERE code = $1`,
    [code],
  );
  return row![locale];
};

const EMAIL = 'theme-subscriber@subs.example';
let owner: { id: string; headers: Headers };

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_LOOPBACK = 'true';
  resetEnvCache();
  receiver = createServer(async (req, res) => {
    received.push({ path: req.url ?? '', signature: req.headers['x-signature'] as string, raw: await readBody(req) });
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  // The theme demo generations announced every batch they wrote (the template ran them); past that check, the
  // template's announcements are not this file's business.
  const [demo] = await db().query<{ batches: number; unannounced: number }>(
    `SELECT count(*)::int AS batches,
            count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM jobs j WHERE j.kind = $1 AND j.payload->>'batchId' = b.id::text))::int AS unannounced
       FROM spot_batches b WHERE b.demo AND b.status = 'published'`,
    [SPOT_BATCH_LOADED_JOB],
  );
  expect(demo!.batches).toBeGreaterThan(0);
  expect(demo!.unannounced).toBe(0);
  await db().query(`DELETE FROM jobs WHERE kind = ANY ($1::text[])`, [[SPOT_BATCH_LOADED_JOB, THEME_MATCH_JOB, THEME_MATCH_SLICE_JOB]]);
  // Wind and land cover, within Shijiazhuang (130100) only.
  owner = await userWith('theme-subscriber', [PERMISSIONS.WINDMILL, PERMISSIONS.LANDCOVER], ['130100'], EMAIL);
}, 60_000);

afterAll(async () => {
  delete process.env.WEBHOOK_ALLOW_LOOPBACK;
  resetEnvCache();
  await new Promise((r) => receiver.close(r));
});

describe('a theme batch load delivers exactly the spots the subscriptions imply, once each', () => {
  let hebeiHook: { id: string; webhookSecret: string };
  let cityDigest: { id: string };
  let landcoverFeed: { id: string; feedUrl: string };
  const spots: Record<string, string> = {};
  let windBatch = '';

  beforeAll(async () => {
    // Hebei as a whole: the owner's range narrows it to Shijiazhuang.
    const hook = await create(owner.headers, themeBody('windmill', '130000', { delivery: 'webhook', webhookUrl: `${base}/hook` }));
    expect(hook.json.code).toBe(0);
    hebeiHook = hook.json.data;
    const digest = await create(owner.headers, themeBody('windmill', '130102', { delivery: 'email', frequency: 'daily' }));
    expect(digest.json.code).toBe(0);
    cityDigest = digest.json.data;
    const feed = await create(owner.headers, themeBody('landcover', '130100', { delivery: 'feed' }));
    expect(feed.json.code).toBe(0);
    landcoverFeed = feed.json.data;

    windBatch = await newBatch('windmill', '2031Q1');
    const landBatch = await newBatch('landcover', '2031Q1');
    spots.windChangan = await newSpot(WINDMILL, windBatch, '130102', [114.55, 38.05], 'probe-turbine-1');
    spots.windXinhua = await newSpot(WINDMILL, windBatch, '130105', [114.45, 38.05], 'probe-turbine-2');
    spots.windTangshan = await newSpot(WINDMILL, windBatch, '130202', [118.2, 39.6], 'probe-turbine-3'); // Hebei, outside the range
    spots.windBeijing = await newSpot(WINDMILL, windBatch, '110101', [116.4, 39.9], 'probe-turbine-4'); // outside Hebei
    spots.landChangan = await newSpot(LANDCOVER, landBatch, '130102', [114.56, 38.06]);
    spots.landTangshan = await newSpot(LANDCOVER, landBatch, '130202', [118.21, 39.61]);
    expect(await announce([windBatch, landBatch])).toBe(2);
  });

  it('matches each subscription to its theme, region and the owner’s range, once, with two workers and a repeated match', async () => {
    // The batch matched again (a retried announcement) and one slice twice, by two workers at once.
    await enqueueJob(db(), { kind: THEME_MATCH_JOB, payload: { batchId: windBatch }, dedupeKey: 'theme-again' });
    await enqueueJob(db(), {
      kind: THEME_MATCH_SLICE_JOB,
      payload: { batchId: windBatch, ids: [hebeiHook.id, cityDigest.id].join(',') },
      dedupeKey: 'theme-again-slice',
    });
    await Promise.all([runJobs('worker-a'), runJobs('worker-b')]);
    await Promise.all([runJobs('worker-a'), runJobs('worker-b')]);

    expect(await itemsOf(hebeiHook.id)).toEqual([spots.windChangan, spots.windXinhua]);
    expect(await itemsOf(cityDigest.id)).toEqual([spots.windChangan]);
    expect(await itemsOf(landcoverFeed.id)).toEqual([spots.landChangan]);
  });

  it('posts the spots once, signed, naming number, theme, change type, area, region and batch, linking to the detail screen', async () => {
    const posts = received.filter((r) => r.path === '/hook');
    expect(posts).toHaveLength(1);
    expect(verifySignature(hebeiHook.webhookSecret, posts[0]!.raw, posts[0]!.signature)).toBe(true);
    const body = JSON.parse(posts[0]!.raw) as {
      type: string;
      subscription: { kind: string };
      spots: Array<Record<string, unknown> & { id: string; link: { en: string; zh: string } }>;
    };
    expect(body.type).toBe('spots');
    expect(body.subscription.kind).toBe('theme');
    expect(body.spots.map((s) => s.id).sort()).toEqual([spots.windChangan, spots.windXinhua].sort());
    const changan = body.spots.find((s) => s.id === spots.windChangan)!;
    expect(changan).toMatchObject({
      theme: 'windmill',
      themeName: { en: 'Wind power monitoring' },
      changeType: WINDMILL.kinds.items[0]!.value,
      changeTypeName: { zh: WINDMILL.kinds.items[0]!.zh, en: WINDMILL.kinds.items[0]!.en },
      areaKm2: 1.23,
      regionCode: '130102',
      batch: { id: windBatch, quarter: '2031Q1', name: { en: '2031Q1 test batch' } },
    });
    expect(changan.link.en).toBe(
      `http://localhost:3000/english/monitor/windmill?module=detail&region=130102&batch=${windBatch}&spot=${spots.windChangan}`,
    );
    expect(changan.link.zh).toContain('/chinese/monitor/windmill?');
  });

  it('lists the spot in the digest under the theme and region, once', async () => {
    await db().query(`UPDATE subscriptions SET next_digest_at = now() - interval '1 second' WHERE id = $1`, [cityDigest.id]);
    expect(await sendDueDigests(db())).toBe(1);
    expect(await sendDueDigests(db())).toBe(0);
    const mails = await db().query<{ subject: string; body: string }>(`SELECT subject, body FROM outbox WHERE recipient = $1`, [EMAIL]);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toContain('1 new spot for your subscriptions');
    expect(mail!.subject).toContain('1 个新图斑');
    expect(mail!.body).toContain(`■ windmill 130102 — Wind power monitoring, ${await regionName('130102', 'en')}: 1 new spot`);
    expect(mail!.body).toContain(`■ windmill 130102 — 风电监测·${await regionName('130102', 'zh')}：1 个新图斑`);
    expect(mail!.body).toContain(`Spot ${spots.windChangan} (Wind power monitoring, ${WINDMILL.kinds.items[0]!.en}, 1.23 km²`);
    expect(mail!.body).toContain(`/english/monitor/windmill?module=detail&region=130102&batch=${windBatch}&spot=${spots.windChangan}`);
    expect(mail!.body).not.toContain(`Spot ${spots.windXinhua} `);
  });

  it('a test e-mail of a theme subscription announces spots, not scenes, in both languages', async () => {
    await db().query(`DELETE FROM outbox WHERE recipient = $1`, [EMAIL]);
    const delivery = await testDelivery(db(), owner.id, cityDigest.id);
    expect(delivery.status).toBe('delivered');
    const [mail] = await db().query<{ body: string }>(`SELECT body FROM outbox WHERE recipient = $1`, [EMAIL]);
    expect(mail!.body).toContain('New spots of its theme and region will arrive in a digest');
    expect(mail!.body).toContain('该专题和区域的新图斑将以这样的摘要发送给您');
    expect(mail!.body).not.toMatch(/scenes|影像/);
  });

  it('serves the theme subscription’s feed with its spots linking to the theme screen', async () => {
    const url = new URL(landcoverFeed.feedUrl);
    const response = await feedGet(new Request(`http://localhost:3000${url.pathname}${url.search}`), {
      params: Promise.resolve({ id: landcoverFeed.id }),
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain(`urn:rscloud:spot:${spots.landChangan}`);
    expect(text).not.toContain(`urn:rscloud:spot:${spots.landTangshan}`);
    expect(text).toContain(`type="text/html" href="http://localhost:3000/chinese/monitor/landcover?module=detail&amp;region=130102`);
  });

  it('brings from the next snapshot batch only the features no earlier batch held, and follows a narrowed range', async () => {
    const next = await newBatch('windmill', '2031Q2');
    const again = await newSpot(WINDMILL, next, '130102', [114.55, 38.05], 'probe-turbine-1'); // the same turbine, still standing
    const built = await newSpot(WINDMILL, next, '130102', [114.57, 38.07], 'probe-turbine-5'); // new this quarter
    const xinhua = await newSpot(WINDMILL, next, '130105', [114.46, 38.06], 'probe-turbine-6'); // new, in Xinhua
    // The owner's range is narrowed to Chang'an before the batch comes: Xinhua is no longer theirs to see.
    await db().query(`UPDATE area_ranges SET region_id = '130102' WHERE user_id = $1`, [owner.id]);
    try {
      await announce([next]);
      await Promise.all([runJobs('worker-a'), runJobs('worker-b')]);
    } finally {
      await db().query(`UPDATE area_ranges SET region_id = '130100' WHERE user_id = $1`, [owner.id]);
    }
    expect(await itemsOf(hebeiHook.id)).toEqual([spots.windChangan, spots.windXinhua, built]);
    expect(await itemsOf(cityDigest.id)).toEqual([spots.windChangan, built]);
    expect([again, xinhua].some((id) => received.some((r) => r.raw.includes(`"id":"${id}"`)))).toBe(false);
  });

  it('shows the theme subscription in the list with its kind, theme and region name', async () => {
    const list = await call(listGet, PATH, { headers: owner.headers });
    const hook = (list.json.data.list as Array<{ id: string }>).find((s) => s.id === hebeiHook.id);
    expect(hook).toMatchObject({
      kind: 'theme',
      query: { theme: 'windmill', regionCode: '130000' },
      regionName: await regionName('130000', 'en'),
      itemCount: 3,
    });
    const zh = await call(listGet, PATH, { headers: { ...owner.headers, 'x-locale': 'zh' } });
    expect((zh.json.data.list as Array<{ id: string; regionName: string }>).find((s) => s.id === hebeiHook.id)!.regionName).toBe(
      await regionName('130000', 'zh'),
    );
  });
});

describe('refusals', () => {
  it('refuses a theme the user may not view, a region outside their range, an unknown region, a theme without spots and a repeat', async () => {
    const feed = { delivery: 'feed' };
    const pv = await create(owner.headers, themeBody('pvland', '130100', feed));
    expect(pv.json.code).toBe(400);
    expect(pv.json.message).toContain('may not view this theme');
    const beijing = await create(owner.headers, themeBody('windmill', '110000', feed));
    expect(beijing.json.code).toBe(400);
    expect(beijing.json.message).toContain('outside your area range');
    const unknown = await create(owner.headers, themeBody('windmill', '999999', feed));
    expect(unknown.json.code).toBe(400);
    expect(unknown.json.message).toBe('No such region.');
    const deform = await create(owner.headers, themeBody('surface_deform', '130100', feed));
    expect(deform.json.code).toBe(400);
    expect(deform.json.message).toContain('no spots to subscribe to');
    const badKind = await create(owner.headers, { ...themeBody('windmill', '130100', feed), kind: 'everything' });
    expect(badKind.json.code).toBe(400);
    const repeat = await create(owner.headers, themeBody('windmill', '130102', feed, 'Same theme and region, another name'));
    expect(repeat.json.code).toBe(400);
    expect(repeat.json.message).toContain('already subscribe to new spots of this theme in this region');
    // Without any area range the detail screens are closed, and so is subscribing.
    const rangeless = await userWith('theme-rangeless', [PERMISSIONS.WINDMILL], []);
    const none = await create(rangeless.headers, themeBody('windmill', '130100', feed));
    expect(none.json.message).toContain('outside your area range');
  });

  it('counts both kinds against the cap of 20', async () => {
    const many = await userWith('theme-many', [PERMISSIONS.WINDMILL], ['100000']);
    for (let i = 0; i < SUBSCRIPTION_LIMITS.perUser - 1; i++)
      expect((await create(many.headers, { name: `S${i}`, query: { filter: { cloudMax: i } }, delivery: 'feed' })).json.code).toBe(0);
    expect((await create(many.headers, themeBody('windmill', '130000', { delivery: 'feed' }))).json.code).toBe(0);
    const over = await create(many.headers, themeBody('windmill', '110000', { delivery: 'feed' }));
    expect(over.json.code).toBe(400);
    expect(over.json.message).toContain(`${SUBSCRIPTION_LIMITS.perUser} subscriptions`);
  });
});
