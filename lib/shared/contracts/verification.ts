/**
 * Spot verification (issue 33; spec §2 /verify/lawenforceinspect, API family /api/process-spot-bjhs/v1/process):
 * moving a case along its machine, and checking its record's hash chain. Who may do either is decided on the server
 * by the user's verification roles and regions (lib/server/verification).
 */
import { z } from 'zod';
import type zh from '../../../messages/zh.json';
import { REGION_CODE_PATTERN } from '../regions/codes';
import { PHOTO_FLAGS, PHOTO_LIMITS, PHOTO_VIEW_KINDS } from '../verification/photos';
import { VERIFICATION_STATUSES, VERIFICATION_VERDICTS, type VerificationStatus, type VerificationVerdict } from '../workflow';
import { chainCheckSchema } from '../workflow/history';
import { defineContract, localizedIssue, pageSchema } from './api';

type VerificationErrorKey = keyof (typeof zh)['Verification']['errors'];
const issue = (key: VerificationErrorKey) => ({ error: localizedIssue(`Verification.errors.${key}`) });
const TAG = 'Verification';

const caseParams = z.object({
  id: z.coerce
    .number(issue('badCaseId'))
    .int(issue('badCaseId'))
    .min(1, issue('badCaseId'))
    .max(Number.MAX_SAFE_INTEGER, issue('badCaseId')),
});

/** The checker's form, sent with a submit. */
export const verdictFormSchema = z.object({
  verdict: z.enum(VERIFICATION_VERDICTS, issue('verdictRequired')),
  reasonCode: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,20}$/, issue('reasonUnknown'))
    .nullish(),
  approvalNo: z.string().trim().max(100, issue('tooLong')).nullish(),
  builder: z.string().trim().max(200, issue('tooLong')).nullish(),
  buildDate: z.iso.date(issue('badDate')).nullish(),
  remarks: z.string().trim().max(2000, issue('tooLong')).nullish(),
});

export const moveCaseBodySchema = z.object({
  to: z.enum(VERIFICATION_STATUSES, issue('badStage')),
  /** The case's version when the form was loaded (409 when it has moved on since). */
  version: z.number(issue('badVersion')).int(issue('badVersion')).min(1, issue('badVersion')).max(1_000_000_000, issue('badVersion')),
  note: z.string().trim().max(2000, issue('tooLong')).nullish(),
  form: verdictFormSchema.optional(),
  /**
   * What closing a rectified case cites (issue 34.3): a catalogue scene acquired after the rectification, or the
   * next land-cover batch's spot at the same place — one of those the case's page lists (checked on the server).
   */
  evidence: z
    .discriminatedUnion(
      'kind',
      [
        z.object({ kind: z.literal('scene'), id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/, issue('evidenceNotListed')) }),
        z.object({ kind: z.literal('spot'), id: z.string().regex(/^[1-9][0-9]{0,17}$/, issue('evidenceNotListed')) }),
      ],
      issue('evidenceNotListed'),
    )
    .optional(),
});
export type MoveCaseBody = z.infer<typeof moveCaseBodySchema>;

export const moveCaseContract = defineContract({
  method: 'POST',
  path: '/api/process-spot-bjhs/v1/process/{id}',
  summary:
    'Move a verification case to its next stage (check, submit with a verdict, review, confirm, rectify, object): only a verification role whose region reaches the case and whose step it is (404 outside every range, 403 for another step, 409 when the case moved on since `version`)',
  tag: TAG,
  access: 'login',
  params: caseParams,
  body: moveCaseBodySchema,
  response: z.object({ version: z.number().int() }),
});

export const verifyCaseChainContract = defineContract({
  method: 'GET',
  path: '/api/process-spot-bjhs/v1/process/verify/{id}',
  summary:
    'Recompute a verification case’s history hash chain: intact with its head hash, or the first row changed (content) or missing before it (link); for the verification roles whose regions reach the case and administrators (404 for anyone else)',
  tag: TAG,
  access: 'login',
  params: caseParams,
  response: chainCheckSchema,
});

/** A comma-separated list of allowed values (query strings carry lists so). */
const listOf = <T extends string>(values: readonly [T, ...T[]], key: VerificationErrorKey) =>
  z
    .string()
    .max(400, issue(key))
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.enum(values, issue(key))).max(values.length, issue(key)));

const idQuery = z.coerce
  .number(issue('badBatchId'))
  .int(issue('badBatchId'))
  .min(1, issue('badBatchId'))
  .max(Number.MAX_SAFE_INTEGER, issue('badBatchId'));

