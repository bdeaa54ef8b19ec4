/**
 * Cart and order API (`/api/order/v3`, spec §7; issue 19). The cart needs MOD_061 (spec §6); every read
 * and write is of the caller's own cart and orders. Statuses are the ORDER_STATUS / ORDER_ITEM_STATUS
 * dictionary items (lib/shared/orders/model.ts). The checkout form validates with the same schemas, so
 * both show the same localized messages (keys under `Orders.errors`).
 */
import { z } from 'zod';
import type zh from '../../../messages/zh.json';
import { ORDER_LIMITS } from '../orders/model';
import { PERMISSIONS } from '../permissions';
import { defineContract, localizedIssue, pageSchema } from './api';
import { API_PATHS } from './paths';
import { sceneFilterSchema, sceneSchema } from './catalogue';
import { chainCheckSchema } from '../workflow/history';

type OrderErrorKey = keyof (typeof zh)['Orders']['errors'];
const issue = (key: OrderErrorKey) => ({ error: localizedIssue(`Orders.errors.${key}`) });

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9][0-9\s-]{5,38}$/;

const optionalText = (max: number, key: OrderErrorKey, pattern?: RegExp) =>
  z
    .string(issue(key))
    .trim()
    .max(max, { ...issue(key), abort: true })
    .refine((v) => v === '' || !pattern || pattern.test(v), issue(key))
    .nullish()
    .transform((v) => (v ? v : null));

/** Who to contact about an order: copied onto the order. */
export const orderContactSchema = z.object({
  name: z
    .string(issue('contactNameRequired'))
    .trim()
    .min(1, { ...issue('contactNameRequired'), abort: true })
    .max(100, issue('contactNameTooLong')),
  phone: optionalText(40, 'phoneFormat', PHONE),
  email: optionalText(254, 'emailFormat', EMAIL),
  organization: optionalText(200, 'organizationTooLong'),
});
export type OrderContact = z.input<typeof orderContactSchema>;

export const orderPurposeSchema = z
  .string(issue('purposeRequired'))
  .trim()
  .min(1, { ...issue('purposeRequired'), abort: true })
  .max(2000, issue('purposeTooLong'));

/** A client-minted key (uuid): the same key submitted again finds the same order. */
export const idempotencyKeySchema = z.uuid(issue('badIdempotencyKey'));

const SCENE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/;
export const sceneIdSchema = z.string().regex(SCENE_ID);

/** What placeOrder takes (the cart's submit and an application's approval). */
export const placeOrderInputSchema = z.object({
  userId: z.number().int().positive(),
  sceneIds: z.array(sceneIdSchema).min(1, issue('noScenes')),
  purpose: orderPurposeSchema,
  contact: orderContactSchema,
  idempotencyKey: idempotencyKeySchema,
  requestId: z.number().int().positive().nullish(),
  actorId: z.number().int().positive().nullish(),
});
export type PlaceOrderInput = z.input<typeof placeOrderInputSchema>;

export { ORDER_LIMITS };

// ————— Cart —————

const TAG = 'Orders';
const CART_ACCESS = { permission: PERMISSIONS.CART } as const;

const sceneIdsSchema = (max: number) =>
  z
    .array(z.string(issue('badSceneId')).regex(SCENE_ID, issue('badSceneId')), issue('badSceneId'))
    .min(1, issue('noScenes'))
    .max(max, issue('tooManyAtOnce'));

/** Add one scene, a page or the checked ones (`ids`), or every result of a search (`filter`, at most maxAddAll). */
export const addToCartBodySchema = z
  .object({
    ids: sceneIdsSchema(ORDER_LIMITS.maxAddAll).optional(),
    filter: sceneFilterSchema.optional(),
    /** Count only: what adding would do, nothing stored (the confirmation shows it first). */
    preview: z.boolean().default(false),
  })
  .refine((b) => (b.ids === undefined) !== (b.filter === undefined), issue('idsOrFilter'));
export type AddToCartBody = z.input<typeof addToCartBodySchema>;

export const cartChangeSchema = z.object({
  /** Scenes the request named or the search matched (all of them, also beyond the cap). */
  matched: z.number().int(),
  /** Scenes put in the cart (or that would be, for a preview). */
  added: z.number().int(),
  /** Scenes already in the cart (kept once). */
  alreadyInCart: z.number().int(),
  /** True when the search matched more than `cap` and only the first `cap` (newest) were taken. */
  capped: z.boolean(),
  cap: z.number().int(),
  /** Scenes in the cart afterwards. */
  count: z.number().int(),
});
export type CartChange = z.infer<typeof cartChangeSchema>;

