/**
 * Issue 35.4 and 35.6, subscriptions: a catalogue load (a STAC import) delivers each new matching scene once per
 * subscription, also with two job workers racing; a webhook body carries a signature the receiver verifies; a
 * failing receiver is retried then the subscription disabled with an e-mail; a backlog over the cap is one summary;
 * the digest lands in the outbox; the feed answers 404 to a wrong key; SSRF addresses are refused at saving and at
 * sending, redirects are not followed; a 21st subscription and a repeated search are refused.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { POST as createPost, GET as listGet } from '../../app/api/usercenter/v1/subscriptions/route';
import { PUT as updatePut, DELETE as deleteDelete } from '../../app/api/usercenter/v1/subscriptions/[id]/route';
import { POST as testPost } from '../../app/api/usercenter/v1/subscriptions/[id]/test/route';
import { GET as deliveriesGet } from '../../app/api/usercenter/v1/subscriptions/[id]/deliveries/route';
import { POST as resendPost } from '../../app/api/usercenter/v1/subscriptions/[id]/deliveries/[deliveryId]/resend/route';
import { GET as feedGet } from '../../app/api/subscriptions/v1/feed/[id]/route';
import { catalogueSeedStep, importStacText, SCENES_LOADED_JOB } from '../../lib/server/catalogue';
import { sceneLoadHandler } from '../../lib/server/composition/scene-loads';
import { pushJobHandlers } from '../../lib/server/push/jobs';
import { resetEnvCache } from '../../lib/server/env';
import { enqueueJob } from '../../lib/server/jobs/enqueue';
import { runDueJobs, type JobHandlers } from '../../lib/server/jobs/runner';
import { createSession } from '../../lib/server/session';
import {
  MANUAL_DELIVERIES,
  MATCH_JOB,
  MATCH_SLICE_JOB,
  sendDueDigests,
  subscriptionJobHandlers,
  verifySignature,
} from '../../lib/server/subscriptions';
import { SUBSCRIPTION_LIMITS } from '../../lib/shared/contracts/subscriptions';
import { call, withTestDatabase } from '../support/api';
import { newUser } from '../support/workflow-subjects';

const db = withTestDatabase();
// Every reaction to a load runs (push batches too), so no job waits for a handler this file lacks.
const handlers: JobHandlers = { ...subscriptionJobHandlers(), ...pushJobHandlers(), [SCENES_LOADED_JOB]: sceneLoadHandler };
const runJobs = (workerId: string) => runDueJobs(db(), handlers, { workerId, leaseSeconds: 60, backoffSeconds: 0 }, 500);

interface Received {
  path: string;
  signature: string | undefined;
  deliveryId: string | undefined;
  raw: string;
}

/** A receiver on loopback: /ok answers 204, /fail 500, /redirect a 302 to the trap (which must never be hit). */
let receiver: Server;
let trap: Server;
let base = '';
let trapUrl = '';
const received: Received[] = [];
let trapHits = 0;

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

let addressCounter = 0;
async function login(userId: string) {
  const { token } = await createSession(db(), userId, { ip: 'test', userAgent: null });
  return { cookie: `token=${token}`, origin: 'http://localhost:3000', 'x-locale': 'en', 'x-forwarded-for': `192.0.2.${++addressCounter}` };
}
type Headers = Awaited<ReturnType<typeof login>>;

const PATH = '/api/usercenter/v1/subscriptions';
const create = (headers: Headers, body: Record<string, unknown>) => call(createPost, PATH, { body, headers });
const extent = (w: number, s: number, e: number, n: number) => ({ mode: 2, bbox: [w, s, e, n] });

let n = 0;
/** A STAC item: a 0.1° square at (lon, lat). */
function item(id: string, lon: number, lat: number, cloud = 10) {
  return {
    type: 'Feature',
    id,
    collection: 'subs-test',
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [lon, lat],
          [lon + 0.1, lat],
          [lon + 0.1, lat + 0.1],
          [lon, lat + 0.1],
          [lon, lat],
        ],
      ],
    },
    properties: {
      datetime: `2026-0${1 + (n++ % 9)}-15T03:00:00Z`,
      platform: 'subs-sat',
      instruments: ['msi'],
      gsd: 10,
      'eo:cloud_cover': cloud,
    },
    assets: {},
  };
}
const load = (items: unknown[]) => importStacText(db(), items.map((i) => JSON.stringify(i)).join('\n'));