/** Page number and size (at most 100 per page), refused in the verification's own words. */
const pageNumber = (max: number) =>
  z.coerce.number(issue('badPage')).int(issue('badPage')).min(1, issue('badPage')).max(max, issue('badPage'));
const paging = { pageNum: pageNumber(100_000).default(1), pageSize: pageNumber(100).default(20) };

export const CASE_SORTS = ['due', 'updated', 'area', 'spotNo'] as const;
export const CASE_SOURCES = ['auto', 'key_change'] as const;
export type CaseSource = (typeof CASE_SOURCES)[number];

/**
 * What narrows a list of cases (spotAuto, spotConfirm, spotTrack, exports, statistics). The caller's own range is
 * always applied on the server; `region` narrows it further (a region outside it gives nothing, not an error).
 * `mine`: only the cases one of my roles can move now (my queue); `overdue`: past the current stage's due date.
 */
export const caseFiltersSchema = z.object({
  batchId: idQuery.optional(),
  region: z.string().regex(REGION_CODE_PATTERN, issue('badRegion')).optional(),
  stage: listOf(VERIFICATION_STATUSES, 'badStage').optional(),
  verdict: listOf(VERIFICATION_VERDICTS, 'badVerdict').optional(),
  changeType: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,20}$/, issue('badChangeType'))
    .optional(),
  source: z.enum(CASE_SOURCES, issue('badSource')).optional(),
  overdue: z
    .enum(['true', 'false'], issue('badFlag'))
    .transform((v) => v === 'true')
    .optional(),
  mine: z
    .enum(['true', 'false'], issue('badFlag'))
    .transform((v) => v === 'true')
    .optional(),
  /** A spot number or its beginning. */
  q: z
    .string()
    .trim()
    .max(40, issue('tooLong'))
    .regex(/^[A-Za-z0-9_-]*$/, issue('badSpotNo'))
    .optional(),
});
export type CaseFilters = z.infer<typeof caseFiltersSchema>;

export const caseQuerySchema = caseFiltersSchema.extend({
  sort: z.enum(CASE_SORTS, issue('badSort')).default('due'),
  ...paging,
});
export type CaseQuery = z.infer<typeof caseQuerySchema>;

const stageCounts = z.partialRecord(z.enum(VERIFICATION_STATUSES), z.number().int());
const verdictCounts = z.partialRecord(z.enum(VERIFICATION_VERDICTS), z.number().int());

export const caseSummarySchema = z.object({
  id: z.string(),
  spotNo: z.string(),
  batchId: z.string(),
  quarter: z.string(),
  xzqdm: z.string(),
  countyName: z.string(),
  source: z.enum(CASE_SOURCES),
  changeType: z.string(),
  changeTypeName: z.string(),
  areaM2: z.number(),
  status: z.enum(VERIFICATION_STATUSES),
  statusName: z.string(),
  verdict: z.enum(VERIFICATION_VERDICTS).nullable(),
  verdictName: z.string().nullable(),
  stageDue: z.iso.date().nullable(),
  /** Whole days past the stage's due date (0 when not overdue). */
  daysOverdue: z.number().int(),
  updatedAt: z.string(),
  /** A point inside the spot: [longitude, latitude]. */
  center: z.tuple([z.number(), z.number()]),
  version: z.number().int(),
  /** The stages my roles can move it to now. */
  actions: z.array(z.enum(VERIFICATION_STATUSES)),
  demo: z.boolean(),
});
export type CaseSummary = z.infer<typeof caseSummarySchema>;

export const casePageSchema = pageSchema(caseSummarySchema).extend({
  /** Cases per stage under the same filters except the stage (the stage tabs' counts). */
  stageCounts,
  overdue: z.number().int(),
});
export type CasePage = z.infer<typeof casePageSchema>;

export const caseListContract = defineContract({
  method: 'GET',
  path: '/api/process-spot-bjhs/v1/process/query',
  summary:
    'The verification cases in my range (my verification roles’ regions; an administrator: all), filtered and paged, with the count per stage under the same filters and the overdue count',
  tag: TAG,
  access: 'login',
  query: caseQuerySchema,
  response: casePageSchema,
});

