/**
 * Spot push batches (spec §3 "push users by spot type", §7 `/api/push/v1/spotbatch`, `spotbatch_v2`, `spotbatch_v3`;
 * issue 35.3). For a quarter and a spot type (a monitoring theme, or the verification spots), an administrator cuts
 * one batch per push user whose spot grants name that type: the quarter's spots inside the grants' regions (the
 * region-code prefix rule). A batch is cut once per quarter, type and user. The verification batch is how a county's
 * cases arrive: each case it carries is linked to it.
 *
 * The spec names the three versions and their paths but not how they differ. Here: v1 lists batches with their
 * figures and delivery status; v2 adds each batch's counts per spot kind (the theme's feature kinds, or the
 * verification change types); v3 adds, on top of v2, a breakdown by city (count and area), and the Excel export.
 * `vector` is the same in all three: the batch's spots as GeoJSON. Owners read their own batches, administrators
 * all; anyone else gets the not-found answer. Fetching the spots (vector or Excel) as the owner marks the batch
 * delivered.
 */
import { z } from 'zod';
import type zh from '../../../messages/zh.json';
import { PERMISSIONS } from '../permissions';
import { defineContract, localizedIssue, pageQuerySchema, pageSchema, type ApiContract } from './api';
import { SPOT_TYPES, userIdParamsSchema } from './push';

type SpotBatchErrorKey = keyof (typeof zh)['Push']['spotBatches']['errors'];
const issue = (key: SpotBatchErrorKey) => ({ error: localizedIssue(`Push.spotBatches.errors.${key}`) });

export const SPOT_BATCH_LIMITS = {
  /** Spots in one `vector` answer (the rest are counted, not sent). */
  maxVectorFeatures: 5_000,
  /** Rows in one Excel export (a batch larger than this is refused with a message, not cut short silently). */
  maxExportRows: 50_000,
  /** Cities in a v3 region breakdown. */
  maxRegionRows: 400,
} as const;

export const QUARTER_PATTERN = /^(19|20)\d{2}Q[1-4]$/;
export const quarterSchema = z.string(issue('badQuarter')).trim().regex(QUARTER_PATTERN, issue('badQuarter'));

export const spotBatchCutBodySchema = z.object({
  quarter: quarterSchema,
  spotType: z.enum(SPOT_TYPES, issue('badSpotType')),
});
export type SpotBatchCutBody = z.input<typeof spotBatchCutBodySchema>;

export const spotBatchCutResultSchema = z.object({
  /** The job that cuts the batches. */
  jobId: z.string(),
  /** The same cut was already waiting to run: that job is answered, no second one queued. */
  alreadyQueued: z.boolean(),
  quarter: z.string(),
  spotType: z.enum(SPOT_TYPES),
  /** The spot type's name in the caller's language. */
  spotTypeName: z.string(),
});

const spotBatchIdSchema = userIdParamsSchema.shape.id;
export const spotBatchIdQuerySchema = z.object({ id: spotBatchIdSchema });

export const spotBatchOwnQuerySchema = pageQuerySchema.extend({
  quarter: quarterSchema.optional(),
  spotType: z.enum(SPOT_TYPES, issue('badSpotType')).optional(),
});
export const spotBatchManagerQuerySchema = spotBatchOwnQuerySchema.extend({
  userId: spotBatchIdSchema.optional(),
  /** Delivery status: fetched by the owner or not yet. */
  delivery: z.enum(['fetched', 'pending'], issue('badDelivery')).optional(),
});

const namedRegionSchema = z.object({ code: z.string(), name: z.string() });

export const spotBatchSummarySchema = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  quarter: z.string(),
  spotType: z.enum(SPOT_TYPES),
  spotTypeName: z.string(),
  createdAt: z.string(),
  spotCount: z.number().int(),
  /** Sum of the spots' areas, hectares. */
  areaHa: z.number(),
  /** The grants' regions the batch was cut for. */
  regions: z.array(namedRegionSchema),
  /** Delivery: when the owner first fetched the spots (null: not yet), and how often they have. */
  fetchedAt: z.string().nullable(),
  fetchCount: z.number().int(),
});
export type SpotBatchSummary = z.infer<typeof spotBatchSummarySchema>;

export const kindCountSchema = z.object({ kind: z.string(), name: z.string(), count: z.number().int(), areaHa: z.number() });
export const spotBatchSummaryV2Schema = spotBatchSummarySchema.extend({
  /** Spots per kind (the theme's feature kinds, or the verification change types), most first. */
  kindCounts: z.array(kindCountSchema),
});
export type SpotBatchSummaryV2 = z.infer<typeof spotBatchSummaryV2Schema>;

export const regionCountSchema = z.object({ code: z.string(), name: z.string(), count: z.number().int(), areaHa: z.number() });
export const spotBatchSummaryV3Schema = spotBatchSummaryV2Schema.extend({
  /** Spots per city (by the spot's county code), most first. */
  regionCounts: z.array(regionCountSchema),
});
export type SpotBatchSummaryV3 = z.infer<typeof spotBatchSummaryV3Schema>;

export const spotBatchPageSchema = pageSchema(spotBatchSummarySchema);
export const spotBatchPageV2Schema = pageSchema(spotBatchSummaryV2Schema);
export const spotBatchPageV3Schema = pageSchema(spotBatchSummaryV3Schema);
export type SpotBatchPage = z.infer<typeof spotBatchPageSchema>;
export type SpotBatchPageV2 = z.infer<typeof spotBatchPageV2Schema>;
export type SpotBatchPageV3 = z.infer<typeof spotBatchPageV3Schema>;

