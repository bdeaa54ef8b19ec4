/**
 * Cart, orders, production and delivery through the route handlers (issue 19): cart rules; ordering
 * from the cart (one order from ten concurrent submits, the cart keeps exactly the rest); the job queue
 * step by step (offline scenes later, per-item failures and retry, a worker killed mid-job loses and
 * doubles nothing); status changes only along the model's transitions by their actors; signed links
 * that expire and cannot be altered; and no path lets one user read or change another's cart or orders.
 */
import { randomUUID } from 'node:crypto';
import { unzipSync } from 'fflate';
import { DELETE as cartDelete, POST as cartPost } from '../../app/api/order/v3/ordercart/route';
import { GET as cartOwn } from '../../app/api/order/v3/ordercart/own/route';
import { GET as cartAllIds } from '../../app/api/order/v3/ordercart/allids/route';
import { GET as cartCount } from '../../app/api/order/v3/ordercart/count/route';
import { POST as orderPost } from '../../app/api/order/v3/order/route';
import { GET as ordersOwn } from '../../app/api/order/v3/order/own/route';
import { GET as orderIds } from '../../app/api/order/v3/order/own/allids/route';
import { GET as ordersByStatus } from '../../app/api/order/v3/order/own/status/[status]/route';
import { GET as ordersExport } from '../../app/api/order/v3/order/own/export/route';
import { GET as orderCount } from '../../app/api/order/v3/order/count/route';
import { GET as orderDetail } from '../../app/api/order/v3/order/detail/[id]/route';
import { POST as orderCancel } from '../../app/api/order/v3/order/cancel/[id]/route';
import { POST as orderRetry } from '../../app/api/order/v3/order/retry/[id]/route';
import { GET as sceneIdsOfOrder } from '../../app/api/order/v3/orderitem/metadataids/[code]/route';
import { GET as itemUri } from '../../app/api/order/v3/orderitem/exporturi/route';
import { GET as orderUri } from '../../app/api/order/v3/order/exporturi/route';
import { GET as allUri } from '../../app/api/order/v3/order/exporturi/all/route';
import { GET as download, HEAD as downloadHead } from '../../app/api/order/v3/orderitem/download/[id]/route';
import { GET as dictionary } from '../../app/api/system/v1/dic/code/[CODE]/item/s/route';
import { createSession } from '../../lib/server/session';
import { getFileStore } from '../../lib/server/files';
import { claimJob, runDueJobs, runJob, type JobHandlers } from '../../lib/server/jobs/runner';
import { expireOrders, orderJobHandlers } from '../../lib/server/orders/production';
import { changeOrderStatus } from '../../lib/server/orders/status';
import {
  ORDER_ITEM_STATUS,
  ORDER_LIMITS,
  ORDER_STATUS,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type Actor,
} from '../../lib/shared/orders/model';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();
const RUNNER = { workerId: 'test-worker', leaseSeconds: 60, backoffSeconds: 0 };

let addressCounter = 0;
async function login(username: string, locale: 'zh' | 'en' = 'en') {
  const [user] = await db().query<{ id: string }>('SELECT id::text AS id FROM users WHERE username = $1', [username]);
  const { token } = await createSession(db(), user!.id, { ip: 'test', userAgent: null });
  return {
    id: Number(user!.id),
    headers: {
      cookie: `token=${token}`,
      origin: 'http://localhost:3000',
      'x-locale': locale,
      'x-forwarded-for': `192.0.2.${++addressCounter}`,
    },
  };
}
type Who = Awaited<ReturnType<typeof login>>;

const add = (who: Who, body: unknown) => call(cartPost, '/api/order/v3/ordercart', { body, headers: who.headers });
const remove = (who: Who, body: unknown) => call(cartDelete, '/api/order/v3/ordercart', { method: 'DELETE', body, headers: who.headers });
const count = async (who: Who) =>
  (await call(cartCount, '/api/order/v3/ordercart/count', { headers: who.headers })).json.data.count as number;
const cartIds = async (who: Who) =>
  ((await call(cartAllIds, '/api/order/v3/ordercart/allids', { headers: who.headers })).json.data.ids as string[]).sort();
const submit = (who: Who, body: Record<string, unknown>) =>
  call(orderPost, '/api/order/v3/order', {
    body: {
      purpose: 'Land-use survey',
      contact: { name: 'Test User', email: 'orders-test@rscloud.example' },
      idempotencyKey: randomUUID(),
      ...body,
    },
    headers: who.headers,
  });
