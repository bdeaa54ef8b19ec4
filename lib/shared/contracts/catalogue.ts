/**
 * Image query API (`/api/normal/v5/normalmeta/…`, spec §7): search the scene catalogue by satellite and
 * sensor, cloud, date, resolution, level, online status and one area of interest (spec §4 selection
 * modes REGION 1, EXTENT 2, SHP 3 (an uploaded area), DRAW 4, FILE 5 (an uploaded scene list)). Public:
 * anyone may search; an upload is named by its unguessable id while it lives (CATALOGUE_LIMITS.uploadTtlHours).
 * The filter is the same object the STAC API's search is translated into, so both agree
 * (lib/server/catalogue/query.ts builds the SQL of both, its areas from lib/server/areas).
 */
import { z } from 'zod';
import type zh from '../../../messages/zh.json';
import { defineContract, localizedIssue, pageSchema } from './api';

/** Spec §4 selection modes. */
export const SELECT_MODES = { REGION: 1, EXTENT: 2, SHP: 3, DRAW: 4, FILE: 5 } as const;
/** Spec §4 sidebar tabs. */
export const SIDEBAR_TABS = { SELECT: 1, RESULT: 2, COVERAGE: 3 } as const;

export const CATALOGUE_LIMITS = {
  /** Vertices of a drawn area kept at full resolution (never simplified, never replaced by its bbox). */
  maxVertices: 10_000,
  /** Region codes in one REGION search. */
  maxRegions: 50,
  /** Collections (satellite + sensor) in one search. */
  maxCollections: 200,
  pageSizeMax: 100,
  /** `allids` returns at most this many ids and says when it cut the list. */
  allIdsCap: 10_000,
  /**
   * Sorting by coverage measures every match against the area before the first page can be cut (~1–3 ms a match on
   * the embedded database, which no statement timeout stops): more matches than this are refused up front, after
   * a count, with Catalogue.errors.coverageSortTooMany (issue 32.2).
   */
  coverageSortMaxMatches: 3_000,
  /** SCENE_FILTER of the density map layer (a URL parameter); the screen sends a larger drawn area as its extent. */
  sceneFilterMaxChars: 16_384,
  /** An uploaded area or scene list lives this long after its upload (its id is its key). */
  uploadTtlHours: 24,
  /** Body of a search (a 10,000-vertex polygon is about 400 KB of JSON). */
  maxBodyBytes: 1_048_576,
} as const;

type CatalogueErrorKey = keyof (typeof zh)['Catalogue']['errors'];
const issue = (key: CatalogueErrorKey) => ({ error: localizedIssue(`Catalogue.errors.${key}`) });

const finite = z.number(issue('badNumber')).finite(issue('badNumber'));
const lon = finite.min(-180, issue('badLongitude')).max(180, issue('badLongitude'));
const lat = finite.min(-90, issue('badLatitude')).max(90, issue('badLatitude'));
const position = z.tuple([lon, lat], issue('badPosition')).rest(finite);
/** A linear ring: closed, at least four positions. */
const ring = z
  .array(position, issue('badGeometry'))
  .min(4, issue('ringTooShort'))
  .refine((r) => r.length < 4 || (r[0]![0] === r[r.length - 1]![0] && r[0]![1] === r[r.length - 1]![1]), issue('ringNotClosed'));
const polygonCoordinates = z.array(ring, issue('badGeometry')).min(1, issue('badGeometry'));

export const polygonSchema = z.object({ type: z.literal('Polygon'), coordinates: polygonCoordinates });
export const multiPolygonSchema = z.object({
  type: z.literal('MultiPolygon'),
  coordinates: z.array(polygonCoordinates, issue('badGeometry')).min(1, issue('badGeometry')),
});

/** Positions of a polygon or multipolygon, counted before any work is done on it. */
export function vertexCount(geometry: z.infer<typeof polygonSchema> | z.infer<typeof multiPolygonSchema>): number {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let n = 0;
  for (const polygon of polygons) for (const r of polygon) n += r.length;
  return n;
}

/** [west, south, east, north] of a polygon or multipolygon. */
export function areaBbox(geometry: z.infer<typeof polygonSchema> | z.infer<typeof multiPolygonSchema>): [number, number, number, number] {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  for (const polygon of polygons)
    for (const ring of polygon)
      for (const [lon, lat] of ring) {
        box[0] = Math.min(box[0], lon);
        box[1] = Math.min(box[1], lat);
        box[2] = Math.max(box[2], lon);
        box[3] = Math.max(box[3], lat);
      }
  return box;
}

