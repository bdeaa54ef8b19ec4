/**
 * Orbit element sets for administrators (MOD_ADMIN, issue 22 deliverable 1): upload a fresh three-line TLE file,
 * list the stored sets, and make an older set current again. Exactly one set is current; the prediction and
 * "now" answers read it.
 */
import { z } from 'zod';
import type zh from '../../../messages/zh.json';
import { PERMISSIONS } from '../permissions';
import { defineContract, localizedIssue, pageQuerySchema, pageSchema } from './api';

type TleAdminErrorKey = keyof (typeof zh)['TleAdmin']['errors'];
const issue = (key: TleAdminErrorKey) => ({ error: localizedIssue(`TleAdmin.errors.${key}`) });

export const TLE_UPLOAD_LIMITS = {
  maxFileBytes: 5 * 1024 * 1024,
  maxSatellites: 20_000,
  /** Problems named in a refusal's message (the count says how many there are). */
  problemsShown: 5,
  /** Unknown satellites listed in an answer (the count says how many there are). */
  unknownShown: 200,
  labelMax: 200,
} as const;

export const uploadTleQuerySchema = z.object({
  /** A name for the set (default: the file's name), e.g. "CelesTrak active 2026-09-01". */
  label: z.string(issue('badLabel')).trim().min(1, issue('badLabel')).max(TLE_UPLOAD_LIMITS.labelMax, issue('badLabel')).optional(),
});

export const tleSetIdParamsSchema = z.object({ id: z.string(issue('badId')).regex(/^[1-9]\d{0,17}$/, issue('badId')) });

export const tleSetSummarySchema = z.object({
  id: z.string(),
  source: z.string(),
  /** Who uploaded it; null for the set shipped with the portal. */
  uploadedBy: z.string().nullable(),
  createdAt: z.string(),
  epochMin: z.string(),
  epochMax: z.string(),
  satellites: z.number().int(),
  current: z.boolean(),
  /** Active Chinese land-observation satellites of the portal's satellite pages with elements in this set, of how many. */
  chineseCovered: z.number().int(),
  chineseTotal: z.number().int(),
  /** Age of the oldest epoch now, in days, and whether that is over 14 days. */
  oldestAgeDays: z.number(),
  stale: z.boolean(),
  /** The position uncertainty (whole km) the oldest epoch gives now: the model every prediction states (lib/shared/orbits/uncertainty.ts). */
  oldestUncertaintyKm: z.number(),
});
export type TleSetSummary = z.infer<typeof tleSetSummarySchema>;

export const tleSetPageSchema = pageSchema(tleSetSummarySchema);
export type TleSetPage = z.infer<typeof tleSetPageSchema>;

export const uploadedTleSetSchema = z.object({
  set: tleSetSummarySchema,
  /**
   * Satellites of the file that the portal's satellite data does not describe (first 200; `unknownCount` has them
   * all). They are stored with the set, so predictions that name their NORAD numbers can use them.
   */
  unknown: z.array(z.object({ norad: z.number().int(), name: z.string(), line: z.number().int() })),
  unknownCount: z.number().int(),
  /** Sets of the file that named a satellite already given earlier in it: the newest epoch is kept. */
  duplicates: z.number().int(),
});
export type UploadedTleSet = z.infer<typeof uploadedTleSetSchema>;

const ADMIN = { permission: PERMISSIONS.ADMIN } as const;
const TAG = 'Orbits (management)';

export const uploadTleContract = defineContract({
  method: 'POST',
  path: '/api/sateorbit/v2/tle',
  summary:
    'Upload a three-line TLE file (multipart field `file`, ≤ 5 MB, ≤ 20,000 satellites; optional `label` in the query): every set checked (layout, both checksums); any broken set refuses the file with the first problems by line; otherwise the file becomes the current element set in one transaction (older sets are kept) and unknown satellites are reported (administrators)',
  tag: TAG,
  access: ADMIN,
  query: uploadTleQuerySchema,
  response: uploadedTleSetSchema,
  maxBodyBytes: TLE_UPLOAD_LIMITS.maxFileBytes + 64 * 1024,
  formBody: {
    files: [{ field: 'file', contentType: 'text/plain', required: true, description: 'Three-line element sets (name, line 1, line 2)' }],
  },
});

export const listTleSetsContract = defineContract({
  method: 'GET',
  path: '/api/sateorbit/v2/tle',
  summary: 'The stored element sets, newest first, paged, with which is current (administrators)',
  tag: TAG,
  access: ADMIN,
  query: pageQuerySchema,
  response: tleSetPageSchema,
});

export const makeTleSetCurrentContract = defineContract({
  method: 'POST',
  path: '/api/sateorbit/v2/tle/{id}/current',
  summary: 'Make a stored element set the current one again (administrators)',
  tag: TAG,
  access: ADMIN,
  params: tleSetIdParamsSchema,
  response: tleSetSummarySchema,
});

export const TLE_ADMIN_CONTRACTS = [uploadTleContract, listTleSetsContract, makeTleSetCurrentContract];
