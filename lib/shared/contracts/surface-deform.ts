/**
 * Surface deformation API (spec §7 `/api/surface-deformation/v1`: base, allids, unionarea, upload/shp,
 * upload/file/v2/FILE_NAMES, template/filenames/v2, exports, grid/value-v2; ADR 0015). Every call needs
 * the theme's permission (MOD_076); the rate grid also an area range, and answers only cells inside it.
 *
 * The products are searched like the image query's scenes, with its areas of interest (REGION, EXTENT,
 * DRAW, an uploaded area SHP, an uploaded file-name list FILE), its uploads and its refusals: the same
 * schemas and server code (lib/server/catalogue), only the product table differs.
 */
import { z } from 'zod';
import type zh from '../../../messages/zh.json';
import { PERMISSIONS } from '../permissions';
import { DEFORM_MISSIONS, DEFORM_PASSES } from '../themes/surface-deform';
import { defineContract, localizedIssue, pageSchema } from './api';
import { allIdsSchema, areaSchema, CATALOGUE_LIMITS, polygonSchema, SELECT_MODES } from './catalogue';
import { unionAreaSchema } from './coverage';
import { AREA_UPLOAD_LIMITS, uploadedAreaSchema } from './uploads';
import { sceneListSchema, templateQuerySchema } from './scene-lists';

export const DEFORM_API = '/api/surface-deformation/v1';

export const DEFORM_LIMITS = {
  pageSizeMax: 100,
  /** Rows of one export (CSV). */
  maxExportRows: 10_000,
  /** Products in one union (the coverage analysis' cap). */
  maxUnionIds: 1_000,
} as const;

type DeformErrorKey = keyof (typeof zh)['Deformation']['errors'];
const issue = (key: DeformErrorKey) => ({ error: localizedIssue(`Deformation.errors.${key}`) });

const access = { permission: PERMISSIONS.SURFACE_DEFORM } as const;
const tag = 'Surface deformation';

const MISSION_VALUES = DEFORM_MISSIONS.map((m) => m.value) as [string, ...string[]];
const PASS_VALUES = DEFORM_PASSES.map((p) => p.value) as [string, ...string[]];

const isoDate = z
  .string(issue('badDate'))
  .regex(/^\d{4}-\d{2}-\d{2}$/, issue('badDate'))
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), issue('badDate'));

/** A product id (its stack name). */
export const productIdSchema = z.string(issue('badId')).regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, issue('badId'));

/**
 * The filters of a product search; absent means any. Dates select the stacks whose span meets
 * [dateFrom, dateTo] (both days included); the area is the image query's (spec §4 modes).
 */
export const deformFilterSchema = z
  .object({
    missions: z.array(z.enum(MISSION_VALUES, issue('badMission'))).max(10, issue('badMission')).optional(),
    passes: z.array(z.enum(PASS_VALUES, issue('badPass'))).max(2, issue('badPass')).optional(),
    dateFrom: isoDate.optional(),
    dateTo: isoDate.optional(),
    area: areaSchema.optional(),
  })
  .refine((f) => !f.dateFrom || !f.dateTo || f.dateFrom <= f.dateTo, issue('dateRange'));
export type DeformFilter = z.infer<typeof deformFilterSchema>;

export const productSearchBodySchema = z.object({
  filter: deformFilterSchema.default({}),
  order: z.enum(['asc', 'desc'], issue('badOrder')).default('desc'),
  pageNum: z.number(issue('badPage')).int(issue('badPage')).min(1, issue('badPage')).max(100_000, issue('badPage')).default(1),
  pageSize: z
    .number(issue('badPage'))
    .int(issue('badPage'))
    .min(1, issue('badPage'))
    .max(DEFORM_LIMITS.pageSizeMax, issue('badPage'))
    .default(20),
});
export type ProductSearchBody = z.input<typeof productSearchBodySchema>;
export type ProductSearch = z.output<typeof productSearchBodySchema>;

export const deformProductSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  mission: z.string(),
  satellite: z.string(),
  pass: z.enum(['ASC', 'DESC']),
  /** Relative orbit (track) and frame number. */
  track: z.number().int(),
  frame: z.number().int(),
  /** First and last acquisition of the stack (UTC days). */
  dateStart: z.string(),
  dateEnd: z.string(),
  /** Acquisitions in the stack. */
  epochs: z.number().int(),
  footprint: polygonSchema,
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  areaKm2: z.number(),
  sizeMb: z.number(),
  demo: z.boolean(),
});
export type DeformProduct = z.infer<typeof deformProductSchema>;
export const deformProductPageSchema = pageSchema(deformProductSchema);
export type DeformProductPage = z.infer<typeof deformProductPageSchema>;

export const searchProductsContract = defineContract({
  method: 'POST',
  path: `${DEFORM_API}/base`,
  summary: 'Search the InSAR deformation products: mission, pass, dates and one area of interest, newest first, with the total',
  tag,
  access,
  body: productSearchBodySchema,
  response: deformProductPageSchema,
  maxBodyBytes: CATALOGUE_LIMITS.maxBodyBytes,
});

