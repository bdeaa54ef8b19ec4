import 'server-only';
/**
 * The one way an order's status changes: along ORDER_TRANSITIONS (lib/shared/orders/model.ts), by an
 * allowed actor, with a row in order_history saying who, when and why. Anything else is refused and
 * changes nothing. Callers lock nothing themselves: the order row is locked here for the change.
 */
import { API_CODES } from '../../shared/contracts/api';
import { findTransition, ORDER_LIMITS, ORDER_STATUS, ORDER_TRANSITIONS, type Actor, type OrderStatus } from '../../shared/orders/model';
import { ApiError } from '../api/errors';
import type { Queryable } from '../db/types';

export const transitionRefused = () => new ApiError(API_CODES.INVALID_INPUT, 'Orders.errors.transitionRefused');
export const noteRequired = () => new ApiError(API_CODES.INVALID_INPUT, 'Orders.errors.noteRequired');

export interface StatusChange {
  to: OrderStatus;
  actor: Actor;
  /** The user making the change (owner or administrator); null for the system. */
  actorId: number | null;
  note?: string | null;
}

/** Locks the order and returns its status, or null when there is no such order. */
export async function lockOrder(tx: Queryable, orderId: number): Promise<OrderStatus | null> {
  const [row] = await tx.query<{ status: number }>('SELECT status FROM orders WHERE id = $1 FOR UPDATE', [orderId]);
  return row ? (row.status as OrderStatus) : null;
}

/** Moves the order from its current status to `change.to`; refuses any change the model does not allow. */
export async function changeOrderStatus(tx: Queryable, orderId: number, change: StatusChange): Promise<OrderStatus> {
  const from = await lockOrder(tx, orderId);
  if (from === null) throw new ApiError(API_CODES.NOT_FOUND, 'notFound');
  const transition = findTransition(ORDER_TRANSITIONS, from, change.to, change.actor);
  if (!transition) throw transitionRefused();
  const note = change.note?.trim() || null;
  if (transition.noteRequired && !note) throw noteRequired();
  await tx.query(
    `UPDATE orders SET status = $2::smallint, updated_at = now(),
            ready_at = CASE WHEN $2::smallint = ${ORDER_STATUS.READY} THEN now() ELSE ready_at END,
            expires_at = CASE WHEN $2::smallint = ${ORDER_STATUS.READY} THEN now() + make_interval(days => $3::int) ELSE expires_at END
      WHERE id = $1`,
    [orderId, change.to, ORDER_LIMITS.retentionDays],
  );
  await tx.query('INSERT INTO order_history (order_id, from_status, to_status, changed_by, note) VALUES ($1, $2, $3, $4, $5)', [
    orderId,
    from,
    change.to,
    change.actorId,
    note,
  ]);
  return change.to;
}
