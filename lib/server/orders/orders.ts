import 'server-only';
/**
 * A user's orders (spec §3 "order", "order item"; issue 19): placing one from the cart, the lists, the
 * detail, cancelling and retrying failed items. Every read and write names the owner in its WHERE
 * clause, so another user's order is simply not found (404), never shown or changed.
 */
import type { Locale } from '../../../i18n/routing';
import { API_CODES } from '../../shared/contracts/api';
import type { OrderDetail, OrderItem, OrderPage, OrderSummary, PlacedOrder } from '../../shared/contracts/orders';
import { ORDER_ITEM_STATUS, ORDER_STATUS } from '../../shared/orders/model';
import { ApiError, notFound } from '../api/errors';
import { containsPattern } from '../db/like';
import type { Database, Queryable, SqlParam } from '../db/types';
import { translateMessage } from '../i18n';
import { enqueueOrderProduction } from './enqueue';
import { placeOrder, type PlaceOrderInput } from './place';
import { readHistory, verifyChain } from '../workflow';
import { changeOrderStatus, lockOrder, transitionRefused, type OrderRefusal } from './status';

export const notInCart = (count: number) => new ApiError(API_CODES.INVALID_INPUT, 'Orders.errors.notInCart', { count });
export const cartEmpty = () => new ApiError(API_CODES.INVALID_INPUT, 'Orders.errors.cartEmpty');

export interface SubmitFromCart {
  userId: number;
  /** The checked scenes; undefined: the whole cart. */
  sceneIds?: readonly string[];
  purpose: string;
  contact: PlaceOrderInput['contact'];
  idempotencyKey: string;
}

/**
 * One transaction: the order is placed from the cart and exactly its scenes leave the cart. Submits of
 * one user queue on their user row, so a repeated or concurrent submit with the same key finds the first
 * order (and touches the cart no more), and one with a new key sees the cart as the first one left it.
 */
export async function submitFromCart(db: Database, input: SubmitFromCart): Promise<PlacedOrder> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [input.userId]);
    const [existing] = await tx.query<{ id: string; code: string }>(
      'SELECT id::text AS id, code FROM orders WHERE user_id = $1 AND idempotency_key = $2::uuid',
      [input.userId, input.idempotencyKey],
    );
    if (existing) return { orderId: Number(existing.id), code: existing.code, created: false };
    const inCart = await tx.query<{ scene_id: string }>(
      'SELECT scene_id FROM cart_items WHERE user_id = $1 ORDER BY added_at DESC, scene_id',
      [input.userId],
    );
    const cart = new Set(inCart.map((r) => r.scene_id));
    let sceneIds: string[];
    if (input.sceneIds) {
      sceneIds = [...new Set(input.sceneIds)];
      const missing = sceneIds.filter((id) => !cart.has(id)).length;
      if (missing > 0) throw notInCart(missing);
    } else {
      sceneIds = [...cart];
    }
    if (sceneIds.length === 0) throw cartEmpty();
    const placed = await placeOrder(tx, { ...input, sceneIds, actorId: input.userId });
    if (placed.created) {
      await tx.query('DELETE FROM cart_items WHERE user_id = $1 AND scene_id = ANY ($2::text[])', [input.userId, sceneIds]);
    }
    return placed;
  });
}

interface SummaryRow {
  id: string;
  code: string;
  status: number;
  purpose: string;
  item_count: number;
  ready_count: number;
  failed_count: number;
  created_at: Date;
  updated_at: Date;
  ready_at: Date | null;
  expires_at: Date | null;
}

