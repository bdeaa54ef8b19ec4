/**
 * Satellite API (`/api/satellite/v1`): the satellite pages' data and the analyses computed from it.
 * Texts come in the caller's language; enumerations (group, status, kind, country) as codes.
 */
import { z } from 'zod';
import {
  ANALYSIS_PAGES,
  MEMBER_STATUSES,
  MISSION_STATUSES,
  OPERATOR_TYPES,
  ORBIT_TYPES,
  SATELLITE_AREAS,
  SATELLITE_GROUPS,
  SENSOR_KINDS,
  SLUG_PATTERN,
} from '../satellites/model';
import { defineContract, pageQuerySchema, pageSchema } from './api';

export const satelliteSummarySchema = z.object({
  slug: z.string(),
  area: z.enum(SATELLITE_AREAS),
  group: z.enum(SATELLITE_GROUPS),
  /** ISO 3166-1 alpha-2 codes (EU for the European Union). */
  countries: z.array(z.string()),
  name: z.string(),
  shortName: z.string(),
  operatorType: z.enum(OPERATOR_TYPES),
  /** Null: not published. */
  status: z.enum(MISSION_STATUSES).nullable(),
  firstLaunchYear: z.number().int().nullable(),
  /** Spacecraft listed on the page, and how many of them are in CelesTrak's active list. */
  spacecraft: z.number().int(),
  activeSpacecraft: z.number().int(),
  /** A fleet too large to list (PlanetScope): how many of its spacecraft CelesTrak lists as active. */
  fleetActiveCount: z.number().int().nullable(),
  /** Best ground resolution (m) and widest swath (km) over the sensors that publish them. */
  bestResolutionM: z.number().nullable(),
  maxSwathKm: z.number().nullable(),
  sensorKinds: z.array(z.enum(SENSOR_KINDS)),
});
export type SatelliteSummary = z.infer<typeof satelliteSummarySchema>;

export const tleFiguresSchema = z.object({
  epoch: z.string(),
  inclinationDeg: z.number(),
  meanAltitudeKm: z.number().nullable(),
  perigeeKm: z.number(),
  apogeeKm: z.number(),
});

export const satelliteMemberSchema = z.object({
  name: z.string(),
  norad: z.number().int().nullable(),
  cospar: z.string().nullable(),
  launchDate: z.string().nullable(),
  launchYear: z.number().int().nullable(),
  status: z.enum(MEMBER_STATUSES),
  note: z.string().nullable(),
  tle: tleFiguresSchema.nullable(),
});
export type SatelliteMember = z.infer<typeof satelliteMemberSchema>;

export const satelliteSensorSchema = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(SENSOR_KINDS),
  bands: z.string().nullable(),
  resolution: z.string().nullable(),
  bestResolutionM: z.number().nullable(),
  swathKm: z.number().nullable(),
  swath: z.string().nullable(),
  /** Largest off-nadir (side-looking) angle in degrees; 0: looks straight down only; null: not published (or radar). */
  maxOffNadirDeg: z.number().nullable(),
});
export type SatelliteSensor = z.infer<typeof satelliteSensorSchema>;

export const satelliteDetailSchema = satelliteSummarySchema.extend({
  agency: z.string().nullable(),
  operator: z.string().nullable(),
  orbit: z.object({
    type: z.enum(ORBIT_TYPES),
    altitudeKm: z.number().nullable(),
    inclinationDeg: z.number().nullable(),
    localTime: z.string().nullable(),
    repeatDays: z.number().nullable(),
  }),
  revisit: z.string().nullable(),
  designLife: z.string().nullable(),
  fleet: z.object({ activeCount: z.number().int(), note: z.string() }).nullable(),
  description: z.string(),
  members: z.array(satelliteMemberSchema),
  sensors: z.array(satelliteSensorSchema),
  sources: z.array(z.object({ title: z.string(), url: z.string() })),
  /** Which CelesTrak snapshot the orbit figures and active list come from. */
  tleSnapshot: z.string(),
  /** The satellite has a typical-image page. */
  typicalImages: z.boolean(),
});
export type SatelliteDetail = z.infer<typeof satelliteDetailSchema>;

export const satelliteListQuerySchema = pageQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
  country: z.enum(SATELLITE_AREAS).optional(),
  group: z.enum(SATELLITE_GROUPS).optional(),
});
export type SatelliteListQuery = z.infer<typeof satelliteListQuerySchema>;

export const satelliteSlugParamsSchema = z.object({ slug: z.string().regex(SLUG_PATTERN) });

// ── Analyses ──────────────────────────────────────────────────────────────────────────────────────

export const ANALYSIS_CHART_KINDS = ['bar', 'stacked-bar', 'line', 'scatter'] as const;

export const analysisChartSchema = z.object({
  id: z.string(),
  kind: z.enum(ANALYSIS_CHART_KINDS),
  title: z.string(),
  explanation: z.string(),
  xLabel: z.string(),
  yLabel: z.string(),
  series: z.array(z.object({ key: z.string(), label: z.string() })),
  /** One row per category (x value), a value per series. */
  rows: z.array(z.object({ key: z.string(), label: z.string(), values: z.record(z.string(), z.number()) })),
  /** Scatter charts: one point per item. */
  points: z.array(z.object({ label: z.string(), series: z.string(), x: z.number(), y: z.number() })),
});
export type AnalysisChart = z.infer<typeof analysisChartSchema>;

export const analysisSchema = z.object({
  page: z.enum(ANALYSIS_PAGES),
  title: z.string(),
  intro: z.string(),
  /** What the counts are made of: missions (pages), spacecraft and sensors in the tables. */
  totals: z.object({
    missions: z.number().int(),
    spacecraft: z.number().int(),
    activeSpacecraft: z.number().int(),
    sensors: z.number().int(),
  }),
  charts: z.array(analysisChartSchema),
});
export type Analysis = z.infer<typeof analysisSchema>;

export const analysisParamsSchema = z.object({ page: z.enum(ANALYSIS_PAGES) });

export const listSatellitesContract = defineContract({
  method: 'GET',
  path: '/api/satellite/v1/satellite',
  summary: 'Satellite pages: Chinese (country=cn) or global, optionally one group (optical, hyperspectral, radar, laser, gravity)',
  tag: 'satellites',
  access: 'public',
  cacheSeconds: 300,
  query: satelliteListQuerySchema,
  response: pageSchema(satelliteSummarySchema),
});

export const getSatelliteContract = defineContract({
  method: 'GET',
  path: '/api/satellite/v1/satellite/{slug}',
  summary: 'One satellite page: orbit, spacecraft with TLE-derived figures, sensors, description and sources',
  tag: 'satellites',
  access: 'public',
  cacheSeconds: 300,
  params: satelliteSlugParamsSchema,
  response: satelliteDetailSchema,
});

export const getAnalysisContract = defineContract({
  method: 'GET',
  path: '/api/satellite/v1/analysis/{page}',
  summary: 'An analysis page’s series, computed in SQL from the satellite, spacecraft and sensor tables',
  tag: 'satellites',
  access: 'public',
  cacheSeconds: 300,
  params: analysisParamsSchema,
  response: analysisSchema,
});

export const SATELLITE_CONTRACTS = [listSatellitesContract, getSatelliteContract, getAnalysisContract] as const;
