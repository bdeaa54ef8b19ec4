/**
 * Imagery coverage statistics by region and period (issue 36.1, 36.6; spec §7 `/api/sta-image/v2/statistics/coverage`
 * and `/api/coverage/v1/coverage/lastest`): per region the share of its area covered at least once, the cloud-weighted
 * effective coverage, the distinct scenes, the mean revisit, the duplication and the uncovered part, read from the
 * precomputed figures (docs/adr/0032-coverage-figures.md). Public.
 *
 * `GET /api/sta-image/v2/statistics/coverage/{level}/{region}/{period}`:
 * - `level`: `province`, `city` or `county` (every region of that level inside `region`), or `children` (the
 *   region's own children; a leaf region: itself);
 * - `region`: a region code (six digits; 100000 is the country);
 * - `period`: UTC calendar months — `2026` (a year), `2026Q2` (a quarter), `2026-05` (a month), or a range of any of
 *   these joined by `..` (`2025Q4..2026-02`: from the first month of the left to the last of the right), at most
 *   COVERAGE_STATS_LIMITS.maxMonths months.
 * Filters (query): `groups` (satellite groups, comma-separated), `resolutions` (resolution classes), `cloudMax`
 * (a multiple of 10 from 10 to 100: optical scenes with at most this cloud cover; radar passes any limit, as in the image query),
 * `kind` (`optical`, `radar` or `all`).
 */
import { z } from 'zod';
import { MISSION_GROUPS, type MissionGroup } from '../catalogue/missions';
import { defineContract, localizedIssue, type ApiContract } from './api';
import { monthSpan, parsePeriod } from '../periods';
import { regionRefSchema } from './statistics';

const TAG = 'coverage-statistics';

export const COVERAGE_STATS_LIMITS = {
  /** Longest period, in months. */
  maxMonths: 60,
  /** Most regions in one answer (all 2,840 counties of the country fit). */
  maxRegions: 3_000,
  /** Earliest year accepted. */
  minYear: 1970,
} as const;

/** Resolution classes of the figures, by the scene's best ground sample distance (upper bounds in metres, included). */
export const RESOLUTION_CLASSES = [
  { id: 'submeter', cls: 1, maxM: 1 },
  { id: 'high', cls: 2, maxM: 5 },
  { id: 'medium', cls: 3, maxM: 20 },
  { id: 'low', cls: 4, maxM: Number.POSITIVE_INFINITY },
] as const;
export type ResolutionClassId = (typeof RESOLUTION_CLASSES)[number]['id'];

export const COVERAGE_LEVELS = ['province', 'city', 'county', 'children'] as const;
export type CoverageLevel = (typeof COVERAGE_LEVELS)[number];

export const SCENE_KINDS = ['all', 'optical', 'radar'] as const;

const err = (key: string) => localizedIssue(`CoverageStats.errors.${key}`);

// The period grammar is shared with the push statistics (lib/shared/periods.ts).
export { monthSpan, parsePeriod, type Month, type MonthRange } from '../periods';

const periodSchema = z
  .string()
  .trim()
  .transform((text, ctx) => {
    const range = parsePeriod(text);
    if (!range || Number(range.from.slice(0, 4)) < COVERAGE_STATS_LIMITS.minYear || range.from > range.to) {
      ctx.addIssue({ code: 'custom', message: err('badPeriod') });
      return z.NEVER;
    }
    if (monthSpan(range) > COVERAGE_STATS_LIMITS.maxMonths) {
      ctx.addIssue({ code: 'custom', message: err('periodTooLong') });
      return z.NEVER;
    }
    return range;
  });

const regionCode = z
  .string()
  .trim()
  .regex(/^[1-9]\d{5}$/, err('badRegion'));