export const caseBulkBodySchema = z.object({
  to: z.enum(VERIFICATION_STATUSES, issue('badStage')),
  cases: z
    .array(
      z.object({ id: z.string().regex(/^[1-9][0-9]{0,15}$/, issue('badCaseId')), version: z.number().int().min(1).max(1_000_000_000) }),
    )
    .min(1, issue('noCases'))
    .max(200, issue('tooManyCases')),
  note: z.string().trim().max(2000, issue('tooLong')).nullish(),
});

export const caseBulkContract = defineContract({
  method: 'POST',
  path: '/api/process-spot-bjhs/v1/process/bulk',
  summary:
    'Move up to 200 cases to the same stage (e.g. accept pushed spots into checking): each case is moved on its own, and the answer says per case whether it moved, with the reason when not',
  tag: TAG,
  access: 'login',
  body: caseBulkBodySchema,
  response: z.object({
    moved: z.array(z.object({ id: z.string(), version: z.number().int() })),
    refused: z.array(z.object({ id: z.string(), message: z.string() })),
  }),
});

const sceneRefSchema = z.object({
  id: z.string(),
  satellite: z.string(),
  sensor: z.string(),
  acquiredAt: z.string(),
  cloudPct: z.number().nullable(),
  resolutionM: z.number(),
  /** The scene's quick-look (through the catalogue's quick-look route). */
  quicklook: z.string(),
});

const historyEntrySchema = z.object({
  fromStatus: z.enum(VERIFICATION_STATUSES).nullable(),
  toStatus: z.enum(VERIFICATION_STATUSES),
  toStatusName: z.string(),
  by: z.string().nullable(),
  role: z.string(),
  note: z.string().nullable(),
  /** What the move cited: `scene:<id>` or `spot:<id>` (closing a rectified case), else null. */
  evidence: z.string().nullable(),
  at: z.string(),
});

/**
 * For an illegal case marked rectified (issue 34.3): when, the catalogue scenes covering the spot acquired since
 * (newest first, at most 20), and the next land-cover batch's spots at the same place detected since.
 */
export const rectificationEvidenceSchema = z.object({
  rectifiedAt: z.string(),
  scenes: z.array(sceneRefSchema),
  spots: z.array(
    z.object({
      id: z.string(),
      quarter: z.string(),
      batchName: z.string(),
      detectedOn: z.iso.date(),
      areaM2: z.number(),
      /** Square metres shared with the case's spot. */
      overlapM2: z.number(),
      typeName: z.string().nullable(),
    }),
  ),
});
export type RectificationEvidence = z.infer<typeof rectificationEvidenceSchema>;

export const caseDetailSchema = caseSummarySchema.extend({
  batch: z.object({
    id: z.string(),
    quarter: z.string(),
    name: z.string(),
    pushedOn: z.iso.date(),
    checkDue: z.iso.date(),
    reviewDue: z.iso.date(),
    confirmDue: z.iso.date(),
    demo: z.boolean(),
  }),
  /** Province, city, county (names in my language). */
  regionPath: z.array(z.object({ code: z.string(), name: z.string() })),
  /** The spot push batches that brought the case (issue 35.3: part 1 receives its spots through them), oldest first. */
  pushBatches: z.array(z.object({ batchId: z.string(), quarter: z.string(), createdAt: z.string() })),
  themeSpotId: z.string().nullable(),
  farmlandM2: z.number(),
  basicFarmlandM2: z.number(),
  ecoRedlineM2: z.number(),
  before: sceneRefSchema.nullable(),
  after: sceneRefSchema.nullable(),
  beforeDate: z.iso.date().nullable(),
  afterDate: z.iso.date().nullable(),
  form: z.object({
    verdict: z.enum(VERIFICATION_VERDICTS).nullable(),
    reasonCode: z.string().nullable(),
    reasonName: z.string().nullable(),
    approvalNo: z.string().nullable(),
    builder: z.string().nullable(),
    buildDate: z.iso.date().nullable(),
    remarks: z.string().nullable(),
  }),
  /** The moves my roles may make now, with whether each needs a note. */
  moves: z.array(z.object({ to: z.enum(VERIFICATION_STATUSES), toName: z.string(), noteRequired: z.boolean() })),
  /** My roles that reach the case. */
  myRoles: z.array(z.string()),
  history: z.array(historyEntrySchema),
  /** What could show a rectified illegal case was restored (null at any other stage). */
  rectification: rectificationEvidenceSchema.nullable(),
  /** How long the case has been with whom (null once closed): the sentence in my language and its figures. */
  holding: z
    .object({
      text: z.string(),
      role: z.enum(['checker', 'reviewer', 'confirmer']),
      level: z.enum(['county', 'city', 'province']),
      regionName: z.string(),
      since: z.string(),
      daysHeld: z.number().int(),
      daysOverdue: z.number().int().nullable(),
    })
    .nullable(),
  /** [west, south, east, north] of the spot. */
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
});
export type CaseDetail = z.infer<typeof caseDetailSchema>;