export const removeFromCartBodySchema = z
  .object({ ids: sceneIdsSchema(ORDER_LIMITS.maxCartItems).optional(), all: z.literal(true).optional() })
  .refine((b) => (b.ids === undefined) !== (b.all === undefined), issue('idsOrAll'));
export type RemoveFromCartBody = z.input<typeof removeFromCartBodySchema>;

export const cartRemovalSchema = z.object({ removed: z.number().int(), count: z.number().int() });

const boundsSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]);

export const cartItemSchema = z.object({
  sceneId: z.string(),
  fileName: z.string(),
  satellite: z.string(),
  sensor: z.string(),
  productLevel: z.string(),
  resolutionM: z.number(),
  acquiredAt: z.string(),
  cloudPct: z.number().nullable(),
  sizeMb: z.number().nullable(),
  areaKm2: z.number(),
  /** False: archived offline; ordering works but takes longer. */
  online: z.boolean(),
  quicklook: z.string().nullable(),
  footprint: sceneSchema.shape.footprint,
  bbox: boundsSchema,
  addedAt: z.string(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSummarySchema = z.object({
  count: z.number().int(),
  online: z.number().int(),
  offline: z.number().int(),
  sizeMb: z.number(),
  areaKm2: z.number(),
});
export type CartSummary = z.infer<typeof cartSummarySchema>;

export const cartPageSchema = pageSchema(cartItemSchema).extend({ summary: cartSummarySchema });
export type CartPage = z.infer<typeof cartPageSchema>;

export const listQuerySchema = z.object({
  pageNum: z.coerce.number(issue('badPage')).int(issue('badPage')).min(1, issue('badPage')).max(100_000, issue('badPage')).default(1),
  pageSize: z.coerce
    .number(issue('badPage'))
    .int(issue('badPage'))
    .min(1, issue('badPage'))
    .max(ORDER_LIMITS.maxPageSize, issue('badPage'))
    .default(20),
});

export const addToCartContract = defineContract({
  method: 'POST',
  path: '/api/order/v3/ordercart',
  summary: `Put scenes in the cart: ids (one, a page, the checked) or every result of a search (at most ${ORDER_LIMITS.maxAddAll}); preview counts only`,
  tag: TAG,
  access: CART_ACCESS,
  body: addToCartBodySchema,
  response: cartChangeSchema,
  maxBodyBytes: 512 * 1024,
});

export const removeFromCartContract = defineContract({
  method: 'DELETE',
  path: '/api/order/v3/ordercart',
  summary: 'Take scenes out of the cart (ids), or empty it (all: true)',
  tag: TAG,
  access: CART_ACCESS,
  body: removeFromCartBodySchema,
  response: cartRemovalSchema,
  maxBodyBytes: 512 * 1024,
});

export const ownCartContract = defineContract({
  method: 'GET',
  path: '/api/order/v3/ordercart/own',
  summary: "A page of the caller's cart (newest first) with totals over the whole cart",
  tag: TAG,
  access: CART_ACCESS,
  query: listQuerySchema,
  response: cartPageSchema,
});

export const cartIdsContract = defineContract({
  method: 'GET',
  path: '/api/order/v3/ordercart/allids',
  summary: "Every scene id in the caller's cart",
  tag: TAG,
  access: CART_ACCESS,
  response: z.object({ ids: z.array(z.string()) }),
});

export const cartCountContract = defineContract({
  method: 'GET',
  path: API_PATHS.cartCount,
  summary: "How many scenes the caller's cart holds (the header badge)",
  tag: TAG,
  access: CART_ACCESS,
  response: z.object({ count: z.number().int() }),
});

// ————— Orders —————

/** Place an order from the cart: every item, or the checked ones (`sceneIds`). */
export const createOrderBodySchema = z.object({
  sceneIds: sceneIdsSchema(ORDER_LIMITS.maxItemsPerOrder).optional(),
  purpose: orderPurposeSchema,
  contact: orderContactSchema,
  idempotencyKey: idempotencyKeySchema,
});
export type CreateOrderBody = z.input<typeof createOrderBodySchema>;

export const placedOrderSchema = z.object({ orderId: z.number().int(), code: z.string(), created: z.boolean() });
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

const orderStatusSchema = z.number().int().min(1).max(8);
const itemStatusSchema = z.number().int().min(1).max(4);

export const orderSummarySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  status: orderStatusSchema,
  purpose: z.string(),
  itemCount: z.number().int(),
  readyCount: z.number().int(),
  failedCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderPageSchema = pageSchema(orderSummarySchema);
export type OrderPage = z.infer<typeof orderPageSchema>;

export const orderItemSchema = z.object({
  id: z.number().int(),
  sceneId: z.string(),
  fileName: z.string(),
  satellite: z.string(),
  acquiredAt: z.string(),
  online: z.boolean(),
  status: itemStatusSchema,
  /** Why production failed, in the caller's language; null unless failed. */
  failure: z.string().nullable(),
  attempts: z.number().int(),
  packageBytes: z.number().int().nullable(),
  readyAt: z.string().nullable(),
  downloads: z.number().int(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderHistoryEntrySchema = z.object({
  fromStatus: orderStatusSchema.nullable(),
  toStatus: orderStatusSchema,
  /** Who: the user's name, or null for the production system. */
  changedBy: z.string().nullable(),
  note: z.string().nullable(),
  changedAt: z.string(),
});

export const orderDetailSchema = orderSummarySchema.extend({
  contactName: z.string(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  organization: z.string().nullable(),
  items: z.array(orderItemSchema),
  history: z.array(orderHistoryEntrySchema),
  /** The history's hash chain checked (issue 33.5). */
  chain: chainCheckSchema,
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const ownOrdersQuerySchema = listQuerySchema.extend({
  status: z.coerce.number(issue('badStatus')).int(issue('badStatus')).min(1, issue('badStatus')).max(8, issue('badStatus')).optional(),
  /** Order code or file name contains this. */
  q: z.string().trim().max(100, issue('badSearch')).optional(),
});

const idParams = z.object({
  id: z.coerce
    .number(issue('badOrderId'))
    .int(issue('badOrderId'))
    .min(1, issue('badOrderId'))
    .max(Number.MAX_SAFE_INTEGER, issue('badOrderId')),
});

export const createOrderContract = defineContract({
  method: 'POST',
  path: '/api/order/v3/order',
  summary: `Order scenes from the cart (all or the checked) with purpose and contact; idempotent on idempotencyKey; at most ${ORDER_LIMITS.maxItemsPerOrder} scenes`,
  tag: TAG,
  access: CART_ACCESS,
  body: createOrderBodySchema,
  response: placedOrderSchema,
  maxBodyBytes: 256 * 1024,
});

export const ownOrdersContract = defineContract({
  method: 'GET',
  path: '/api/order/v3/order/own',
  summary: "A page of the caller's orders (newest first), by status and by code or file name",
  tag: TAG,
  access: 'login',
  query: ownOrdersQuerySchema,
  response: orderPageSchema,
});

export const ownOrderIdsContract = defineContract({
  method: 'GET',
  path: '/api/order/v3/order/own/allids',
  summary: "Every id of the caller's orders",
  tag: TAG,
  access: 'login',
  response: z.object({ ids: z.array(z.number().int()) }),
});

export const ownOrdersByStatusContract = defineContract({
  method: 'GET',
  path: '/api/order/v3/order/own/status/{status}',
  summary: "A page of the caller's orders in one status (ORDER_STATUS dictionary)",
  tag: TAG,
  access: 'login',
  params: z.object({
    status: z.coerce.number(issue('badStatus')).int(issue('badStatus')).min(1, issue('badStatus')).max(8, issue('badStatus')),
  }),
  query: listQuerySchema,
  response: orderPageSchema,
});

export const orderCountContract = defineContract({
  method: 'GET',
  path: '/api/order/v3/order/count',
  summary: 'How many orders the caller has, in all and per status',
  tag: TAG,
  access: 'login',
  response: z.object({ total: z.number().int(), byStatus: z.record(z.string(), z.number().int()) }),
});

export const orderDetailContract = defineContract({
  method: 'GET',
  path: '/api/order/v3/order/detail/{id}',
  summary: 'One of the caller’s orders with its items and status history (404 for anyone else’s)',
  tag: TAG,
  access: 'login',
  params: idParams,
  response: orderDetailSchema,
});

export const verifyOrderChainContract = defineContract({
  method: 'GET',
  path: '/api/order/v3/order/verify/{id}',
  summary:
    'Recompute an order’s history hash chain: intact with its head hash, or the first row changed (content) or missing before it (link); its owner or an administrator (404 for anyone else)',
  tag: TAG,
  access: 'login',
  params: idParams,
  response: chainCheckSchema,
});

export const orderSceneIdsContract = defineContract({
  method: 'GET',
  path: '/api/order/v3/orderitem/metadataids/{code}',
  summary: 'The scene ids of one of the caller’s orders, by order code',
  tag: TAG,
  access: 'login',
  params: z.object({ code: z.string(issue('badOrderId')).regex(/^DD[0-9]{14}$/, issue('badOrderId')) }),
  response: z.object({ ids: z.array(z.string()) }),
});

export const cancelOrderContract = defineContract({
  method: 'POST',
  path: '/api/order/v3/order/cancel/{id}',
  summary: 'Cancel one of the caller’s orders while it is submitted (or failed)',
  tag: TAG,
  access: 'login',
  params: idParams,
  response: orderSummarySchema,
});

export const retryOrderContract = defineContract({
  method: 'POST',
  path: '/api/order/v3/order/retry/{id}',
  summary: 'Produce the failed items of one of the caller’s orders again',
  tag: TAG,
  access: 'login',
  params: idParams,
  response: orderSummarySchema,
});

export const exportOrdersContract = defineContract({
  method: 'GET',
  path: '/api/order/v3/order/own/export',
  summary: "The caller's orders as CSV (one line per item), in the caller's language",
  tag: TAG,
  access: 'login',
  /** The language of headers and statuses (a plain link cannot send x-locale); default the caller's. */
  query: z.object({ lang: z.enum(['zh', 'en']).optional() }),
  response: z.custom<Response>((v) => v instanceof Response),
});

// ————— Delivery —————

export const downloadLinkSchema = z.object({
  itemId: z.number().int(),
  orderCode: z.string(),
  fileName: z.string(),
  /** Signed, expiring; opened while signed in as the order's owner. */
  url: z.string(),
  /** Unix seconds. */
  expires: z.number().int(),
  bytes: z.number().int().nullable(),
});
export type DownloadLink = z.infer<typeof downloadLinkSchema>;

export const downloadLinksSchema = z.object({ links: z.array(downloadLinkSchema), capped: z.boolean() });

export const itemLinkContract = defineContract({
  method: 'GET',
  path: '/api/order/v3/orderitem/exporturi',
  summary: `A signed download link for one ready item of the caller's orders (valid ${ORDER_LIMITS.linkTtlSeconds / 3600} h)`,
  tag: TAG,
  access: 'login',
  query: idParams,
  response: downloadLinkSchema,
});

export const orderLinksContract = defineContract({
  method: 'GET',
  path: '/api/order/v3/order/exporturi',
  summary: "Signed download links for every ready item of one of the caller's orders",
  tag: TAG,
  access: 'login',
  query: idParams,
  response: downloadLinksSchema,
});

export const allLinksContract = defineContract({
  method: 'GET',
  path: '/api/order/v3/order/exporturi/all',
  summary: `Signed download links for every ready item of all the caller's ready orders (at most ${ORDER_LIMITS.maxItemsPerOrder})`,
  tag: TAG,
  access: 'login',
  response: downloadLinksSchema,
});

export const downloadItemContract = defineContract({
  method: 'GET',
  path: '/api/order/v3/orderitem/download/{id}',
  summary: 'The package of one ordered scene (zip), by a signed link, for its owner; counted',
  tag: TAG,
  access: 'login',
  params: idParams,
  query: z.object({ expires: z.string().max(20).optional(), sig: z.string().max(100).optional() }),
  response: z.custom<Response>((v) => v instanceof Response),
});

export const ORDER_CONTRACTS = [
  addToCartContract,
  removeFromCartContract,
  ownCartContract,
  cartIdsContract,
  cartCountContract,
  createOrderContract,
  ownOrdersContract,
  ownOrderIdsContract,
  ownOrdersByStatusContract,
  orderCountContract,
  orderDetailContract,
  verifyOrderChainContract,
  orderSceneIdsContract,
  cancelOrderContract,
  retryOrderContract,
  exportOrdersContract,
  itemLinkContract,
  orderLinksContract,
  allLinksContract,
  downloadItemContract,
] as const;