/** A comma-separated list of known values (empty or absent: any). */
const listOf = <T extends string>(values: readonly T[], key: string) =>
  z
    .string()
    .trim()
    .max(200, err(key))
    .transform((text, ctx) => {
      const items = [
        ...new Set(
          text
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      if (items.some((i) => !values.includes(i as T))) {
        ctx.addIssue({ code: 'custom', message: err(key) });
        return z.NEVER;
      }
      return items as T[];
    })
    .optional();

export const coverageFiltersSchema = z.object({
  groups: listOf<MissionGroup>(MISSION_GROUPS, 'badGroup'),
  resolutions: listOf<ResolutionClassId>(
    RESOLUTION_CLASSES.map((r) => r.id),
    'badResolution',
  ),
  cloudMax: z.coerce
    .number(err('badCloud'))
    .int(err('badCloud'))
    .min(10, err('badCloud'))
    .max(100, err('badCloud'))
    .refine((n) => n % 10 === 0, err('badCloud'))
    .optional(),
  kind: z.enum(SCENE_KINDS, err('badKind')).default('all'),
});
export type CoverageFilters = z.infer<typeof coverageFiltersSchema>;

export const coverageStatisticsParamsSchema = z.object({
  a: z.enum(COVERAGE_LEVELS, err('badLevel')),
  b: regionCode,
  c: periodSchema,
});

export const coverageLatestParamsSchema = z.object({ x: regionCode });

/** The figures of one region (km², %, counts); every share is of the region's own geodesic area. */
export const coverageMeasuresSchema = z.object({
  areaKm2: z.number(),
  /** Covered at least once by a selected scene. */
  coveredKm2: z.number(),
  coveredPct: z.number(),
  /** The covered area scaled by the scenes' area-weighted clear fraction (a scene with 25 % cloud counts 0.75). */
  effectiveKm2: z.number(),
  effectivePct: z.number(),
  /** Distinct scenes with any area inside the region. */
  scenes: z.number().int(),
  /** Mean number of scenes over a covered point (sum of the scenes' km² inside the region / covered km²). */
  revisit: z.number(),
  /** Share of the imaged km² (sum over scenes) that repeats an area already imaged: (sum − covered) / sum. */
  duplicationPct: z.number(),
  uncoveredKm2: z.number(),
  uncoveredPct: z.number(),
});
export type CoverageMeasures = z.infer<typeof coverageMeasuresSchema>;

export const coverageStatisticsSchema = z.object({
  period: z.object({ from: z.string(), to: z.string(), months: z.number().int() }),
  region: regionRefSchema,
  level: z.string(),
  filters: z.object({
    groups: z.array(z.string()),
    resolutions: z.array(z.string()),
    cloudMax: z.number().nullable(),
    kind: z.string(),
  }),
  items: z.array(z.object({ code: z.string(), name: z.string(), level: z.string(), ...coverageMeasuresSchema.shape })),
  total: coverageMeasuresSchema,
  /**
   * Present while figures of the asked scope are still being computed (the background computes the keys a reader asks
   * for first; ask again in a moment): `ready` of the `total` regions asked have their figures in `items`; the others
   * (`pending`, their codes) are left out until computed, and `total` (the whole) is all zero until every region is
   * ready. Absent when everything asked is computed.
   */
  progress: z.object({ ready: z.number().int(), total: z.number().int(), pending: z.array(z.string()) }).optional(),
});
export type CoverageStatistics = z.infer<typeof coverageStatisticsSchema>;

export const coverageStatisticsContract = defineContract({
  method: 'GET',
  path: '/api/sta-image/v2/statistics/coverage/{a}/{b}/{c}',
  summary:
    'Imagery coverage by region: a = level (province, city, county or children), b = region code (100000: the country), ' +
    'c = period (2026, 2026Q2, 2026-05 or a range joined by ..); covered and cloud-weighted shares, scenes, revisit, duplication',
  tag: TAG,
  access: 'public',
  params: coverageStatisticsParamsSchema,
  query: coverageFiltersSchema,
  response: coverageStatisticsSchema,
  cacheSeconds: 60,
  dataOnly: true,
});

export const coverageLatestContract = defineContract({
  method: 'GET',
  path: '/api/coverage/v1/coverage/lastest/{x}',
  summary: 'The latest coverage figures of region x: the last month with imagery over it, for the region and its children',
  tag: TAG,
  access: 'public',
  params: coverageLatestParamsSchema,
  query: coverageFiltersSchema,
  response: coverageStatisticsSchema,
  cacheSeconds: 60,
  dataOnly: true,
});

/** Cell sizes (degrees) of the scene-count grid; the default is the finest that keeps the grid within `defaultCells`. */
export const COVERAGE_GRID = {
  cells: [0.02, 0.05, 0.1, 0.25, 0.5, 1] as const,
  defaultCells: 60_000,
  maxCells: 250_000,
  /** Scenes counted in one grid (a period and region with more: choose a shorter period or a smaller region). */
  maxScenes: 40_000,
  /** Cells the scenes' footprint boxes span in all (the rows counted): a default cell is the finest within it. */
  maxCellVisits: 400_000,
} as const;

export const coverageExportQuerySchema = coverageFiltersSchema.extend({
  format: z.enum(['csv', 'geojson', 'geotiff'], err('badFormat')).default('csv'),
  /** The grid's cell size in degrees (GeoTIFF only). */
  cell: z.coerce
    .number(err('badCell'))
    .refine((n) => (COVERAGE_GRID.cells as readonly number[]).includes(n), err('badCell'))
    .optional(),
});

export const coverageExportContract = defineContract({
  method: 'GET',
  path: '/api/sta-image/v2/statistics/coverage/{a}/{b}/{c}/export',
  summary:
    'The same figures as a file: CSV (a row per region and one for the whole, headers in the request’s language), ' +
    'GeoJSON (a feature per region with its boundary; the whole and the period in the collection’s properties), or ' +
    'GeoTIFF (format=geotiff: distinct scenes per grid cell of `cell` degrees over region b, EPSG:4326, UInt16, ' +
    '65535 outside the region)',
  tag: TAG,
  access: 'public',
  // A file of every region's figures: bounded per client like the other public analyses (issue 32.2).
  heavy: true,
  params: coverageStatisticsParamsSchema,
  query: coverageExportQuerySchema,
  response: z.custom<Response>((v) => v instanceof Response),
});

/**
 * One coverage product: a region's coverage for a period, named `{region}_{period}` (`130100_2026Q2`,
 * `130100_2026-05`, `130000_2025Q4..2026-02`; the period as in the statistics path). Filters as in the statistics.
 */
export const coverageItemIdSchema = z
  .string()
  .trim()
  .max(40, err('badItem'))
  .transform((text, ctx) => {
    const m = /^([1-9]\d{5})_(.+)$/.exec(text);
    if (!m) {
      ctx.addIssue({ code: 'custom', message: err('badItem') });
      return z.NEVER;
    }
    const period = periodSchema.safeParse(m[2]);
    if (!period.success) {
      for (const issue of period.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    }
    return { id: `${m[1]}_${m[2]}`, region: m[1]!, range: period.data };
  });

export const coverageItemParamsSchema = z.object({ id: coverageItemIdSchema });

export const COVERAGE_ITEM_LIMITS = {
  /** Scenes listed in an item (the latest first). */
  latestScenes: 50,
  /** Leaf regions a display geometry may union (a province's counties fit; the country does not). */
  maxVisualLeaves: 400,
  /** Vertices of a display geometry, after simplification. */
  maxVisualVertices: 200_000,
} as const;

export const coverageItemSchema = z.object({
  id: z.string(),
  period: z.object({ from: z.string(), to: z.string(), months: z.number().int() }),
  region: regionRefSchema,
  filters: coverageStatisticsSchema.shape.filters,
  figures: coverageMeasuresSchema,
  progress: coverageStatisticsSchema.shape.progress,
  /** Per satellite: distinct scenes over the region, the km² they image inside it, and its cloud-free share (%). */
  satellites: z.array(
    z.object({ satellite: z.string(), scenes: z.number().int(), footprintKm2: z.number(), clearPct: z.number().nullable() }),
  ),
  /** The latest scenes over the region in the period (at most COVERAGE_ITEM_LIMITS.latestScenes). */
  latestScenes: z.array(
    z.object({
      id: z.string(),
      satellite: z.string(),
      sensor: z.string(),
      acquiredAt: z.string(),
      cloudPct: z.number().nullable(),
      resolutionM: z.number(),
    }),
  ),
});
export type CoverageItem = z.infer<typeof coverageItemSchema>;

export const coverageVisualPartSchema = z.enum(['covered', 'uncovered']);

export const coverageVisualItemSchema = z.object({
  type: z.literal('FeatureCollection'),
  id: z.string(),
  /** Degrees the geometries were simplified by (display only; the figures are measured on the full boundaries). */
  tolerance: z.number(),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      id: z.string(),
      properties: z.object({ code: z.string(), name: z.string(), part: coverageVisualPartSchema, km2: z.number() }),
      geometry: z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(z.array(z.number())))) }),
    }),
  ),
});
export type CoverageVisualItem = z.infer<typeof coverageVisualItemSchema>;

