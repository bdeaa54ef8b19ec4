/**
 * Reviewing data applications (administrators, MOD_ADMIN; issue 19): all applications with filters, one in
 * full with what an approval would order, approve with a note (which places the order), reject with a reason.
 */
import { z } from 'zod';
import type zh from '../../../messages/zh.json';
import { ORDER_LIMITS } from '../orders/model';
import { REQUEST_LIMITS } from '../orders/request-limits';
import { PERMISSIONS } from '../permissions';
import { defineContract, localizedIssue, pageSchema } from './api';
import { managedListFilterFields } from './managed-list';
import { sceneIdParamsSchema } from './catalogue';
import {
  ownRequestsQuerySchema,
  requestDetailSchema,
  requestIdParamsSchema,
  requestItemPageSchema,
  requestItemSchema,
  requestSummarySchema,
} from './requests';

const TAG = 'Applications';

type ReviewErrorKey = keyof (typeof zh)['ApplicationsAdmin']['errors'];
const reviewIssue = (key: ReviewErrorKey) => ({ error: localizedIssue(`ApplicationsAdmin.errors.${key}`) });

export const managedRequestsQuerySchema = ownRequestsQuerySchema.extend({
  ...managedListFilterFields('ApplicationsAdmin'),
});

export const managedRequestSummarySchema = requestSummarySchema.extend({
  applicant: z.object({ username: z.string(), realName: z.string().nullable() }),
});
export type ManagedRequestSummary = z.infer<typeof managedRequestSummarySchema>;
export const managedRequestPageSchema = pageSchema(managedRequestSummarySchema).extend({
  /** Applications waiting for review, whatever the filters. */
  pending: z.number().int(),
});
export type ManagedRequestPage = z.infer<typeof managedRequestPageSchema>;

export const managedRequestDetailSchema = requestDetailSchema.extend({
  applicant: z.object({ username: z.string(), realName: z.string().nullable(), organization: z.string().nullable() }),
  /**
   * An area application: how many of the catalogue's scenes match its area and period, and the most one order
   * holds. An approval orders the scenes chosen on the screen, or without a choice the area's minimal covering
   * set (`…/scenes/cover`).
   */
  areaMatches: z.object({ total: z.number().int(), cap: z.number().int() }).nullable(),
});
export type ManagedRequestDetail = z.infer<typeof managedRequestDetailSchema>;

const note = (required: boolean) => {
  const base = z.string(reviewIssue(required ? 'reasonRequired' : 'noteTooLong')).trim();
  return required
    ? base.min(1, { ...reviewIssue('reasonRequired'), abort: true }).max(REQUEST_LIMITS.noteMax, reviewIssue('noteTooLong'))
    : base.max(REQUEST_LIMITS.noteMax, reviewIssue('noteTooLong'));
};
export const approveRequestBodySchema = z.object({
  note: note(false).optional(),
  /**
   * The scenes to order, chosen by the reviewer: of an area application, scenes of its area and period; of
   * a scenes application, some of those applied for. Absent: all applied for, or an area's clearest.
   */
  sceneIds: z
    .array(sceneIdParamsSchema.shape.id)
    .min(1, reviewIssue('scenesRequired'))
    .max(ORDER_LIMITS.maxItemsPerOrder, reviewIssue('tooManyScenes'))
    .optional(),
});
export const rejectRequestBodySchema = z.object({ reason: note(true) });

const ADMIN = { permission: PERMISSIONS.ADMIN } as const;

export const listManagedRequestsContract = defineContract({
  method: 'GET',
  path: '/api/order/v3/manage/request',
  summary: 'All applications, newest first, paged; filter by status, applicant and submission date (administrators)',
  tag: TAG,
  access: ADMIN,
  query: managedRequestsQuerySchema,
  response: managedRequestPageSchema,
});

export const getManagedRequestContract = defineContract({
  method: 'GET',
  path: '/api/order/v3/manage/request/id/{id}',
  summary: 'One application with its applicant, history and (area applications) the scenes an approval would order (administrators)',
  tag: TAG,
  access: ADMIN,
  params: requestIdParamsSchema,
  response: managedRequestDetailSchema,
});

export const approveRequestContract = defineContract({
  method: 'POST',
  path: '/api/order/v3/manage/request/id/{id}/approve',
  summary: 'Approve a pending application with an optional note; in the same transaction it places the order (administrators)',
  tag: TAG,
  access: ADMIN,
  params: requestIdParamsSchema,
  body: approveRequestBodySchema,
  response: managedRequestDetailSchema,
});

export const rejectRequestContract = defineContract({
  method: 'POST',
  path: '/api/order/v3/manage/request/id/{id}/reject',
  summary: 'Reject a pending application with a reason the applicant reads (administrators)',
  tag: TAG,
  access: ADMIN,
  params: requestIdParamsSchema,
  body: rejectRequestBodySchema,
  response: managedRequestDetailSchema,
});

export const areaScenesQuerySchema = z.object({
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const listAreaScenesContract = defineContract({
  method: 'GET',
  path: '/api/order/v3/manage/request/id/{id}/scenes',
  summary:
    "The catalogue's scenes of an area application's area and period, clearest first, for the reviewer to choose from (administrators)",
  tag: TAG,
  access: ADMIN,
  params: requestIdParamsSchema,
  query: areaScenesQuerySchema,
  response: requestItemPageSchema,
});

/**
 * What the reviewer's scene picker offers for an area application: every scene of its area and period (the
 * newest COVERAGE_LIMITS.maxScenes at most, the coverage analysis' cap) with the share of the area it covers, and the preselection —
 * the cloud-weighted minimal covering set of the image query's coverage tab (lib/shared/catalogue/set-cover.ts).
 */
export const areaSceneCoverSchema = z.object({
  scenes: z.array(
    requestItemSchema.extend({
      /** Share of the application's area the footprint covers, 0–100 (0: it only touches the edge). */
      coveragePct: z.number(),
    }),
  ),
  /** The minimal covering set's scene ids, in the order they were chosen. */
  minimalSet: z.array(z.string()),
  /** Share of the area the minimal set covers, and all the scenes together. */
  minimalCoveredPct: z.number(),
  coveredPct: z.number(),
  /** Scenes matching the area and period; more than `scenes` holds when capped. */
  matched: z.number().int(),
  capped: z.boolean(),
  /** The minimal set's search ran out of time: the set is what it had chosen so far. */
  cut: z.boolean(),
});
export type AreaSceneCover = z.infer<typeof areaSceneCoverSchema>;

export const areaSceneCoverContract = defineContract({
  method: 'GET',
  path: '/api/order/v3/manage/request/id/{id}/scenes/cover',
  heavy: true,
  summary:
    "Every catalogue scene of an area application's area and period with the share of the area it covers, and the cloud-weighted minimal covering set the reviewer's picker preselects (administrators)",
  tag: TAG,
  access: ADMIN,
  params: requestIdParamsSchema,
  response: areaSceneCoverSchema,
});

export const REQUEST_REVIEW_CONTRACTS = [
  listManagedRequestsContract,
  getManagedRequestContract,
  listAreaScenesContract,
  areaSceneCoverContract,
  approveRequestContract,
  rejectRequestContract,
] as const;
