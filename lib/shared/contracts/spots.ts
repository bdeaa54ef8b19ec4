/**
 * Monitoring spots and features: land cover's spot v2 (spec §7 `/api/spot/v2`, MOD_056), the schemas every
 * declared theme's API shares (lib/shared/contracts/themes.ts builds each theme's contracts from its
 * declaration), and the dictionaries (`/api/system/v1/dic/code/{CODE}/item/s`). Statistics are public
 * (spec §6); every detail read needs the theme's permission and is limited to the caller's area ranges.
 * Areas are square metres, lengths kilometres, capacities in the theme's unit.
 */
import { z } from 'zod';
import { parseCompactDate } from '../spots/dates';
import { themeDictionaries } from '../themes';
import { LANDCOVER } from '../themes/landcover';
import type { ThemeId } from '../themes/ids';
import type { ThemeDefinition } from '../themes/types';
import { defineContract, localizedIssue, pageQuerySchema, pageSchema } from './api';
import { regionFiguresItemSchema, regionFiguresSchema, regionRefSchema, spotBatchSchema } from './statistics';

export { spotBatchSchema, type SpotBatch } from './statistics';

export const regionCodeSchema = z
  .string()
  .trim()
  .regex(/^[1-9]\d{5}$/, localizedIssue('Spots.errors.badRegion'));
const compactDateSchema = z
  .string()
  .trim()
  .transform((text, ctx) => {
    const iso = parseCompactDate(text);
    if (!iso) {
      ctx.addIssue({ code: 'custom', message: localizedIssue('Spots.errors.badDate') });
      return z.NEVER;
    }
    return iso;
  });
const codeSchema = (values: readonly string[], key: string) =>
  z
    .string()
    .trim()
    .refine((v) => values.includes(v), localizedIssue(key));
/** `0,1,3`: the checked change-type legend items; empty means all. A theme without change types accepts none. */
const changeTypesSchema = (allowed: readonly number[]) =>
  z
    .string()
    .trim()
    .max(20)
    .transform((text, ctx) => {
      const parts = text === '' ? [] : text.split(',').map((p) => p.trim());
      const values = [...new Set(parts.map(Number))];
      if (parts.some((p) => !/^\d$/.test(p)) || values.some((v) => !allowed.includes(v))) {
        ctx.addIssue({ code: 'custom', message: localizedIssue('Spots.errors.badChangeType') });
        return z.NEVER;
      }
      return values;
    });
export const batchIdSchema = z.string().regex(/^[1-9]\d{0,17}$/, localizedIssue('Spots.errors.badBatch'));

/**
 * Filters shared by statistics, trend, grid and the feature list, checked against the theme's own code
 * lists. `theme`, when sent, must be the theme itself (a literal): an API serves one theme, never another through
 * it. Handlers take the theme from the route, not from here.
 */
export function themeFilterSchema(theme: ThemeDefinition<ThemeId>) {
  return z.object({
    theme: z.literal<ThemeId>(theme.id).optional(),
    stage: codeSchema(
      theme.stages.items.map((i) => i.value),
      'Spots.errors.badStage',
    ).optional(),
    tblx: codeSchema(
      theme.kinds.items.map((i) => i.value),
      'Spots.errors.badType',
    ).optional(),
    changeType: changeTypesSchema((theme.changeTypes?.items ?? []).map((c) => Number(c.value))).optional(),
  });
}


/** What a theme's statistics sum per region: count and m², km of line and capacity where the theme measures them. */
const featureMeasures = {
  count: z.number().int(),
  area: z.number(),
  /** Kilometres of line (themes measuring length). */
  length: z.number().optional(),
  /** Capacity in the theme's unit (themes measuring capacity). */
  capacity: z.number().optional(),
};
const measuresSchema = z.object(featureMeasures);
export const spotStatisticsItemSchema = regionFiguresItemSchema(featureMeasures);
export const spotStatisticsSchema = regionFiguresSchema(featureMeasures).extend({
  /** Largest item values: the top of the legend classes (spec §9). */
  max: measuresSchema,
});
export type SpotStatistics = z.infer<typeof spotStatisticsSchema>;

export const statisticsQuerySchemaOf = (theme: ThemeDefinition<ThemeId>) =>
  themeFilterSchema(theme).extend({
    regionId: regionCodeSchema.default('100000'),
    /** All regions of this level within regionId (e.g. every county of the country) instead of its children. */
    level: z.enum(['province', 'city', 'county']).optional(),
  });
export const spotStatisticsQuerySchema = statisticsQuerySchemaOf(LANDCOVER);
export const spotStatisticsParamsSchema = z.object({ x: batchIdSchema });

