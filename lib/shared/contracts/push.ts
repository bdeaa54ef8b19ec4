/**
 * Push delivery (spec §3 "push users by spot and image type", §6 node and dedicated-line users; issue 35.1–2):
 * administrators make a user a push user (a provincial node or a dedicated line) and grant image types
 * (satellites, sensors, product levels) and spot types (a monitoring theme or verification), each for region
 * ranges. Every load of new scenes cuts, per push user, a batch of the new scenes their image grants select
 * inside their regions, with its geodesic coverage of those regions.
 *
 * Paths are the spec's: `/api/push/v1/permission-v2/…`, `/api/push/v1/batch…`, `/api/push/v1/coverCalculate-v2`,
 * `/api/usercenter/v1/pushuser/{image,spot}/{typelist,userlist}` and `/api/usercenter/v1/userinfo/push/statistics`.
 * Writes are for administrators; a push user reads their own grants and batches (another's answer 404).
 */
import { z } from 'zod';
import type zh from '../../../messages/zh.json';
import { MISSION_GROUPS } from '../catalogue/missions';
import { PERMISSIONS } from '../permissions';
import { REGION_CODE_PATTERN } from '../regions/codes';
import { THEME_IDS } from '../themes/ids';
import { defineContract, localizedIssue, pageQuerySchema, pageSchema, type ApiContract } from './api';
import { PUSH_STATS_CONTRACTS, pushStatisticsFiguresSchema, pushStatisticsQuerySchema } from './push-statistics';

type PushErrorKey = keyof (typeof zh)['Push']['errors'];
const issue = (key: PushErrorKey) => ({ error: localizedIssue(`Push.errors.${key}`) });

export const PUSH_LIMITS = {
  imageGrants: 20,
  spotGrants: 20,
  regionsPerGrant: 64,
  satellitesPerGrant: 64,
  sensorsPerGrant: 64,
  levelsPerGrant: 16,
  /** Footprints in one `batch/vector4pg` answer (the rest are counted, not sent). */
  maxFootprints: 2_000,
  /** Display simplification of the uncovered part and the regions, degrees (≈ 100 m); figures use exact geometry. */
  displayToleranceDeg: 0.001,
} as const;