const SUMMARY_COLUMNS = `o.id::text AS id, o.code, o.status, o.purpose, o.item_count,
  (SELECT count(*)::int FROM order_items i WHERE i.order_id = o.id AND i.status = ${ORDER_ITEM_STATUS.READY}) AS ready_count,
  (SELECT count(*)::int FROM order_items i WHERE i.order_id = o.id AND i.status = ${ORDER_ITEM_STATUS.FAILED}) AS failed_count,
  o.created_at, o.updated_at, o.ready_at, o.expires_at`;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toSummary(r: SummaryRow): OrderSummary {
  return {
    id: Number(r.id),
    code: r.code,
    status: r.status,
    purpose: r.purpose,
    itemCount: r.item_count,
    readyCount: r.ready_count,
    failedCount: r.failed_count,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
    readyAt: iso(r.ready_at),
    expiresAt: iso(r.expires_at),
  };
}

export interface OwnOrdersQuery {
  pageNum: number;
  pageSize: number;
  status?: number;
  q?: string;
}

export async function ownOrders(db: Queryable, userId: number, query: OwnOrdersQuery): Promise<OrderPage> {
  const params: SqlParam[] = [userId];
  const where = ['o.user_id = $1'];
  if (query.status) {
    params.push(query.status);
    where.push(`o.status = $${params.length}`);
  }
  if (query.q) {
    params.push(containsPattern(query.q));
    const p = `$${params.length}`;
    where.push(
      `(o.code ILIKE ${p} OR o.purpose ILIKE ${p} OR EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.file_name ILIKE ${p}))`,
    );
  }
  const sql = where.join(' AND ');
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders o WHERE ${sql}`, params);
  const total = count?.n ?? 0;
  const rows =
    total === 0
      ? []
      : await db.query<SummaryRow>(
          `SELECT ${SUMMARY_COLUMNS} FROM orders o WHERE ${sql} ORDER BY o.created_at DESC, o.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
          [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
        );
  return { list: rows.map(toSummary), total, pageNum: query.pageNum, pageSize: query.pageSize };
}

export async function ownOrderIds(db: Queryable, userId: number): Promise<number[]> {
  const rows = await db.query<{ id: string }>('SELECT id::text AS id FROM orders WHERE user_id = $1 ORDER BY created_at DESC, id DESC', [
    userId,
  ]);
  return rows.map((r) => Number(r.id));
}

export async function ownOrderCount(db: Queryable, userId: number): Promise<{ total: number; byStatus: Record<string, number> }> {
  const rows = await db.query<{ status: number; n: number }>(
    'SELECT status, count(*)::int AS n FROM orders WHERE user_id = $1 GROUP BY status',
    [userId],
  );
  const byStatus: Record<string, number> = {};
  for (const r of rows) byStatus[String(r.status)] = r.n;
  return { total: rows.reduce((sum, r) => sum + r.n, 0), byStatus };
}

export async function ownOrderSummary(db: Queryable, userId: number, orderId: number): Promise<OrderSummary> {
  const [row] = await db.query<SummaryRow>(`SELECT ${SUMMARY_COLUMNS} FROM orders o WHERE o.id = $1 AND o.user_id = $2`, [orderId, userId]);
  if (!row) throw notFound();
  return toSummary(row);
}

interface ItemRow {
  id: string;
  scene_id: string;
  file_name: string;
  satellite: string;
  acquired_at: string;
  online: boolean;
  status: number;
  failure: string | null;
  attempts: number;
  package_bytes: string | null;
  ready_at: Date | null;
  downloads: number;
}