export const caseDetailContract = defineContract({
  method: 'GET',
  path: '/api/push-spot-bjhs/v3/spot-meta/detail/{id}',
  summary:
    'One verification case: the spot (areas by land class, before/after scenes), its batch and due dates, the form, the history, and the moves my roles may make now (404 outside my range)',
  tag: TAG,
  access: 'login',
  params: caseParams,
  response: caseDetailSchema,
});

export const casePositionContract = defineContract({
  method: 'GET',
  path: '/api/push-spot-bjhs/v3/spot-meta/position/{id}',
  summary: 'Where a verification case’s spot is: its outline (GeoJSON), bounding box and a point inside it (404 outside my range)',
  tag: TAG,
  access: 'login',
  params: caseParams,
  response: z.object({
    id: z.string(),
    geometry: z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(z.tuple([z.number(), z.number()])))) }),
    bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
    center: z.tuple([z.number(), z.number()]),
  }),
});

/** The mix of a set of cases: by stage, verdict and change type, with counts and areas. */
export const caseMixSchema = z.object({
  total: z.object({ count: z.number().int(), areaM2: z.number(), overdue: z.number().int() }),
  byStage: z.array(z.object({ value: z.enum(VERIFICATION_STATUSES), name: z.string(), count: z.number().int(), areaM2: z.number() })),
  byVerdict: z.array(z.object({ value: z.enum(VERIFICATION_VERDICTS), name: z.string(), count: z.number().int(), areaM2: z.number() })),
  byChangeType: z.array(z.object({ value: z.string(), name: z.string(), count: z.number().int(), areaM2: z.number() })),
});
export type CaseMix = z.infer<typeof caseMixSchema>;

export const caseMixContract = defineContract({
  method: 'GET',
  path: '/api/push-spot-bjhs/v3/spot-meta/statistics',
  summary:
    'The mix of the verification cases in my range under the filters: counts and areas by stage, verdict and change type, and how many are overdue',
  tag: TAG,
  access: 'login',
  query: caseFiltersSchema,
  response: caseMixSchema,
});

export const regionFiguresQuerySchema = caseFiltersSchema.extend({
  level: z.enum(['province', 'city', 'county'], issue('badLevel')).optional(),
});

export const regionFigureSchema = z.object({
  code: z.string(),
  name: z.string(),
  count: z.number().int(),
  areaM2: z.number(),
  byStage: stageCounts,
  byVerdict: verdictCounts,
  overdue: z.number().int(),
  /** Of the cases submitted at least once, the share first submitted by the check's due date (null: none submitted). */
  onTimeShare: z.number().nullable(),
  /** Of the illegal cases marked rectified (awaiting the province), how many a scene acquired since covers (issue 34.3). */
  rectifiedWithImagery: z.number().int(),
});
export type RegionFigure = z.infer<typeof regionFigureSchema>;

export const regionFiguresSchema = z.object({
  region: z.object({ code: z.string(), name: z.string() }),
  items: z.array(regionFigureSchema),
  total: regionFigureSchema,
});
export type RegionFigures = z.infer<typeof regionFiguresSchema>;

export const regionFiguresContract = defineContract({
  method: 'GET',
  path: '/api/process-spot-bjhs/v1/process/statistics',
  summary:
    'Verification figures by region (the children of `region`, or every region of `level` in it): cases, area, per stage and verdict, overdue, and the on-time share — counted over my range only',
  tag: TAG,
  access: 'login',
  query: regionFiguresQuerySchema,
  response: regionFiguresSchema,
});

export const batchSummarySchema = z.object({
  id: z.string(),
  quarter: z.string(),
  provinceCode: z.string(),
  name: z.string(),
  pushedOn: z.iso.date(),
  checkDue: z.iso.date(),
  reviewDue: z.iso.date(),
  confirmDue: z.iso.date(),
  demo: z.boolean(),
  /** Counted over my range (and the source of the path). */
  count: z.number().int(),
  closed: z.number().int(),
  overdue: z.number().int(),
  byStage: stageCounts,
});
export type BatchSummary = z.infer<typeof batchSummarySchema>;