export const coverageItemContract = defineContract({
  method: 'GET',
  path: '/api/coverage/v1/coverage/item/{id}',
  summary:
    'One coverage product: id = {region}_{period} (130100_2026Q2); the region’s figures for the period, per satellite, ' +
    'and its latest scenes',
  tag: TAG,
  access: 'public',
  params: coverageItemParamsSchema,
  query: coverageFiltersSchema,
  response: coverageItemSchema,
  cacheSeconds: 60,
  dataOnly: true,
});

export const coverageVisualItemContract = defineContract({
  method: 'GET',
  path: '/api/coverage/v1/coverage/visualitem/{id}',
  summary:
    'The display geometry of a coverage product (id as in coverage/item): per leaf region its covered and uncovered ' +
    'parts, simplified for a map, as GeoJSON MultiPolygons with their geodesic km²; a province or smaller',
  tag: TAG,
  access: 'public',
  // Unions of footprints over up to a province's counties: bounded per client like the other analyses (issue 32.2).
  heavy: true,
  params: coverageItemParamsSchema,
  query: coverageFiltersSchema,
  response: coverageVisualItemSchema,
  cacheSeconds: 60,
  dataOnly: true,
});

export const COVERAGE_STATS_CONTRACTS: readonly ApiContract[] = [
  coverageStatisticsContract,
  coverageLatestContract,
  coverageExportContract,
  coverageItemContract,
  coverageVisualItemContract,
];
