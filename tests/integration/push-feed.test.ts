/**
 * Issue 35.2, delivery to dedicated lines and provincial nodes: the pull feed a push user polls with their token — an
 * Atom feed of their batches, newest first, each linking to a STAC ItemCollection of the batch's scenes. Serving a
 * batch's ItemCollection to its end acknowledges it once; a re-delivery (owner or administrator) makes it
 * unacknowledged again and counts, idempotently while it waits; another user, a wrong token or an administrator's
 * fetch neither reads nor acknowledges; page sizes are bounded; the administrators' list filters by delivery status.
 */
import { DOMParser, type Element } from '@xmldom/xmldom';
import { GET as feedGet } from '../../app/api/push/v1/feed/atom/route';
import { GET as feedBatchGet } from '../../app/api/push/v1/feed/batch/[id]/route';
import { GET as deliveryGet } from '../../app/api/push/v1/batch/delivery/route';
import { POST as redeliverPost } from '../../app/api/push/v1/batch/redeliver/route';
import { PUT as pushUserPut } from '../../app/api/push/v1/permission-v2/userid/[id]/route';
import { importStacText } from '../../lib/server/catalogue/import';
import { sceneLoadJobHandlers } from '../../lib/server/composition/scene-loads';
import { runDueJobs } from '../../lib/server/jobs/runner';
import { pushJobHandlers } from '../../lib/server/push/jobs';
import { createSession } from '../../lib/server/session';
import { PUSH_DELIVERY_LIMITS } from '../../lib/shared/contracts/push';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();
const RUNNER = { workerId: 'push-feed-test', leaseSeconds: 60, backoffSeconds: 1 };
const ATOM = 'http://www.w3.org/2005/Atom';
const SCHEME = 'urn:rscloud:push:delivery';

async function idOf(username: string): Promise<string> {
  const [u] = await db().query<{ id: string }>('SELECT id::text AS id FROM users WHERE username = $1', [username]);
  return u!.id;
}
/** A session token as an API client holds it (sent in the `token` header, no cookie). */
async function tokenOf(username: string): Promise<string> {
  return (await createSession(db(), await idOf(username), { ip: 'test', userAgent: null })).token;
}

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
/** A raw answer (the feed is XML, the ItemCollection GeoJSON; refusals the API's JSON envelope). */
async function fetchRaw(handler: Handler, path: string, headers: Record<string, string>, params: Record<string, string> = {}) {
  const response = await handler(new Request(`http://localhost:3000${path}`, { headers }), { params: Promise.resolve(params) });
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
}

interface Entry {
  id: string;
  href: string;
  term: string;
  acknowledged: string;
  acknowledgedAt: string | null;
  redeliveries: number;
}
function parseFeed(text: string): { total: number; entries: Entry[]; next: string | null; root: Element } {
  const errors: string[] = [];
  const doc = new DOMParser({ onError: (level, message) => void (level !== 'warning' && errors.push(message)) }).parseFromString(
    text,
    'text/xml',
  );
  expect(errors).toEqual([]);
  const root = doc.documentElement!;
  expect(root.namespaceURI).toBe(ATOM);
  expect(root.localName).toBe('feed');
  for (const required of ['id', 'title', 'updated']) expect(root.getElementsByTagNameNS(ATOM, required).length).toBeGreaterThan(0);
  const entries = Array.from(root.getElementsByTagNameNS(ATOM, 'entry')).map((e) => {
    const category = e.getElementsByTagNameNS(ATOM, 'category')[0]!;
    const delivery = e.getElementsByTagNameNS(SCHEME, 'delivery')[0]!;
    expect(category.getAttribute('scheme')).toBe(SCHEME);
    const link = Array.from(e.getElementsByTagNameNS(ATOM, 'link')).find((l) => l.getAttribute('rel') === 'alternate')!;
    expect(link.getAttribute('type')).toBe('application/geo+json');
    return {
      id: e.getElementsByTagNameNS(ATOM, 'id')[0]!.textContent!.replace('urn:rscloud:push-batch:', ''),
      href: link.getAttribute('href')!,
      term: category.getAttribute('term')!,
      acknowledged: delivery.getAttribute('acknowledged')!,
      acknowledgedAt: delivery.getAttribute('acknowledgedAt') || null,
      redeliveries: Number(delivery.getAttribute('redeliveries')),
    };
  });
  const next = Array.from(root.childNodes)
    .filter((n): n is Element => (n as Element).localName === 'link')
    .find((l) => l.getAttribute('rel') === 'next');
  return {
    total: Number(root.getElementsByTagNameNS(SCHEME, 'total')[0]!.textContent),
    entries,
    next: next?.getAttribute('href') ?? null,
    root,
  };
}

