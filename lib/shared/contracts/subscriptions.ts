/**
 * Subscriptions (issue 35.4, 35.6): a registered user saves an image-query search (the image query's own filter,
 * its area included; kind `search`) or a monitoring theme and a region (kind `theme`) and receives the scenes or
 * spots that arrive later, once each, by e-mail digest, an Atom feed with a secret address, or a webhook whose body
 * is signed with HMAC-SHA256 (`X-Signature: sha256=<hex>`).
 * Every size is bounded here: the count per user, the name, the URL, a delivery's items, a log page.
 */
import { z } from 'zod';
import type zh from '../../../messages/zh.json';
import { defineContract, localizedIssue, pageSchema } from './api';
import { sceneFilterSchema, SELECT_MODES } from './catalogue';
import { REGION_CODE_PATTERN } from '../regions/codes';
import { THEMES, type ThemeId } from '../themes';

export const SUBSCRIPTION_LIMITS = {
  /** Subscriptions one user may hold. */
  perUser: 20,
  nameMax: 100,
  webhookUrlMax: 2048,
  /** Scenes one webhook body lists; a larger backlog is sent as one summary with the count and a link. */
  webhookItems: 100,
  /** Scenes one subscription lists in a digest e-mail; the rest are counted with a link. */
  digestItems: 20,
  /** Entries of the Atom feed (newest first). */
  feedEntries: 100,
  /** Largest delivery body (bytes). */
  bodyBytes: 262_144,
  /** Bytes of a receiver's answer kept in the log. */
  responseBytesKept: 500,
  /** A webhook POST gives up after this long. */
  webhookTimeoutMs: 10_000,
  /** Tries of one webhook delivery (exponential backoff between them) before the subscription is disabled. */
  webhookAttempts: 5,
  deliveryPageMax: 50,
} as const;

export const SUBSCRIPTION_DELIVERIES = ['email', 'feed', 'webhook'] as const;
export type SubscriptionDelivery = (typeof SUBSCRIPTION_DELIVERIES)[number];
export const DIGEST_FREQUENCIES = ['daily', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
export const SUBSCRIPTION_KINDS = ['search', 'theme'] as const;
export type SubscriptionKind = (typeof SUBSCRIPTION_KINDS)[number];
export const SUBSCRIPTION_STATUSES = ['active', 'paused', 'disabled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The header carrying a webhook body's signature, and its value's prefix. */
export const SIGNATURE_HEADER = 'X-Signature';
export const SIGNATURE_PREFIX = 'sha256=';

type SubscriptionErrorKey = keyof (typeof zh)['Subscriptions']['errors'];
const issue = (key: SubscriptionErrorKey) => ({ error: localizedIssue(`Subscriptions.errors.${key}`) });

export const subscriptionIdSchema = z.string(issue('notFound')).regex(/^[1-9][0-9]{0,17}$/, issue('notFound'));

/**
 * A saved search: the image query's filter. Its area must last: regions, an extent or a drawing. An uploaded area
 * (which lives a day) is sent as its upload id and stored as the drawing it holds; an uploaded scene list names
 * scenes that exist already and cannot be subscribed to.
 */
export const subscriptionQuerySchema = z.object({
  filter: sceneFilterSchema.refine((f) => f.area?.mode !== SELECT_MODES.FILE, issue('uploadedArea')),
});
export type SubscriptionQuery = z.infer<typeof subscriptionQuerySchema>;

/**
 * The themes whose new spots can be subscribed to: those listing their spots in a detail module (surface
 * deformation has products and a rate grid, no spots).
 */
export const SPOT_SUBSCRIPTION_THEMES = THEMES.filter((t) => t.modules.includes('detail') && !t.rateGrid).map((t) => t.id) as [
  ThemeId,
  ...ThemeId[],
];

/** A theme subscription: the new spots of one theme in one region (the country, a province, a city or a county). */
export const themeSubscriptionQuerySchema = z.object({
  theme: z.enum(SPOT_SUBSCRIPTION_THEMES, issue('badTheme')),
  regionCode: z.string(issue('badRegion')).regex(REGION_CODE_PATTERN, issue('badRegion')),
});
export type ThemeSubscriptionQuery = z.infer<typeof themeSubscriptionQuerySchema>;

const name = z.string(issue('badName')).trim().min(1, issue('badName')).max(SUBSCRIPTION_LIMITS.nameMax, issue('badName'));

/** Syntax only: https (the address it resolves to is checked by the server, at saving and again at sending). */
export const webhookUrlSchema = z
  .string(issue('badUrl'))
  .trim()
  .max(SUBSCRIPTION_LIMITS.webhookUrlMax, issue('urlTooLong'))
  .refine((v) => URL.canParse(v), issue('badUrl'));

const deliveryFields = {
  delivery: z.enum(SUBSCRIPTION_DELIVERIES, issue('badDelivery')),
  frequency: z.enum(DIGEST_FREQUENCIES, issue('badFrequency')).optional(),
  webhookUrl: webhookUrlSchema.optional(),
};

const deliveryComplete = (v: { delivery?: SubscriptionDelivery; webhookUrl?: string | undefined }) =>
  v.delivery !== 'webhook' || Boolean(v.webhookUrl);

/** A search (the kind may be left out: the first kind of subscription) or a theme and region. */
export const createSubscriptionBodySchema = z
  .discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('search').optional(), name, query: subscriptionQuerySchema, ...deliveryFields }),
      z.object({ kind: z.literal('theme'), name, query: themeSubscriptionQuerySchema, ...deliveryFields }),
    ],
    issue('badKind'),
  )
  .refine(deliveryComplete, { ...issue('webhookUrlRequired'), path: ['webhookUrl'] });
