/**
 * Region API (`/api/region/v1`, spec §7): China's administrative regions and the countries of the
 * world. Names come in the caller's language (`name`), with both forms alongside. Geometries are
 * GeoJSON in WGS84 (EPSG:4326), simplified to a level of detail (`lod`).
 */
import { z } from 'zod';
import { REGION_CODE_PATTERN } from '../regions/codes';
import { defineContract } from './api';

export const REGION_LEVELS = ['country', 'province', 'city', 'county'] as const;
export const regionLevelSchema = z.enum(REGION_LEVELS);

/** Levels of detail: `lo` for whole-country views and choropleths, `mid` for a province, `hi` for a county. */
export const REGION_LODS = ['lo', 'mid', 'hi'] as const;
export const regionLodSchema = z.enum(REGION_LODS);
export type RegionLod = z.infer<typeof regionLodSchema>;

const regionCode = z.string().regex(REGION_CODE_PATTERN);
const globalRegionCode = z.string().regex(/^(0|[1-9]\d{0,2}000000)$/);

/** [west, south, east, north] in degrees. */
export const bboxSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]);
/** [longitude, latitude]. */
export const lonLatSchema = z.tuple([z.number(), z.number()]);

export const regionSchema = z.object({
  /** The region code, also its id. */
  id: z.string(),
  code: z.string(),
  name: z.string(),
  nameZh: z.string(),
  /** English or pinyin name; null where none could be derived. */
  nameEn: z.string().nullable(),
  level: regionLevelSchema,
  /** Code of the region it belongs to; null for the country. */
  parentRegionId: z.string().nullable(),
  hasChildren: z.boolean(),
  bbox: bboxSchema,
  /** A point inside the region for its label. */
  center: lonLatSchema,
  /** Area in square kilometres, computed on the ellipsoid. */
  areaKm2: z.number(),
});
export type Region = z.infer<typeof regionSchema>;

export const regionShortSchema = z.object({ code: z.string(), name: z.string() });
export type RegionShort = z.infer<typeof regionShortSchema>;

export const multiPolygonSchema = z.object({
  type: z.literal('MultiPolygon'),
  coordinates: z.array(z.array(z.array(z.tuple([z.number(), z.number()])))),
});
export type MultiPolygonGeometry = z.infer<typeof multiPolygonSchema>;

export const regionFeatureSchema = z.object({
  type: z.literal('Feature'),
  id: z.string(),
  properties: regionSchema,
  geometry: multiPolygonSchema,
});
export type RegionFeature = z.infer<typeof regionFeatureSchema>;

export const regionFeatureCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(regionFeatureSchema),
});
export type RegionFeatureCollection = z.infer<typeof regionFeatureCollectionSchema>;

export const regionIdParamsSchema = z.object({ id: regionCode });
export const regionPidParamsSchema = z.object({ pid: regionCode });

export const regionChildrenQuerySchema = z.object({
  /** Instead of the direct children, every descendant at this level (e.g. all counties of 100000). */
  level: regionLevelSchema.exclude(['country']).optional(),
});
export const regionGeometryQuerySchema = z.object({ lod: regionLodSchema.default('lo') });
export const regionChildrenGeometryQuerySchema = regionChildrenQuerySchema.extend({ lod: regionLodSchema.default('lo') });

export const regionPositionQuerySchema = z.object({
  lon: z.coerce.number().min(-180).max(180),
  lat: z.coerce.number().min(-90).max(90),
});

export const regionExtentSchema = z.object({ code: z.string(), bbox: bboxSchema, center: lonLatSchema });
export type RegionExtent = z.infer<typeof regionExtentSchema>;

export const getRegionPositionContract = defineContract({
  method: 'GET',
  path: '/api/region/v1/region/position',
  summary: 'The regions (country, province, city, county) containing a point; empty outside China',
  tag: 'region',
  access: 'public',
  cacheSeconds: 3600,
  query: regionPositionQuerySchema,
  response: z.array(regionSchema),
});

