import 'server-only';
/**
 * Delivery status of image push batches (columns acknowledged_at, redelivery_count, redelivered_at of push_batches and
 * the table push_batch_redeliveries; migration 0040_push_delivery).
 *
 * - A batch is acknowledged when its owner is served the last page of its STAC ItemCollection from the pull feed
 *   (lib/server/push/feed.ts): `acknowledged_at` is set once, and later fetches leave it as it is.
 * - A re-delivery (the owner or an administrator asks) clears the acknowledgement, so the feed lists the batch as
 *   unacknowledged again, counts it and records who asked. While the batch waits to be fetched, asking again changes
 *   nothing (idempotent: two clicks, or two administrators at once, count once).
 */
import type { BatchDelivery, DeliveredBatch, DeliveryFilter, DeliveryPage, RedeliverResult } from '../../shared/contracts/push';
import { isAdministrator } from '../auth/roles';
import type { Queryable, SqlParam } from '../db/types';
import { log } from '../log';
import type { Session } from '../session';
import { BATCH_COLUMNS, BATCH_FROM, readableBatch, toSummary, type BatchRow } from './batches';

export interface DeliveryRow {
  acknowledged_at: Date | null;
  redelivery_count: number;
  redelivered_at: Date | null;
}

export const DELIVERY_COLUMNS = `b.acknowledged_at, b.redelivery_count, b.redelivered_at`;

const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());

export const toDelivery = (r: DeliveryRow): BatchDelivery => ({
  acknowledgedAt: iso(r.acknowledged_at),
  redeliveryCount: r.redelivery_count,
  redeliveredAt: iso(r.redelivered_at),
});

/** SQL condition of a delivery filter on `push_batches b` (null: no condition). */
export function deliveryCondition(filter: DeliveryFilter): string | null {
  switch (filter) {
    case 'pending':
      return 'b.acknowledged_at IS NULL';
    case 'acknowledged':
      return 'b.acknowledged_at IS NOT NULL';
    case 'redelivered':
      return 'b.redelivery_count > 0';
    case 'all':
      return null;
  }
}

/** Batches with their delivery status, newest first: an administrator's all (or one user's), anyone else's their own. */
export async function listDeliveries(
  db: Queryable,
  session: Session,
  query: { pageNum: number; pageSize: number; userId?: string; status: DeliveryFilter },
): Promise<DeliveryPage> {
  const params: SqlParam[] = [];
  const owner = isAdministrator(session) ? query.userId : session.userId;
  const conditions = [owner ? `b.user_id = $${params.push(owner)}::bigint` : null, deliveryCondition(query.status)].filter(
    (c): c is string => c !== null,
  );
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM push_batches b ${where}`, params);
  params.push(query.pageSize, (query.pageNum - 1) * query.pageSize);
  const rows = await db.query<BatchRow & DeliveryRow>(
    `SELECT ${BATCH_COLUMNS}, ${DELIVERY_COLUMNS} FROM ${BATCH_FROM} ${where}
      ORDER BY b.created_at DESC, b.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return {
    list: rows.map((r): DeliveredBatch => ({ ...toSummary(r), delivery: toDelivery(r) })),
    total: count?.n ?? 0,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

/** Records the owner's fetch of a batch: the first time only. Returns the delivery status after it. */
export async function acknowledgeBatch(db: Queryable, batchId: string): Promise<BatchDelivery> {
  const [row] = await db.query<DeliveryRow>(
    `WITH acked AS (
       UPDATE push_batches SET acknowledged_at = now() WHERE id = $1::bigint AND acknowledged_at IS NULL
       RETURNING acknowledged_at, redelivery_count, redelivered_at
     )
     SELECT acknowledged_at, redelivery_count, redelivered_at FROM acked
     UNION ALL
     SELECT acknowledged_at, redelivery_count, redelivered_at FROM push_batches WHERE id = $1::bigint AND NOT EXISTS (SELECT 1 FROM acked)`,
    [batchId],
  );
  if (!row) throw new Error(`push batch ${batchId} vanished while it was fetched`);
  return toDelivery(row);
}

/**
 * Re-delivers a batch the session may read (the owner's, or any for administrators; otherwise not found): clears
 * its acknowledgement, counts the re-delivery and records it. A batch still waiting to be fetched stays as it is.
 */
export async function redeliverBatch(db: Queryable, session: Session, id: string): Promise<RedeliverResult> {
  const batch = await readableBatch(db, session, id);
  // The row lock makes a concurrent second request wait and then find nothing to clear.
  const [row] = await db.query<DeliveryRow & { changed: boolean }>(
    `WITH old AS (
       SELECT id, acknowledged_at FROM push_batches WHERE id = $1::bigint AND acknowledged_at IS NOT NULL FOR UPDATE
     ), cleared AS (
       UPDATE push_batches b SET acknowledged_at = NULL, redelivery_count = b.redelivery_count + 1, redelivered_at = now()
         FROM old WHERE b.id = old.id
       RETURNING b.id, old.acknowledged_at AS was, b.acknowledged_at, b.redelivery_count, b.redelivered_at
     ), logged AS (
       INSERT INTO push_batch_redeliveries (batch_id, requested_by, acknowledged_at)
       SELECT id, $2::bigint, was FROM cleared
     )
     SELECT true AS changed, acknowledged_at, redelivery_count, redelivered_at FROM cleared
     UNION ALL
     SELECT false, acknowledged_at, redelivery_count, redelivered_at FROM push_batches
      WHERE id = $1::bigint AND NOT EXISTS (SELECT 1 FROM cleared)`,
    [batch.id, session.userId],
  );
  if (!row) throw new Error(`push batch ${batch.id} vanished while it was re-delivered`);
  log.info('push batch re-delivery', {
    batchId: batch.id,
    owner: batch.user_id,
    by: session.userId,
    changed: row.changed,
    redeliveries: row.redelivery_count,
  });
  return { id: batch.id, changed: row.changed, delivery: toDelivery(row) };
}