export const allProductIdsContract = defineContract({
  method: 'POST',
  path: `${DEFORM_API}/allids`,
  summary: `Every product id matching a search (newest first), at most ${CATALOGUE_LIMITS.allIdsCap}`,
  tag,
  access,
  body: productSearchBodySchema.pick({ filter: true }),
  response: allIdsSchema,
  maxBodyBytes: CATALOGUE_LIMITS.maxBodyBytes,
});

/** The union needs an area (not a file list, which names products, not an area). */
export const productUnionBodySchema = z.object({
  filter: deformFilterSchema.refine((f) => f.area !== undefined && f.area.mode !== SELECT_MODES.FILE, issue('areaRequired')),
  ids: z.array(productIdSchema).min(1, issue('badId')).max(DEFORM_LIMITS.maxUnionIds, issue('tooManyIds')).optional(),
});

export const productUnionContract = defineContract({
  method: 'POST',
  path: `${DEFORM_API}/unionarea`,
  heavy: true,
  summary: 'The union of the products\u2019 footprints and its km² (in all, and inside the search area)',
  tag,
  access,
  body: productUnionBodySchema,
  response: unionAreaSchema,
  maxBodyBytes: CATALOGUE_LIMITS.maxBodyBytes + 131_072,
});

export const uploadDeformAreaContract = defineContract({
  method: 'POST',
  path: `${DEFORM_API}/upload/shp`,
  heavy: true,
  summary:
    'Upload a search area (multipart field `file`: zipped shapefile, GeoJSON, KML or KMZ), as the image query does: one WGS84 area kept for 24 h under the returned id',
  tag,
  access,
  response: uploadedAreaSchema,
  maxBodyBytes: AREA_UPLOAD_LIMITS.maxFileBytes + 64 * 1024,
  formBody: {
    files: [{ field: 'file', contentType: 'application/octet-stream', required: true, description: 'The area file' }],
  },
});

export const uploadDeformListContract = defineContract({
  method: 'POST',
  path: `${DEFORM_API}/upload/file/v2/FILE_NAMES`,
  summary: 'Upload a list of product file names (multipart field "file": .txt/.csv or .xlsx, one name per line), searched as area mode FILE',
  tag,
  access,
  response: sceneListSchema,
  formBody: {
    files: [{ field: 'file', contentType: 'application/octet-stream', required: true, description: 'The file-name list' }],
  },
});

export const deformTemplateContract = defineContract({
  method: 'GET',
  path: `${DEFORM_API}/template/filenames/v2`,
  summary: 'The file-name list template (xlsx or txt), with real product names as examples (a file download)',
  tag,
  access,
  query: templateQuerySchema,
  response: z.custom<Response>((v) => v instanceof Response),
});

export const deformExportQuerySchema = z.object({ lang: z.enum(['zh', 'en'], issue('badLang')).optional() });

export const deformExportBodySchema = z.object({
  filter: deformFilterSchema.default({}),
  ids: z.array(productIdSchema).max(DEFORM_LIMITS.maxExportRows, issue('tooManyIds')).optional(),
});

export const deformExportContract = defineContract({
  method: 'POST',
  path: `${DEFORM_API}/exports`,
  summary: `The products matching a search (or the checked ids among them) as CSV, at most ${DEFORM_LIMITS.maxExportRows} (a file download)`,
  tag,
  access,
  query: deformExportQuerySchema,
  body: deformExportBodySchema,
  response: z.custom<Response>((v) => v instanceof Response),
  maxBodyBytes: 2 * 1_048_576,
});

const lon = z.coerce.number(issue('badPoint')).min(-180, issue('badPoint')).max(180, issue('badPoint'));
const lat = z.coerce.number(issue('badPoint')).min(-85, issue('badPoint')).max(85, issue('badPoint'));

export const cellQuerySchema = z.object({ lon, lat });

export const deformCellSchema = z.object({
  /** Web-Mercator tile of the cell at `level`. */
  level: z.number().int(),
  x: z.number().int(),
  y: z.number().int(),
  /** [west, south, east, north]. */
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  xzqdm: z.string(),
  regionName: z.string().nullable(),
  /** Mean velocity, mm/a (negative: subsidence). */
  rate: z.number(),
  coherence: z.number(),
  /** Displacement (mm, relative to the first epoch) at each epoch. */
  series: z.array(z.object({ date: z.string(), mm: z.number() })),
});
export type DeformCell = z.infer<typeof deformCellSchema>;

export const cellValueContract = defineContract({
  method: 'GET',
  path: `${DEFORM_API}/grid/value-v2`,
  summary: 'The rate cell at a point with its displacement series, if it lies within the caller\u2019s area ranges (null where there is none)',
  tag,
  access,
  query: cellQuerySchema,
  response: deformCellSchema.nullable(),
});

export const DEFORMATION_CONTRACTS = [
  searchProductsContract,
  allProductIdsContract,
  productUnionContract,
  uploadDeformAreaContract,
  uploadDeformListContract,
  deformTemplateContract,
  deformExportContract,
  cellValueContract,
];