export const PUSH_KINDS = ['provincial', 'dedicated'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** Spot types: a declared monitoring theme, or the verification spots. */
export const SPOT_TYPES = [...THEME_IDS, 'verification'] as const;
export type SpotType = (typeof SPOT_TYPES)[number];

const code = (key: PushErrorKey, max = 32) => z.string(issue(key)).trim().min(1, issue(key)).max(max, issue(key));
const regionCodesSchema = z
  .array(z.string(issue('badRegion')).regex(REGION_CODE_PATTERN, issue('badRegion')), issue('badRegion'))
  .min(1, issue('regionsRequired'))
  .max(PUSH_LIMITS.regionsPerGrant, issue('tooManyRegions'))
  .transform((codes) => [...new Set(codes)].sort());

export const imageGrantSchema = z.object({
  satellites: z
    .array(code('badSatellite', 64), issue('badSatellite'))
    .min(1, issue('satellitesRequired'))
    .max(PUSH_LIMITS.satellitesPerGrant, issue('badSatellite'))
    .transform((v) => [...new Set(v)].sort()),
  /** Empty: any sensor of those satellites. */
  sensors: z
    .array(code('badSensor', 64), issue('badSensor'))
    .max(PUSH_LIMITS.sensorsPerGrant, issue('badSensor'))
    .default([])
    .transform((v) => [...new Set(v)].sort()),
  /** Empty: any product level. */
  levels: z
    .array(code('badLevel'), issue('badLevel'))
    .max(PUSH_LIMITS.levelsPerGrant, issue('badLevel'))
    .default([])
    .transform((v) => [...new Set(v)].sort()),
  regionCodes: regionCodesSchema,
});
export type ImageGrant = z.output<typeof imageGrantSchema>;
export type ImageGrantInput = z.input<typeof imageGrantSchema>;

export const spotGrantSchema = z.object({
  spotType: z.enum(SPOT_TYPES, issue('badSpotType')),
  regionCodes: regionCodesSchema,
});
export type SpotGrant = z.output<typeof spotGrantSchema>;

/** PUT permission-v2/userid/{id}: make (or keep) the user a push user with exactly these grants. */
export const putPushUserBodySchema = z.object({
  kind: z.enum(PUSH_KINDS, issue('badKind')),
  imageGrants: z.array(imageGrantSchema).max(PUSH_LIMITS.imageGrants, issue('tooManyGrants')).default([]),
  spotGrants: z.array(spotGrantSchema).max(PUSH_LIMITS.spotGrants, issue('tooManyGrants')).default([]),
});
export type PutPushUserBody = z.input<typeof putPushUserBodySchema>;

export const userIdParamsSchema = z.object({ id: z.string(issue('badUser')).regex(/^[1-9]\d{0,17}$/, issue('badUser')) });

const namedRegionSchema = z.object({ code: z.string(), name: z.string() });

export const imageGrantViewSchema = z.object({
  satellites: z.array(z.string()),
  sensors: z.array(z.string()),
  levels: z.array(z.string()),
  regions: z.array(namedRegionSchema),
});
export type ImageGrantView = z.infer<typeof imageGrantViewSchema>;

export const spotGrantViewSchema = z.object({ spotType: z.enum(SPOT_TYPES), regions: z.array(namedRegionSchema) });
export type SpotGrantView = z.infer<typeof spotGrantViewSchema>;

export const pushUserSchema = z.object({
  userId: z.string(),
  username: z.string(),
  realName: z.string().nullable(),
  organization: z.string().nullable(),
  kind: z.enum(PUSH_KINDS),
  /** Made a push user by the demo data. */
  demo: z.boolean(),
  createdAt: z.string(),
  imageGrants: z.array(imageGrantViewSchema),
  spotGrants: z.array(spotGrantViewSchema),
});
export type PushUser = z.infer<typeof pushUserSchema>;

/** A user an administrator may make a push user (or who is one). */
export const pushCandidateSchema = z.object({
  userId: z.string(),
  username: z.string(),
  realName: z.string().nullable(),
  organization: z.string().nullable(),
  /** The kind when they are a push user. */
  kind: z.enum(PUSH_KINDS).nullable(),
  imageGrantCount: z.number().int(),
  spotGrantCount: z.number().int(),
  batchCount: z.number().int(),
});
export type PushCandidate = z.infer<typeof pushCandidateSchema>;

export const pushUserListQuerySchema = pageQuerySchema.extend({
  /** Only push users (default) or every account (to make one). */
  scope: z.enum(['push', 'all'], issue('badScope')).default('push'),
  keyword: z.string(issue('badKeyword')).trim().max(50, issue('badKeyword')).optional(),
});

export const pushUserPageSchema = pageSchema(pushCandidateSchema);
export type PushUserPage = z.infer<typeof pushUserPageSchema>;

// ── Batches ──────────────────────────────────────────────────────────────────────────────────────

export const batchSummarySchema = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  createdAt: z.string(),
  /** Where the scenes came from: the demo generation or an import. */
  source: z.enum(['demo', 'imported']),
  sceneCount: z.number().int(),
  /** Sum of the scenes' footprint areas, km². */
  footprintKm2: z.number(),
  sizeMb: z.number(),
  /** km² of the user's regions, of it covered by the batch's footprints, and the share (geodesic). */
  regionKm2: z.number(),
  coveredKm2: z.number(),
  coveredPct: z.number(),
});
export type BatchSummary = z.infer<typeof batchSummarySchema>;

export const batchListQuerySchema = pageQuerySchema.extend({
  /** Administrators: one user's batches. */
  userId: userIdParamsSchema.shape.id.optional(),
});
export const batchPageSchema = pageSchema(batchSummarySchema);
export type BatchPage = z.infer<typeof batchPageSchema>;

export const batchIdQuerySchema = z.object({ id: userIdParamsSchema.shape.id });
export const batchDetailQuerySchema = pageQuerySchema.extend({ id: userIdParamsSchema.shape.id });

export const batchSceneSchema = z.object({
  id: z.string(),
  satellite: z.string(),
  sensor: z.string(),
  productLevel: z.string(),
  acquiredAt: z.string(),
  cloudPct: z.number().nullable(),
  areaKm2: z.number(),
  sizeMb: z.number().nullable(),
});
export type BatchScene = z.infer<typeof batchSceneSchema>;

export const batchDetailSchema = z.object({
  batch: batchSummarySchema,
  regions: z.array(namedRegionSchema),
  scenes: pageSchema(batchSceneSchema),
});
export type BatchDetail = z.infer<typeof batchDetailSchema>;

const polygonCoordinatesSchema = z.array(z.array(z.tuple([z.number(), z.number()])));
const areaGeometrySchema = z.union([
  z.object({ type: z.literal('Polygon'), coordinates: polygonCoordinatesSchema }),
  z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(polygonCoordinatesSchema) }),
]);

