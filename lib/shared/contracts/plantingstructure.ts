/**
 * The structure API of a theme with per-region crop areas (planting structure, issue 21), built from its
 * declaration like the theme's other contracts (themes.ts): `structure/{x}` and `structure/lastest` (public:
 * the crop areas, total, dominant crop and its share of every child region, or every region of a level),
 * `structure/trend` (public: the same figures of one region for every year) and `structure/sequence` (the
 * theme's permission, inside the caller's area ranges: the figures of each child region for every year).
 * Areas are hectares, in the order of `crops` (the theme's kinds); shares are percent of the sown area.
 */
import { z } from 'zod';
import type { ThemeDefinition, ThemeId } from '../themes';
import { defineContract, localizedIssue } from './api';
import { batchIdSchema, regionCodeSchema } from './spots';
import { regionFiguresItemSchema, regionFiguresSchema, regionRefSchema, spotBatchSchema } from './statistics';

/** The structure of one region (or the whole asked region): hectares per crop, their sum, the dominant crop. */
const cropMeasures = {
  /** Whole hectares of each crop, in the order of `crops`. */
  areas: z.array(z.number()),
  /** Sown area, whole hectares. */
  total: z.number(),
  /** The crop with the largest area; null where nothing is sown. */
  dominant: z.string().nullable(),
  /** The dominant crop's share of the sown area, percent (two decimals); null where nothing is sown. */
  share: z.number().nullable(),
};
export const cropFiguresSchema = z.object(cropMeasures);
export type CropFigures = z.infer<typeof cropFiguresSchema>;

export const structureItemSchema = regionFiguresItemSchema(cropMeasures);
export type StructureItem = z.infer<typeof structureItemSchema>;

export const structureSchema = regionFiguresSchema(cropMeasures, {
  /** The season asked for; null: the whole year (both seasons). */
  season: z.string().nullable(),
  crops: z.array(z.string()),
});
export type Structure = z.infer<typeof structureSchema>;

export const structureTrendSchema = z.object({
  region: regionRefSchema,
  season: z.string().nullable(),
  crops: z.array(z.string()),
  series: z.array(cropFiguresSchema.extend({ batch: spotBatchSchema })),
});
export type StructureTrend = z.infer<typeof structureTrendSchema>;

export const structureSequenceSchema = z.object({
  region: regionRefSchema,
  season: z.string().nullable(),
  crops: z.array(z.string()),
  /** Every batch (year) of the theme, oldest first. */
  batches: z.array(spotBatchSchema),
  /** The child regions (a leaf: the region itself), each with its figures per batch in the batches' order. */
  items: z.array(z.object({ code: z.string(), name: z.string(), years: z.array(cropFiguresSchema) })),
});
export type StructureSequence = z.infer<typeof structureSequenceSchema>;

function seasonSchema(theme: ThemeDefinition<ThemeId>) {
  const seasons = theme.stages.items.map((s) => s.value);
  return z
    .string()
    .trim()
    .refine((v) => seasons.includes(v), localizedIssue('Spots.errors.badSeason'))
    .optional();
}

export function structureContractsOf(theme: ThemeDefinition<ThemeId>) {
  const tag = `Theme ${theme.id}`;
  const season = seasonSchema(theme);
  const query = z.object({
    regionId: regionCodeSchema.default('100000'),
    /** All regions of this level within regionId (e.g. every county of the country) instead of its children. */
    level: z.enum(['province', 'city', 'county']).optional(),
    season,
  });
  const regionQuery = z.object({ regionId: regionCodeSchema.default('100000'), season });
  return {
    structure: defineContract({
      method: 'GET',
      path: `${theme.api}/structure/{x}`,
      summary: `${theme.id}: hectares of each crop, sown area and dominant crop of a year by region`,
      tag,
      access: 'public',
      params: z.object({ x: batchIdSchema }),
      query,
      response: structureSchema,
      cacheSeconds: 60,
      dataOnly: true,
    }),
    latest: defineContract({
      method: 'GET',
      path: `${theme.api}/structure/lastest`,
      summary: `${theme.id}: the crop structure of the current year by region`,
      tag,
      access: 'public',
      query,
      response: structureSchema,
      cacheSeconds: 60,
      dataOnly: true,
    }),
    trend: defineContract({
      method: 'GET',
      path: `${theme.api}/structure/trend`,
      summary: `${theme.id}: the crop structure of a region in every year, oldest first`,
      tag,
      access: 'public',
      query: regionQuery,
      response: structureTrendSchema,
      cacheSeconds: 60,
      dataOnly: true,
    }),
    sequence: defineContract({
      method: 'GET',
      path: `${theme.api}/structure/sequence`,
      summary: `${theme.id}: the crop structure of each child region of a region in the caller's area ranges, every year`,
      tag,
      access: { permission: theme.permission },
      query: regionQuery,
      response: structureSequenceSchema,
    }),
  };
}
export type StructureContracts = ReturnType<typeof structureContractsOf>;
