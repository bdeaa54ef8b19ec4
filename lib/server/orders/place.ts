import 'server-only';
/**
 * Placing an order (issue 19): the cart's submit and the approval of a data application both call this,
 * inside their own transaction. It copies each scene's metadata onto the order (an order outlives a
 * regenerated demo catalogue and withdrawn imports), records the first status with who placed it, and
 * queues production — all or nothing with the caller's transaction.
 *
 * Idempotent on (user, idempotency key): the same key finds the first order (`created: false`), also
 * when two submits race — the second INSERT waits on the first's unique key and then finds its order.
 */
import { API_CODES, issueValues, localizedIssueKey } from '../../shared/contracts/api';
import { placeOrderInputSchema } from '../../shared/contracts/orders';
import { ORDER_LIMITS, ORDER_STATUS } from '../../shared/orders/model';
import { ApiError, invalidInput } from '../api/errors';
import { SCENE_COLUMNS, toScene, type SceneRow } from '../catalogue';
import type { Queryable } from '../db/types';
import { isQualifiedMessageKey } from '../i18n';
import { recordStart } from '../workflow';
import { enqueueOrderProduction } from './enqueue';

export interface PlaceOrderInput {
  userId: number;
  sceneIds: readonly string[];
  purpose: string;
  contact: { name: string; phone?: string | null; email?: string | null; organization?: string | null };
  idempotencyKey: string;
  /** The application this order fulfils (its approval), if any. */
  requestId?: number | null;
  /** Who placed it, for the history (the user, or the administrator approving an application). */
  actorId?: number | null;
}

export interface PlacedOrder {
  orderId: number;
  code: string;
  /** False when the key had already placed this order. */
  created: boolean;
}

export const tooManyItems = () =>
  new ApiError(API_CODES.INVALID_INPUT, 'Orders.errors.tooManyItems', { max: ORDER_LIMITS.maxItemsPerOrder });

async function existingOrder(tx: Queryable, userId: number, key: string): Promise<PlacedOrder | null> {
  const [row] = await tx.query<{ id: string; code: string }>(
    `SELECT id::text AS id, code FROM orders WHERE user_id = $1 AND idempotency_key = $2::uuid`,
    [userId, key],
  );
  return row ? { orderId: Number(row.id), code: row.code, created: false } : null;
}

/** DD + the day (yyyymmdd) + six digits of the order's id: unique unless a day sees a million orders. */
function orderCode(id: number, now: Date): string {
  const day = now.toISOString().slice(0, 10).replace(/-/g, '');
  return `DD${day}${String(id % 1_000_000).padStart(6, '0')}`;
}

export async function placeOrder(tx: Queryable, raw: PlaceOrderInput): Promise<PlacedOrder> {
  const parsed = placeOrderInputSchema.safeParse(raw);
  if (!parsed.success) {
    // The caller's form validates with the same schemas; here the first issue is named in its own words.
    const first = parsed.error.issues[0];
    const key = first ? localizedIssueKey(first.message) : null;
    if (key && isQualifiedMessageKey(key))
      throw new ApiError(API_CODES.INVALID_INPUT, key, issueValues(first as { minimum?: unknown; maximum?: unknown }));
    throw invalidInput(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  }
  const input = parsed.data;

  const found = await existingOrder(tx, input.userId, input.idempotencyKey);
  if (found) return found;

  const sceneIds = [...new Set(input.sceneIds)];
  if (sceneIds.length > ORDER_LIMITS.maxItemsPerOrder) throw tooManyItems();
  const rows = await tx.query<SceneRow>(
    `SELECT ${SCENE_COLUMNS} FROM scenes s WHERE s.id = ANY ($1::text[]) ORDER BY s.acquired_at DESC, s.id`,
    [sceneIds],
  );
  if (rows.length !== sceneIds.length) {
    throw new ApiError(API_CODES.INVALID_INPUT, 'Orders.errors.scenesGone', { count: sceneIds.length - rows.length });
  }

  const [seq] = await tx.query<{ id: string }>(`SELECT nextval(pg_get_serial_sequence('orders', 'id'))::text AS id`);
  const id = Number(seq!.id);
  const code = orderCode(id, new Date());
  const inserted = await tx.query<{ id: string }>(
    `INSERT INTO orders (id, code, user_id, status, purpose, contact_name, contact_phone, contact_email, organization,
                         request_id, idempotency_key, item_count)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::uuid, $12)
     ON CONFLICT (user_id, idempotency_key) DO NOTHING
     RETURNING id::text AS id`,
    [
      id,
      code,
      input.userId,
      ORDER_STATUS.SUBMITTED,
      input.purpose,
      input.contact.name,
      input.contact.phone,
      input.contact.email,
      input.contact.organization,
      input.requestId ?? null,
      input.idempotencyKey,
      rows.length,
    ],
  );
  if (inserted.length === 0) {
    // A concurrent submit with the same key committed first.
    const raced = await existingOrder(tx, input.userId, input.idempotencyKey);
    if (raced) return raced;
    throw new Error('order insert conflicted but no order was found');
  }

  const items = rows.map((row) => ({
    scene_id: row.id,
    file_name: row.file_name,
    satellite: row.satellite,
    online: row.online,
    scene: toScene(row),
  }));
  await tx.query(
    `INSERT INTO order_items (order_id, scene_id, file_name, satellite, online, scene)
     SELECT $1, i.scene_id, i.file_name, i.satellite, i.online, i.scene
       FROM jsonb_to_recordset($2::jsonb) AS i(scene_id text, file_name text, satellite text, online boolean, scene jsonb)`,
    [id, JSON.stringify(items)],
  );
  const actorId = input.actorId ?? null;
  await recordStart(tx, 'order', id, {
    role: actorId === null ? 'system' : actorId === input.userId ? 'owner' : 'admin',
    actorId,
  });
  await enqueueOrderProduction(tx, id);
  return { orderId: id, code, created: true };
}
