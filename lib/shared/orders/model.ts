/**
 * The order model shared by server and client (issue 19; spec §3 order, order cart, order item,
 * request; §4 statuses from dictionaries). Status values are the dictionary items of ORDER_STATUS,
 * ORDER_ITEM_STATUS and REQUEST_STATUS (migration 0018_orders seeds their names in both languages).
 *
 * Order life: submitted → in production → ready → completed, or rejected / cancelled / expired; an order
 * whose every item failed is "production failed". Items succeed or fail one by one: an order is ready
 * when production has finished every item and at least one is ready; the user may retry failed items,
 * which takes a ready or failed order back into production for just those items.
 */
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

export const ORDER_ITEM_STATUS = { WAITING: 1, PRODUCING: 2, READY: 3, FAILED: 4 } as const;
export type OrderItemStatus = (typeof ORDER_ITEM_STATUS)[keyof typeof ORDER_ITEM_STATUS];

export const REQUEST_STATUS = { PENDING: 1, APPROVED: 2, REJECTED: 3, WITHDRAWN: 4 } as const;
export type RequestStatus = (typeof REQUEST_STATUS)[keyof typeof REQUEST_STATUS];

/** Who moves a status: the owner of the order, an administrator (MOD_ADMIN), or the production system. */
export type Actor = 'owner' | 'admin' | 'system';

interface Transition<S> {
  from: S;
  to: S;
  by: readonly Actor[];
  /** A note (reason) is required, e.g. for a rejection. */
  noteRequired?: boolean;
}

const S = ORDER_STATUS;
/** Every allowed order status change; anything else is refused (and changes nothing). */
export const ORDER_TRANSITIONS: readonly Transition<OrderStatus>[] = [
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
];

const R = REQUEST_STATUS;
export const REQUEST_TRANSITIONS: readonly Transition<RequestStatus>[] = [
  { from: R.PENDING, to: R.APPROVED, by: ['admin'] },
  { from: R.PENDING, to: R.REJECTED, by: ['admin'], noteRequired: true },
  { from: R.PENDING, to: R.WITHDRAWN, by: ['owner'] },
];

export function findTransition<T extends number>(table: readonly Transition<T>[], from: T, to: T, actor: Actor): Transition<T> | undefined {
  return table.find((t) => t.from === from && t.to === to && t.by.includes(actor));
}

/** Statuses after which nothing changes any more. */
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = [S.COMPLETED, S.REJECTED, S.CANCELLED, S.EXPIRED];

export const ORDER_LIMITS = {
  /** Items in one order (peers allow 500–2,000); more is refused with a message naming the cap. */
  maxItemsPerOrder: 1000,
  /** Scenes one cart holds. */
  maxCartItems: 5000,
  /** "Add all results of a search" adds at most this many (the count is shown and confirmed first). */
  maxAddAll: 1000,
  /** Scenes in one application. */
  maxRequestItems: 1000,
  /** Application attachment: one PDF. */
  maxAttachmentBytes: 10 * 1024 * 1024,
  /** Download links are valid this long; a new one can be asked for any time while the order is ready. */
  linkTtlSeconds: 24 * 3600,
  /** A ready order keeps its packages this long, then expires. */
  retentionDays: 30,
  /** Page size of the lists (cart, orders, applications). */
  maxPageSize: 100,
} as const;