const detail = (who: Who, id: number) =>
  call(orderDetail, `/api/order/v3/order/detail/${id}`, { params: { id: String(id) }, headers: who.headers });

async function scenes(n: number, online: boolean): Promise<string[]> {
  const rows = await db().query<{ id: string }>('SELECT id FROM scenes WHERE online = $1 ORDER BY acquired_at DESC, id LIMIT $2', [
    online,
    n,
  ]);
  return rows.map((r) => r.id);
}

async function runAll(handlers: JobHandlers = orderJobHandlers({ offlineDelaySeconds: 3600 })) {
  return runDueJobs(db(), handlers, RUNNER);
}
/** The offline recall is "over": due now. */
const recallDone = () => db().query(`UPDATE jobs SET run_at = now() - interval '1 second' WHERE done_at IS NULL AND failed_at IS NULL`);

async function orderWith(who: Who, ids: string[]): Promise<number> {
  expect((await add(who, { ids })).json.code).toBe(0);
  const res = await submit(who, { sceneIds: ids });
  expect(res.json.code).toBe(0);
  return res.json.data.orderId as number;
}

describe('cart', () => {
  it('adds one, a page or all results (count first, bounded), keeps each scene once, removes and clears', async () => {
    const me = await login('demo-city');
    const [one, ...page] = await scenes(6, true);
    expect((await add(me, { ids: [one] })).json.data).toMatchObject({ matched: 1, added: 1, alreadyInCart: 0, count: 1 });
    expect((await add(me, { ids: [one] })).json.data).toMatchObject({ added: 0, alreadyInCart: 1, count: 1 });
    expect((await add(me, { ids: [one, ...page, 'NO-SUCH-SCENE'] })).json.data).toMatchObject({
      matched: 6,
      added: 5,
      alreadyInCart: 1,
      count: 6,
    });

    // All results of a search: the preview counts and stores nothing; then at most maxAddAll, newest first.
    const filter = { online: false, dateFrom: '2000-01-01' };
    const [matching] = await db().query<{ n: number }>('SELECT count(*)::int AS n FROM scenes WHERE NOT online');
    const preview = await add(me, { filter, preview: true });
    expect(preview.json.data).toMatchObject({
      matched: matching!.n,
      added: Math.min(matching!.n, ORDER_LIMITS.maxAddAll),
      capped: matching!.n > ORDER_LIMITS.maxAddAll,
      count: 6,
    });
    expect(await count(me)).toBe(6);
    const all = await add(me, { filter });
    expect(all.json.data.added).toBe(Math.min(matching!.n, ORDER_LIMITS.maxAddAll));
    expect(await count(me)).toBe(6 + all.json.data.added);

    const pageRes = await call(cartOwn, '/api/order/v3/ordercart/own?pageNum=1&pageSize=5', { headers: me.headers });
    expect(pageRes.json.data.list).toHaveLength(5);
    expect(pageRes.json.data.summary).toMatchObject({ count: 6 + all.json.data.added, online: 6, offline: all.json.data.added });
    expect(pageRes.json.data.list[0].footprint.type).toMatch(/Polygon/);

    expect((await remove(me, { ids: [one] })).json.data).toEqual({ removed: 1, count: 5 + all.json.data.added });
    expect((await remove(me, { all: true })).json.data).toEqual({ removed: 5 + all.json.data.added, count: 0 });
    const bad = await add(me, { ids: [one], filter });
    expect(bad.json).toMatchObject({ code: 400, message: expect.stringContaining('either scene ids or a search') });
  });

  it('needs a session (401) and MOD_061 (403), checked on the server', async () => {
    const [id] = await scenes(1, true);
    const anonymous = await call(cartPost, '/api/order/v3/ordercart', { body: { ids: [id] }, headers: { 'x-locale': 'en' } });
    expect(anonymous.status).toBe(401);
    const editor = await login('demo-editor');
    for (const res of [
      await add(editor, { ids: [id] }),
      await submit(editor, {}),
      await call(cartCount, '/api/order/v3/ordercart/count', { headers: editor.headers }),
    ]) {
      expect(res.status).toBe(403);
    }
  });
});

