/**
 * The order workflow (issue 19; spec §3 order, §4 statuses from the ORDER_STATUS dictionary, which
 * migration 0018_orders seeds in both languages).
 *
 * Order life: submitted → in production → ready → completed, or rejected / cancelled / expired; an order
 * whose every item failed is "production failed". The user may retry failed items, which takes a ready or
 * failed order back into production for just those items.
 */
import { defineMachine } from '../machine';

export const ORDER_STATUS = {
  SUBMITTED: 1,
  IN_PRODUCTION: 2,
  READY: 3,
  COMPLETED: 4,
  REJECTED: 5,
  CANCELLED: 6,
  EXPIRED: 7,
  FAILED: 8,
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_STATUSES: readonly OrderStatus[] = Object.values(ORDER_STATUS);

const S = ORDER_STATUS;

export const orderMachine = defineMachine<OrderStatus, 'order'>({
  id: 'order',
  states: ORDER_STATUSES,
  initial: S.SUBMITTED,
  dictionary: 'ORDER_STATUS',
  transitions: [
    { from: S.SUBMITTED, to: S.IN_PRODUCTION, by: ['system', 'admin'] },
    { from: S.SUBMITTED, to: S.REJECTED, by: ['admin'], noteRequired: true },
    { from: S.SUBMITTED, to: S.CANCELLED, by: ['owner', 'admin'] },
    { from: S.IN_PRODUCTION, to: S.READY, by: ['system'] },
    { from: S.IN_PRODUCTION, to: S.FAILED, by: ['system'] },
    { from: S.IN_PRODUCTION, to: S.CANCELLED, by: ['admin'], noteRequired: true },
    { from: S.READY, to: S.IN_PRODUCTION, by: ['owner', 'admin'] }, // retry of failed items
    { from: S.FAILED, to: S.IN_PRODUCTION, by: ['owner', 'admin'] }, // retry of failed items
    { from: S.READY, to: S.COMPLETED, by: ['owner', 'admin', 'system'] },
    { from: S.READY, to: S.EXPIRED, by: ['system', 'admin'] },
    { from: S.FAILED, to: S.CANCELLED, by: ['owner', 'admin'] },
  ],
  terminal: [S.COMPLETED, S.REJECTED, S.CANCELLED, S.EXPIRED],
});