export const spotTrendSchema = z.object({
  region: regionRefSchema,
  series: z.array(
    spotBatchSchema.extend({
      count: z.number().int(),
      area: z.number(),
      length: z.number().optional(),
      capacity: z.number().optional(),
      /** Counts by change type (land cover: 0–3); empty for themes without change types. */
      byChangeType: z.array(z.number().int()),
      /** Count and area (m²) of each kind, in the declaration's order. */
      byKind: z.array(z.object({ count: z.number().int(), area: z.number() })),
      /** Area (m²) of features whose land was returned to its former use (the theme's restored stages). */
      restoredArea: z.number(),
    }),
  ),
});
export type SpotTrend = z.infer<typeof spotTrendSchema>;
export const trendQuerySchemaOf = (theme: ThemeDefinition<ThemeId>) =>
  themeFilterSchema(theme).extend({ regionId: regionCodeSchema.default('100000') });
export const spotTrendQuerySchema = trendQuerySchemaOf(LANDCOVER);

export const spotSchema = z.object({
  id: z.string(),
  theme: z.string(),
  batchId: z.string(),
  quarter: z.string(),
  batchName: z.string(),
  xzqdm: z.string(),
  regionName: z.string(),
  stage: z.string(),
  stageName: z.string(),
  tblx: z.string(),
  tblxName: z.string(),
  /** Land cover's change type; null in themes without change types. */
  changeType: z.number().int().nullable(),
  changeTypeName: z.string().nullable(),
  landuseType: z.string().nullable(),
  landuseName: z.string().nullable(),
  filename: z.string(),
  area: z.number(),
  /** Kilometres of a line feature; null for others. */
  length: z.number().nullable(),
  /** Capacity in the theme's unit (MW of a turbine or farm, Mt/a of a steel plant); null where not recorded. */
  capacity: z.number().nullable(),
  /** Name of a farm, plant or road, in the reader's language; null for anonymous spots. */
  name: z.string().nullable(),
  /** The quarter of the first batch listing this facility (a turbine's commissioning batch); null where batches are not inventories. */
  since: z.string().nullable(),
  detectedOn: z.string(),
  /** A point inside the spot, [longitude, latitude]. */
  center: z.tuple([z.number(), z.number()]),
  demo: z.boolean(),
});
export type Spot = z.infer<typeof spotSchema>;

export const spotDetailSchema = spotSchema.extend({
  /** Province, city and county of the spot, outermost first. */
  regionPath: z.array(regionRefSchema),
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  geometry: z.discriminatedUnion('type', [
    z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(z.tuple([z.number(), z.number()])))) }),
    z.object({ type: z.literal('MultiLineString'), coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))) }),
    z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
  ]),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SpotDetail = z.infer<typeof spotDetailSchema>;

export const listQuerySchemaOf = (theme: ThemeDefinition<ThemeId>) =>
  pageQuerySchema
    .extend(themeFilterSchema(theme).shape)
    .extend({
      batchStart: compactDateSchema.optional(),
      batchEnd: compactDateSchema.optional(),
      filename: z.string().trim().max(100, localizedIssue('Spots.errors.filenameTooLong')).optional(),
      xzqdm: regionCodeSchema.optional(),
      batch: batchIdSchema.optional(),
    })
    .refine((q) => !q.batchStart || !q.batchEnd || q.batchStart <= q.batchEnd, {
      message: localizedIssue('Spots.errors.badDateRange'),
      path: ['batchEnd'],
    });
export const spotListQuerySchema = listQuerySchemaOf(LANDCOVER);

export const spotIdParamsSchema = z.object({ id: z.string().regex(/^[1-9]\d{0,17}$/, localizedIssue('Spots.errors.badId')) });

export const gridPercentQuerySchemaOf = (theme: ThemeDefinition<ThemeId>) =>
  themeFilterSchema(theme).extend({
    regionId: regionCodeSchema.optional(),
    batch: batchIdSchema.optional(),
    /** Web-Mercator tile level of the cells (spec §4: the theme's level — 13, or 14 — when unset). */
    level: z.coerce.number().int().min(8).max(16).default(theme.gridLevel),
  });
export const gridPercentQuerySchema = gridPercentQuerySchemaOf(LANDCOVER);
export const gridCellSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  count: z.number().int(),
  area: z.number(),
  /** The cell's share of the spots, in percent (two decimals). */
  percent: z.number(),
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  /** The county holding most of the cell's spots, so the cell has a name a user recognises. */
  regionCode: z.string(),
  regionName: z.string(),
});
export const gridPercentSchema = z.object({
  batch: spotBatchSchema.nullable(),
  level: z.number().int(),
  spotCount: z.number().int(),
  area: z.number(),
  cellCount: z.number().int(),
  /** The busiest cells first (at most GRID_MAX_CELLS). */
  cells: z.array(gridCellSchema),
});
export type GridPercent = z.infer<typeof gridPercentSchema>;
export const GRID_MAX_CELLS = 2000;

