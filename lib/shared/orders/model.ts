/**
 * The order model shared by server and client (issue 19; spec §3 order, order cart, order item,
 * request; §4 statuses from dictionaries). The order and application statuses and who may move them
 * are their workflows' machines (lib/shared/workflow/machines/, ADR 0018); this module re-exports them
 * and adds the items' statuses and the caps.
 *
 * Items succeed or fail one by one: an order is ready when production has finished every item and at
 * least one is ready.
 */
import { orderMachine, requestMachine, type Role } from '../workflow';

export { ORDER_STATUS, ORDER_STATUSES, REQUEST_STATUS, type OrderStatus, type RequestStatus } from '../workflow';

export const ORDER_ITEM_STATUS = { WAITING: 1, PRODUCING: 2, READY: 3, FAILED: 4 } as const;
export type OrderItemStatus = (typeof ORDER_ITEM_STATUS)[keyof typeof ORDER_ITEM_STATUS];

/** Who moves a status: the owner of the order, an administrator (MOD_ADMIN), or the production system. */
export type Actor = Role;

/** Every allowed order status change (the order machine's, lib/shared/workflow/machines/order.ts). */
export const ORDER_TRANSITIONS = orderMachine.transitions;
export const REQUEST_TRANSITIONS = requestMachine.transitions;

/** Statuses after which nothing changes any more. */
export const FINAL_ORDER_STATUSES = orderMachine.terminal;

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