export const footprintCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      id: z.string(),
      properties: z.object({ name: z.string(), satellite: z.string(), sensor: z.string(), acquiredAt: z.string() }),
      geometry: areaGeometrySchema,
    }),
  ),
  /** Scenes of the batch; when more than `PUSH_LIMITS.maxFootprints`, only the newest are sent. */
  total: z.number().int(),
  truncated: z.boolean(),
});
export type FootprintCollection = z.infer<typeof footprintCollectionSchema>;

export const batchCoverageSchema = z.object({
  batchId: z.string(),
  sceneCount: z.number().int(),
  regions: z.array(namedRegionSchema),
  regionKm2: z.number(),
  coveredKm2: z.number(),
  coveredPct: z.number(),
  uncoveredKm2: z.number(),
  /** The user's regions and the part the batch leaves uncovered, simplified for display. */
  regionGeometry: areaGeometrySchema.nullable(),
  uncovered: areaGeometrySchema.nullable(),
});
export type BatchCoverage = z.infer<typeof batchCoverageSchema>;

/**
 * `userinfo/push/statistics`: the all-time fields of the user counted (or of everyone) first, as before, then the
 * figures of the asked period (lib/shared/contracts/push-statistics.ts).
 */
export const pushStatisticsSchema = pushStatisticsFiguresSchema.extend({
  pushUser: z.boolean(),
  kind: z.enum(PUSH_KINDS).nullable(),
  batches: z.number().int(),
  scenes: z.number().int(),
  footprintKm2: z.number(),
  sizeMb: z.number(),
  lastBatchAt: z.string().nullable(),
});
export type PushStatistics = z.infer<typeof pushStatisticsSchema>;

export const imageTypeListSchema = z.array(
  z.object({
    satellite: z.string(),
    name: z.string(),
    group: z.enum(MISSION_GROUPS),
    sensors: z.array(z.object({ code: z.string(), productLevel: z.string() })),
  }),
);
export const spotTypeListSchema = z.array(z.object({ code: z.enum(SPOT_TYPES), name: z.string() }));

const ADMIN = { permission: PERMISSIONS.ADMIN } as const;
const TAG = 'Push delivery';

// ── Delivery: the pull feed, acknowledgement and re-delivery (issue 35.2) ───────────────────────────────

export const PUSH_DELIVERY_LIMITS = {
  /** Batches in one page of the Atom feed (default, most). */
  feedPageSize: 50,
  feedMaxPageSize: 100,
  /** Scenes in one page of a batch's ItemCollection (default, most). */
  itemsPageSize: 100,
  itemsMaxPageSize: 500,
} as const;

/** Delivery filter of the batch lists: waiting to be fetched, fetched, or re-delivered at least once. */
export const DELIVERY_FILTERS = ['all', 'pending', 'acknowledged', 'redelivered'] as const;
export type DeliveryFilter = (typeof DELIVERY_FILTERS)[number];

export const batchDeliverySchema = z.object({
  /** When the owner fetched the batch's ItemCollection (its last page) since it was cut or last re-delivered. */
  acknowledgedAt: z.string().nullable(),
  redeliveryCount: z.number().int(),
  redeliveredAt: z.string().nullable(),
});
export type BatchDelivery = z.infer<typeof batchDeliverySchema>;

export const deliveredBatchSchema = batchSummarySchema.extend({ delivery: batchDeliverySchema });
export type DeliveredBatch = z.infer<typeof deliveredBatchSchema>;

export const deliveryListQuerySchema = batchListQuerySchema.extend({
  status: z.enum(DELIVERY_FILTERS, issue('badDeliveryFilter')).default('all'),
});
export const deliveryPageSchema = pageSchema(deliveredBatchSchema);
export type DeliveryPage = z.infer<typeof deliveryPageSchema>;

const flagSchema = z
  .enum(['0', '1', 'true', 'false'], issue('badFlag'))
  .optional()
  .transform((v) => v === '1' || v === 'true');

export const pushFeedQuerySchema = z.object({
  /** Only batches not yet acknowledged (new, or re-delivered). */
  unacknowledged: flagSchema,
  pageNum: z.coerce.number(issue('badPage')).int(issue('badPage')).min(1, issue('badPage')).max(100_000, issue('badPage')).default(1),
  pageSize: z.coerce
    .number(issue('badPageSize'))
    .int(issue('badPageSize'))
    .min(1, issue('badPageSize'))
    .max(PUSH_DELIVERY_LIMITS.feedMaxPageSize, issue('badPageSize'))
    .default(PUSH_DELIVERY_LIMITS.feedPageSize),
});
export type PushFeedQuery = z.output<typeof pushFeedQuerySchema>;

