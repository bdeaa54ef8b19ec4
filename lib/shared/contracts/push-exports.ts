/**
 * Exports and delivery of image push batches (issue 35.2): a batch's footprints as a zipped shapefile
 * (`batch/exportshp`), its scenes as an Excel workbook (`exportexcel`), the part of its push user's regions it
 * leaves uncovered as a zipped shapefile (`exportdiffcover`), and a manifest (`batch/manifest`) listing the
 * scenes and a signed, expiring link to each of those files — links that work without a session, for the push
 * user's own download tools. The first manifest fetch by the push user records the batch's delivery.
 *
 * Who may: the batch's push user or an administrator (another user's batch answers "not found"), or anyone
 * holding an untampered, unexpired link from the manifest. Every file holds at most
 * `PUSH_EXPORT_LIMITS.maxScenes` scenes (the newest); the answer says how many of how many.
 */
import { z } from 'zod';
import { defineContract, type ApiContract } from './api';
import { batchIdQuerySchema } from './push';

export const PUSH_EXPORT_LIMITS = {
  /** Scenes in one export or manifest (the newest first; the image query's export cap). */
  maxScenes: 10_000,
  /** How long a manifest's signed links stay valid. */
  linkTtlSeconds: 3 * 24 * 3600,
} as const;

/** The files of a batch, by the path that answers them. */
export const PUSH_EXPORT_KINDS = ['shp', 'xlsx', 'diffcover'] as const;
export type PushExportKind = (typeof PUSH_EXPORT_KINDS)[number];

export const PUSH_EXPORT_PATHS: Record<PushExportKind | 'manifest', string> = {
  shp: '/api/push/v1/batch/exportshp',
  xlsx: '/api/push/v1/exportexcel',
  diffcover: '/api/push/v1/exportdiffcover',
  manifest: '/api/push/v1/batch/manifest',
};

/** Headers on every export: the scenes in the file and in the batch. */
export const PUSH_EXPORT_HEADERS = { rows: 'x-export-rows', total: 'x-export-total' } as const;

const signature = {
  /** A manifest link's expiry (unix seconds) and signature; without them the session decides. */
  expires: z.string().max(20).optional(),
  sig: z.string().max(100).optional(),
};

export const pushExportQuerySchema = batchIdQuerySchema.extend({
  /** The language of headers and names (default: the request's). */
  lang: z.enum(['zh', 'en']).optional(),
  ...signature,
});
export type PushExportQuery = z.output<typeof pushExportQuerySchema>;

export const manifestQuerySchema = batchIdQuerySchema.extend({ lang: z.enum(['zh', 'en']).optional() });

const linkSchema = z.object({
  kind: z.enum(PUSH_EXPORT_KINDS),
  /** What the file is, in the manifest's language. */
  title: z.string(),
  mime: z.string(),
  /** Absolute, signed and expiring: works without a session, fails when altered or expired. */
  url: z.string(),
});

export const manifestSchema = z.object({
  type: z.literal('push-batch-manifest'),
  version: z.literal(1),
  batchId: z.string(),
  username: z.string(),
  createdAt: z.string(),
  /** The push user's first fetch of this manifest (null until then; administrators' fetches do not count). */
  deliveredAt: z.string().nullable(),
  generatedAt: z.string(),
  /** When every signed link of this manifest stops working (ISO) and as unix seconds. */
  expiresAt: z.string(),
  expires: z.number().int(),
  sceneCount: z.number().int(),
  /** More scenes than `PUSH_EXPORT_LIMITS.maxScenes`: the list and the files hold the newest. */
  truncated: z.boolean(),
  files: z.array(linkSchema),
  scenes: z.array(
    z.object({
      id: z.string(),
      satellite: z.string(),
      sensor: z.string(),
      productLevel: z.string(),
      acquiredAt: z.string(),
      /** Footprint bounding box: west, south, east, north (degrees, WGS 84). */
      bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
      sizeMb: z.number().nullable(),
      areaKm2: z.number(),
      /** The quick-look: the portal's public picture (demo scenes) or the source's thumbnail; none when unknown. */
      quicklook: z.string().nullable(),
    }),
  ),
});
export type PushBatchManifest = z.infer<typeof manifestSchema>;

const fileResponse = z.custom<Response>((v) => v instanceof Response);
const TAG = 'Push delivery';
const WHO = 'the batch’s push user or an administrator (otherwise 404), or a signed link from the batch’s manifest';

export const exportShpContract = defineContract({
  method: 'GET',
  path: PUSH_EXPORT_PATHS.shp,
  summary: `A batch’s scene footprints as a zipped shapefile (WGS 84; scene id, satellite, sensor, level, date, cloud, km²; at most 10,000, newest first) — ${WHO}`,
  tag: TAG,
  access: 'public',
  query: pushExportQuerySchema,
  response: fileResponse,
});

export const exportExcelContract = defineContract({
  method: 'GET',
  path: PUSH_EXPORT_PATHS.xlsx,
  summary: `A batch’s scenes as an Excel workbook (.xlsx), headers in the request’s language (at most 10,000, newest first) — ${WHO}`,
  tag: TAG,
  access: 'public',
  query: pushExportQuerySchema,
  response: fileResponse,
});

export const exportDiffCoverContract = defineContract({
  method: 'GET',
  path: PUSH_EXPORT_PATHS.diffcover,
  summary: `The part of the push user’s regions a batch leaves uncovered (as coverCalculate-v2 measures it), as a zipped shapefile — ${WHO}`,
  tag: TAG,
  access: 'public',
  query: pushExportQuerySchema,
  response: fileResponse,
  heavy: true,
});

export const batchManifestContract = defineContract({
  method: 'GET',
  path: PUSH_EXPORT_PATHS.manifest,
  summary:
    'A batch’s manifest, saved as a JSON file: its scenes (id, bounding box, size, quick-look) and signed, expiring links to its exports (the batch’s push user or an administrator; the push user’s first fetch records the delivery)',
  tag: TAG,
  access: 'login',
  query: manifestQuerySchema,
  response: fileResponse,
});

export const PUSH_EXPORT_CONTRACTS: readonly ApiContract[] = [
  exportShpContract,
  exportExcelContract,
  exportDiffCoverContract,
  batchManifestContract,
];
