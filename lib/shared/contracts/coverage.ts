/**
 * Coverage analysis of the image query (spec §4 sidebar tab COVERAGE 3, §7 `normalmeta/coverage`,
 * `coveragebyids`, `unionarea`, `fallfigure`, `notcovershp`): how much of the search area the chosen
 * scenes cover, per county, which scenes cover most ("fall figures"), the fewest scenes that cover the
 * most (a greedy set cover, lib/shared/catalogue/set-cover.ts) and the part left uncovered.
 *
 * Input: the search's filter with its area (REGION, EXTENT, DRAW or SHP; a FILE list has no area) and the
 * checked scene ids, or without ids the search's results (newest first) up to `COVERAGE_LIMITS.maxScenes`.
 * Areas are geodesic (PostGIS geography, WGS84 spheroid), computed from the exact geometry; the GeoJSON
 * of the uncovered part and of the union is simplified for display only.
 */
import { z } from 'zod';
import type zh from '../../../messages/zh.json';
import { defineContract, localizedIssue } from './api';
import { CATALOGUE_LIMITS, multiPolygonSchema, polygonSchema, SELECT_MODES, sceneFilterSchema, sceneIdParamsSchema } from './catalogue';

export const COVERAGE_LIMITS = {
  /** Scenes in one analysis: checked ids at most this many; all results are cut to it (and say so). */
  maxScenes: 1_000,
  /** The minimal set stops when the next scene would add less than this share of the area (%). */
  minGainPct: 0.1,
  /** Scenes whose gain is within this fraction of the best gain are tied: the clearest (least cloud) wins. */
  tieTolerance: 0.02,
  /** Display simplification of the returned geometries, degrees (≈ 50 m); areas use the exact geometry. */
  displayToleranceDeg: 0.0005,
  /**
   * No statement of an analysis runs longer than this (PostgreSQL `statement_timeout`, set per transaction):
   * past it the request answers Coverage.errors.tooSlow instead of running away.
   */
  statementTimeoutMs: 10_000,
  /**
   * The minimal set's greedy steps stop after this long and the answer says so (`minimalSet.cut`): the
   * scenes chosen so far, in order, are still the best first choices.
   */
  minimalSetBudgetMs: 5_000,
  /** A search body plus 1,000 ids. */
  maxBodyBytes: CATALOGUE_LIMITS.maxBodyBytes + 262_144,
} as const;

type CoverageErrorKey = keyof (typeof zh)['Coverage']['errors'];
const issue = (key: CoverageErrorKey) => ({ error: localizedIssue(`Coverage.errors.${key}`) });

/** The search filter, which must carry an area of interest (not a FILE list, which names scenes, not an area). */
export const coverageFilterSchema = sceneFilterSchema.refine((f) => f.area !== undefined && f.area.mode !== SELECT_MODES.FILE, issue('areaRequired'));

const sceneIdSchema = sceneIdParamsSchema.shape.id;
const idsSchema = z
  .array(sceneIdSchema, issue('badIds'))
  .min(1, issue('idsRequired'))
  .max(COVERAGE_LIMITS.maxScenes, issue('tooManyIds'))
  .transform((ids) => [...new Set(ids)]);

/** `coverage`: every result of the search (up to the cap). */
export const coverageBodySchema = z.object({ filter: coverageFilterSchema });
/** `coveragebyids`: the checked results (ids outside the search are not counted). */
export const coverageByIdsBodySchema = z.object({ filter: coverageFilterSchema, ids: idsSchema });
/** `unionarea`, `fallfigure`, `notcovershp`: the checked results, or without ids every result (up to the cap). */
export const coverageScenesBodySchema = z.object({ filter: coverageFilterSchema, ids: idsSchema.optional() });
export type CoverageScenesBody = z.input<typeof coverageScenesBodySchema>;
export type CoverageScenes = z.output<typeof coverageScenesBodySchema>;

export const notCoverQuerySchema = z.object({ format: z.enum(['shp', 'geojson'], issue('badFormat')).default('shp') });

const geometrySchema = z.union([polygonSchema, multiPolygonSchema]);

/** Which scenes an analysis used. */
const scenesUsedSchema = z.object({
  /** Scenes counted (matching the search, and the ids when given). */
  sceneCount: z.number().int(),
  /** Scenes the search (or the ids) matched before the cap. */
  matched: z.number().int(),
  cap: z.number().int(),
  /** True when more scenes matched than the cap and only the newest `cap` were analysed. */
  capped: z.boolean(),
});

export const subRegionCoverageSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** km² of the sub-region inside the area of interest. */
  areaKm2: z.number(),
  coveredKm2: z.number(),
  /** 0–100. */
  coveredPct: z.number(),
});
export type SubRegionCoverage = z.infer<typeof subRegionCoverageSchema>;

