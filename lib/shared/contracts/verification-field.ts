/**
 * Field work offline (issue 34.2): the package a county checker downloads for a batch — their open spots with
 * outlines, forms and moves, the dictionaries the form needs, and the base-map tiles of their area — so the spots
 * can be opened, checked and photographed with no network. What is done offline is sent with the ordinary moves
 * and photo uploads when the network returns (lib/client/field).
 */
import { z } from 'zod';
import type zh from '../../../messages/zh.json';
import { REGION_CODE_PATTERN } from '../regions/codes';
import { VERIFICATION_STATUSES, VERIFICATION_VERDICTS } from '../workflow';
import { defineContract, localizedIssue } from './api';

type VerificationErrorKey = keyof (typeof zh)['Verification']['errors'];
const issue = (key: VerificationErrorKey) => ({ error: localizedIssue(`Verification.errors.${key}`) });

/** Most spots one package holds (a county's open spots of a batch are a few hundred at most). */
export const FIELD_PACKAGE_MAX_CASES = 1_000;

export const fieldPackageQuerySchema = z.object({
  batchId: z.coerce
    .number(issue('badBatchId'))
    .int(issue('badBatchId'))
    .min(1, issue('badBatchId'))
    .max(Number.MAX_SAFE_INTEGER, issue('badBatchId')),
  /** Only the spots of this region (a county, when the batch holds more than a package can). */
  region: z.string().regex(REGION_CODE_PATTERN, issue('badRegion')).optional(),
  /** Only the figures (how many spots and tiles, how large the data is), to show before downloading. */
  summary: z
    .enum(['true', 'false'], issue('badFlag'))
    .transform((v) => v === 'true')
    .optional(),
});
export type FieldPackageQuery = z.infer<typeof fieldPackageQuerySchema>;

const lonLat = z.tuple([z.number(), z.number()]);
const box = z.tuple([z.number(), z.number(), z.number(), z.number()]);

export const fieldCaseSchema = z.object({
  id: z.string(),
  spotNo: z.string(),
  xzqdm: z.string(),
  countyName: z.string(),
  changeType: z.string(),
  changeTypeName: z.string(),
  areaM2: z.number(),
  status: z.enum(VERIFICATION_STATUSES),
  statusName: z.string(),
  stageDue: z.iso.date().nullable(),
  /** The case's version when packed: a move made offline names it (409 when the case moved on since). */
  version: z.number().int(),
  center: lonLat,
  bbox: box,
  /** The outline (GeoJSON MultiPolygon, WGS 84). */
  outline: z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(lonLat))) }),
  form: z.object({
    verdict: z.enum(VERIFICATION_VERDICTS).nullable(),
    reasonCode: z.string().nullable(),
    approvalNo: z.string().nullable(),
    builder: z.string().nullable(),
    buildDate: z.iso.date().nullable(),
    remarks: z.string().nullable(),
  }),
  /** The moves the checker may make from this stage (accept into checking, submit). */
  moves: z.array(z.object({ to: z.enum(VERIFICATION_STATUSES), toName: z.string(), noteRequired: z.boolean() })),
  beforeDate: z.iso.date().nullable(),
  afterDate: z.iso.date().nullable(),
});
export type FieldCase = z.infer<typeof fieldCaseSchema>;

const item = z.object({ value: z.string(), name: z.string() });

export const fieldPackageSchema = z.object({
  batch: z.object({ id: z.string(), quarter: z.string(), name: z.string(), checkDue: z.iso.date(), demo: z.boolean() }),
  region: z.string().nullable(),
  packedAt: z.string(),
  /** Spots in the package, and how many more of my open spots the batch holds beyond the bound. */
  count: z.number().int(),
  cases: z.array(fieldCaseSchema),
  dictionaries: z.object({ verdicts: z.array(item), reasons: z.array(item), stages: z.array(item) }),
  /** Base-map tiles (z, x, y) of the spots' area and surroundings, within a bound. */
  tiles: z.object({
    list: z.array(z.tuple([z.number().int(), z.number().int(), z.number().int()])),
    zooms: z.tuple([z.number().int(), z.number().int()]).nullable(),
    dropped: z.array(z.number().int()),
  }),
});
export type FieldPackage = z.infer<typeof fieldPackageSchema>;

export const fieldPackageSummarySchema = z.object({
  count: z.number().int(),
  /** Bytes of the package's data (spots, outlines, forms, dictionaries) as it will be sent. */
  dataBytes: z.number().int(),
  tiles: z.number().int(),
  zooms: z.tuple([z.number().int(), z.number().int()]).nullable(),
  /** A few of the tiles, spread over the list, for the browser to measure what a tile weighs. */
  sampleTiles: z.array(z.tuple([z.number().int(), z.number().int(), z.number().int()])),
});
export type FieldPackageSummary = z.infer<typeof fieldPackageSummarySchema>;

export const fieldPackageContract = defineContract({
  method: 'GET',
  path: '/api/process-spot-bjhs/v1/process/field-package',
  summary:
    'The offline package of a batch for a county checker: my open spots in it (being pushed, checked or returned, in my checker regions) with outlines, forms and moves, the form’s dictionaries and the base-map tiles to take along; `summary=true` gives only the figures to show before downloading (404 for a batch outside my range)',
  tag: 'Verification',
  access: 'login',
  query: fieldPackageQuerySchema,
  response: z.union([fieldPackageSchema, fieldPackageSummarySchema]),
});

export const VERIFICATION_FIELD_CONTRACTS = [fieldPackageContract];