const batchListQuery = z.object({
  quarter: z
    .string()
    .regex(/^[0-9]{4}Q[1-4]$/, issue('badQuarter'))
    .optional(),
});

export const batchListContract = defineContract({
  method: 'GET',
  path: '/api/push-spot-bjhs/v3/spot-tar-meta/query',
  summary:
    'The verification batches of automatically extracted spots that reach my range, newest first, with their due dates and my range’s counts per stage',
  tag: TAG,
  access: 'login',
  query: batchListQuery,
  response: z.array(batchSummarySchema),
});

export const keyChangeBatchListContract = defineContract({
  method: 'GET',
  path: '/api/push-spot-zdbh/v3/spot-tar-meta/query',
  summary:
    'The verification batches of key-change spots (重点变化) that reach my range, newest first, with their due dates and my range’s counts per stage',
  tag: TAG,
  access: 'login',
  query: batchListQuery,
  response: z.array(batchSummarySchema),
});

const batchStatsQuery = z.object({ batchId: idQuery });

export const batchMixContract = defineContract({
  method: 'GET',
  path: '/api/push-spot-bjhs/v3/spot-tar-meta/statistics',
  summary: 'The mix of one batch’s automatically extracted spots in my range: by stage, verdict and change type',
  tag: TAG,
  access: 'login',
  query: batchStatsQuery,
  response: caseMixSchema,
});

export const keyChangeBatchMixContract = defineContract({
  method: 'GET',
  path: '/api/push-spot-zdbh/v3/spot-tar-meta/statistics',
  summary: 'The mix of one batch’s key-change spots in my range: by stage, verdict and change type',
  tag: TAG,
  access: 'login',
  query: batchStatsQuery,
  response: caseMixSchema,
});

const regionRef = z.object({ code: z.string(), nameZh: z.string().nullable(), nameEn: z.string().nullable() });
const holderSchema = z.object({
  role: z.enum(['checker', 'reviewer', 'confirmer']),
  level: z.enum(['county', 'city', 'province']),
  region: regionRef,
});

export const overdueQuerySchema = z.object({
  ...paging,
});

export const overdueListContract = defineContract({
  method: 'GET',
  path: '/api/process-spot-bjhs/v1/process/overdue',
  summary:
    'The overdue cases escalated to me: past their stage’s due date and held one level below my reviewer or confirmer regions (a county’s checks for its city, a city’s reviews for its province, a province’s for administrators), the most overdue first, with counts by holding region',
  tag: TAG,
  access: 'login',
  query: overdueQuerySchema,
  response: z.object({
    today: z.iso.date(),
    total: z.number().int(),
    byRegion: z.array(
      z.object({ region: regionRef, role: holderSchema.shape.role, level: holderSchema.shape.level, count: z.number().int() }),
    ),
    cases: z.array(
      z.object({
        id: z.string(),
        spotNo: z.string(),
        batchId: z.string(),
        status: z.enum(VERIFICATION_STATUSES),
        county: regionRef,
        holder: holderSchema,
        escalatedTo: z.enum(['reviewer', 'confirmer', 'admin']),
        stageDue: z.iso.date(),
        daysOverdue: z.number().int(),
        since: z.string(),
        daysHeld: z.number().int(),
      }),
    ),
  }),
});

// ————— Reports and exports (issue 33.6) —————

export const REPORT_LANGUAGES = ['zh', 'en'] as const;
const langQuery = z.enum(REPORT_LANGUAGES, issue('badLanguage')).optional();

export const caseReportContract = defineContract({
  method: 'GET',
  path: '/api/process-spot-bjhs/v1/process/report/{id}',
  summary:
    'One verification case as a PDF report (`?lang=zh|en`, default the request’s language): the spot on its county’s map, the before/after quick-looks, the form, the areas by land class, field photos when there are any, the history and the record chain’s check with its head hash. For whoever may open the case’s page (404 outside my range)',
  tag: TAG,
  access: 'login',
  params: caseParams,
  query: z.object({ lang: langQuery }),
  response: z.custom<Response>((v) => v instanceof Response),
  heavy: true,
});

export const CASE_EXPORT_FORMATS = ['csv', 'geojson', 'shp'] as const;
export type CaseExportFormat = (typeof CASE_EXPORT_FORMATS)[number];

export const CASE_EXPORT_LIMITS = {
  /** Cases in one export; more is refused with the number that matched. */
  maxRows: 20_000,
  /** How long a download link is valid. */
  linkTtlSeconds: 24 * 3600,
} as const;