export const batchItemsQuerySchema = z.object({
  page: z.coerce.number(issue('badPage')).int(issue('badPage')).min(1, issue('badPage')).max(100_000, issue('badPage')).default(1),
  limit: z.coerce
    .number(issue('badPageSize'))
    .int(issue('badPageSize'))
    .min(1, issue('badPageSize'))
    .max(PUSH_DELIVERY_LIMITS.itemsMaxPageSize, issue('badPageSize'))
    .default(PUSH_DELIVERY_LIMITS.itemsPageSize),
});
export type BatchItemsQuery = z.output<typeof batchItemsQuerySchema>;

export const redeliverBodySchema = z.object({ id: userIdParamsSchema.shape.id });
export const redeliverResultSchema = z.object({
  id: z.string(),
  /** False when the batch was already waiting to be fetched (nothing changed: the action is idempotent). */
  changed: z.boolean(),
  delivery: batchDeliverySchema,
});
export type RedeliverResult = z.infer<typeof redeliverResultSchema>;

/** The pull feed's address (the Atom feed of my batches) and a batch's ItemCollection, below the site's origin. */
export const PUSH_FEED_PATH = '/api/push/v1/feed/atom';
export const pushFeedBatchPath = (id: string) => `/api/push/v1/feed/batch/${encodeURIComponent(id)}`;

export const batchDeliveryListContract = defineContract({
  method: 'GET',
  path: '/api/push/v1/batch/delivery',
  summary:
    'Batches with their delivery status (fetched when, re-delivered how often), newest first, filtered by status (mine; administrators: everyone’s, or one user’s)',
  tag: TAG,
  access: 'login',
  query: deliveryListQuerySchema,
  response: deliveryPageSchema,
});

export const redeliverBatchContract = defineContract({
  method: 'POST',
  path: '/api/push/v1/batch/redeliver',
  summary:
    'Deliver a batch again: clears its acknowledgement so the pull feed lists it as unacknowledged, and counts the re-delivery (the owner or administrators; idempotent while it waits; otherwise 404)',
  tag: TAG,
  access: 'login',
  body: redeliverBodySchema,
  response: redeliverResultSchema,
});

export const pushFeedContract = defineContract({
  method: 'GET',
  path: PUSH_FEED_PATH,
  summary:
    'Pull feed of a push user (send the session token in the `token` header): an Atom feed of my batches, newest first, each marked acknowledged or not and linking to its STAC ItemCollection (application/atom+xml)',
  tag: TAG,
  access: 'login',
  query: pushFeedQuerySchema,
  response: z.custom<Response>((v) => v instanceof Response),
});

export const pushFeedBatchContract = defineContract({
  method: 'GET',
  path: '/api/push/v1/feed/batch/{id}',
  summary:
    'A batch of mine as a STAC ItemCollection (application/geo+json), paged by `limit`/`page`; serving its last page acknowledges the batch (once)',
  tag: TAG,
  access: 'login',
  params: userIdParamsSchema,
  query: batchItemsQuerySchema,
  response: z.custom<Response>((v) => v instanceof Response),
});

export const getPushUserContract = defineContract({
  method: 'GET',
  path: '/api/push/v1/permission-v2/userid/{id}',
  summary: 'A push user with their image and spot grants (administrators; a push user reads their own; otherwise 404)',
  tag: TAG,
  access: 'login',
  params: userIdParamsSchema,
  response: pushUserSchema,
});

export const putPushUserContract = defineContract({
  method: 'PUT',
  path: '/api/push/v1/permission-v2/userid/{id}',
  summary: 'Make a user a push user (provincial node or dedicated line) with exactly these image and spot grants (administrators)',
  tag: TAG,
  access: ADMIN,
  params: userIdParamsSchema,
  body: putPushUserBodySchema,
  response: pushUserSchema,
});

export const deletePushUserContract = defineContract({
  method: 'DELETE',
  path: '/api/push/v1/permission-v2/userid/{id}',
  summary: 'Stop pushing to a user: their grants go, their batches stay (administrators)',
  tag: TAG,
  access: ADMIN,
  params: userIdParamsSchema,
  response: z.object({ removed: z.boolean() }),
});