/** What a STAC 1.0 ItemCollection and its Items must carry (item-spec core, ItemCollection of the STAC API). */
function expectStacItemCollection(body: Record<string, unknown>) {
  expect(body.type).toBe('FeatureCollection');
  expect(Array.isArray(body.features)).toBe(true);
  expect(Array.isArray(body.links)).toBe(true);
  for (const item of body.features as Record<string, unknown>[]) {
    expect(item).toMatchObject({ type: 'Feature', stac_version: '1.0.0' });
    expect(typeof item.id).toBe('string');
    expect(Array.isArray(item.stac_extensions)).toBe(true);
    expect((item.bbox as number[]).length).toBe(4);
    expect((item.geometry as { type: string }).type).toMatch(/Polygon/);
    expect(typeof (item.properties as { datetime: unknown }).datetime).toBe('string');
    expect(Number.isNaN(Date.parse((item.properties as { datetime: string }).datetime))).toBe(false);
    expect(typeof item.assets).toBe('object');
    for (const link of item.links as { rel: string; href: string }[]) expect(() => new URL(link.href)).not.toThrow();
    expect((item.links as { rel: string }[]).map((l) => l.rel)).toContain('self');
  }
}

const batchScenes = async (batchId: string) =>
  (
    await db().query<{ id: string }>(
      `SELECT bs.scene_id AS id FROM push_batch_scenes bs JOIN scenes s ON s.id = bs.scene_id WHERE bs.batch_id = $1::bigint ORDER BY 1`,
      [batchId],
    )
  ).map((r) => r.id);
const deliveryOf = async (batchId: string) =>
  (
    await db().query<{ acknowledged_at: Date | null; redelivery_count: number }>(
      `SELECT acknowledged_at, redelivery_count FROM push_batches WHERE id = $1::bigint`,
      [batchId],
    )
  )[0]!;

function box(id: string, [w, s, e, n]: [number, number, number, number]) {
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
    properties: { datetime: '2026-11-03T03:00:00Z', platform: 'gf1', instruments: ['pms'], gsd: 2, 'processing:level': 'L1A' },
    assets: {},
  };
}