const exportOptions = {
  format: z.enum(CASE_EXPORT_FORMATS, issue('badFormat')),
  /** The language of headers and names in the file (default the request's). */
  lang: langQuery,
};

/**
 * An export of the cases the case list shows under the same filters (the same text values as the list's query:
 * lists comma-separated, flags 'true'/'false'), in my range only.
 */
export const caseExportBodySchema = caseFiltersSchema.extend(exportOptions);
export type CaseExportBody = z.input<typeof caseExportBodySchema>;

/** One batch's cases (of the path's source), narrowed by the same filters. */
export const batchExportBodySchema = caseFiltersSchema.omit({ source: true }).extend({ ...exportOptions, batchId: idQuery });

export const exportJobSchema = z.object({
  /** The export's id: ask for its state at `…/process/export/{id}`. */
  id: z.string(),
  format: z.enum(CASE_EXPORT_FORMATS),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  /** 0–1. */
  progress: z.number(),
  /** Cases that matched when it was asked for. */
  matched: z.number().int(),
  /** Cases written (when done). */
  rows: z.number().int().nullable(),
  fileName: z.string().nullable(),
  bytes: z.number().int().nullable(),
  /** When done: a signed link valid for the user who asked only, for CASE_EXPORT_LIMITS.linkTtlSeconds. */
  download: z.object({ url: z.string(), expires: z.number().int() }).nullable(),
  /** When failed: why, in my language. */
  failure: z.string().nullable(),
  createdAt: z.string(),
});
export type ExportJob = z.infer<typeof exportJobSchema>;

export const caseExportContract = defineContract({
  method: 'POST',
  path: '/api/process-spot-bjhs/v1/process/export',
  summary: `Export the verification cases in my range under the case list’s filters as CSV (UTF-8, formulas defused), GeoJSON or a zipped shapefile: a job on the queue, answered at once with its id (at most ${CASE_EXPORT_LIMITS.maxRows} cases; more is refused with how many matched)`,
  tag: TAG,
  access: 'login',
  body: caseExportBodySchema,
  response: exportJobSchema,
});

export const batchExportContract = defineContract({
  method: 'POST',
  path: '/api/push-spot-bjhs/v3/spot-tar-meta/export',
  summary:
    'Export one batch’s automatically extracted spots in my range (CSV, GeoJSON or zipped shapefile) as a job, as `…/process/export`',
  tag: TAG,
  access: 'login',
  body: batchExportBodySchema,
  response: exportJobSchema,
});

export const keyChangeBatchExportContract = defineContract({
  method: 'POST',
  path: '/api/push-spot-zdbh/v3/spot-tar-meta/export',
  summary: 'Export one batch’s key-change spots in my range (CSV, GeoJSON or zipped shapefile) as a job, as `…/process/export`',
  tag: TAG,
  access: 'login',
  body: batchExportBodySchema,
  response: exportJobSchema,
});

const exportParams = z.object({
  jobId: z.coerce
    .number(issue('badExportId'))
    .int(issue('badExportId'))
    .min(1, issue('badExportId'))
    .max(Number.MAX_SAFE_INTEGER, issue('badExportId')),
});

export const exportJobContract = defineContract({
  method: 'GET',
  path: '/api/process-spot-bjhs/v1/process/export/{jobId}',
  summary:
    'Where one of my exports stands: queued, running (with progress), done (with a signed download link) or failed (404 for anyone else’s)',
  tag: TAG,
  access: 'login',
  params: exportParams,
  response: exportJobSchema,
});

export const exportDownloadContract = defineContract({
  method: 'GET',
  path: '/api/process-spot-bjhs/v1/process/export/{jobId}/download',
  summary:
    'The file of one of my finished exports, by the signed link its state gives (valid for the user who asked only, until it expires)',
  tag: TAG,
  access: 'login',
  params: exportParams,
  query: z.object({ expires: z.string().max(20).optional(), sig: z.string().max(100).optional() }),
  response: z.custom<Response>((v) => v instanceof Response),
});

// ————— Field photos (issue 34.1) —————

const photoParams = caseParams.extend({
  photoId: z.coerce
    .number(issue('badPhotoId'))
    .int(issue('badPhotoId'))
    .min(1, issue('badPhotoId'))
    .max(Number.MAX_SAFE_INTEGER, issue('badPhotoId')),
});

const coordinate = (max: number) => z.coerce.number(issue('badTapped')).min(-max, issue('badTapped')).max(max, issue('badTapped'));

