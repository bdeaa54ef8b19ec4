import 'server-only';
/**
 * Delivery of ordered packages (issue 19): signed, expiring links per ready item, and the download that
 * checks them. The signature (HMAC-SHA256 with the app's link secret) covers the item, its owner and the
 * expiry, so a link is worthless to anyone else, cannot be stretched or pointed at another item, and
 * ends after ORDER_LIMITS.linkTtlSeconds; a new one can be asked for while the order is ready.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_CODES } from '../../shared/contracts/api';
import type { DownloadLink } from '../../shared/contracts/orders';
import { ORDER_ITEM_STATUS, ORDER_LIMITS, ORDER_STATUS } from '../../shared/orders/model';
import { ApiError, notFound, rangeNotSatisfiable } from '../api/errors';
import type { Database, Queryable } from '../db/types';
import { fileUrlSecret, type FileStore } from '../files';
import { contentDisposition } from '../files/content-disposition';
import { answerStoredFile } from '../files/stored-file';
import { log } from '../log';

export const DOWNLOAD_ITEM_PATH = '/api/order/v3/orderitem/download';

const linkInvalid = () => new ApiError(API_CODES.FORBIDDEN, 'Orders.errors.linkInvalid', {}, 403);
const linkExpired = () => new ApiError(API_CODES.FORBIDDEN, 'Orders.errors.linkExpired', {}, 410);
const notReady = () => new ApiError(API_CODES.INVALID_INPUT, 'Orders.errors.notReady');

/** Orders whose ready items may be downloaded. */
const DELIVERING = [ORDER_STATUS.READY, ORDER_STATUS.COMPLETED, ORDER_STATUS.IN_PRODUCTION, ORDER_STATUS.FAILED];

const mac = (secret: string, itemId: number, userId: number, expires: number) =>
  createHmac('sha256', secret).update(`order-item:${itemId}:${userId}:${expires}`).digest('base64url');

export function signItemLink(secret: string, itemId: number, userId: number, expires: number): string {
  return `${DOWNLOAD_ITEM_PATH}/${itemId}?expires=${expires}&sig=${mac(secret, itemId, userId, expires)}`;
}

/** 'ok', or why not: checked in constant time, then the expiry. */
export function checkItemLink(
  secret: string,
  itemId: number,
  userId: number,
  expires: string | undefined,
  sig: string | undefined,
  now = Date.now(),
) {
  if (!expires || !sig || !/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return 'invalid' as const;
  const expected = Buffer.from(mac(secret, itemId, userId, Number(expires)));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid' as const;
  return Number(expires) * 1000 < now ? ('expired' as const) : ('ok' as const);
}

interface ReadyItemRow {
  id: string;
  code: string;
  file_name: string;
  package_bytes: string | null;
}

const READY_ITEMS = `SELECT i.id::text AS id, o.code, i.file_name, i.package_bytes::text AS package_bytes
  FROM order_items i JOIN orders o ON o.id = i.order_id
 WHERE o.user_id = $1 AND i.status = ${ORDER_ITEM_STATUS.READY} AND o.status = ANY ($2::int[])`;

async function links(db: Queryable, userId: number, rows: readonly ReadyItemRow[], now = Date.now()): Promise<DownloadLink[]> {
  const secret = await fileUrlSecret(db);
  const expires = Math.floor(now / 1000) + ORDER_LIMITS.linkTtlSeconds;
  return rows.map((r) => ({
    itemId: Number(r.id),
    orderCode: r.code,
    fileName: `${r.file_name}.zip`,
    url: signItemLink(secret, Number(r.id), userId, expires),
    expires,
    bytes: r.package_bytes === null ? null : Number(r.package_bytes),
  }));
}

export async function itemLink(db: Queryable, userId: number, itemId: number): Promise<DownloadLink> {
  const [owned] = await db.query<{ status: number }>(
    'SELECT i.status FROM order_items i JOIN orders o ON o.id = i.order_id WHERE i.id = $1 AND o.user_id = $2',
    [itemId, userId],
  );
  if (!owned) throw notFound();
  const rows = await db.query<ReadyItemRow>(`${READY_ITEMS} AND i.id = $3`, [userId, DELIVERING, itemId]);
  if (!rows[0]) throw notReady();
  return (await links(db, userId, rows))[0]!;
}

export async function orderLinks(db: Queryable, userId: number, orderId: number): Promise<{ links: DownloadLink[]; capped: boolean }> {
  const [owned] = await db.query('SELECT 1 FROM orders WHERE id = $1 AND user_id = $2', [orderId, userId]);
  if (!owned) throw notFound();
  const rows = await db.query<ReadyItemRow>(`${READY_ITEMS} AND o.id = $3 ORDER BY i.id`, [userId, DELIVERING, orderId]);
  return { links: await links(db, userId, rows), capped: false };
}

export async function allLinks(db: Queryable, userId: number): Promise<{ links: DownloadLink[]; capped: boolean }> {
  const cap = ORDER_LIMITS.maxItemsPerOrder;
  const rows = await db.query<ReadyItemRow>(`${READY_ITEMS} ORDER BY o.created_at DESC, i.id LIMIT $3`, [
    userId,
    [ORDER_STATUS.READY, ORDER_STATUS.COMPLETED],
    cap + 1,
  ]);
  return { links: await links(db, userId, rows.slice(0, cap)), capped: rows.length > cap };
}

/**
 * The download (GET and HEAD, one byte range allowed): signature and expiry first, then the owner and the
 * item. Counted when a GET sends the package from its first byte to its last; HEAD, a probe such as
 * `bytes=0-0` and the rest of a resumed download are not counted (stored-file.ts).
 */
export async function downloadItem(
  db: Database,
  store: FileStore,
  request: Request,
  userId: number,
  itemId: number,
  query: { expires?: string; sig?: string },
): Promise<Response> {
  const check = checkItemLink(await fileUrlSecret(db), itemId, userId, query.expires, query.sig);
  if (check === 'invalid') throw linkInvalid();
  if (check === 'expired') throw linkExpired();
  const [item] = await db.query<{ package_key: string | null; file_name: string; status: number; order_status: number }>(
    `SELECT i.package_key, i.file_name, i.status, o.status AS order_status
       FROM order_items i JOIN orders o ON o.id = i.order_id WHERE i.id = $1 AND o.user_id = $2`,
    [itemId, userId],
  );
  if (!item) throw notFound();
  if (
    item.status !== ORDER_ITEM_STATUS.READY ||
    !item.package_key ||
    !DELIVERING.includes(item.order_status as (typeof DELIVERING)[number])
  ) {
    throw linkExpired();
  }
  const answer = await answerStoredFile(request, store, item.package_key, {
    'content-type': 'application/zip',
    'content-disposition': contentDisposition(`${item.file_name}.zip`),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  if (answer.kind === 'missing') {
    log.error('order package missing', { itemId, key: item.package_key });
    throw notFound();
  }
  if (answer.kind === 'unsatisfiable') throw rangeNotSatisfiable(answer.size);
  if (answer.download) {
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO order_downloads (order_item_id, user_id) VALUES ($1, $2)', [itemId, userId]);
      await tx.query('UPDATE order_items SET downloads = downloads + 1 WHERE id = $1', [itemId]);
    });
  }
  return answer.response;
}