export const areaGeometrySchema = z
  .discriminatedUnion('type', [polygonSchema, multiPolygonSchema], issue('badGeometry'))
  .refine((g) => vertexCount(g) <= CATALOGUE_LIMITS.maxVertices, issue('tooManyVertices'));
export type AreaGeometry = z.infer<typeof areaGeometrySchema>;

/** The id of an upload (uuid v4, minted by the server). */
export const uploadIdSchema = z
  .string(issue('badUploadId'))
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/, issue('badUploadId'));

const regionCode = z.string(issue('badRegion')).regex(/^[1-9]\d{5}$/, issue('badRegion'));

export const bboxSchema = z.tuple([lon, lat, lon, lat], issue('badBbox')).refine(([w, s, e, n]) => w < e && s < n, issue('badBbox'));
export type Bbox = z.infer<typeof bboxSchema>;

/** The one area of interest of a search (spec §4 modes). */
export const areaSchema = z.discriminatedUnion(
  'mode',
  [
    z.object({
      mode: z.literal(SELECT_MODES.REGION),
      regionCodes: z.array(regionCode).min(1, issue('regionRequired')).max(CATALOGUE_LIMITS.maxRegions, issue('tooManyRegions')),
    }),
    z.object({ mode: z.literal(SELECT_MODES.EXTENT), bbox: bboxSchema }),
    z.object({ mode: z.literal(SELECT_MODES.DRAW), geometry: areaGeometrySchema }),
    /** An uploaded area (shapefile, GeoJSON, KML), dissolved into one area at upload. */
    z.object({ mode: z.literal(SELECT_MODES.SHP), uploadId: uploadIdSchema }),
    /** An uploaded scene list: the scenes named (file names) or on the listed path/rows (PR, OPR). */
    z.object({ mode: z.literal(SELECT_MODES.FILE), uploadId: uploadIdSchema }),
  ],
  issue('badMode'),
);
export type SearchArea = z.infer<typeof areaSchema>;

const isoDate = z
  .string(issue('badDate'))
  .regex(/^\d{4}-\d{2}-\d{2}$/, issue('badDate'))
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), issue('badDate'));
const percent = finite.min(0, issue('badCloud')).max(100, issue('badCloud'));
const metres = finite.min(0, issue('badResolution')).max(10_000, issue('badResolution'));

export const SORT_FIELDS = ['time', 'cloud', 'coverage'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

/**
 * The filters of a search. Every field is optional; absent means "any". Cloud limits apply to optical
 * scenes: radar scenes have no cloud cover and pass any cloud limit (they see through cloud).
 * Dates are UTC calendar days, both ends included.
 */
export const sceneFilterSchema = z
  .object({
    collections: z
      .array(z.string(issue('badCollection')).regex(/^[a-z0-9][a-z0-9._-]{0,63}$/, issue('badCollection')))
      .max(CATALOGUE_LIMITS.maxCollections, issue('tooManyCollections'))
      .optional(),
    cloudMin: percent.optional(),
    cloudMax: percent.optional(),
    dateFrom: isoDate.optional(),
    dateTo: isoDate.optional(),
    resolutionMin: metres.optional(),
    resolutionMax: metres.optional(),
    productLevels: z
      .array(z.string(issue('badLevel')).regex(/^[A-Za-z0-9_-]{1,32}$/, issue('badLevel')))
      .max(20, issue('badLevel'))
      .optional(),
    online: z.boolean(issue('badOnline')).optional(),
    area: areaSchema.optional(),
  })
  .refine((f) => f.cloudMin === undefined || f.cloudMax === undefined || f.cloudMin <= f.cloudMax, issue('cloudRange'))
  .refine((f) => !f.dateFrom || !f.dateTo || f.dateFrom <= f.dateTo, issue('dateRange'))
  .refine(
    (f) => f.resolutionMin === undefined || f.resolutionMax === undefined || f.resolutionMin <= f.resolutionMax,
    issue('resolutionRange'),
  );
export type SceneFilter = z.infer<typeof sceneFilterSchema>;

export const sceneSearchBodySchema = z.object({
  filter: sceneFilterSchema.default({}),
  sort: z.enum(SORT_FIELDS, issue('badSort')).default('time'),
  order: z.enum(['asc', 'desc'], issue('badSort')).default('desc'),
  pageNum: z.number(issue('badPage')).int(issue('badPage')).min(1, issue('badPage')).max(100_000, issue('badPage')).default(1),
  pageSize: z
    .number(issue('badPageSize'))
    .int(issue('badPageSize'))
    .min(1, issue('badPageSize'))
    .max(CATALOGUE_LIMITS.pageSizeMax, issue('badPageSize'))
    .default(20),
});
export type SceneSearchBody = z.input<typeof sceneSearchBodySchema>;
export type SceneSearch = z.output<typeof sceneSearchBodySchema>;

export const sceneSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  collection: z.string(),
  satellite: z.string(),
  sensor: z.string(),
  platform: z.string(),
  productLevel: z.string(),
  resolutionM: z.number(),
  /** ISO 8601 UTC. */
  acquiredAt: z.string(),
  /** Null for radar (and imported items without it). */
  cloudPct: z.number().nullable(),
  orbitNumber: z.number().int().nullable(),
  path: z.number().int().nullable(),
  row: z.number().int().nullable(),
  footprint: z.union([polygonSchema, multiPolygonSchema]),
  /** [lon, lat]. */
  centre: z.tuple([z.number(), z.number()]),
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  areaKm2: z.number(),
  sunElevation: z.number().nullable(),
  sunAzimuth: z.number().nullable(),
  offNadir: z.number().nullable(),
  sizeMb: z.number().nullable(),
  online: z.boolean(),
  /** Preview image URL: ours for demo scenes, the provider's thumbnail for imported ones (may be null). */
  quicklook: z.string().nullable(),
  source: z.enum(['demo', 'imported']),
  /** Share of the search area this scene covers, 0–100; null without an area. */
  coveragePct: z.number().nullable(),
  /** Imagery is served for it: tiles at /map/satellite-image/tiles/{id}/{style}/{z}/{x}/{y}.png and in the satellite-image WMTS. */
  hasImagery: z.boolean(),
});
export type Scene = z.infer<typeof sceneSchema>;