/** The view a photo shows and, when the user tapped on the map where they stood, that position (both or neither). */
export const photoUploadQuerySchema = z
  .object({
    kind: z.enum(PHOTO_VIEW_KINDS, issue('badViewKind')),
    tappedLon: coordinate(180).optional(),
    tappedLat: coordinate(90).optional(),
  })
  .refine((q) => (q.tappedLon === undefined) === (q.tappedLat === undefined), issue('badTapped'));
export type PhotoUploadQuery = z.input<typeof photoUploadQuerySchema>;

const lonLat = z.tuple([z.number(), z.number()]);

export const casePhotoSchema = z.object({
  id: z.string(),
  kind: z.enum(PHOTO_VIEW_KINDS),
  /** Who added it (user name), and whether it was me. */
  uploadedBy: z.string().nullable(),
  mine: z.boolean(),
  /** I may delete it now (my own photo, while the case is with me as checker). */
  canDelete: z.boolean(),
  createdAt: z.string(),
  /** From the EXIF. */
  takenAt: z.string().nullable(),
  position: lonLat.nullable(),
  heading: z.number().nullable(),
  device: z.string().nullable(),
  /** Where the user tapped on the map. */
  tapped: lonLat.nullable(),
  /** Metres to the spot's outline (0 inside) and to the tapped position. */
  distanceM: z.number().nullable(),
  tappedGapM: z.number().nullable(),
  flags: z.array(z.enum(PHOTO_FLAGS)),
  /** The original as uploaded: its SHA-256, size and type; `url` downloads it. */
  original: z.object({
    url: z.string(),
    sha256: z.string(),
    bytes: z.number().int(),
    mime: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  }),
  /** The copy with the server's caption. */
  display: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }),
});
export type CasePhoto = z.infer<typeof casePhotoSchema>;

export const casePhotosSchema = z.object({
  /** The batch's threshold (m) for "far from the spot" and "away from where you tapped". */
  distanceM: z.number().int(),
  /** The batch's minimum per view kind against the photos there are. */
  tally: z.array(z.object({ kind: z.enum(PHOTO_VIEW_KINDS), needed: z.number().int(), have: z.number().int() })),
  /** I may add photos now (a checker whose region reaches the case, while it is being checked or was returned). */
  canAdd: z.boolean(),
  photos: z.array(casePhotoSchema),
});
export type CasePhotos = z.infer<typeof casePhotosSchema>;

export const casePhotosContract = defineContract({
  method: 'GET',
  path: '/api/process-spot-bjhs/v1/process/{id}/photos',
  summary:
    'A verification case’s field photos with their EXIF (position, time, heading, device), flags and captioned copies, and the batch’s minimum per view kind against what there is (404 outside my range)',
  tag: TAG,
  access: 'login',
  params: caseParams,
  response: casePhotosSchema,
});

export const uploadCasePhotoContract = defineContract({
  method: 'POST',
  path: '/api/process-spot-bjhs/v1/process/{id}/photos',
  summary: `Add a field photo (raw body: a JPEG or PNG of at most ${PHOTO_LIMITS.maxBytes / 1024 / 1024} MB, ${PHOTO_LIMITS.maxSide} px a side and ${PHOTO_LIMITS.maxPixels / 1_000_000} megapixels): the original is kept byte for byte with its SHA-256, a copy is captioned by the server, and it is flagged when far from the spot, older than the batch, without GPS or away from the tapped position. Only a checker whose region reaches the case while it is being checked or was returned (404 outside my range, 403 otherwise); a refused file stores nothing`,
  tag: TAG,
  access: 'login',
  params: caseParams,
  query: photoUploadQuerySchema,
  response: casePhotoSchema,
});

export const deleteCasePhotoContract = defineContract({
  method: 'DELETE',
  path: '/api/process-spot-bjhs/v1/process/{id}/photos/{photoId}',
  summary: 'Delete one of my own photos of a case while the case is with me as checker (404 outside my range or for another case’s photo)',
  tag: TAG,
  access: 'login',
  params: photoParams,
  response: z.object({ deleted: z.boolean() }),
});

export const PHOTO_COPIES = ['display', 'original'] as const;

export const casePhotoFileContract = defineContract({
  method: 'GET',
  path: '/api/process-spot-bjhs/v1/process/{id}/photos/{photoId}/{copy}',
  summary:
    'A case photo’s captioned copy (`display`, JPEG) or its original as uploaded (`original`), for whoever may open the case (404 otherwise)',
  tag: TAG,
  access: 'login',
  params: photoParams.extend({ copy: z.enum(PHOTO_COPIES, issue('badPhotoId')) }),
  response: z.custom<Response>((v) => v instanceof Response),
});