let owner: { id: string; headers: Headers };
const EMAIL = 'subscriber@subs.example';

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_LOOPBACK = 'true';
  resetEnvCache();
  receiver = createServer(async (req, res) => {
    const raw = await readBody(req);
    received.push({
      path: req.url ?? '',
      signature: req.headers['x-signature'] as string,
      deliveryId: req.headers['x-delivery-id'] as string,
      raw,
    });
    if (req.url?.startsWith('/fail')) res.writeHead(500).end('broken');
    else if (req.url?.startsWith('/redirect')) res.writeHead(302, { location: trapUrl }).end();
    else res.writeHead(204).end();
  });
  trap = createServer((req, res) => {
    trapHits++;
    res.writeHead(204).end();
  });
  base = `http://127.0.0.1:${await listen(receiver)}`;
  trapUrl = `http://127.0.0.1:${await listen(trap)}/trap`;
  // Announcements of the template's own loads are not this file's business.
  await db().query(`DELETE FROM jobs WHERE kind = $1`, [SCENES_LOADED_JOB]);
  const id = await newUser(db(), 'subscriber');
  await db().query(`UPDATE users SET email = $2 WHERE id = $1`, [id, EMAIL]);
  owner = { id, headers: await login(id) };
}, 60_000);

afterAll(async () => {
  delete process.env.WEBHOOK_ALLOW_LOOPBACK;
  resetEnvCache();
  await new Promise((r) => receiver.close(r));
  await new Promise((r) => trap.close(r));
});

const mails = (recipient: string) =>
  db().query<{ subject: string; body: string }>(`SELECT subject, body FROM outbox WHERE recipient = $1 ORDER BY id`, [recipient]);