export async function ownOrderDetail(db: Queryable, userId: number, orderId: number, locale: Locale): Promise<OrderDetail> {
  const [row] = await db.query<
    SummaryRow & { contact_name: string; contact_phone: string | null; contact_email: string | null; organization: string | null }
  >(
    `SELECT ${SUMMARY_COLUMNS}, o.contact_name, o.contact_phone, o.contact_email, o.organization FROM orders o WHERE o.id = $1 AND o.user_id = $2`,
    [orderId, userId],
  );
  if (!row) throw notFound();
  const items = await db.query<ItemRow>(
    `SELECT id::text AS id, scene_id, file_name, satellite, scene->>'acquiredAt' AS acquired_at, online, status, failure, attempts,
            package_bytes::text AS package_bytes, ready_at, downloads
       FROM order_items WHERE order_id = $1 ORDER BY id`,
    [orderId],
  );
  const history = await readHistory(db, 'order', orderId, locale);
  return {
    ...toSummary(row),
    contactName: row.contact_name,
    contactPhone: row.contact_phone,
    contactEmail: row.contact_email,
    organization: row.organization,
    items: items.map((i): OrderItem => ({
      id: Number(i.id),
      sceneId: i.scene_id,
      fileName: i.file_name,
      satellite: i.satellite,
      acquiredAt: i.acquired_at,
      online: i.online,
      status: i.status,
      failure: i.failure ? translateMessage(locale, i.failure) : null,
      attempts: i.attempts,
      packageBytes: i.package_bytes === null ? null : Number(i.package_bytes),
      readyAt: iso(i.ready_at),
      downloads: i.downloads,
    })),
    history: history.map((h) => ({
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      changedBy: h.by,
      note: h.note,
      changedAt: h.at,
    })),
    chain: await verifyChain(db, 'order', orderId),
  };
}

export async function ownOrderSceneIds(db: Queryable, userId: number, code: string): Promise<string[]> {
  const [order] = await db.query<{ id: string }>('SELECT id::text AS id FROM orders WHERE code = $1 AND user_id = $2', [code, userId]);
  if (!order) throw notFound();
  const rows = await db.query<{ scene_id: string }>('SELECT scene_id FROM order_items WHERE order_id = $1 ORDER BY id', [order.id]);
  return rows.map((r) => r.scene_id);
}

async function assertOwner(tx: Queryable, userId: number, orderId: number): Promise<void> {
  const [row] = await tx.query('SELECT 1 FROM orders WHERE id = $1 AND user_id = $2', [orderId, userId]);
  if (!row) throw notFound();
}

/** The owner cancels a submitted (or failed) order; pending production jobs then do nothing. */
export async function cancelOwnOrder(db: Database, userId: number, orderId: number): Promise<OrderSummary> {
  await db.transaction(async (tx) => {
    await assertOwner(tx, userId, orderId);
    await changeOrderStatus(tx, orderId, { to: ORDER_STATUS.CANCELLED, actor: 'owner', actorId: userId });
  });
  return ownOrderSummary(db, userId, orderId);
}

/**
 * Produces the failed items again: they go back to waiting (attempt + 1, so a fresh job is queued), the
 * order back into production. Ready items are kept as they are. Only a ready or failed order has failed
 * items to retry; `refuse` words a refusal for the caller (an administrator's screen names the statuses).
 */
export async function retryFailedItems(
  tx: Queryable,
  orderId: number,
  actor: 'owner' | 'admin',
  actorId: number,
  refuse?: OrderRefusal,
): Promise<number> {
  const status = await lockOrder(tx, orderId);
  if (status !== ORDER_STATUS.READY && status !== ORDER_STATUS.FAILED)
    throw status !== null && refuse ? await refuse('refused', status, ORDER_STATUS.IN_PRODUCTION) : transitionRefused();
  const items = await tx.query(
    `UPDATE order_items SET status = ${ORDER_ITEM_STATUS.WAITING}, failure = NULL, attempts = attempts + 1
      WHERE order_id = $1 AND status = ${ORDER_ITEM_STATUS.FAILED} RETURNING id`,
    [orderId],
  );
  if (items.length === 0) throw new ApiError(API_CODES.INVALID_INPUT, 'Orders.errors.nothingToRetry');
  await changeOrderStatus(tx, orderId, { to: ORDER_STATUS.IN_PRODUCTION, actor, actorId }, refuse);
  await enqueueOrderProduction(tx, orderId);
  return items.length;
}

export async function retryOwnOrder(db: Database, userId: number, orderId: number): Promise<OrderSummary> {
  await db.transaction(async (tx) => {
    await assertOwner(tx, userId, orderId);
    await retryFailedItems(tx, orderId, 'owner', userId);
  });
  return ownOrderSummary(db, userId, orderId);
}