describe('the pull feed of push batches', () => {
  let hebei: string;
  let city: string;
  let admin: string;
  let cityBatch: string;
  let hebeiBatches: string[];

  beforeAll(async () => {
    const handlers = { ...sceneLoadJobHandlers(), ...pushJobHandlers() };
    // The template's demo load cuts demo-hebei's batch; a dedicated line (demo-city, GF-1 over Shijiazhuang) gets an import's.
    await runDueJobs(db(), handlers, RUNNER, 20);
    admin = await tokenOf('demo-admin');
    const cityId = await idOf('demo-city');
    const granted = await call(pushUserPut, `/api/push/v1/permission-v2/userid/${cityId}`, {
      method: 'PUT',
      params: { id: cityId },
      headers: { token: admin },
      body: { kind: 'dedicated', imageGrants: [{ satellites: ['GF1'], regionCodes: ['130100'] }] },
    });
    expect(granted.json.code).toBe(0);
    const report = await importStacText(
      db(),
      ['PF_SJZ_1', 'PF_SJZ_2', 'PF_SJZ_3'].map((id, i) => JSON.stringify(box(id, [114.4 + i * 0.05, 37.95, 114.6, 38.15]))).join('\n'),
    );
    expect(report).toMatchObject({ written: 3, problems: [] });
    await runDueJobs(db(), handlers, RUNNER, 20);
    hebei = await tokenOf('demo-hebei');
    city = await tokenOf('demo-city');
    const rows = await db().query<{ id: string; username: string }>(
      `SELECT b.id::text AS id, u.username FROM push_batches b JOIN users u ON u.id = b.user_id ORDER BY b.created_at DESC, b.id DESC`,
    );
    cityBatch = rows.find((r) => r.username === 'demo-city')!.id;
    hebeiBatches = rows.filter((r) => r.username === 'demo-hebei').map((r) => r.id);
    expect(hebeiBatches.length).toBeGreaterThanOrEqual(2);
    expect(await batchScenes(cityBatch)).toEqual(['PF_SJZ_1', 'PF_SJZ_2', 'PF_SJZ_3']);
  }, 180_000);

  it('the Atom feed is well-formed XML listing exactly my batches, newest first, unacknowledged, each linking to its ItemCollection', async () => {
    const res = await fetchRaw(feedGet, '/api/push/v1/feed/atom', { token: hebei });
    expect(res.status).toBe(200);
    expect(res.type).toContain('application/atom+xml');
    const feed = parseFeed(res.text);
    expect(feed.entries.map((e) => e.id)).toEqual(hebeiBatches);
    expect(feed.total).toBe(hebeiBatches.length);
    expect(feed.next).toBeNull();
    for (const entry of feed.entries) {
      expect(entry).toMatchObject({ term: 'unacknowledged', acknowledged: 'false', acknowledgedAt: null, redeliveries: 0 });
      expect(new URL(entry.href).pathname).toBe(`/api/push/v1/feed/batch/${entry.id}`);
    }
    // In the caller's language.
    const zh = parseFeed((await fetchRaw(feedGet, '/api/push/v1/feed/atom', { token: hebei, 'x-locale': 'zh' })).text);
    expect(zh.root.getElementsByTagNameNS(ATOM, 'title')[0]!.textContent).toContain('推送批次');
  });

  it('a batch’s ItemCollection is STAC with exactly the batch’s scenes; the first fetch acknowledges, the second keeps the time', async () => {
    const path = `/api/push/v1/feed/batch/${cityBatch}`;
    const first = await fetchRaw(feedBatchGet, path, { token: city }, { id: cityBatch });
    expect(first.status).toBe(200);
    expect(first.type).toBe('application/geo+json');
    const body = JSON.parse(first.text) as Record<string, unknown> & { features: { id: string }[] };
    expectStacItemCollection(body);
    expect(body.features.map((f) => f.id).sort()).toEqual(await batchScenes(cityBatch));
    expect(body).toMatchObject({ numberMatched: 3, numberReturned: 3 });
    const acknowledged = (await deliveryOf(cityBatch)).acknowledged_at;
    expect(acknowledged).not.toBeNull();
    expect((body['portal:batch'] as { acknowledgedAt: string }).acknowledgedAt).toBe(new Date(acknowledged!).toISOString());

    await new Promise((r) => setTimeout(r, 20));
    const second = await fetchRaw(feedBatchGet, path, { token: city }, { id: cityBatch });
    expect(second.status).toBe(200);
    expect((await deliveryOf(cityBatch)).acknowledged_at).toEqual(acknowledged);

    // The feed marks it acknowledged, and ?unacknowledged=1 leaves it out.
    const all = parseFeed((await fetchRaw(feedGet, '/api/push/v1/feed/atom', { token: city })).text);
    expect(all.entries).toEqual([
      expect.objectContaining({
        id: cityBatch,
        term: 'acknowledged',
        acknowledged: 'true',
        acknowledgedAt: new Date(acknowledged!).toISOString(),
      }),
    ]);
    const pending = parseFeed((await fetchRaw(feedGet, '/api/push/v1/feed/atom?unacknowledged=1', { token: city })).text);
    expect(pending.entries).toEqual([]);
    expect(pending.total).toBe(0);
  });

  it('a paged ItemCollection acknowledges only when its last page is served', async () => {
    // demo-hebei's batch of the import: the three GF-1 scenes over Shijiazhuang (Hebei), two to a page.
    const batch = hebeiBatches[0]!;
    const scenes = await batchScenes(batch);
    expect(scenes).toEqual(['PF_SJZ_1', 'PF_SJZ_2', 'PF_SJZ_3']);
    const seen: string[] = [];
    let path: string | null = `/api/push/v1/feed/batch/${batch}?limit=2`;
    let pages = 0;
    while (path) {
      if (pages === 1) expect((await deliveryOf(batch)).acknowledged_at).toBeNull();
      const res = await fetchRaw(feedBatchGet, path, { token: hebei }, { id: batch });
      expect(res.status).toBe(200);
      const body = JSON.parse(res.text) as { features: { id: string }[]; links: { rel: string; href: string }[] };
      expectStacItemCollection(body as unknown as Record<string, unknown>);
      seen.push(...body.features.map((f) => f.id));
      const next = body.links.find((l) => l.rel === 'next');
      path = next ? `${new URL(next.href).pathname}${new URL(next.href).search}` : null;
      pages++;
    }
    expect(pages).toBe(2);
    expect(seen.sort()).toEqual(scenes);
    expect((await deliveryOf(batch)).acknowledged_at).not.toBeNull();
  });

  it('re-delivery makes a batch unacknowledged again and counts; asking again while it waits changes nothing', async () => {
    const redeliver = (token: string, id: string) =>
      call(redeliverPost, '/api/push/v1/batch/redeliver', { body: { id }, headers: { token } });
    const once = await redeliver(city, cityBatch);
    expect(once.json.code).toBe(0);
    expect(once.json.data).toMatchObject({ id: cityBatch, changed: true, delivery: { acknowledgedAt: null, redeliveryCount: 1 } });
    expect(once.json.data.delivery.redeliveredAt).toEqual(expect.any(String));
    const again = await redeliver(city, cityBatch);
    expect(again.json.data).toMatchObject({ changed: false, delivery: { acknowledgedAt: null, redeliveryCount: 1 } });

    const pending = parseFeed((await fetchRaw(feedGet, '/api/push/v1/feed/atom?unacknowledged=1', { token: city })).text);
    expect(pending.entries).toEqual([expect.objectContaining({ id: cityBatch, term: 'unacknowledged', redeliveries: 1 })]);

    // Fetched again, then an administrator re-sends it: counted twice, each logged with who asked.
    await fetchRaw(feedBatchGet, `/api/push/v1/feed/batch/${cityBatch}`, { token: city }, { id: cityBatch });
    expect((await deliveryOf(cityBatch)).acknowledged_at).not.toBeNull();
    expect((await redeliver(admin, cityBatch)).json.data).toMatchObject({ changed: true, delivery: { redeliveryCount: 2 } });
    const log = await db().query<{ by: string }>(
      `SELECT u.username AS by FROM push_batch_redeliveries r JOIN users u ON u.id = r.requested_by WHERE r.batch_id = $1::bigint ORDER BY r.id`,
      [cityBatch],
    );
    expect(log.map((r) => r.by)).toEqual(['demo-city', 'demo-admin']);
    expect(await deliveryOf(cityBatch)).toEqual({ acknowledged_at: null, redelivery_count: 2 });
  });

  it('another user, a wrong token or an administrator’s fetch neither reads nor acknowledges a batch, nor says it exists', async () => {
    const batch = hebeiBatches[0]!;
    const before = await deliveryOf(batch);
    const others = await fetchRaw(feedBatchGet, `/api/push/v1/feed/batch/${batch}`, { token: city }, { id: batch });
    const unknown = await fetchRaw(feedBatchGet, '/api/push/v1/feed/batch/987654321', { token: city }, { id: '987654321' });
    // The API's envelope (its code says "not found"), the same as for a batch that does not exist.
    expect(others.type).toContain('application/json');
    expect(JSON.parse(others.text)).toMatchObject({ code: 404, data: null });
    expect(JSON.parse(others.text)).toEqual(JSON.parse(unknown.text));
    // The pull feed is the owner's: an administrator reads batches elsewhere, and their look is no delivery.
    expect(
      JSON.parse((await fetchRaw(feedBatchGet, `/api/push/v1/feed/batch/${batch}`, { token: admin }, { id: batch })).text),
    ).toMatchObject({
      code: 404,
    });
    expect(await deliveryOf(batch)).toEqual(before);

    for (const headers of [{ token: 'not-a-token' }, { token: `${hebei.slice(0, -2)}xx` }, {}] as Record<string, string>[]) {
      const feed = await fetchRaw(feedGet, '/api/push/v1/feed/atom', headers);
      expect(feed.status).toBe(401);
      expect(JSON.parse(feed.text)).toMatchObject({ code: 401, data: null });
      expect((await fetchRaw(feedBatchGet, `/api/push/v1/feed/batch/${batch}`, headers, { id: batch })).status).toBe(401);
    }
    expect(await deliveryOf(batch)).toEqual(before);

    // Another user's feed does not list it; they may not re-deliver it (not found, like an unknown batch).
    expect(parseFeed((await fetchRaw(feedGet, '/api/push/v1/feed/atom', { token: city })).text).entries.map((e) => e.id)).not.toContain(
      batch,
    );
    const refused = await call(redeliverPost, '/api/push/v1/batch/redeliver', { body: { id: batch }, headers: { token: city } });
    expect(refused.json.code).toBe(404);
    expect(refused.json.message).toBe(
      (await call(redeliverPost, '/api/push/v1/batch/redeliver', { body: { id: '987654321' }, headers: { token: city } })).json.message,
    );
  });

  it('bounds page sizes and pages the feed', async () => {
    const tooMany = await fetchRaw(feedGet, `/api/push/v1/feed/atom?pageSize=${PUSH_DELIVERY_LIMITS.feedMaxPageSize + 1}`, {
      token: hebei,
    });
    expect(JSON.parse(tooMany.text)).toMatchObject({
      code: 400,
      message: expect.stringContaining(`${PUSH_DELIVERY_LIMITS.feedMaxPageSize}`),
    });
    const tooLong = await fetchRaw(
      feedBatchGet,
      `/api/push/v1/feed/batch/${hebeiBatches[0]}?limit=${PUSH_DELIVERY_LIMITS.itemsMaxPageSize + 1}`,
      { token: hebei },
      { id: hebeiBatches[0]! },
    );
    expect(JSON.parse(tooLong.text)).toMatchObject({ code: 400 });
    expect(JSON.parse((await fetchRaw(feedGet, '/api/push/v1/feed/atom?unacknowledged=maybe', { token: hebei })).text)).toMatchObject({
      code: 400,
    });

    const first = parseFeed((await fetchRaw(feedGet, '/api/push/v1/feed/atom?pageSize=1', { token: hebei })).text);
    expect(first.entries.map((e) => e.id)).toEqual([hebeiBatches[0]]);
    expect(first.next).not.toBeNull();
    const nextUrl = new URL(first.next!);
    const second = parseFeed((await fetchRaw(feedGet, `${nextUrl.pathname}${nextUrl.search}`, { token: hebei })).text);
    expect(second.entries.map((e) => e.id)).toEqual([hebeiBatches[1]]);

    // The default ItemCollection page is bounded too.
    const big = JSON.parse(
      (
        await fetchRaw(
          feedBatchGet,
          `/api/push/v1/feed/batch/${hebeiBatches.at(-1)}?limit=1`,
          { token: hebei },
          { id: hebeiBatches.at(-1)! },
        )
      ).text,
    ) as { numberReturned: number };
    expect(big.numberReturned).toBe(1);
  });

  it('the delivery list shows each batch’s status, filters by it, and is mine only for a push user', async () => {
    const list = async (token: string, query: string) =>
      (await call(deliveryGet, `/api/push/v1/batch/delivery?pageSize=100${query}`, { headers: { token } })).json;
    const everyone = (await list(admin, '')).data;
    const city = everyone.list.find((b: { id: string }) => b.id === cityBatch);
    expect(city).toMatchObject({ username: 'demo-city', sceneCount: 3, delivery: { acknowledgedAt: null, redeliveryCount: 2 } });
    const ids = async (status: string) => (await list(admin, `&status=${status}`)).data.list.map((b: { id: string }) => b.id);
    expect(await ids('redelivered')).toEqual([cityBatch]);
    expect(await ids('acknowledged')).toEqual([hebeiBatches[0]]);
    expect(await ids('pending')).toEqual(everyone.list.map((b: { id: string }) => b.id).filter((id: string) => id !== hebeiBatches[0]));
    expect((await list(admin, '&status=lost')).code).toBe(400);
    const mine = (await list(hebei, '')).data.list.map((b: { id: string }) => b.id);
    expect(mine).toEqual(hebeiBatches);
  });
});