describe('a load delivers each new matching scene once per subscription', () => {
  let webhook: { id: string; webhookSecret: string; feedUrl: string };
  let digest: { id: string };
  let feed: { id: string; feedUrl: string };

  beforeAll(async () => {
    const w = await create(owner.headers, {
      name: 'Hook',
      query: { filter: { area: extent(100, 30, 101, 31) } },
      delivery: 'webhook',
      webhookUrl: `${base}/ok`,
    });
    expect(w.json.code).toBe(0);
    webhook = w.json.data;
    const d = await create(owner.headers, {
      name: 'Digest',
      query: { filter: { area: extent(100, 30, 101, 31), cloudMax: 50 } },
      delivery: 'email',
      frequency: 'daily',
    });
    expect(d.json.code).toBe(0);
    digest = d.json.data;
    const f = await create(owner.headers, {
      name: 'Feed',
      query: { filter: { area: extent(100.4, 30.4, 100.6, 30.6) } },
      delivery: 'feed',
    });
    expect(f.json.code).toBe(0);
    feed = f.json.data;
  });

  it('matches, with two workers racing on two announcements of the same load, and posts each scene once, signed', async () => {
    const report = await load([
      item('subs-a', 100.1, 30.1),
      item('subs-b', 100.5, 30.5, 80),
      item('subs-c', 100.8, 30.8),
      item('subs-out', 120, 40),
    ]);
    expect(report.written).toBe(4);
    // The same window announced a second time (as a retried load would): both are matched, by two workers at once.
    const [announced] = await db().query<{ payload: Record<string, string> }>(`SELECT payload FROM jobs WHERE kind = $1`, [
      SCENES_LOADED_JOB,
    ]);
    await enqueueJob(db(), { kind: MATCH_JOB, payload: announced!.payload, dedupeKey: 'again' });
    // And one slice of it twice (a slice job retried after a lost lease): the two copies race on the same rows.
    await enqueueJob(db(), {
      kind: MATCH_SLICE_JOB,
      payload: { ...announced!.payload, ids: [webhook.id, digest.id, feed.id].join(',') },
      dedupeKey: 'again-slice',
    });
    await Promise.all([runJobs('worker-a'), runJobs('worker-b')]);
    await Promise.all([runJobs('worker-a'), runJobs('worker-b')]);

    const items = await db().query<{ subscription_id: string; scene_id: string }>(
      `SELECT subscription_id::text AS subscription_id, item_id AS scene_id FROM subscription_items WHERE subscription_id = ANY ($1::bigint[]) ORDER BY 1, 2`,
      [[webhook.id, digest.id, feed.id]],
    );
    const of = (id: string) => items.filter((i) => i.subscription_id === id).map((i) => i.scene_id);
    expect(of(webhook.id)).toEqual(['subs-a', 'subs-b', 'subs-c']);
    expect(of(digest.id)).toEqual(['subs-a', 'subs-c']); // cloud ≤ 50
    expect(of(feed.id)).toEqual(['subs-b']);

    const posts = received.filter((r) => r.path === '/ok');
    const ids = posts.flatMap((p) => (JSON.parse(p.raw) as { scenes: Array<{ id: string }> }).scenes.map((s) => s.id)).sort();
    expect(ids).toEqual(['subs-a', 'subs-b', 'subs-c']);
    for (const post of posts) {
      expect(verifySignature(webhook.webhookSecret, post.raw, post.signature)).toBe(true);
      expect(verifySignature(feed.feedUrl.slice(-64), post.raw, post.signature)).toBe(false);
    }
    const log = await call(deliveriesGet, `${PATH}/${webhook.id}/deliveries`, { headers: owner.headers, params: { id: webhook.id } });
    expect(log.json.data.list.map((d: { status: string; itemCount: number }) => [d.status, d.itemCount])).toEqual([['delivered', 3]]);
  });

  it('delivers nothing again when the same scenes are imported again, and only the new one after', async () => {
    const before = received.length;
    await load([item('subs-a', 100.1, 30.1), item('subs-c', 100.8, 30.8)]);
    await runJobs('worker-a');
    expect(received.length).toBe(before);
    await load([item('subs-d', 100.2, 30.2)]);
    await Promise.all([runJobs('worker-a'), runJobs('worker-b')]);
    const latest = received.slice(before);
    expect(latest.map((r) => (JSON.parse(r.raw) as { scenes: Array<{ id: string }> }).scenes.map((s) => s.id))).toEqual([['subs-d']]);
  });

  it('re-sends a logged delivery with the same body, signed afresh', async () => {
    const log = await call(deliveriesGet, `${PATH}/${webhook.id}/deliveries`, { headers: owner.headers, params: { id: webhook.id } });
    const first = log.json.data.list.at(-1) as { id: string };
    const original = received.find((r) => r.deliveryId === first.id)!;
    const resent = await call(resendPost, `${PATH}/${webhook.id}/deliveries/${first.id}/resend`, {
      method: 'POST',
      headers: owner.headers,
      params: { id: webhook.id, deliveryId: first.id },
    });
    expect(resent.json.code).toBe(0);
    await runJobs('worker-a');
    const again = received.find((r) => r.deliveryId === resent.json.data.id)!;
    expect(again.raw).toBe(original.raw);
    expect(verifySignature(webhook.webhookSecret, again.raw, again.signature)).toBe(true);
  });

  it('sends the digest once, grouped under the subscription, into the outbox', async () => {
    await db().query(`UPDATE subscriptions SET next_digest_at = now() - interval '1 second' WHERE id = $1`, [digest.id]);
    expect(await sendDueDigests(db())).toBe(1);
    expect(await sendDueDigests(db())).toBe(0);
    const [mail] = await mails(EMAIL);
    expect(mail!.subject).toContain('3 new scenes');
    expect(mail!.body).toContain('■ Digest');
    for (const id of ['subs-a', 'subs-c', 'subs-d']) expect(mail!.body).toContain(id);
    expect(mail!.body).not.toContain('subs-b');
    // Not due again until tomorrow.
    const [row] = await db().query<{ later: boolean }>(
      `SELECT next_digest_at > now() + interval '23 hours' AS later FROM subscriptions WHERE id = $1`,
      [digest.id],
    );
    expect(row!.later).toBe(true);
  });

  it('serves the feed at its secret address and answers 404 alike to a wrong key and an unknown subscription', async () => {
    const url = new URL(feed.feedUrl);
    const get = (id: string, key: string) =>
      feedGet(new Request(`http://localhost:3000${url.pathname.replace(/\d+$/, id)}?key=${key}`), { params: Promise.resolve({ id }) });
    const ok = await get(feed.id, url.searchParams.get('key')!);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toContain('application/atom+xml');
    const text = await ok.text();
    expect(text).toContain('urn:rscloud:scene:subs-b');
    expect(text).not.toContain('subs-a');
    const wrong = await get(feed.id, 'f'.repeat(64));
    const unknown = await get('999999999', url.searchParams.get('key')!);
    const malformed = await get(feed.id, 'short');
    for (const r of [wrong, unknown, malformed]) expect(r.status).toBe(404);
    expect(await wrong.text()).toBe(await unknown.text());
  });
});

