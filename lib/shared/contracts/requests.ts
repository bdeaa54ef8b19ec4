/**
 * Data applications (`/api/order/v3/request…`, spec §7; issue 19): a signed-in user applies for chosen
 * scenes or for an area and period, with organisation, project, purpose, contact and an optional PDF;
 * administrators (MOD_ADMIN) approve (which places the order) or reject with a reason (requests-review.ts). Statuses are the
 * REQUEST_STATUS dictionary (lib/shared/orders/model.ts). A user only ever sees their own applications:
 * someone else's answers "not found", as one that does not exist.
 *
 * The create call takes JSON, or multipart/form-data with the same JSON in the `data` field and the PDF in
 * `file` (the form validates with the same schema, so both show the same localized messages).
 */
import { z } from 'zod';
import type zh from '../../../messages/zh.json';
import { ORDER_LIMITS, REQUEST_STATUS, type RequestStatus } from '../orders/model';
import { REQUEST_LIMITS } from '../orders/request-limits';
import { defineContract, localizedIssue, pageQuerySchema, pageSchema } from './api';
import { chainCheckSchema } from '../workflow/history';
import { statusHistoryEntrySchema } from './managed-list';
import { SELECT_MODES, multiPolygonSchema, polygonSchema, sceneIdParamsSchema, uploadIdSchema, vertexCount } from './catalogue';

export { REQUEST_LIMITS };

export const REQUEST_KINDS = ['scenes', 'area'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

type ApplyErrorKey = keyof (typeof zh)['Applications']['errors'];
const issue = (key: ApplyErrorKey) => ({ error: localizedIssue(`Applications.errors.${key}`) });

const text = (max: number, required: ApplyErrorKey, tooLong: ApplyErrorKey) =>
  z
    .string(issue(required))
    .trim()
    .min(1, { ...issue(required), abort: true })
    .max(max, issue(tooLong));

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9][0-9 ()-]{5,38}$/;

export const requestContactSchema = z
  .object({
    name: text(REQUEST_LIMITS.nameMax, 'contactNameRequired', 'contactNameTooLong'),
    phone: z
      .string(issue('phoneFormat'))
      .trim()
      .max(REQUEST_LIMITS.phoneMax, { ...issue('phoneFormat'), abort: true })
      .refine((v) => v === '' || PHONE.test(v), issue('phoneFormat'))
      .nullish()
      .transform((v) => v || null),
    email: z
      .string(issue('emailFormat'))
      .trim()
      .max(REQUEST_LIMITS.emailMax, { ...issue('emailFormat'), abort: true })
      .refine((v) => v === '' || EMAIL.test(v), issue('emailFormat'))
      .nullish()
      .transform((v) => v || null),
  })
  .refine((c) => c.phone !== null || c.email !== null, { ...issue('contactMissing'), path: ['phone'] });

const isoDate = z
  .string(issue('badDate'))
  .regex(/^\d{4}-\d{2}-\d{2}$/, issue('badDate'))
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), issue('badDate'));

const drawnGeometry = z
  .discriminatedUnion('type', [polygonSchema, multiPolygonSchema], issue('badArea'))
  .refine((g) => vertexCount(g) <= REQUEST_LIMITS.maxVertices, issue('tooManyVertices'));

/** The area of an application: regions, an area uploaded on the image query (its id), or a drawn polygon. */
export const requestAreaSchema = z.discriminatedUnion(
  'mode',
  [
    z.object({
      mode: z.literal(SELECT_MODES.REGION),
      regionCodes: z
        .array(z.string(issue('badArea')).regex(/^[1-9]\d{5}$/, issue('badArea')))
        .min(1, issue('areaRequired'))
        .max(REQUEST_LIMITS.maxRegions, issue('tooManyRegions')),
    }),
    z.object({ mode: z.literal(SELECT_MODES.SHP), uploadId: uploadIdSchema }),
    z.object({ mode: z.literal(SELECT_MODES.DRAW), geometry: drawnGeometry }),
  ],
  issue('areaRequired'),
);
export type RequestArea = z.infer<typeof requestAreaSchema>;

const DAY_MS = 86_400_000;