export const scenePageSchema = pageSchema(sceneSchema);
export type ScenePage = z.infer<typeof scenePageSchema>;

export const allIdsSchema = z.object({
  ids: z.array(z.string()),
  total: z.number().int(),
  /** The most ids one answer carries. */
  cap: z.number().int(),
  /** True when `total` exceeds `cap` and the list was cut. */
  capped: z.boolean(),
});
export type AllIds = z.infer<typeof allIdsSchema>;

export const fileNameQuerySchema = z.object({
  filename: z.string(issue('fileNameRequired')).trim().min(3, issue('fileNameTooShort')).max(255, issue('fileNameTooLong')),
  pageNum: z.coerce.number(issue('badPage')).int(issue('badPage')).min(1, issue('badPage')).max(100_000, issue('badPage')).default(1),
  pageSize: z.coerce
    .number(issue('badPageSize'))
    .int(issue('badPageSize'))
    .min(1, issue('badPageSize'))
    .max(CATALOGUE_LIMITS.pageSizeMax, issue('badPageSize'))
    .default(20),
});

export const sceneIdParamsSchema = z.object({
  id: z.string(issue('badSceneId')).regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/, issue('badSceneId')),
});

export const searchScenesContract = defineContract({
  method: 'POST',
  path: '/api/normal/v5/normalmeta/base',
  publishedRead: true,
  // Sorting by coverage computes every match's share of the area; the other orders read an index.
  heavy: ({ body }) => (body as { sort?: string } | undefined)?.sort === 'coverage',
  summary: 'Search the scene catalogue: filters, one area of interest, sorted and paged, with the total',
  tag: 'Catalogue',
  access: 'public',
  body: sceneSearchBodySchema,
  response: scenePageSchema,
  maxBodyBytes: CATALOGUE_LIMITS.maxBodyBytes,
});

export const allSceneIdsContract = defineContract({
  method: 'POST',
  path: '/api/normal/v5/normalmeta/allids',
  publishedRead: true,
  summary: `Every id matching a search (time order), at most ${CATALOGUE_LIMITS.allIdsCap}; capped says when the list was cut`,
  tag: 'Catalogue',
  access: 'public',
  body: sceneSearchBodySchema.pick({ filter: true }),
  response: allIdsSchema,
  maxBodyBytes: CATALOGUE_LIMITS.maxBodyBytes,
});

export const scenesByFileNameContract = defineContract({
  method: 'GET',
  path: '/api/normal/v5/normalmeta/filename',
  publishedRead: true,
  summary: 'Scenes whose file name contains the given text (case-insensitive), newest first',
  tag: 'Catalogue',
  access: 'public',
  query: fileNameQuerySchema,
  response: scenePageSchema,
});

export const getSceneContract = defineContract({
  method: 'GET',
  path: '/api/normal/v5/normalmeta/id/{id}',
  publishedRead: true,
  summary: 'One scene with all its metadata',
  tag: 'Catalogue',
  access: 'public',
  params: sceneIdParamsSchema,
  response: sceneSchema,
});

export const CATALOGUE_CONTRACTS = [searchScenesContract, allSceneIdsContract, scenesByFileNameContract, getSceneContract];