describe('a backlog over the cap', () => {
  it('is one summary notice with the count and a link, not a flood', async () => {
    const sub = await create(owner.headers, {
      name: 'Backlog',
      query: { filter: { area: extent(80, 40, 82, 42) } },
      delivery: 'webhook',
      webhookUrl: `${base}/ok?backlog`,
    });
    expect(sub.json.code).toBe(0);
    const count = SUBSCRIPTION_LIMITS.webhookItems + 5;
    await load(Array.from({ length: count }, (_, i) => item(`subs-bulk-${i}`, 80 + (i % 15) * 0.1, 40 + Math.floor(i / 15) * 0.1)));
    await runJobs('worker-a');
    const posts = received.filter((r) => r.path === '/ok?backlog');
    expect(posts).toHaveLength(1);
    const body = JSON.parse(posts[0]!.raw) as { type: string; count: number; link: string };
    expect(body.type).toBe('summary');
    expect(body.count).toBe(count);
    expect(body.link).toContain(`mySubscription?id=${sub.json.data.id}`);
  });
});

describe('a failing receiver', () => {
  it('is retried with backoff, then the subscription is disabled and its owner told by e-mail', async () => {
    const sub = await create(owner.headers, {
      name: 'Broken',
      query: { filter: { area: extent(90, 20, 91, 21) } },
      delivery: 'webhook',
      webhookUrl: `${base}/fail`,
    });
    expect(sub.json.code).toBe(0);
    const mailsBefore = (await mails(EMAIL)).length;
    await load([item('subs-fail', 90.2, 20.2)]);
    await runJobs('worker-a');
    const attempts = received.filter((r) => r.path === '/fail');
    expect(attempts).toHaveLength(SUBSCRIPTION_LIMITS.webhookAttempts);
    const [state] = await db().query<{ status: string; disabled_reason: string }>(
      `SELECT status, disabled_reason FROM subscriptions WHERE id = $1`,
      [sub.json.data.id],
    );
    expect(state!.status).toBe('disabled');
    expect(state!.disabled_reason).toContain('HTTP 500');
    const newMails = (await mails(EMAIL)).slice(mailsBefore);
    expect(newMails).toHaveLength(1);
    expect(newMails[0]!.subject).toContain('Broken');
    const log = await call(deliveriesGet, `${PATH}/${sub.json.data.id}/deliveries`, {
      headers: owner.headers,
      params: { id: sub.json.data.id },
    });
    expect(log.json.data.list[0]).toMatchObject({ status: 'failed', attempts: SUBSCRIPTION_LIMITS.webhookAttempts, responseStatus: 500 });
    // Nothing more is sent while it is disabled.
    await load([item('subs-fail-2', 90.3, 20.3)]);
    await runJobs('worker-a');
    expect(received.filter((r) => r.path === '/fail')).toHaveLength(SUBSCRIPTION_LIMITS.webhookAttempts);
  });
});