export const createRequestBodySchema = z
  .object({
    /** A uuid the form makes once: a repeated or concurrent submit with it finds the first application. */
    idempotencyKey: z.uuid(issue('badKey')),
    kind: z.enum(REQUEST_KINDS, issue('badKind')),
    sceneIds: z.array(sceneIdParamsSchema.shape.id).max(ORDER_LIMITS.maxRequestItems, issue('tooManyScenes')).optional(),
    area: requestAreaSchema.optional(),
    dateFrom: isoDate.optional(),
    dateTo: isoDate.optional(),
    organization: text(REQUEST_LIMITS.organizationMax, 'organizationRequired', 'organizationTooLong'),
    project: text(REQUEST_LIMITS.projectMax, 'projectRequired', 'projectTooLong'),
    purpose: text(REQUEST_LIMITS.purposeMax, 'purposeRequired', 'purposeTooLong'),
    contact: requestContactSchema,
  })
  .superRefine((b, ctx) => {
    const fail = (key: ApplyErrorKey, path: string) =>
      ctx.addIssue({ code: 'custom', message: localizedIssue(`Applications.errors.${key}`), path: [path] });
    if (b.kind === 'scenes') {
      if (!b.sceneIds?.length) fail('scenesRequired', 'sceneIds');
      return;
    }
    if (!b.area) fail('areaRequired', 'area');
    if (!b.dateFrom || !b.dateTo) return fail('periodRequired', 'dateFrom');
    if (b.dateFrom > b.dateTo) return fail('periodOrder', 'dateTo');
    if ((Date.parse(b.dateTo) - Date.parse(b.dateFrom)) / DAY_MS > REQUEST_LIMITS.maxPeriodDays) fail('periodTooLong', 'dateTo');
  });
export type CreateRequestBody = z.input<typeof createRequestBodySchema>;
export type CreateRequestInput = z.output<typeof createRequestBodySchema>;

export const requestStatusSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]) satisfies z.ZodType<RequestStatus>;
const statusQuery = z.coerce
  .number(issue('badStatus'))
  .int(issue('badStatus'))
  .refine((s) => (Object.values(REQUEST_STATUS) as number[]).includes(s), issue('badStatus'))
  .transform((s) => s as RequestStatus);

export const requestIdParamsSchema = z.object({ id: z.string(issue('badId')).regex(/^[1-9]\d{0,17}$/, issue('badId')) });

export const requestSummarySchema = z.object({
  id: z.string(),
  code: z.string(),
  status: requestStatusSchema,
  /** The status's name in the caller's language (REQUEST_STATUS dictionary). */
  statusName: z.string(),
  kind: z.enum(REQUEST_KINDS),
  organization: z.string(),
  project: z.string(),
  /** Scenes applied for (0 for an area application). */
  itemCount: z.number().int(),
  areaLabel: z.string().nullable(),
  dateFrom: z.string().nullable(),
  dateTo: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The order an approval placed. */
  orderCode: z.string().nullable(),
});
export type RequestSummary = z.infer<typeof requestSummarySchema>;

export const requestDetailSchema = requestSummarySchema.extend({
  purpose: z.string(),
  contact: z.object({ name: z.string(), phone: z.string().nullable(), email: z.string().nullable() }),
  /** The area (GeoJSON MultiPolygon) of an area application. */
  area: multiPolygonSchema.nullable(),
  areaKm2: z.number().nullable(),
  attachment: z.object({ name: z.string(), bytes: z.number().int() }).nullable(),
  reviewNote: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  orderId: z.string().nullable(),
  history: z.array(statusHistoryEntrySchema),
  /** The history's hash chain checked (issue 33.5). */
  chain: chainCheckSchema,
});
export type RequestDetail = z.infer<typeof requestDetailSchema>;

export const createdRequestSchema = z.object({ request: requestDetailSchema, created: z.boolean() });

export const ownRequestsQuerySchema = pageQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(ORDER_LIMITS.maxPageSize).default(20),
  status: statusQuery.optional(),
});
export const requestPageSchema = pageSchema(requestSummarySchema);
export type RequestPage = z.infer<typeof requestPageSchema>;

