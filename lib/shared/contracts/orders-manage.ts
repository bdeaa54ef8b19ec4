/**
 * Order management for administrators (MOD_ADMIN, issue 19 deliverable 6): every user's orders, filtered
 * by status, user and date; one order with its items and history; a status change with a note along
 * ORDER_TRANSITIONS (actor 'admin'); reports of orders per month and per satellite, counted in the database.
 */
import { z } from 'zod';
import { chainCheckSchema } from '../workflow/history';
import type zh from '../../../messages/zh.json';
import { ORDER_LIMITS, ORDER_STATUSES, type OrderStatus } from '../orders/model';
import { PERMISSIONS } from '../permissions';
import { defineContract, localizedIssue, pageQuerySchema, pageSchema } from './api';
import { managedListFilterFields, statusHistoryEntrySchema } from './managed-list';

type OrdersAdminErrorKey = keyof (typeof zh)['OrdersAdmin']['errors'];
const issue = (key: OrdersAdminErrorKey) => ({ error: localizedIssue(`OrdersAdmin.errors.${key}`) });

const isOrderStatus = (s: number): s is OrderStatus => (ORDER_STATUSES as readonly number[]).includes(s);
const orderStatus = z.coerce
  .number(issue('badStatus'))
  .int(issue('badStatus'))
  .refine(isOrderStatus, issue('badStatus'))
  .transform((s) => s as OrderStatus);

export const orderIdParamsSchema = z.object({ id: z.string(issue('badId')).regex(/^[1-9]\d{0,17}$/, issue('badId')) });

export const managedOrdersQuerySchema = pageQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(ORDER_LIMITS.maxPageSize).default(20),
  status: orderStatus.optional(),
  ...managedListFilterFields('OrdersAdmin'),
});

export const managedOrderSummarySchema = z.object({
  id: z.string(),
  code: z.string(),
  status: z.number().int(),
  statusName: z.string(),
  user: z.object({ username: z.string(), realName: z.string().nullable() }),
  organization: z.string().nullable(),
  itemCount: z.number().int(),
  readyCount: z.number().int(),
  failedCount: z.number().int(),
  /** The application an approval turned into this order. */
  requestCode: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ManagedOrderSummary = z.infer<typeof managedOrderSummarySchema>;
export const managedOrderPageSchema = pageSchema(managedOrderSummarySchema);
export type ManagedOrderPage = z.infer<typeof managedOrderPageSchema>;

export const managedOrderItemSchema = z.object({
  id: z.string(),
  sceneId: z.string(),
  fileName: z.string(),
  satellite: z.string(),
  online: z.boolean(),
  status: z.number().int(),
  statusName: z.string(),
  failure: z.string().nullable(),
  downloads: z.number().int(),
});

/** Items shown with an order (the first ones; the count says how many there are). */
export const MANAGED_ORDER_ITEMS_SHOWN = 200;

export const managedOrderDetailSchema = managedOrderSummarySchema.extend({
  purpose: z.string(),
  contact: z.object({ name: z.string(), phone: z.string().nullable(), email: z.string().nullable() }),
  items: z.array(managedOrderItemSchema),
  history: z.array(statusHistoryEntrySchema),
  /** The history's hash chain checked (issue 33.5). */
  chain: chainCheckSchema,
  /** The statuses an administrator may move this order to now, and whether each needs a note. */
  nextStatuses: z.array(z.object({ status: z.number().int(), name: z.string(), noteRequired: z.boolean() })),
});
export type ManagedOrderDetail = z.infer<typeof managedOrderDetailSchema>;

export const ORDER_NOTE_MAX = 2000;
export const changeOrderStatusBodySchema = z.object({
  status: z.number(issue('badStatus')).int(issue('badStatus')).refine(isOrderStatus, issue('badStatus')),
  note: z.string(issue('noteTooLong')).trim().max(ORDER_NOTE_MAX, issue('noteTooLong')).optional(),
});
export type ChangeOrderStatusBody = z.input<typeof changeOrderStatusBodySchema>;

export const orderReportQuerySchema = z.object({
  months: z.coerce.number(issue('badMonths')).int(issue('badMonths')).min(1, issue('badMonths')).max(36, issue('badMonths')).default(12),
});

export const orderReportSchema = z.object({
  /** The last `months` calendar months (UTC), oldest first, each with its orders and ordered scenes. */
  perMonth: z.array(z.object({ month: z.string(), orders: z.number().int(), items: z.number().int() })),
  /** Ordered scenes per satellite over the same months, most first. */
  perSatellite: z.array(z.object({ satellite: z.string(), items: z.number().int(), orders: z.number().int() })),
  totalOrders: z.number().int(),
  totalItems: z.number().int(),
});
export type OrderReport = z.infer<typeof orderReportSchema>;

const ADMIN = { permission: PERMISSIONS.ADMIN } as const;
const TAG = 'Orders (management)';

export const listManagedOrdersContract = defineContract({
  method: 'GET',
  path: '/api/order/v3/manage/order',
  summary: 'All orders, newest first, paged; filter by status, user and date (administrators)',
  tag: TAG,
  access: ADMIN,
  query: managedOrdersQuerySchema,
  response: managedOrderPageSchema,
});

export const getManagedOrderContract = defineContract({
  method: 'GET',
  path: '/api/order/v3/manage/order/id/{id}',
  summary: `One order with its first ${MANAGED_ORDER_ITEMS_SHOWN} items, its history and the statuses an administrator may set (administrators)`,
  tag: TAG,
  access: ADMIN,
  params: orderIdParamsSchema,
  response: managedOrderDetailSchema,
});

export const changeOrderStatusContract = defineContract({
  method: 'POST',
  path: '/api/order/v3/manage/order/id/{id}/status',
  summary: 'Move an order along the allowed transitions with a note (administrators); recorded with who and when',
  tag: TAG,
  access: ADMIN,
  params: orderIdParamsSchema,
  body: changeOrderStatusBodySchema,
  response: managedOrderDetailSchema,
});

export const orderReportContract = defineContract({
  method: 'GET',
  path: '/api/order/v3/manage/order/report',
  summary: 'Orders and ordered scenes per month and per satellite over the last months (administrators)',
  tag: TAG,
  access: ADMIN,
  query: orderReportQuerySchema,
  response: orderReportSchema,
});

export const ORDER_MANAGE_CONTRACTS = [
  listManagedOrdersContract,
  getManagedOrderContract,
  changeOrderStatusContract,
  orderReportContract,
] as const;