describe('orders', () => {
  it('ten concurrent identical submits make one order; the cart keeps exactly what was not ordered', async () => {
    const me = await login('demo-personal');
    const ids = await scenes(5, true);
    await add(me, { ids });
    const key = randomUUID();
    const body = { sceneIds: ids.slice(0, 3), idempotencyKey: key };
    const results = await Promise.all(Array.from({ length: 10 }, () => submit(me, body)));
    for (const r of results) expect(r.json.code).toBe(0);
    expect(new Set(results.map((r) => r.json.data.orderId)).size).toBe(1);
    expect(results.filter((r) => r.json.data.created)).toHaveLength(1);
    expect(await cartIds(me)).toEqual(ids.slice(3).sort());
    const orderId = results[0]!.json.data.orderId as number;
    const d = await detail(me, orderId);
    expect(d.json.data).toMatchObject({ status: ORDER_STATUS.SUBMITTED, itemCount: 3, contactName: 'Test User' });
    expect(d.json.data.history).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: ORDER_STATUS.SUBMITTED, changedBy: 'demo-personal' }),
    ]);

    // The rest of the cart, ordered whole; an empty cart then refuses in the caller's language.
    const rest = await submit(me, {});
    expect(rest.json.data.created).toBe(true);
    expect(await count(me)).toBe(0);
    const empty = await submit({ ...me, headers: { ...me.headers, 'x-locale': 'zh' } }, {});
    expect(empty.json).toMatchObject({ code: 400, message: '购物车是空的' });
    const notInCart = await submit(me, { sceneIds: ids.slice(0, 1) });
    expect(notInCart.json.message).toMatch(/no longer in the cart/);

    // Lists, by status, counts, search, ids, scene ids by code, CSV.
    const own = await call(ordersOwn, '/api/order/v3/order/own?pageSize=10', { headers: me.headers });
    expect(own.json.data.total).toBe(2);
    const byStatus = await call(ordersByStatus, `/api/order/v3/order/own/status/${ORDER_STATUS.SUBMITTED}`, {
      params: { status: '1' },
      headers: me.headers,
    });
    expect(byStatus.json.data.total).toBe(2);
    const [fileName] = await db().query<{ file_name: string }>('SELECT file_name FROM scenes WHERE id = $1', [ids[4]!]);
    const search = await call(ordersOwn, `/api/order/v3/order/own?q=${encodeURIComponent(fileName!.file_name)}`, { headers: me.headers });
    expect(search.json.data.list.map((o: { id: number }) => o.id)).toEqual([rest.json.data.orderId]);
    expect((await call(orderCount, '/api/order/v3/order/count', { headers: me.headers })).json.data).toEqual({
      total: 2,
      byStatus: { '1': 2 },
    });
    expect((await call(orderIds, '/api/order/v3/order/own/allids', { headers: me.headers })).json.data.ids.sort()).toEqual(
      [orderId, rest.json.data.orderId].sort(),
    );
    const code = d.json.data.code as string;
    const sceneIds = await call(sceneIdsOfOrder, `/api/order/v3/orderitem/metadataids/${code}`, { params: { code }, headers: me.headers });
    expect(sceneIds.json.data.ids.sort()).toEqual(ids.slice(0, 3).sort());
    const csvRes = await ordersExport(
      new Request('http://localhost:3000/api/order/v3/order/own/export?lang=zh', { headers: { ...me.headers, 'x-locale': 'en' } }),
      {
        params: Promise.resolve({}),
      },
    );
    expect(decodeURIComponent(csvRes.headers.get('content-disposition')!.split("''")[1]!)).toMatch(/^我的订单-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = Buffer.from(await csvRes.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toBe('订单号,订单状态,提交时间（UTC）,用途,文件名,卫星,成像时间（UTC）,在线,景状态,失败原因,下载次数');
    expect(text.trim().split('\r\n')).toHaveLength(1 + 5);
    expect(text).toContain(`${code},已提交`);

    // Statuses come from the dictionary, in both languages.
    const dic = await call(dictionary, '/api/system/v1/dic/code/ORDER_STATUS/item/s', {
      params: { CODE: 'ORDER_STATUS' },
      headers: { 'x-locale': 'en' },
    });
    expect(dic.json.data.map((i: { itemValue: string; nameEn: string; nameZh: string }) => [i.itemValue, i.nameEn])).toContainEqual([
      '3',
      'Ready',
    ]);

    // The owner cancels a submitted order; its jobs then do nothing.
    const cancelled = await call(orderCancel, `/api/order/v3/order/cancel/${orderId}`, {
      method: 'POST',
      params: { id: String(orderId) },
      headers: me.headers,
    });
    expect(cancelled.json.data.status).toBe(ORDER_STATUS.CANCELLED);
    await runAll();
    const after = await detail(me, orderId);
    expect(after.json.data.status).toBe(ORDER_STATUS.CANCELLED);
    expect(after.json.data.items.every((i: { status: number }) => i.status === ORDER_ITEM_STATUS.WAITING)).toBe(true);
    const again = await call(orderCancel, `/api/order/v3/order/cancel/${orderId}`, {
      method: 'POST',
      params: { id: String(orderId) },
      headers: me.headers,
    });
    expect(again.json.message).toBe('The order cannot change to that status now');
  });
});