export const getRegionChildrenContract = defineContract({
  method: 'GET',
  path: '/api/region/v1/region/pid/{pid}',
  summary: 'Child regions of a region (or every descendant at `level`), without geometry',
  tag: 'region',
  access: 'public',
  cacheSeconds: 3600,
  dataOnly: true,
  params: regionPidParamsSchema,
  query: regionChildrenQuerySchema,
  response: z.array(regionSchema),
});

export const getRegionChildrenShortContract = defineContract({
  method: 'GET',
  path: '/api/region/v1/region/pid/{pid}/s',
  summary: 'Child regions as code and name only, for pickers',
  tag: 'region',
  access: 'public',
  cacheSeconds: 3600,
  dataOnly: true,
  params: regionPidParamsSchema,
  query: regionChildrenQuerySchema,
  response: z.array(regionShortSchema),
});

export const getRegionChildrenGeometryContract = defineContract({
  method: 'GET',
  path: '/api/region/v1/region/pid/{pid}/l',
  summary: 'Child regions with outlines, as a GeoJSON FeatureCollection',
  tag: 'region',
  access: 'public',
  cacheSeconds: 3600,
  dataOnly: true,
  params: regionPidParamsSchema,
  query: regionChildrenGeometryQuerySchema,
  response: regionFeatureCollectionSchema,
});

export const getRegionContract = defineContract({
  method: 'GET',
  path: '/api/region/v1/region/id/{id}',
  summary: 'One region with its parentRegionId',
  tag: 'region',
  access: 'public',
  cacheSeconds: 3600,
  dataOnly: true,
  params: regionIdParamsSchema,
  response: regionSchema,
});

export const getRegionGeometryContract = defineContract({
  method: 'GET',
  path: '/api/region/v1/region/id/{id}/l',
  summary: 'One region with its outline, as a GeoJSON Feature',
  tag: 'region',
  access: 'public',
  cacheSeconds: 3600,
  dataOnly: true,
  params: regionIdParamsSchema,
  query: regionGeometryQuerySchema,
  response: regionFeatureSchema,
});

export const getRegionExtentContract = defineContract({
  method: 'GET',
  path: '/api/region/v1/region/extent/{id}',
  summary: 'Bounding box and label point of a region',
  tag: 'region',
  access: 'public',
  cacheSeconds: 3600,
  dataOnly: true,
  params: regionIdParamsSchema,
  response: regionExtentSchema,
});

export const globalRegionSchema = z.object({
  /** ISO 3166-1 numeric × 1,000,000 (China 156000000); 0 is the world. */
  code: z.string(),
  name: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  /** ISO 3166-1 alpha-3, null where the source has none (disputed areas). */
  isoA3: z.string().nullable(),
  parentRegionId: z.string().nullable(),
  bbox: bboxSchema,
  center: lonLatSchema,
});
export type GlobalRegion = z.infer<typeof globalRegionSchema>;

export const globalRegionFeatureSchema = z.object({
  type: z.literal('Feature'),
  id: z.string(),
  properties: globalRegionSchema,
  geometry: multiPolygonSchema,
});

export const getGlobalRegionChildrenShortContract = defineContract({
  method: 'GET',
  path: '/api/region/v1/globalregion/pid/{pid}/s',
  summary: 'Countries of the world (pid 0) as code and name',
  tag: 'region',
  access: 'public',
  cacheSeconds: 3600,
  dataOnly: true,
  params: z.object({ pid: globalRegionCode }),
  response: z.array(regionShortSchema),
});

export const getGlobalRegionContract = defineContract({
  method: 'GET',
  path: '/api/region/v1/globalregion/id/{id}',
  summary: 'One country with its outline (Natural Earth 1:50m), as a GeoJSON Feature',
  tag: 'region',
  access: 'public',
  cacheSeconds: 3600,
  dataOnly: true,
  params: z.object({ id: globalRegionCode }),
  response: globalRegionFeatureSchema,
});

export const REGION_CONTRACTS = [
  getRegionPositionContract,
  getRegionChildrenContract,
  getRegionChildrenShortContract,
  getRegionChildrenGeometryContract,
  getRegionContract,
  getRegionGeometryContract,
  getRegionExtentContract,
  getGlobalRegionChildrenShortContract,
  getGlobalRegionContract,
] as const;