export const coverageAnalysisSchema = scenesUsedSchema.extend({
  /** km² of the area of interest. */
  areaKm2: z.number(),
  /** km² of the union of the footprints inside the area. */
  coveredKm2: z.number(),
  coveredPct: z.number(),
  uncoveredKm2: z.number(),
  /** The uncovered part, simplified for display; null when nothing is left. */
  uncovered: geometrySchema.nullable(),
  /** Counties of the area (the counties of a chosen province or city, else those the area touches). */
  subRegions: z.array(subRegionCoverageSchema),
});
export type CoverageAnalysis = z.infer<typeof coverageAnalysisSchema>;

export const unionAreaSchema = scenesUsedSchema.extend({
  /** km² of the union of the footprints, wherever they lie. */
  unionKm2: z.number(),
  /** km² of that union inside the area of interest. */
  insideKm2: z.number(),
  /** The union, simplified for display; null without scenes. */
  union: geometrySchema.nullable(),
});
export type UnionArea = z.infer<typeof unionAreaSchema>;

export const sceneFallSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  acquiredAt: z.string(),
  cloudPct: z.number().nullable(),
  /** km² of the area this scene covers on its own. */
  coveredKm2: z.number(),
  coveredPct: z.number(),
});
export type SceneFall = z.infer<typeof sceneFallSchema>;

export const minimalSetStepSchema = z.object({
  id: z.string(),
  /** km² this scene adds to those chosen before it. */
  gainKm2: z.number(),
  /** Cumulative km² and % covered once it is added. */
  coveredKm2: z.number(),
  coveredPct: z.number(),
});
export type MinimalSetStep = z.infer<typeof minimalSetStepSchema>;

export const fallFiguresSchema = scenesUsedSchema.extend({
  areaKm2: z.number(),
  /** What all the scenes cover together. */
  coveredKm2: z.number(),
  coveredPct: z.number(),
  /** Every scene that touches the area, most coverage first. */
  scenes: z.array(sceneFallSchema),
  minimalSet: z.object({
    steps: z.array(minimalSetStepSchema),
    coveredKm2: z.number(),
    coveredPct: z.number(),
    uncoveredKm2: z.number(),
    uncovered: geometrySchema.nullable(),
    /** True when the greedy search stopped at its time budget (`COVERAGE_LIMITS.minimalSetBudgetMs`) before its threshold. */
    cut: z.boolean(),
  }),
});
export type FallFigures = z.infer<typeof fallFiguresSchema>;

const common = { tag: 'Catalogue', access: 'public', maxBodyBytes: COVERAGE_LIMITS.maxBodyBytes } as const;

export const coverageContract = defineContract({
  ...common,
  method: 'POST',
  path: '/api/normal/v5/normalmeta/coverage',
  heavy: true,
  summary: `Coverage of the search area by the search's results (newest ${COVERAGE_LIMITS.maxScenes} at most): covered km² and %, per county, the uncovered part`,
  body: coverageBodySchema,
  response: coverageAnalysisSchema,
});

export const coverageByIdsContract = defineContract({
  ...common,
  method: 'POST',
  path: '/api/normal/v5/normalmeta/coveragebyids',
  heavy: true,
  summary: `Coverage of the search area by the checked scenes (at most ${COVERAGE_LIMITS.maxScenes}): covered km² and %, per county, the uncovered part`,
  body: coverageByIdsBodySchema,
  response: coverageAnalysisSchema,
});

export const unionAreaContract = defineContract({
  ...common,
  method: 'POST',
  path: '/api/normal/v5/normalmeta/unionarea',
  heavy: true,
  summary: 'The union of the scenes\u2019 footprints and its km² (in all, and inside the search area)',
  body: coverageScenesBodySchema,
  response: unionAreaSchema,
});

export const fallFigureContract = defineContract({
  ...common,
  method: 'POST',
  path: '/api/normal/v5/normalmeta/fallfigure',
  heavy: true,
  summary: 'Each scene\u2019s share of the search area and the minimal set: greedy by area gained, the clearest first among near-ties',
  body: coverageScenesBodySchema,
  response: fallFiguresSchema,
});

/** The uncovered remainder as a file (`format=shp`, the default: a zipped shapefile; `geojson`). */
export const notCoverShpContract = defineContract({
  ...common,
  method: 'POST',
  path: '/api/normal/v5/normalmeta/notcovershp',
  summary: 'The part of the search area the scenes leave uncovered, as a zipped shapefile or GeoJSON (a file download)',
  query: notCoverQuerySchema,
  body: coverageScenesBodySchema,
  response: z.custom<Response>((v) => v instanceof Response),
});


export const COVERAGE_CONTRACTS = [coverageContract, coverageByIdsContract, unionAreaContract, fallFigureContract, notCoverShpContract];