export type CreateSubscriptionBody = z.input<typeof createSubscriptionBodySchema>;
/** The body as the server receives it, parsed. */
export type CreateSubscriptionInput = z.output<typeof createSubscriptionBodySchema>;

export const updateSubscriptionBodySchema = z
  .object({
    name: name.optional(),
    delivery: deliveryFields.delivery.optional(),
    frequency: deliveryFields.frequency,
    webhookUrl: deliveryFields.webhookUrl,
    /** Pause or resume (a disabled subscription resumes too, once its webhook is fixed). */
    status: z.enum(['active', 'paused'], issue('badStatus')).optional(),
  })
  .refine(deliveryComplete, { ...issue('webhookUrlRequired'), path: ['webhookUrl'] });
export type UpdateSubscriptionBody = z.input<typeof updateSubscriptionBodySchema>;

const subscriptionFields = {
  id: z.string(),
  name: z.string(),
  delivery: z.enum(SUBSCRIPTION_DELIVERIES),
  frequency: z.enum(DIGEST_FREQUENCIES).nullable(),
  webhookUrl: z.string().nullable(),
  /** Shown to the owner only: the key the receiver checks signatures with. */
  webhookSecret: z.string(),
  /** The Atom feed's secret address. */
  feedUrl: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  disabledReason: z.string().nullable(),
  /** Scenes (or spots) matched so far. */
  itemCount: z.number().int(),
  createdAt: z.string(),
};

export const subscriptionSchema = z.discriminatedUnion('kind', [
  z.object({ ...subscriptionFields, kind: z.literal('search'), query: subscriptionQuerySchema }),
  z.object({
    ...subscriptionFields,
    kind: z.literal('theme'),
    query: themeSubscriptionQuerySchema,
    /** The region's name in the caller's language. */
    regionName: z.string(),
  }),
]);
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionListSchema = z.object({ list: z.array(subscriptionSchema), max: z.number().int() });

export const deliverySchema = z.object({
  id: z.string(),
  kind: z.enum(['items', 'summary', 'test', 'digest', 'resend']),
  itemCount: z.number().int(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Re-sending posts this body again (webhooks only). */
  resendable: z.boolean(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const deliveryPageSchema = pageSchema(deliverySchema);

export const deliveryListQuerySchema = z.object({
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(SUBSCRIPTION_LIMITS.deliveryPageMax).default(20),
});

const idParams = z.object({ id: subscriptionIdSchema });
const TAG = 'Subscriptions';
export const SUBSCRIPTIONS_PATH = '/api/usercenter/v1/subscriptions';

export const listSubscriptionsContract = defineContract({
  method: 'GET',
  path: SUBSCRIPTIONS_PATH,
  summary: `The caller's subscriptions (at most ${SUBSCRIPTION_LIMITS.perUser})`,
  tag: TAG,
  access: 'login',
  response: subscriptionListSchema,
});

export const createSubscriptionContract = defineContract({
  method: 'POST',
  path: SUBSCRIPTIONS_PATH,
  summary:
    'Save an image-query search, or a monitoring theme and region, as a subscription (e-mail digest, Atom feed or signed webhook); a repeat is refused',
  tag: TAG,
  access: 'login',
  body: createSubscriptionBodySchema,
  response: subscriptionSchema,
  maxBodyBytes: 1_048_576,
});

export const updateSubscriptionContract = defineContract({
  method: 'PUT',
  path: `${SUBSCRIPTIONS_PATH}/{id}`,
  summary: 'Rename, change the delivery, pause or resume a subscription',
  tag: TAG,
  access: 'login',
  params: idParams,
  body: updateSubscriptionBodySchema,
  response: subscriptionSchema,
});

export const deleteSubscriptionContract = defineContract({
  method: 'DELETE',
  path: `${SUBSCRIPTIONS_PATH}/{id}`,
  summary: 'Delete a subscription with its delivery log',
  tag: TAG,
  access: 'login',
  params: idParams,
  response: z.object({ deleted: z.boolean() }),
});

export const testSubscriptionContract = defineContract({
  method: 'POST',
  path: `${SUBSCRIPTIONS_PATH}/{id}/test`,
  summary: 'Send a test delivery now (a signed webhook POST, or an e-mail) and log it',
  tag: TAG,
  access: 'login',
  params: idParams,
  response: deliverySchema,
});

export const listDeliveriesContract = defineContract({
  method: 'GET',
  path: `${SUBSCRIPTIONS_PATH}/{id}/deliveries`,
  summary: "A page of a subscription's delivery log, newest first",
  tag: TAG,
  access: 'login',
  params: idParams,
  query: deliveryListQuerySchema,
  response: deliveryPageSchema,
});

export const resendDeliveryContract = defineContract({
  method: 'POST',
  path: `${SUBSCRIPTIONS_PATH}/{id}/deliveries/{deliveryId}/resend`,
  summary: 'Queue a webhook delivery of the log again (same body, signed afresh)',
  tag: TAG,
  access: 'login',
  params: z.object({ id: subscriptionIdSchema, deliveryId: subscriptionIdSchema }),
  response: deliverySchema,
});

export const SUBSCRIPTION_CONTRACTS = [
  listSubscriptionsContract,
  createSubscriptionContract,
  updateSubscriptionContract,
  deleteSubscriptionContract,
  testSubscriptionContract,
  listDeliveriesContract,
  resendDeliveryContract,
];

/** The Atom feed of a subscription: `/api/subscriptions/v1/feed/{id}?key=<secret>` (not JSON; not a contract). */
export const FEED_PATH = '/api/subscriptions/v1/feed';
export const feedParamsSchema = z.object({ id: z.string().regex(/^[1-9][0-9]{0,17}$/) });
export const feedQuerySchema = z.object({ key: z.string().regex(/^[0-9a-f]{64}$/) });