const position = z.tuple([z.number(), z.number()]);
export const spotGeometrySchema = z.union([
  z.object({ type: z.literal('Point'), coordinates: position }),
  z.object({ type: z.literal('MultiLineString'), coordinates: z.array(z.array(position)) }),
  z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(position)) }),
  z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(position))) }),
]);

export const spotBatchFeatureSchema = z.object({
  type: z.literal('Feature'),
  /** The spot's id in its source (the monitoring spot, or the verification case). */
  id: z.string(),
  properties: z.object({
    label: z.string(),
    xzqdm: z.string(),
    regionName: z.string(),
    kind: z.string(),
    kindName: z.string(),
    stage: z.string(),
    areaM2: z.number(),
    detectedOn: z.string().nullable(),
    lon: z.number(),
    lat: z.number(),
  }),
  geometry: spotGeometrySchema,
});
export type SpotBatchFeature = z.infer<typeof spotBatchFeatureSchema>;

export const spotBatchVectorSchema = z.object({
  type: z.literal('FeatureCollection'),
  batch: spotBatchSummarySchema,
  features: z.array(spotBatchFeatureSchema),
  /** Spots of the batch; when more than `SPOT_BATCH_LIMITS.maxVectorFeatures`, only the first are sent. */
  total: z.number().int(),
  truncated: z.boolean(),
});
export type SpotBatchVector = z.infer<typeof spotBatchVectorSchema>;

export const spotBatchExportQuerySchema = spotBatchIdQuerySchema.extend({
  lang: z.enum(['zh', 'en'], issue('badLanguage')).optional(),
});

const TAG = 'Push delivery';
const ADMIN = { permission: PERMISSIONS.ADMIN } as const;

export const spotBatchCutContract = defineContract({
  method: 'POST',
  path: '/api/push/v1/spotbatch/cut',
  summary:
    'Queue the cut of a quarter’s spot batches for a spot type: one batch per push user whose spot grants name the type, of the quarter’s spots inside their regions; a batch already cut for that quarter, type and user is kept (administrators)',
  tag: TAG,
  access: ADMIN,
  body: spotBatchCutBodySchema,
  response: spotBatchCutResultSchema,
  maxBodyBytes: 1024,
});

type Version = 'spotbatch' | 'spotbatch_v2' | 'spotbatch_v3';
const VERSION_NOTE: Record<Version, string> = {
  spotbatch: 'with figures and delivery status',
  spotbatch_v2: 'with figures, delivery status and counts per spot kind',
  spotbatch_v3: 'with figures, delivery status, counts per spot kind and a breakdown by city',
};

function ownContract<R extends z.ZodType>(version: Version, response: R) {
  return defineContract({
    method: 'GET',
    path: `/api/push/v1/${version}/own`,
    summary: `My spot push batches, newest first, ${VERSION_NOTE[version]}`,
    tag: TAG,
    access: 'login',
    query: spotBatchOwnQuerySchema,
    response,
  });
}
function managerContract<R extends z.ZodType>(version: Version, response: R) {
  return defineContract({
    method: 'GET',
    path: `/api/push/v1/${version}/manager`,
    summary: `Every user’s spot push batches, newest first, ${VERSION_NOTE[version]} (fetched by the owner or not); filter by user, quarter, type or delivery (administrators)`,
    tag: TAG,
    access: ADMIN,
    query: spotBatchManagerQuerySchema,
    response,
  });
}
function vectorContract(version: Version) {
  return defineContract({
    method: 'GET',
    path: `/api/push/v1/${version}/vector`,
    summary: `A spot batch’s spots as a GeoJSON FeatureCollection (at most ${SPOT_BATCH_LIMITS.maxVectorFeatures.toLocaleString('en')}; \`total\` counts them all; the same in every version). The owner’s fetch marks the batch delivered. Owner or administrators; otherwise 404`,
    tag: TAG,
    access: 'login',
    query: spotBatchIdQuerySchema,
    response: spotBatchVectorSchema,
  });
}

export const spotBatchOwnContract = ownContract('spotbatch', spotBatchPageSchema);
export const spotBatchManagerContract = managerContract('spotbatch', spotBatchPageSchema);
export const spotBatchVectorContract = vectorContract('spotbatch');
export const spotBatchOwnV2Contract = ownContract('spotbatch_v2', spotBatchPageV2Schema);
export const spotBatchManagerV2Contract = managerContract('spotbatch_v2', spotBatchPageV2Schema);
export const spotBatchVectorV2Contract = vectorContract('spotbatch_v2');
export const spotBatchOwnV3Contract = ownContract('spotbatch_v3', spotBatchPageV3Schema);
export const spotBatchManagerV3Contract = managerContract('spotbatch_v3', spotBatchPageV3Schema);
export const spotBatchVectorV3Contract = vectorContract('spotbatch_v3');

export const spotBatchExportContract = defineContract({
  method: 'GET',
  path: '/api/push/v1/spotbatch_v3/exportexcel',
  summary:
    'A spot batch’s spots as an Excel workbook (.xlsx; `?lang=zh|en`, default the request’s language): one row per spot with its id, label, county, kind, stage, area, date and centre. The owner’s download marks the batch delivered. Owner or administrators; otherwise 404',
  tag: TAG,
  access: 'login',
  query: spotBatchExportQuerySchema,
  response: z.custom<Response>((v) => v instanceof Response),
});

export const SPOT_BATCH_CONTRACTS: readonly ApiContract[] = [
  spotBatchCutContract,
  spotBatchOwnContract,
  spotBatchManagerContract,
  spotBatchVectorContract,
  spotBatchOwnV2Contract,
  spotBatchManagerV2Contract,
  spotBatchVectorV2Contract,
  spotBatchOwnV3Contract,
  spotBatchManagerV3Contract,
  spotBatchVectorV3Contract,
  spotBatchExportContract,
];
