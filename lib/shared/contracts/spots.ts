/**
 * Monitoring spots, spot v2 (spec §7 `/api/spot/v2`, the land-cover theme MOD_056) and the dictionaries
 * (`/api/system/v1/dic/code/{CODE}/item/s`). Statistics are public (spec §6); every detail read needs
 * the theme permission and is limited to the caller's area ranges. Areas are square metres.
 */
import { z } from 'zod';
import { PERMISSIONS } from '../permissions';
import { CHANGE_TYPE_VALUES, DICTIONARIES, SPOT_TYPE_VALUES, SPOT_THEMES, STAGE_VALUES } from '../spots/codes';
import { parseCompactDate } from '../spots/dates';
import { defineContract, localizedIssue, pageQuerySchema, pageSchema } from './api';

const regionCodeSchema = z
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
/** `0,1,3`: the checked change-type legend items; empty means all. */
const changeTypesSchema = z
  .string()
  .trim()
  .max(20)
  .transform((text, ctx) => {
    const parts = text === '' ? [] : text.split(',').map((p) => p.trim());
    const values = [...new Set(parts.map(Number))];
    if (parts.some((p) => !/^\d$/.test(p)) || values.some((v) => !CHANGE_TYPE_VALUES.includes(v))) {
      ctx.addIssue({ code: 'custom', message: localizedIssue('Spots.errors.badChangeType') });
      return z.NEVER;
    }
    return values;
  });
const themeSchema = z.enum(SPOT_THEMES).default('landcover');
const batchIdSchema = z.string().regex(/^[1-9]\d{0,17}$/, localizedIssue('Spots.errors.badBatch'));

/** Filters shared by statistics, trend, grid and the spot list. */
const spotFilterSchema = z.object({
  theme: themeSchema,
  stage: codeSchema(STAGE_VALUES, 'Spots.errors.badStage').optional(),
  tblx: codeSchema(SPOT_TYPE_VALUES, 'Spots.errors.badType').optional(),
  changeType: changeTypesSchema.optional(),
});

export const spotBatchSchema = z.object({
  id: z.string(),
  quarter: z.string(),
  typeName: z.string(),
  status: z.string(),
  current: z.boolean(),
  periodStart: z.string(),
  periodEnd: z.string(),
  demo: z.boolean(),
});
export type SpotBatch = z.infer<typeof spotBatchSchema>;

const regionRefSchema = z.object({ code: z.string(), name: z.string(), level: z.string() });

export const spotStatisticsItemSchema = z.object({
  code: z.string(),
  name: z.string(),
  count: z.number().int(),
  area: z.number(),
  /** false for a region outside the monitoring programme (Taiwan, Hong Kong, Macao): its 0 means "no data". */
  monitored: z.boolean(),
});
export const spotStatisticsSchema = z.object({
  batch: spotBatchSchema.nullable(),
  region: regionRefSchema,
  /** Level of the items: the region's children, or the level asked for. */
  level: z.string(),
  items: z.array(spotStatisticsItemSchema),
  total: z.object({ count: z.number().int(), area: z.number() }),
  /** Largest item values: the top of the legend classes (spec §9). */
  max: z.object({ count: z.number().int(), area: z.number() }),
});
export type SpotStatistics = z.infer<typeof spotStatisticsSchema>;

export const spotStatisticsQuerySchema = spotFilterSchema.extend({
  regionId: regionCodeSchema.default('100000'),
  /** All regions of this level within regionId (e.g. every county of the country) instead of its children. */
  level: z.enum(['province', 'city', 'county']).optional(),
});
export const spotStatisticsParamsSchema = z.object({ x: batchIdSchema });

export const spotTrendSchema = z.object({
  region: regionRefSchema,
  series: z.array(
    spotBatchSchema.extend({
      count: z.number().int(),
      area: z.number(),
      /** Counts by change type 0–3. */
      byChangeType: z.array(z.number().int()).length(4),
    }),
  ),
});
export type SpotTrend = z.infer<typeof spotTrendSchema>;
export const spotTrendQuerySchema = spotFilterSchema.extend({ regionId: regionCodeSchema.default('100000') });

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
  changeType: z.number().int(),
  changeTypeName: z.string(),
  landuseType: z.string().nullable(),
  landuseName: z.string().nullable(),
  filename: z.string(),
  area: z.number(),
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
  geometry: z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(z.tuple([z.number(), z.number()])))) }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SpotDetail = z.infer<typeof spotDetailSchema>;

export const spotListQuerySchema = pageQuerySchema
  .extend(spotFilterSchema.shape)
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

export const spotIdParamsSchema = z.object({ id: z.string().regex(/^[1-9]\d{0,17}$/, localizedIssue('Spots.errors.badId')) });

export const gridPercentQuerySchema = spotFilterSchema.extend({
  regionId: regionCodeSchema.optional(),
  batch: batchIdSchema.optional(),
  /** Web-Mercator tile level of the cells (spec §4: 13 when unset). */
  level: z.coerce.number().int().min(8).max(16).default(13),
});
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
const dictionaryCodes = [...Object.keys(DICTIONARIES), 'ORDER_STATUS', 'ORDER_ITEM_STATUS', 'REQUEST_STATUS'];

const TAG = 'Spots';
const DETAIL_ACCESS = { permission: PERMISSIONS.LANDCOVER } as const;

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
  summary: 'Items of a dictionary (spot stage, spot type, change type, land-use type, batch status)',
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