export const requestItemSchema = z.object({
  sceneId: z.string(),
  fileName: z.string(),
  satellite: z.string().nullable(),
  sensor: z.string().nullable(),
  acquiredAt: z.string().nullable(),
  cloudPct: z.number().nullable(),
  online: z.boolean().nullable(),
});
export type RequestItem = z.infer<typeof requestItemSchema>;
export const requestItemsQuerySchema = pageQuerySchema.extend({
  requestId: requestIdParamsSchema.shape.id,
  pageSize: z.coerce.number().int().min(1).max(ORDER_LIMITS.maxPageSize).default(20),
});
export const requestItemPageSchema = pageSchema(requestItemSchema);

const LOGIN = 'login' as const;
const TAG = 'Applications';

export const createRequestContract = defineContract({
  method: 'POST',
  path: '/api/order/v3/request',
  summary: `Apply for scenes (at most ${ORDER_LIMITS.maxRequestItems}) or for an area and period; JSON, or multipart with \`data\` (the JSON) and an optional PDF \`file\` (≤ 10 MB); idempotent on idempotencyKey`,
  tag: TAG,
  access: LOGIN,
  response: createdRequestSchema,
  formBody: {
    json: { field: 'data', schema: createRequestBodySchema, alsoAlone: true },
    files: [
      {
        field: 'file',
        contentType: 'application/pdf',
        required: false,
        description: `The attachment: one PDF of at most ${ORDER_LIMITS.maxAttachmentBytes / 1024 / 1024} MB`,
      },
    ],
  },
});

export const listOwnRequestsContract = defineContract({
  method: 'GET',
  path: '/api/order/v3/request/own',
  summary: "The caller's applications, newest first, paged; filter by status",
  tag: TAG,
  access: LOGIN,
  query: ownRequestsQuerySchema,
  response: requestPageSchema,
});

export const ownRequestIdsContract = defineContract({
  method: 'GET',
  path: '/api/order/v3/request/own/allids',
  summary: "Ids of all the caller's applications (optionally of one status), newest first",
  tag: TAG,
  access: LOGIN,
  query: z.object({ status: statusQuery.optional() }),
  response: z.object({ ids: z.array(z.string()), total: z.number().int() }),
});

export const getOwnRequestContract = defineContract({
  method: 'GET',
  path: '/api/order/v3/request/id/{id}',
  summary: 'One of the caller\'s applications with its status history (another user\'s answers "not found")',
  tag: TAG,
  access: LOGIN,
  params: requestIdParamsSchema,
  response: requestDetailSchema,
});

export const verifyRequestChainContract = defineContract({
  method: 'GET',
  path: '/api/order/v3/request/verify/{id}',
  summary:
    'Recompute an application’s history hash chain: intact with its head hash, or the first row changed (content) or missing before it (link); its applicant or an administrator (404 for anyone else)',
  tag: TAG,
  access: LOGIN,
  params: requestIdParamsSchema,
  response: chainCheckSchema,
});

export const withdrawRequestContract = defineContract({
  method: 'POST',
  path: '/api/order/v3/request/id/{id}/withdraw',
  summary: "Withdraw one of the caller's applications while it waits for review",
  tag: TAG,
  access: LOGIN,
  params: requestIdParamsSchema,
  response: requestDetailSchema,
});

export const listRequestItemsContract = defineContract({
  method: 'GET',
  path: '/api/order/v3/requestitem',
  summary: 'The scenes of one application (its owner or an administrator), as they were when applied for',
  tag: TAG,
  access: LOGIN,
  query: requestItemsQuerySchema,
  response: requestItemPageSchema,
});

export const requestAttachmentContract = defineContract({
  method: 'GET',
  path: '/api/order/v3/request/id/{id}/attachment',
  summary: 'The PDF attached to an application (its owner or an administrator)',
  tag: TAG,
  access: LOGIN,
  params: requestIdParamsSchema,
  response: z.unknown(),
});

export const REQUEST_CONTRACTS = [
  createRequestContract,
  listOwnRequestsContract,
  ownRequestIdsContract,
  getOwnRequestContract,
  verifyRequestChainContract,
  withdrawRequestContract,
  listRequestItemsContract,
  requestAttachmentContract,
] as const;