describe('SSRF', () => {
  const refusal = async (webhookUrl: string) => {
    const r = await create(owner.headers, {
      name: 'Probe',
      query: { filter: { area: extent(10, 10, 11, 11) } },
      delivery: 'webhook',
      webhookUrl,
    });
    return r.json.code === 0 ? 'accepted' : (r.json.message as string);
  };

  it('refuses http, private, link-local and metadata addresses even with loopback allowed for the tests', async () => {
    expect(await refusal('http://example.com/hook')).toMatch(/https only/);
    for (const url of [
      'https://10.0.0.1/hook',
      'https://169.254.169.254/latest/meta-data/',
      'https://192.168.1.10/',
      'https://[fd00::1]/',
      'https://[::ffff:a9fe:a9fe]/',
      'https://100.64.1.1/',
    ])
      expect(await refusal(url)).toMatch(/private, local or reserved/);
    expect(await refusal('https://user:pw@example.com/')).toMatch(/user name or password/);
    expect(await refusal(`https://example.com/${'x'.repeat(SUBSCRIPTION_LIMITS.webhookUrlMax)}`)).toMatch(/too long/);
  });

  it('refuses loopback without the test setting: 127.0.0.1, ::1, a mapped address, localhost, and http', async () => {
    process.env.WEBHOOK_ALLOW_LOOPBACK = 'false';
    resetEnvCache();
    try {
      for (const url of ['https://127.0.0.1/hook', 'https://[::1]/', 'https://[::ffff:127.0.0.1]/', 'https://localhost/hook'])
        expect(await refusal(url)).toMatch(/private, local or reserved/);
      expect(await refusal(`${base}/ok`)).toMatch(/https only/);
    } finally {
      process.env.WEBHOOK_ALLOW_LOOPBACK = 'true';
      resetEnvCache();
    }
  });

  it('never follows a redirect (to loopback here): the delivery fails and the target is not reached', async () => {
    const sub = await create(owner.headers, {
      name: 'Redirect',
      query: { filter: { area: extent(70, 30, 71, 31) } },
      delivery: 'webhook',
      webhookUrl: `${base}/redirect`,
    });
    expect(sub.json.code).toBe(0);
    const test = await call(testPost, `${PATH}/${sub.json.data.id}/test`, {
      method: 'POST',
      headers: owner.headers,
      params: { id: sub.json.data.id },
    });
    expect(test.json.data).toMatchObject({ status: 'failed', responseStatus: 302 });
    expect(test.json.data.lastError).toContain('redirect not followed');
    expect(trapHits).toBe(0);
    // Tests and re-sends are rationed per user (the log counts them, across processes).
    await db().query(
      `INSERT INTO subscription_deliveries (subscription_id, kind, item_count, body) SELECT $1, 'test', 0, '' FROM generate_series(1, $2)`,
      [sub.json.data.id, MANUAL_DELIVERIES.max],
    );
    const rationed = await call(testPost, `${PATH}/${sub.json.data.id}/test`, {
      method: 'POST',
      headers: owner.headers,
      params: { id: sub.json.data.id },
    });
    expect(rationed.status).toBe(429);
    expect(rationed.json.message).toContain(`At most ${MANUAL_DELIVERIES.max} tests`);
  });

  it('checks the address again at sending: a stored address that became private is refused and the subscription disabled', async () => {
    const sub = await create(owner.headers, {
      name: 'Moved',
      query: { filter: { area: extent(60, 30, 61, 31) } },
      delivery: 'webhook',
      webhookUrl: `${base}/ok?moved`,
    });
    await db().query(`UPDATE subscriptions SET webhook_url = 'https://10.20.30.40/hook' WHERE id = $1`, [sub.json.data.id]);
    await load([item('subs-moved', 60.2, 30.2)]);
    await runJobs('worker-a');
    const [state] = await db().query<{ status: string; disabled_reason: string }>(
      `SELECT status, disabled_reason FROM subscriptions WHERE id = $1`,
      [sub.json.data.id],
    );
    expect(state).toEqual({ status: 'disabled', disabled_reason: expect.stringContaining('forbiddenAddress') });
    expect(received.filter((r) => r.path === '/ok?moved')).toHaveLength(0);
  });
});

