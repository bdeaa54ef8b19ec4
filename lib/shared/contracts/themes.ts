/**
 * The API of every declared theme without an API of its own (spec §7: windmill v1, pvland v1, road v1, steelplant v2,
 * …: `statistics/{x}`, `statistics/lastest`, meta lists, meta by id, the road length legend), built from
 * the theme's declaration: its path prefix, its code lists in the filters, its own permission on the
 * detail reads. One dynamic route serves them all (app/api/[theme]/[version]).
 */
import { z } from 'zod';
import { GENERIC_THEMES } from '../themes';
import type { ThemeDefinition, ThemeId } from '../themes';
import { defineContract, localizedIssue, pageSchema } from './api';
import { structureContractsOf, type StructureContracts } from './plantingstructure';
import {
  batchIdSchema,
  getSpotContract,
  gridPercentContract,
  gridPercentQuerySchemaOf,
  gridPercentSchema,
  listSpotsContract,
  spotStatisticsContract,
  spotTrendContract,
  SPOT_V2_API,
  listQuerySchemaOf,
  spotDetailSchema,
  spotSchema,
  spotStatisticsSchema,
  spotTrendSchema,
  statisticsQuerySchemaOf,
  trendQuerySchemaOf,
} from './spots';

export const lengthLegendSchema = z.object({
  /** Kilometres of new or changed road per region: equal classes from zero to the largest region. */
  unit: z.literal('km'),
  level: z.string(),
  max: z.number(),
  classes: z.array(z.object({ from: z.number(), to: z.number() })),
});
export type LengthLegend = z.infer<typeof lengthLegendSchema>;

const idParams = z.object({ id: z.string().regex(/^[1-9]\d{0,17}$/, localizedIssue('Spots.errors.badId')) });

export function themeContracts(theme: ThemeDefinition<ThemeId>) {
  const tag = `Theme ${theme.id}`;
  const detail = { permission: theme.permission } as const;
  const statisticsQuery = statisticsQuerySchemaOf(theme);
  return {
    statistics: defineContract({
      method: 'GET',
      path: `${theme.api}/statistics/{x}`,
      summary: `${theme.id}: ${theme.measures.join(', ')} of a batch by region`,
      tag,
      access: 'public',
      params: z.object({ x: batchIdSchema }),
      query: statisticsQuery,
      response: spotStatisticsSchema,
      cacheSeconds: 60,
      dataOnly: true,
    }),
    latest: defineContract({
      method: 'GET',
      path: `${theme.api}/statistics/lastest`,
      summary: `${theme.id}: statistics of the current batch by region`,
      tag,
      access: 'public',
      query: statisticsQuery,
      response: spotStatisticsSchema,
      cacheSeconds: 60,
      dataOnly: true,
    }),
    trend: defineContract({
      method: 'GET',
      path: `${theme.api}/statistics/trend`,
      summary: `${theme.id}: every batch with its figures in a region, oldest first`,
      tag,
      access: 'public',
      query: trendQuerySchemaOf(theme),
      response: spotTrendSchema,
      cacheSeconds: 60,
      dataOnly: true,
    }),
    list: defineContract({
      method: 'GET',
      path: `${theme.api}/meta`,
      summary: `${theme.id}: features within the caller's area ranges, filtered and paged`,
      tag,
      access: detail,
      query: listQuerySchemaOf(theme),
      response: pageSchema(spotSchema),
    }),
    get: defineContract({
      method: 'GET',
      path: `${theme.api}/meta/id/{id}`,
      summary: `${theme.id}: one feature with its geometry, if it lies within the caller's area ranges`,
      tag,
      access: detail,
      params: idParams,
      response: spotDetailSchema,
    }),
    grid: theme.modules.includes('grid')
      ? defineContract({
          method: 'GET',
          path: `${theme.api}/gridstatistics/percent`,
          summary: `${theme.id}: features counted in level-${theme.gridLevel} map grid cells within the caller's area ranges`,
          tag,
          access: detail,
          query: gridPercentQuerySchemaOf(theme),
          response: gridPercentSchema,
        })
      : null,
    lengthLegend: theme.measures.includes('length')
      ? defineContract({
          method: 'GET',
          path: `${theme.api}/legend/length`,
          summary: `${theme.id}: length legend classes (km) of the current batch at a level`,
          tag,
          access: 'public',
          query: statisticsQuery,
          response: lengthLegendSchema,
          cacheSeconds: 60,
          dataOnly: true,
        })
      : null,
  };
}
export type ThemeContracts = ReturnType<typeof themeContracts>;

const BY_THEME = new Map<string, ThemeContracts>(GENERIC_THEMES.map((t) => [t.id, themeContracts(t)]));

/** The contracts of a theme on the generic API. */
export function contractsOf(theme: ThemeId): ThemeContracts {
  const found = BY_THEME.get(theme);
  if (!found) throw new Error(`Theme ${theme} has no generic API`);
  return found;
}

const STRUCTURES = new Map<string, StructureContracts>(
  GENERIC_THEMES.filter((t) => t.structure).map((t) => [t.id, structureContractsOf(t)]),
);

/** The structure contracts of a theme declaring a structure (planting structure), or null. */
export function structureContractsFor(theme: ThemeId): StructureContracts | null {
  return STRUCTURES.get(theme) ?? null;
}

export const THEME_CONTRACTS = [
  ...[...BY_THEME.values()].flatMap((c) =>
    [c.statistics, c.latest, c.trend, c.list, c.get, c.grid, c.lengthLegend].filter((x) => x !== null),
  ),
  ...[...STRUCTURES.values()].flatMap((c) => [c.structure, c.latest, c.trend, c.sequence]),
];

/** What a monitoring screen reads of any theme: land cover's spot v2, or the theme's own API. */
export interface ThemeApi {
  statistics: typeof spotStatisticsContract;
  trend: typeof spotTrendContract;
  list: typeof listSpotsContract;
  get: typeof getSpotContract;
  /** The grid cells (themes with the grid module). */
  grid: typeof gridPercentContract | null;
}

/** The themes whose screens read an API of their own (`ownApi`): land cover's spot v2, declared with its contracts. */
const OWN_APIS = new Map<string, ThemeApi>([[SPOT_V2_API.theme, SPOT_V2_API]]);

export function apiOf(theme: ThemeDefinition<ThemeId>): ThemeApi {
  return OWN_APIS.get(theme.id) ?? contractsOf(theme.id);
}