export const getImageGrantsContract = defineContract({
  method: 'GET',
  path: '/api/push/v1/permission-v2/image/userid/{id}',
  summary: 'A push user’s image grants (administrators; a push user reads their own; otherwise 404)',
  tag: TAG,
  access: 'login',
  params: userIdParamsSchema,
  response: z.array(imageGrantViewSchema),
});

export const listPushUsersContract = defineContract({
  method: 'GET',
  path: '/api/push/v1/permission-v2/pushuser/l',
  summary: 'Push users (or every account, scope=all, to make one), paged, with grant and batch counts (administrators)',
  tag: TAG,
  access: ADMIN,
  query: pushUserListQuerySchema,
  response: pushUserPageSchema,
});

export const imageTypeListContract = defineContract({
  method: 'GET',
  path: '/api/usercenter/v1/pushuser/image/typelist',
  summary: 'Image types a grant may name: the catalogue’s satellites with their sensors and product levels',
  tag: TAG,
  access: 'login',
  response: imageTypeListSchema,
});

export const spotTypeListContract = defineContract({
  method: 'GET',
  path: '/api/usercenter/v1/pushuser/spot/typelist',
  summary: 'Spot types a grant may name: the monitoring themes and verification',
  tag: TAG,
  access: 'login',
  response: spotTypeListSchema,
});

export const imageUserListContract = defineContract({
  method: 'GET',
  path: '/api/usercenter/v1/pushuser/image/userlist',
  summary: 'Push users holding image grants, paged (administrators)',
  tag: TAG,
  access: ADMIN,
  query: pageQuerySchema,
  response: pushUserPageSchema,
});

export const spotUserListContract = defineContract({
  method: 'GET',
  path: '/api/usercenter/v1/pushuser/spot/userlist',
  summary: 'Push users holding spot grants, paged (administrators)',
  tag: TAG,
  access: ADMIN,
  query: pageQuerySchema,
  response: pushUserPageSchema,
});

export const pushStatisticsContract = defineContract({
  method: 'GET',
  path: '/api/usercenter/v1/userinfo/push/statistics',
  summary:
    'What has been pushed to me (administrators: to everyone, `user=all`, or to one user): all-time batches, scenes, km² and ' +
    'size; for a period (`period`, at most 60 months) the scenes, km² and GB delivered, spot batches delivered and ' +
    'acknowledged and on-time delivery, as a trend (`step`), by region (`region`’s children), by image type and per user (paged)',
  tag: TAG,
  access: 'login',
  query: pushStatisticsQuerySchema,
  response: pushStatisticsSchema,
});

export const listBatchesContract = defineContract({
  method: 'GET',
  path: '/api/push/v1/batch',
  summary: 'My image push batches, newest first (administrators: everyone’s, with the user; `userId` for one user)',
  tag: TAG,
  access: 'login',
  query: batchListQuerySchema,
  response: batchPageSchema,
});

export const batchDetailContract = defineContract({
  method: 'GET',
  path: '/api/push/v1/batch/detail',
  summary: 'One batch: its figures, the regions it was cut for and its scenes, paged (mine, or any for administrators; otherwise 404)',
  tag: TAG,
  access: 'login',
  query: batchDetailQuerySchema,
  response: batchDetailSchema,
});

export const batchVectorContract = defineContract({
  method: 'GET',
  path: '/api/push/v1/batch/vector4pg',
  summary: 'A batch’s footprints as a GeoJSON FeatureCollection (at most 2,000, newest first; `total` counts them all)',
  tag: TAG,
  access: 'login',
  query: batchIdQuerySchema,
  response: footprintCollectionSchema,
});

export const coverCalculateContract = defineContract({
  method: 'GET',
  path: '/api/push/v1/coverCalculate-v2',
  summary:
    'Geodesic coverage of the batch’s user regions by its footprints (as the image query’s coverage computes it), with the uncovered part',
  tag: TAG,
  access: 'login',
  query: batchIdQuerySchema,
  response: batchCoverageSchema,
});

export const PUSH_CONTRACTS: readonly ApiContract[] = [
  getPushUserContract,
  putPushUserContract,
  deletePushUserContract,
  getImageGrantsContract,
  listPushUsersContract,
  imageTypeListContract,
  spotTypeListContract,
  imageUserListContract,
  spotUserListContract,
  pushStatisticsContract,
  listBatchesContract,
  batchDetailContract,
  batchVectorContract,
  coverCalculateContract,
  batchDeliveryListContract,
  redeliverBatchContract,
  pushFeedContract,
  pushFeedBatchContract,
  ...PUSH_STATS_CONTRACTS,
];