describe('limits', () => {
  it('refuses a repeated search and a 21st subscription; pause, resume and delete are the owner’s only', async () => {
    const id = await newUser(db(), 'subscriber-many');
    const headers = await login(id);
    const body = (i: number) => ({
      name: `S${i}`,
      query: { filter: { cloudMax: i, area: { mode: 1, regionCodes: ['130102'] } } },
      delivery: 'feed',
    });
    for (let i = 0; i < SUBSCRIPTION_LIMITS.perUser; i++) expect((await create(headers, body(i))).json.code).toBe(0);
    const twentyFirst = await create(headers, body(99));
    expect(twentyFirst.json.code).toBe(400);
    expect(twentyFirst.json.message).toContain(`${SUBSCRIPTION_LIMITS.perUser} subscriptions`);
    const list = await call(listGet, PATH, { headers });
    expect(list.json.data.list).toHaveLength(SUBSCRIPTION_LIMITS.perUser);
    const victim = list.json.data.list[0].id as string;
    // Someone else cannot touch it.
    const stranger = await call(updatePut, `${PATH}/${victim}`, {
      method: 'PUT',
      body: { status: 'paused' },
      headers: owner.headers,
      params: { id: victim },
    });
    expect(stranger.json.code).toBe(404);
    const paused = await call(updatePut, `${PATH}/${victim}`, {
      method: 'PUT',
      body: { status: 'paused' },
      headers,
      params: { id: victim },
    });
    expect(paused.json.data.status).toBe('paused');
    const removed = await call(deleteDelete, `${PATH}/${victim}`, { method: 'DELETE', headers, params: { id: victim } });
    expect(removed.json.data).toEqual({ deleted: true });
    // The same search in another order of keys is still the same search.
    const again = await create(headers, {
      delivery: 'feed',
      name: 'Again',
      query: { filter: { area: { regionCodes: ['130102'], mode: 1 }, cloudMax: 1 } },
    });
    expect(again.json.code).toBe(400);
    expect(again.json.message).toContain('already subscribe');
  });

  it('keeps an uploaded area as the drawing it holds (the upload expires), matching by it', async () => {
    const uploadId = '0b7c5a4e-7f0e-4c2a-9a57-2f7d8a1e4b12';
    await db().query(
      `INSERT INTO catalogue_uploads (id, kind, name, expires_at, geom, area_km2)
       VALUES ($1, 'area', 'plot.geojson', now() + interval '1 hour', ST_Multi(ST_MakeEnvelope(50, 10, 51, 11, 4326)), 1)`,
      [uploadId],
    );
    const sub = await create(owner.headers, { name: 'Uploaded', delivery: 'feed', query: { filter: { area: { mode: 3, uploadId } } } });
    expect(sub.json.code).toBe(0);
    expect(sub.json.data.query.filter.area).toMatchObject({ mode: 4, geometry: { type: 'MultiPolygon' } });
    await db().query(`DELETE FROM catalogue_uploads WHERE id = $1`, [uploadId]);
    await load([item('subs-upload-in', 50.2, 10.2), item('subs-upload-out', 52.2, 10.2)]);
    await runJobs('worker-a');
    const rows = await db().query<{ scene_id: string }>(`SELECT item_id AS scene_id FROM subscription_items WHERE subscription_id = $1`, [
      sub.json.data.id,
    ]);
    expect(rows.map((r) => r.scene_id)).toEqual(['subs-upload-in']);
  });

  it('refuses a scene list, an expired upload, an unknown region and a drawing the geometry guard refuses', async () => {
    const base = { name: 'Area', delivery: 'feed' };
    const list = await create(owner.headers, {
      ...base,
      query: { filter: { area: { mode: 5, uploadId: '0b7c5a4e-7f0e-4c2a-9a57-2f7d8a1e4b11' } } },
    });
    expect(list.json.code).toBe(400);
    expect(list.json.message).toMatch(/scene list/);
    const gone = await create(owner.headers, {
      ...base,
      query: { filter: { area: { mode: 3, uploadId: '0b7c5a4e-7f0e-4c2a-9a57-2f7d8a1e4b11' } } },
    });
    expect(gone.json.code).toBe(400);
    expect(gone.json.message).toMatch(/expired or does not exist/);
    const region = await create(owner.headers, { ...base, query: { filter: { area: { mode: 1, regionCodes: ['999999'] } } } });
    expect(region.json.code).toBe(400);
    expect(region.json.message).toBe('Region not found');
    const star = Array.from({ length: 101 }, (_, i) => {
      const a = (i * 4 * Math.PI * 2) / 101 / 2;
      return [100 + Math.cos(a * 49), 30 + Math.sin(a * 49)];
    });
    star.push(star[0]!);
    const drawn = await create(owner.headers, {
      ...base,
      query: { filter: { area: { mode: 4, geometry: { type: 'Polygon', coordinates: [star] } } } },
    });
    expect(drawn.json.code).toBe(400);
    expect(drawn.json.message).toMatch(/crosses or touches itself/);
  });
});

describe('the demo generation (start, `npm run db:seed -- --catalogue N`)', () => {
  it('announces its load once committed, and the new demo scenes reach a subscription once', async () => {
    const sub = await create(owner.headers, { name: 'Everything', query: { filter: {} }, delivery: 'feed' });
    expect(sub.json.code).toBe(0);
    await db().query(`DELETE FROM jobs WHERE kind = $1`, [SCENES_LOADED_JOB]);
    await catalogueSeedStep({ count: 30, manual: true }).run(db(), () => {});
    const announced = await db().query<{ payload: { source: string; count: number } }>(`SELECT payload FROM jobs WHERE kind = $1`, [
      SCENES_LOADED_JOB,
    ]);
    expect(announced.map((j) => [j.payload.source, j.payload.count])).toEqual([['demo', 30]]);
    await Promise.all([runJobs('worker-a'), runJobs('worker-b')]);
    const [row] = await db().query<{ n: number; distinct: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT item_id)::int AS distinct FROM subscription_items WHERE subscription_id = $1`,
      [sub.json.data.id],
    );
    expect(row).toEqual({ n: 30, distinct: 30 });
  }, 180_000);
});
