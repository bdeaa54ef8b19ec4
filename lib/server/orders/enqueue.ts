import 'server-only';
/**
 * Starting an order's production: one job per item still waiting (kind 'order.produce_item'), queued in
 * the caller's transaction (the submit, an approval, a retry of failed items). The key names the item's
 * attempt, so a repeated call queues nothing new and a retry (attempts + 1) queues afresh.
 */
import type { Queryable } from '../db/types';
import { enqueueJobs } from '../jobs/enqueue';
import { ORDER_ITEM_STATUS } from '../../shared/orders/model';

export const PRODUCE_ITEM_JOB = 'order.produce_item';

export async function enqueueOrderProduction(tx: Queryable, orderId: number): Promise<number> {
  const items = await tx.query<{ id: number; attempts: number }>(
    `SELECT id, attempts FROM order_items WHERE order_id = $1 AND status = $2 ORDER BY id`,
    [orderId, ORDER_ITEM_STATUS.WAITING],
  );
  return enqueueJobs(
    tx,
    items.map((i) => ({ kind: PRODUCE_ITEM_JOB, payload: { itemId: i.id }, dedupeKey: `item:${i.id}:${i.attempts}` })),
  );
}
