import 'server-only';
/**
 * The one way an order's status changes: the workflow engine (lib/server/workflow) moves it along the
 * order machine (lib/shared/workflow/machines/order.ts), by an allowed role, with a history row saying
 * who, when and why; a ready order also gets its ready and expiry times here. Anything else is refused and
 * changes nothing. Callers lock nothing themselves: the order row is locked by the engine for the change.
 */
import { API_CODES } from '../../shared/contracts/api';
import { ORDER_LIMITS, ORDER_STATUS, type Actor, type OrderStatus } from '../../shared/orders/model';
import type { Refusal } from '../../shared/workflow';
import { ApiError } from '../api/errors';
import type { Queryable } from '../db/types';
import { lockState, transition } from '../workflow';

export const transitionRefused = () => new ApiError(API_CODES.INVALID_INPUT, 'Orders.errors.transitionRefused');
export const noteRequired = () => new ApiError(API_CODES.INVALID_INPUT, 'Orders.errors.noteRequired');

export interface StatusChange {
  to: OrderStatus;
  actor: Actor;
  /** The user making the change (owner or administrator); null for the system. */
  actorId: number | null;
  note?: string | null;
}

/** How a refusal reads to the caller; the owner's and the system's words by default. */
export type OrderRefusal = (refusal: Refusal, from: OrderStatus, to: OrderStatus) => Error | Promise<Error>;
const ownersRefusal: OrderRefusal = (refusal) => (refusal === 'refused' ? transitionRefused() : noteRequired());

/** Locks the order and returns its status, or null when there is no such order. */
export const lockOrder = (tx: Queryable, orderId: number | string): Promise<OrderStatus | null> => lockState(tx, 'order', orderId);

/** Moves the order from its current status to `change.to`; refuses any change the machine does not allow. */
export async function changeOrderStatus(
  tx: Queryable,
  orderId: number,
  change: StatusChange,
  refuse: OrderRefusal = ownersRefusal,
): Promise<OrderStatus> {
  await transition(
    tx,
    'order',
    orderId,
    { to: change.to, role: change.actor, actorId: change.actorId, note: change.note },
    {
      refuse,
      write: async (t, _from, to) => {
        await t.query(
          `UPDATE orders SET status = $2::smallint, updated_at = now(),
                  ready_at = CASE WHEN $2::smallint = ${ORDER_STATUS.READY} THEN now() ELSE ready_at END,
                  expires_at = CASE WHEN $2::smallint = ${ORDER_STATUS.READY} THEN now() + make_interval(days => $3::int) ELSE expires_at END
            WHERE id = $1`,
          [orderId, to, ORDER_LIMITS.retentionDays],
        );
      },
    },
  );
  return change.to;
}