export const dictionaryItemSchema = z.object({
  code: z.string(),
  itemValue: z.string(),
  name: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  sort: z.number().int(),
});
export type DictionaryItem = z.infer<typeof dictionaryItemSchema>;
// The order model's statuses (lib/shared/orders/model.ts) are dictionaries of migration 0018_orders.
const dictionaryCodes = [
  ...Object.keys(themeDictionaries()),
  'ORDER_STATUS',
  'ORDER_ITEM_STATUS',
  'REQUEST_STATUS',
  // Spot verification (issue 33, migration 0031): stages, verdicts and the reasons a verdict gives.
  'VERIFY_STAGE',
  'VERIFY_VERDICT',
  'VERIFY_REASON',
];

const TAG = 'Spots';
const DETAIL_ACCESS = { permission: LANDCOVER.permission } as const;

export const spotStatisticsContract = defineContract({
  method: 'GET',
  path: '/api/spot/v2/spotstatistics/{x}',
  summary: 'Spot counts and areas of a batch by region (children of regionId, or all regions of a level)',
  tag: TAG,
  access: 'public',
  params: spotStatisticsParamsSchema,
  query: spotStatisticsQuerySchema,
  response: spotStatisticsSchema,
  cacheSeconds: 60,
  dataOnly: true,
});

export const spotStatisticsLatestContract = defineContract({
  method: 'GET',
  path: '/api/spot/v2/spotstatistics/lastest',
  summary: 'Spot statistics of the current batch by region',
  tag: TAG,
  access: 'public',
  query: spotStatisticsQuerySchema,
  response: spotStatisticsSchema,
  cacheSeconds: 60,
  dataOnly: true,
});

export const spotTrendContract = defineContract({
  method: 'GET',
  path: '/api/spot/v2/spotstatistics/trend',
  summary: 'Spot counts and areas per batch in a region (every batch of the theme, oldest first)',
  tag: TAG,
  access: 'public',
  query: spotTrendQuerySchema,
  response: spotTrendSchema,
  cacheSeconds: 60,
  dataOnly: true,
});

export const listSpotsContract = defineContract({
  method: 'GET',
  path: '/api/spot/v2/spotmeta',
  summary: "Spots within the caller's area ranges, filtered and paged",
  tag: TAG,
  access: DETAIL_ACCESS,
  query: spotListQuerySchema,
  response: pageSchema(spotSchema),
});

export const getSpotContract = defineContract({
  method: 'GET',
  path: '/api/spot/v2/spotmeta/id/{id}',
  summary: "One spot with its geometry, if it lies within the caller's area ranges",
  tag: TAG,
  access: DETAIL_ACCESS,
  params: spotIdParamsSchema,
  response: spotDetailSchema,
});

export const gridPercentContract = defineContract({
  method: 'GET',
  path: '/api/spot/v2/gridstatistics/percent',
  summary: "Spots counted in map grid cells within the caller's area ranges",
  tag: TAG,
  access: DETAIL_ACCESS,
  query: gridPercentQuerySchema,
  response: gridPercentSchema,
});

export const dictionaryContract = defineContract({
  method: 'GET',
  path: '/api/system/v1/dic/code/{CODE}/item/s',
  summary:
    "Items of a dictionary (every theme's stages, kinds, change and land-use types, zone classes; batch, order and request statuses)",
  tag: TAG,
  access: 'public',
  params: z.object({ CODE: z.string().refine((c) => dictionaryCodes.includes(c), localizedIssue('Spots.errors.badDictionary')) }),
  response: z.array(dictionaryItemSchema),
  cacheSeconds: 300,
  dataOnly: true,
});

export const SPOT_CONTRACTS = [
  spotStatisticsLatestContract,
  spotTrendContract,
  spotStatisticsContract,
  listSpotsContract,
  getSpotContract,
  gridPercentContract,
  dictionaryContract,
] as const;

/** What the shared monitoring screen reads of land cover (its `ownApi`): spot v2. */
export const SPOT_V2_API = {
  theme: LANDCOVER.id,
  statistics: spotStatisticsContract,
  trend: spotTrendContract,
  list: listSpotsContract,
  get: getSpotContract,
  grid: gridPercentContract,
} as const;