// ————— Field routes (issue 34.4) —————

const routeCoordinate = (max: number) =>
  z.coerce.number(issue('badPosition')).min(-max, issue('badPosition')).max(max, issue('badPosition'));

/**
 * Whose spots and from where: a county's cases waiting to be checked (pushed, being checked, returned) that my
 * checker role reaches, optionally of one batch; the start is my position when both `lon` and `lat` are given.
 */
const fieldRouteQuery = z.object({
  county: z.string().regex(/^[1-9]\d{5}$/, issue('badCounty')),
  batchId: idQuery.optional(),
  lon: routeCoordinate(180).optional(),
  lat: routeCoordinate(90).optional(),
});
const bothOrNeither = (q: { lon?: number; lat?: number }) => (q.lon === undefined) === (q.lat === undefined);
export const fieldRouteQuerySchema = fieldRouteQuery.refine(bothOrNeither, { ...issue('badPosition'), path: ['lon'] });
export type FieldRouteQuery = z.infer<typeof fieldRouteQuerySchema>;

export const fieldRouteSchema = z.object({
  county: z.object({ code: z.string(), name: z.string() }),
  /** Whether the route starts from the position given (else from its first stop). */
  fromPosition: z.boolean(),
  /** [longitude, latitude] of the start. */
  start: z.tuple([z.number(), z.number()]),
  stops: z.array(
    z.object({
      id: z.string(),
      spotNo: z.string(),
      status: z.enum(VERIFICATION_STATUSES),
      statusName: z.string(),
      position: z.tuple([z.number(), z.number()]),
      /** Metres from the previous stop (from the start for the first; 0 when the route starts there). */
      legM: z.number(),
    }),
  ),
  /** Metres in straight (great-circle) lines. */
  totalM: z.number(),
  /** Metres of the nearest-neighbour order before it was improved. */
  nearestNeighbourM: z.number(),
  /** Whether the improvement stopped at its cap of candidate moves. */
  capped: z.boolean(),
  /** The most stops a route takes. */
  maxStops: z.number().int(),
});
export type FieldRoute = z.infer<typeof fieldRouteSchema>;

export const fieldRouteContract = defineContract({
  method: 'GET',
  path: '/api/process-spot-bjhs/v1/process/field-route',
  summary:
    'The visiting order of a county’s spots waiting to be checked that my checker role reaches (at most 500): nearest neighbour from my position (`lon`, `lat`) or the first spot, improved by 2-opt and Or-opt, on straight-line (great-circle) distances — no roads — with the metres of each leg and in all (404 for a county outside my checker ranges)',
  tag: TAG,
  access: 'login',
  query: fieldRouteQuerySchema,
  response: fieldRouteSchema,
});

export const FIELD_ROUTE_FORMATS = ['gpx', 'kml'] as const;

export const fieldRouteFileContract = defineContract({
  method: 'GET',
  path: '/api/process-spot-bjhs/v1/process/field-route/download',
  summary:
    'The same route as a file for a navigation app: GPX 1.1 (waypoints and a route) or KML 2.2 (placemarks and the line), names in my language',
  tag: TAG,
  access: 'login',
  query: fieldRouteQuery
    .extend({ format: z.enum(FIELD_ROUTE_FORMATS, issue('badRouteFormat')), lang: langQuery })
    .refine(bothOrNeither, { ...issue('badPosition'), path: ['lon'] }),
  response: z.custom<Response>((v) => v instanceof Response),
});

export const VERIFICATION_CONTRACTS = [
  casePhotosContract,
  uploadCasePhotoContract,
  deleteCasePhotoContract,
  casePhotoFileContract,
  overdueListContract,
  moveCaseContract,
  verifyCaseChainContract,
  caseListContract,
  caseBulkContract,
  caseDetailContract,
  casePositionContract,
  caseMixContract,
  regionFiguresContract,
  batchListContract,
  keyChangeBatchListContract,
  batchMixContract,
  keyChangeBatchMixContract,
  caseReportContract,
  caseExportContract,
  batchExportContract,
  keyChangeBatchExportContract,
  exportJobContract,
  exportDownloadContract,
  fieldRouteContract,
  fieldRouteFileContract,
];

export type { VerificationStatus, VerificationVerdict };