describe('production and delivery', () => {
  it('online scenes are ready at once, offline ones after their recall; the owner is e-mailed; links download real packages, counted', async () => {
    const me = await login('demo-hebei');
    const online = await scenes(2, true);
    const [offline] = await scenes(1, false);
    const orderId = await orderWith(me, [...online, offline!]);

    await runAll();
    let d = (await detail(me, orderId)).json.data;
    expect(d.status).toBe(ORDER_STATUS.IN_PRODUCTION);
    const statusOf = (id: string) => d.items.find((i: { sceneId: string }) => i.sceneId === id).status;
    expect(online.map(statusOf)).toEqual([ORDER_ITEM_STATUS.READY, ORDER_ITEM_STATUS.READY]);
    expect(statusOf(offline!)).toBe(ORDER_ITEM_STATUS.PRODUCING);
    // Ready items download while the rest is produced.
    const early = await call(orderUri, `/api/order/v3/order/exporturi?id=${orderId}`, { headers: me.headers });
    expect(early.json.data.links).toHaveLength(2);

    await recallDone();
    await runAll();
    d = (await detail(me, orderId)).json.data;
    expect(d.status).toBe(ORDER_STATUS.READY);
    expect(d.expiresAt).not.toBeNull();
    expect(d.history.map((h: { toStatus: number; changedBy: string | null }) => [h.toStatus, h.changedBy])).toEqual([
      [ORDER_STATUS.SUBMITTED, 'demo-hebei'],
      [ORDER_STATUS.IN_PRODUCTION, null],
      [ORDER_STATUS.READY, null],
    ]);
    const mail = await db().query<{ subject: string; body: string }>(
      `SELECT subject, body FROM outbox WHERE recipient = 'orders-test@rscloud.example' AND subject LIKE '%' || $1 || '%' ORDER BY id`,
      [d.code],
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(`订单 ${d.code} 已可下载 / Order ${d.code} is ready for download`);

    const item = d.items.find((i: { sceneId: string }) => i.sceneId === offline) as { id: number; fileName: string };
    const link = (await call(itemUri, `/api/order/v3/orderitem/exporturi?id=${item.id}`, { headers: me.headers })).json.data;
    expect(link.expires - Math.floor(Date.now() / 1000)).toBeGreaterThan(ORDER_LIMITS.linkTtlSeconds - 60);
    const get = (url: string, who: Who = me) => {
      const u = new URL(url, 'http://localhost:3000');
      return download(new Request(u, { headers: who.headers }), { params: Promise.resolve({ id: u.pathname.split('/').pop()! }) });
    };
    const res = await get(link.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const base = item.fileName.replace(/[^A-Za-z0-9._-]/g, '_');
    expect(Object.keys(zip).sort()).toEqual(
      ['README.txt', 'footprint.geojson', 'metadata.json', 'metadata.xml', 'quicklook.png'].map((f) => `${base}/${f}`),
    );
    expect(JSON.parse(new TextDecoder().decode(zip[`${base}/metadata.json`])).id).toBe(offline);
    expect(new TextDecoder().decode(zip[`${base}/README.txt`])).toContain('NO imagery');
    expect(new TextDecoder().decode(zip[`${base}/metadata.xml`])).toContain(`<fileName>${item.fileName}</fileName>`);
    expect(Array.from(zip[`${base}/quicklook.png`]!.subarray(1, 4))).toEqual([0x50, 0x4e, 0x47]);
    await get(link.url);
    const [counted] = await db().query<{ downloads: number; rows: number }>(
      'SELECT downloads, (SELECT count(*)::int FROM order_downloads WHERE order_item_id = $1) AS rows FROM order_items WHERE id = $1',
      [item.id],
    );
    expect(counted).toEqual({ downloads: 2, rows: 2 });

    // HEAD, a probe of the first byte and the rest of a resumed download are answered but not counted (issue 32.6).
    const send = (url: string, init: { method?: 'GET' | 'HEAD'; headers?: Record<string, string> }) => {
      const u = new URL(url, 'http://localhost:3000');
      const handler = init.method === 'HEAD' ? downloadHead : download;
      return handler(new Request(u, { method: init.method ?? 'GET', headers: { ...me.headers, ...init.headers } }), {
        params: Promise.resolve({ id: u.pathname.split('/').pop()! }),
      });
    };
    const whole = new Uint8Array(await (await get(link.url)).arrayBuffer());
    const size = whole.length;
    const head = await send(link.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    expect(head.headers.get('content-length')).toBe(String(size));
    expect(head.headers.get('accept-ranges')).toBe('bytes');
    const probe = await send(link.url, { headers: { range: 'bytes=0-0' } });
    expect(probe.status).toBe(206);
    expect(probe.headers.get('content-range')).toBe(`bytes 0-0/${size}`);
    expect(new Uint8Array(await probe.arrayBuffer())).toEqual(whole.subarray(0, 1));
    const rest = await send(link.url, { headers: { range: 'bytes=100-', 'if-range': head.headers.get('etag')! } });
    expect(rest.status).toBe(206);
    expect(rest.headers.get('content-range')).toBe(`bytes 100-${size - 1}/${size}`);
    expect(new Uint8Array(await rest.arrayBuffer())).toEqual(whole.subarray(100));
    const outside = await send(link.url, { headers: { range: `bytes=${size + 10}-` } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${size}`);
    expect(((await outside.json()) as { message: string }).message).toBe(
      `The requested byte range lies outside the file (${size} bytes); ask for a range within it`,
    );
    // A range of the whole package is a download like a plain GET.
    const full = await send(link.url, { headers: { range: 'bytes=0-' } });
    expect(full.status).toBe(206);
    expect(new Uint8Array(await full.arrayBuffer())).toEqual(whole);
    const [recounted] = await db().query<{ downloads: number; rows: number }>(
      'SELECT downloads, (SELECT count(*)::int FROM order_downloads WHERE order_item_id = $1) AS rows FROM order_items WHERE id = $1',
      [item.id],
    );
    expect(recounted).toEqual({ downloads: 4, rows: 4 });

    // Altered (another item, a later expiry, a changed signature) → 403; expired → 410, in the caller's language.
    const other = d.items.find((i: { sceneId: string }) => i.sceneId === online[0]) as { id: number };
    const altered = [
      link.url.replace(`/download/${item.id}?`, `/download/${other.id}?`),
      link.url.replace(`expires=${link.expires}`, `expires=${link.expires + 3600}`),
      // The signature's first character changed (to B where it was A: one link in 64 begins with A).
      link.url.replace(/sig=(.)(.*)$/, (_: string, first: string, rest: string) => `sig=${first === 'A' ? 'B' : 'A'}${rest}`),
      link.url.replace(/&sig=.*$/, ''),
    ];
    for (const url of altered) {
      const r = await get(url);
      expect(r.status).toBe(403);
      expect(((await r.json()) as { message: string }).message).toBe('This download link is invalid; ask for a new one in My orders');
    }
    const { signItemLink } = await import('../../lib/server/orders/delivery');
    const { fileUrlSecret } = await import('../../lib/server/files');
    const expiredUrl = signItemLink(await fileUrlSecret(db()), item.id, me.id, Math.floor(Date.now() / 1000) - 1);
    const expired = await get(expiredUrl, { ...me, headers: { ...me.headers, 'x-locale': 'zh' } });
    expect(expired.status).toBe(410);
    expect(((await expired.json()) as { message: string }).message).toBe('下载链接已过期，请在“我的订单”中重新获取');
    expect((await db().query<{ downloads: number }>('SELECT downloads FROM order_items WHERE id = $1', [item.id]))[0]!.downloads).toBe(4);

    const allLinks = await call(allUri, '/api/order/v3/order/exporturi/all', { headers: me.headers });
    expect(allLinks.json.data.links).toHaveLength(3);

    // Past its retention the order expires (recorded, by the system), its links stop working and its packages are deleted.
    const packages = await db().query<{ key: string }>(
      'SELECT package_key AS key FROM order_items WHERE order_id = $1 AND package_key IS NOT NULL',
      [orderId],
    );
    expect(packages).toHaveLength(3);
    for (const { key } of packages) expect(await getFileStore().exists(key)).toBe(true);
    await db().query(`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = $1`, [orderId]);
    expect(await expireOrders(db())).toBe(1);
    for (const { key } of packages) expect(await getFileStore().exists(key)).toBe(false);
    expect(await db().query('SELECT package_key, package_bytes > 0 AS sized FROM order_items WHERE order_id = $1', [orderId])).toEqual(
      packages.map(() => ({ package_key: null, sized: true })),
    );
    expect(await expireOrders(db())).toBe(0);
    d = (await detail(me, orderId)).json.data;
    expect(d.status).toBe(ORDER_STATUS.EXPIRED);
    expect(d.history.at(-1)).toMatchObject({ fromStatus: ORDER_STATUS.READY, toStatus: ORDER_STATUS.EXPIRED, changedBy: null });
    expect((await get(link.url)).status).toBe(410);
  });

  it('items fail one by one with a reason; the order still delivers what is ready; retry produces just the failed; all failed → failed', async () => {
    const me = await login('demo-hebei');
    const ids = await scenes(3, true);
    const orderId = await orderWith(me, ids);
    const failing = new Set([ids[1]]);
    const handlers = orderJobHandlers({
      offlineDelaySeconds: 0,
      failItem: ({ sceneId }) => (failing.has(sceneId) ? 'Orders.failures.archiveUnreadable' : null),
    });
    await runAll(handlers);
    let d = (await detail(me, orderId)).json.data;
    expect(d).toMatchObject({ status: ORDER_STATUS.READY, readyCount: 2, failedCount: 1 });
    const failed = d.items.find((i: { sceneId: string }) => i.sceneId === ids[1]);
    expect(failed).toMatchObject({ status: ORDER_ITEM_STATUS.FAILED, failure: 'The archived scene could not be read from the archive' });

    failing.clear();
    const retry = await call(orderRetry, `/api/order/v3/order/retry/${orderId}`, {
      method: 'POST',
      params: { id: String(orderId) },
      headers: me.headers,
    });
    expect(retry.json.data.status).toBe(ORDER_STATUS.IN_PRODUCTION);
    await runAll(handlers);
    d = (await detail(me, orderId)).json.data;
    expect(d).toMatchObject({ status: ORDER_STATUS.READY, readyCount: 3, failedCount: 0 });
    expect(
      (
        await call(orderRetry, `/api/order/v3/order/retry/${orderId}`, {
          method: 'POST',
          params: { id: String(orderId) },
          headers: me.headers,
        })
      ).json.message,
    ).toBe('No item of this order has failed');

    // A transient error is retried with backoff up to max attempts, then the item fails with the generic reason.
    const doomed = await orderWith(me, ids.slice(0, 1));
    const broken: JobHandlers = {
      ...handlers,
      'order.produce_item': { ...handlers['order.produce_item']!, run: () => Promise.reject(new Error('disk full')) },
    };
    await runAll(broken);
    const [job] = await db().query<{ attempts: number; failed_at: Date | null; last_error: string }>(
      `SELECT attempts, failed_at, last_error FROM jobs WHERE payload->>'itemId' = (SELECT id::text FROM order_items WHERE order_id = $1)`,
      [doomed],
    );
    expect(job).toMatchObject({ attempts: 5, last_error: 'disk full' });
    expect(job!.failed_at).not.toBeNull();
    d = (await detail(me, doomed)).json.data;
    expect(d).toMatchObject({ status: ORDER_STATUS.FAILED, failedCount: 1 });
    expect(d.items[0].failure).toBe('The package could not be produced; try again');
  });

  it('a worker killed mid-job: its job is taken over when the lease runs out, nothing lost or doubled', async () => {
    const me = await login('demo-hebei');
    const ids = await scenes(2, true);
    const orderId = await orderWith(me, ids);
    const handlers = orderJobHandlers({ offlineDelaySeconds: 0 });
    // Worker A claims a job and "dies" (never completes it).
    const dead = await claimJob(db(), Object.keys(handlers), { workerId: 'worker-a', leaseSeconds: 60 });
    expect(dead).not.toBeNull();
    // Worker B runs everything it may: the leased job is not taken while the lease holds.
    expect(await runDueJobs(db(), handlers, { ...RUNNER, workerId: 'worker-b' })).toBe(1);
    let d = (await detail(me, orderId)).json.data;
    expect(d.status).toBe(ORDER_STATUS.IN_PRODUCTION);
    // The lease runs out; B takes the job over and finishes the order.
    await db().query(`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE id = $1`, [dead!.id]);
    expect(await runDueJobs(db(), handlers, { ...RUNNER, workerId: 'worker-b' })).toBeGreaterThanOrEqual(1);
    d = (await detail(me, orderId)).json.data;
    expect(d).toMatchObject({ status: ORDER_STATUS.READY, readyCount: 2 });
    // A comes back from the dead and completes its old claim: refused, nothing written twice.
    expect(await runJob(db(), handlers, dead!, { ...RUNNER, workerId: 'worker-a' })).toBe(false);
    const history = await db().query<{ to_status: number }>('SELECT to_status FROM order_history WHERE order_id = $1 ORDER BY id', [
      orderId,
    ]);
    expect(history.map((h) => h.to_status)).toEqual([ORDER_STATUS.SUBMITTED, ORDER_STATUS.IN_PRODUCTION, ORDER_STATUS.READY]);
    const [jobs] = await db().query<{ done: number; attempts: number }>(
      `SELECT count(*) FILTER (WHERE done_at IS NOT NULL)::int AS done, max(attempts)::int AS attempts
         FROM jobs WHERE kind = 'order.produce_item' AND (payload->>'itemId')::bigint IN (SELECT id FROM order_items WHERE order_id = $1)`,
      [orderId],
    );
    expect(jobs).toEqual({ done: 2, attempts: 2 });
    const mails = await db().query(`SELECT 1 FROM jobs WHERE kind = 'order.notify_ready' AND payload->>'orderId' = $1`, [String(orderId)]);
    expect(mails).toHaveLength(1);

    // A job whose every worker dies (lease after lease) is given up after max attempts: the item fails, recorded.
    const [scene] = await scenes(1, false);
    const doomed = await orderWith(me, [scene!]);
    for (let i = 0; i < 5; i++) {
      const claimed = await claimJob(db(), ['order.produce_item'], { workerId: `dying-${i}`, leaseSeconds: 60 });
      expect(claimed?.attempts).toBe(i + 1);
      await db().query(`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE id = $1`, [claimed!.id]);
    }
    await runDueJobs(db(), handlers, RUNNER);
    const lost = (await detail(me, doomed)).json.data;
    expect(lost).toMatchObject({ status: ORDER_STATUS.FAILED, failedCount: 1 });
    expect(lost.items[0].failure).toBe('The package could not be produced; try again');
  });
});

describe('status transitions', () => {
  it('only the model’s transitions, only by their actors, with a note where required; each change recorded', async () => {
    const me = await login('demo-city');
    const [id] = await scenes(1, true);
    const orderId = await orderWith(me, [id!]);
    const actors: Actor[] = ['owner', 'admin', 'system'];
    let allowed = 0;
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        for (const actor of actors) {
          await db().query('UPDATE orders SET status = $2 WHERE id = $1', [orderId, from]);
          const rule = ORDER_TRANSITIONS.find((t) => t.from === from && t.to === to && t.by.includes(actor));
          const before = (await db().query('SELECT 1 FROM order_history WHERE order_id = $1', [orderId])).length;
          const result = await db()
            .transaction((tx) => changeOrderStatus(tx, orderId, { to, actor, actorId: actor === 'system' ? null : me.id, note: 'because' }))
            .then(
              () => 'ok',
              (e: Error) => e.message,
            );
          expect([from, to, actor, result]).toEqual([from, to, actor, rule ? 'ok' : 'Orders.errors.transitionRefused']);
          const [now] = await db().query<{ status: number }>('SELECT status FROM orders WHERE id = $1', [orderId]);
          expect(now!.status).toBe(rule ? to : from);
          expect((await db().query('SELECT 1 FROM order_history WHERE order_id = $1', [orderId])).length).toBe(before + (rule ? 1 : 0));
          if (rule) allowed++;
          if (rule?.noteRequired) {
            await db().query('UPDATE orders SET status = $2 WHERE id = $1', [orderId, from]);
            const noNote = await db()
              .transaction((tx) => changeOrderStatus(tx, orderId, { to, actor, actorId: null }))
              .then(
                () => 'ok',
                (e: Error) => e.message,
              );
            expect(noNote).toBe('Orders.errors.noteRequired');
          }
        }
      }
    }
    expect(allowed).toBe(ORDER_TRANSITIONS.reduce((n, t) => n + t.by.length, 0));
  });
});

describe('IDOR: another user never reads or changes your cart, orders or downloads', () => {
  it('every path answers 404 (or 403 for links) for another user’s ids and changes nothing', async () => {
    const owner = await login('demo-personal');
    const other = await login('demo-city');
    const ids = await scenes(2, true);
    const orderId = await orderWith(owner, ids.slice(0, 1));
    await runAll(orderJobHandlers({ offlineDelaySeconds: 0 }));
    await add(owner, { ids: ids.slice(1) });
    const d = (await detail(owner, orderId)).json.data;
    const itemId = d.items[0].id as number;
    const link = (await call(itemUri, `/api/order/v3/orderitem/exporturi?id=${itemId}`, { headers: owner.headers })).json.data;
    const ownerCart = await cartIds(owner);

    const p = { id: String(orderId) };
    const answers = [
      await detail(other, orderId),
      await call(sceneIdsOfOrder, `/api/order/v3/orderitem/metadataids/${d.code}`, { params: { code: d.code }, headers: other.headers }),
      await call(orderCancel, `/api/order/v3/order/cancel/${orderId}`, { method: 'POST', params: p, headers: other.headers }),
      await call(orderRetry, `/api/order/v3/order/retry/${orderId}`, { method: 'POST', params: p, headers: other.headers }),
      await call(itemUri, `/api/order/v3/orderitem/exporturi?id=${itemId}`, { headers: other.headers }),
      await call(orderUri, `/api/order/v3/order/exporturi?id=${orderId}`, { headers: other.headers }),
    ];
    for (const a of answers) expect(a.json).toMatchObject({ code: 404, data: null });
    // The owner's link, opened by someone else (or by nobody): refused, not counted.
    const u = new URL(link.url, 'http://localhost:3000');
    const stolen = await download(new Request(u, { headers: other.headers }), { params: Promise.resolve({ id: String(itemId) }) });
    expect(stolen.status).toBe(403);
    const anonymous = await download(new Request(u), { params: Promise.resolve({ id: String(itemId) }) });
    expect(anonymous.status).toBe(401);
    // Lists, counts, ids and links of the other user hold nothing of the owner's.
    expect(
      (await call(ordersOwn, '/api/order/v3/order/own', { headers: other.headers })).json.data.list.map((o: { id: number }) => o.id),
    ).not.toContain(orderId);
    expect((await call(orderIds, '/api/order/v3/order/own/allids', { headers: other.headers })).json.data.ids).not.toContain(orderId);
    expect(
      (await call(allUri, '/api/order/v3/order/exporturi/all', { headers: other.headers })).json.data.links.map(
        (l: { itemId: number }) => l.itemId,
      ),
    ).not.toContain(itemId);
    const otherCsv = await ordersExport(new Request('http://localhost:3000/api/order/v3/order/own/export', { headers: other.headers }), {
      params: Promise.resolve({}),
    });
    expect(await otherCsv.text()).not.toContain(d.code);
    expect(await cartIds(other)).not.toEqual(expect.arrayContaining(ownerCart));
    // Cart writes by the other user touch only their own cart.
    await remove(other, { ids: ownerCart });
    await remove(other, { all: true });
    await submit(other, { sceneIds: ownerCart });
    expect(await cartIds(owner)).toEqual(ownerCart);
    expect((await detail(owner, orderId)).json.data.status).toBe(ORDER_STATUS.READY);
    expect((await db().query<{ downloads: number }>('SELECT downloads FROM order_items WHERE id = $1', [itemId]))[0]!.downloads).toBe(0);
  });
});
