/**
 * Orbital prediction (issue 22): where the satellites are now (spec §7 `/api/satelliteimage/v2/sateorbitimage/now/{x}`).
 */
import { z } from 'zod';
import { defineContract, localizedIssue } from './api';
import { areaGeometrySchema, bboxSchema, SELECT_MODES, uploadIdSchema } from './catalogue';
import { coverageScenesBodySchema } from './coverage';
import { SENSOR_KINDS } from '../satellites/model';

/** At most this many satellites in one call. */
export const MAX_SATELLITES = 25;

/** `cn` (every active Chinese land-observation satellite) or a comma list of NORAD numbers. */
export const satelliteSelectionSchema = z
  .string()
  .regex(/^(cn|[1-9]\d{0,5}(,[1-9]\d{0,5})*)$/, localizedIssue('Orbits.errors.badSatellites'))
  .transform((x) => (x === 'cn' ? null : [...new Set(x.split(',').map(Number))]))
  .refine((x) => x === null || x.length <= MAX_SATELLITES, localizedIssue('Orbits.errors.tooManySatellites'));

const lonLatSchema = z.tuple([z.number(), z.number()]);

export const tleSetSchema = z.object({
  id: z.string(),
  source: z.string(),
  epochMin: z.string(),
  epochMax: z.string(),
});

export const satellitesNowSchema = z.object({
  /** The time the positions are for (ISO 8601, UTC). */
  at: z.string(),
  tleSet: tleSetSchema,
  satellites: z.array(
    z.object({
      norad: z.number().int(),
      name: z.string(),
      /** Epoch of the element set used, its age at `at` in days, and whether that is over 14 days. */
      epoch: z.string(),
      ageDays: z.number(),
      stale: z.boolean(),
      /** Expected position error from the element set's age, whole km (lib/shared/orbits/uncertainty.ts). */
      uncertaintyKm: z.number(),
      now: z.object({ lon: z.number(), lat: z.number(), heightKm: z.number() }).nullable(),
      /** The next 90 minutes of ground track, a point a minute ([lon, lat]); a point SGP4 gives up on is left out. */
      track: z.array(lonLatSchema),
    }),
  ),
});
export type SatellitesNow = z.infer<typeof satellitesNowSchema>;

export const satellitesNowContract = defineContract({
  method: 'GET',
  path: '/api/satelliteimage/v2/sateorbitimage/now/{x}',
  summary: 'Sub-satellite points now and the next 90 minutes of ground track (cn: every active Chinese land-observation satellite)',
  tag: 'Orbits',
  access: 'public',
  cacheSeconds: 30,
  params: z.object({ x: satelliteSelectionSchema }),
  query: z.object({
    /** Another time than now (ISO 8601), within a year either side of now: what the map shows at that minute. */
    at: z.iso
      .datetime({ offset: true, message: localizedIssue('Orbits.errors.badTime') })
      .optional()
      .refine((t) => t === undefined || Math.abs(Date.parse(t) - Date.now()) <= 366 * 86_400_000, localizedIssue('Orbits.errors.badTime')),
  }),
  response: satellitesNowSchema,
});


/** Bounds of one prediction: the work is satellites × days × passes, each clipped to the area in PostGIS. */
export const PREDICTION_LIMITS = {
  maxDays: 14,
  maxSatellites: MAX_SATELLITES,
  /** Regions in one `satorbit/region` call. */
  maxRegions: 10,
  /** Areas larger than this (km², about Xinjiang's 1.66 M with room) are refused: a country-wide week is tens of thousands of strips. */
  maxAreaKm2: 2_500_000,
  /** Points of the area's outline the passes are searched against (the outline is simplified to at most this many). */
  maxTargetPoints: 400,
  /** A prediction that takes longer is abandoned with Orbits.errors.tooSlow. */
  timeoutMs: 20_000,
  /** Passes in one answer (each clipped in PostGIS); more is refused as too much work. */
  maxPasses: 3_000,
  maxBodyBytes: 1_200_000,
} as const;

/** Nadir-only: the swath as the satellite looks straight down; side: pointing up to the sensor's largest off-nadir angle. */
export const COVERAGE_MODES = ['nadir', 'side'] as const;
/** Which of a satellite's sensors: the finest resolution (what field checks order) or the widest swath. */
export const SENSOR_CHOICES = ['finest', 'widest'] as const;
export const PASS_SORTS = ['time', 'coverage'] as const;
/** Whether a pass counts toward the coverage (lib/shared/orbits/counting.ts decides). */
export const PASS_STATUSES = ['counted', 'possible', 'lowSun'] as const;
export type PassStatus = (typeof PASS_STATUSES)[number];

const isoInstant = z.iso.datetime({ offset: true, message: localizedIssue('Orbits.errors.badTime') });

/** What every prediction asks besides its area. */
export const predictionOptionsSchema = z.object({
  /** Default: every active Chinese land-observation satellite (at most 25 are computed; the list says which). */
  satellites: z
    .array(z.number().int().min(1).max(999_999), localizedIssue('Orbits.errors.badSatellites'))
    .min(1, localizedIssue('Orbits.errors.badSatellites'))
    .max(MAX_SATELLITES, localizedIssue('Orbits.errors.tooManySatellites'))
    .optional(),
  /** Window start (default: now, to the minute); within a year of now. */
  start: isoInstant
    .optional()
    .refine((t) => t === undefined || Math.abs(Date.parse(t) - Date.now()) <= 366 * 86_400_000, localizedIssue('Orbits.errors.badTime')),
  /** Window length in days, 1–14. */
  days: z
    .number(localizedIssue('Orbits.errors.badWindow'))
    .int(localizedIssue('Orbits.errors.badWindow'))
    .min(1, localizedIssue('Orbits.errors.badWindow'))
    .max(PREDICTION_LIMITS.maxDays, localizedIssue('Orbits.errors.badWindow'))
    .default(7),
  mode: z.enum(COVERAGE_MODES, localizedIssue('Orbits.errors.badMode')).default('nadir'),
  sensor: z.enum(SENSOR_CHOICES, localizedIssue('Orbits.errors.badSensor')).default('finest'),
  sort: z.enum(PASS_SORTS, localizedIssue('Orbits.errors.badSort')).default('time'),
});

const regionCodeSchema = z.string(localizedIssue('Orbits.errors.badRegion')).regex(/^[1-9]\d{5}$/, localizedIssue('Orbits.errors.badRegion'));

/** `satorbit/region`: regions by code (their union is the area). */
export const regionPredictionBodySchema = predictionOptionsSchema.extend({
  regionCodes: z
    .array(regionCodeSchema, localizedIssue('Orbits.errors.badRegion'))
    .min(1, localizedIssue('Orbits.errors.badRegion'))
    .max(PREDICTION_LIMITS.maxRegions, localizedIssue('Orbits.errors.tooManyRegions')),
});

/**
 * `satorbit/shp`: an area uploaded through the image query's upload (`normalmeta/upload/shp`, its id), drawn
 * (GeoJSON polygon), a rectangle, or the part an image query search leaves uncovered (the coverage analysis'
 * input: its filter and, optionally, the checked scenes) — "who fills my gap next".
 */
export const predictionAreaSchema = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal(SELECT_MODES.SHP), uploadId: uploadIdSchema }),
    z.object({ mode: z.literal(SELECT_MODES.DRAW), geometry: areaGeometrySchema }),
    z.object({ mode: z.literal(SELECT_MODES.EXTENT), bbox: bboxSchema }),
    z.object({ mode: z.literal('UNCOVERED'), coverage: coverageScenesBodySchema }),
  ],
  localizedIssue('Orbits.errors.badArea'),
);
export type PredictionArea = z.infer<typeof predictionAreaSchema>;
export const shpPredictionBodySchema = predictionOptionsSchema.extend({ area: predictionAreaSchema });

const polygonalSchema = z.object({ type: z.enum(['Polygon', 'MultiPolygon']), coordinates: z.array(z.unknown()) });

export const passSchema = z.object({
  /** `{norad}-{closest time, ms}`: stable for a TLE set. */
  id: z.string(),
  norad: z.number().int(),
  /** Start and end of the pass over the area, and the moment the track is closest to its centre (ISO, UTC). */
  start: z.string(),
  end: z.string(),
  closest: z.string(),
  ascending: z.boolean(),
  /**
   * The sun's elevation over the area's centre at the closest moment (degrees); daylight = above 0. An optical
   * sensor's pass counts toward coverage only with the sun at least OPTICAL_MIN_SUN_ELEVATION_DEG high.
   */
  sunElevationDeg: z.number(),
  daylight: z.boolean(),
  /** Off-nadir angle needed to bring the swath over the area's centre (0 when it lies in the nadir swath). */
  offNadirDeg: z.number(),
  side: z.enum(['left', 'right']),
  crossTrackKm: z.number(),
  /** Expected position error at that moment from the element set's age (whole km, lib/shared/orbits/uncertainty.ts). */
  uncertaintyKm: z.number(),
  /** Area of the area of interest inside the swath as predicted (km²) and its share (%). */
  coveredKm2: z.number(),
  sharePct: z.number(),
  /**
   * Whether the pass counts toward the coverage (lib/shared/orbits/counting.ts): `counted`, `possible` (the
   * uncertainty reaches half the swath) or `lowSun` (an optical sensor with the sun too low).
   */
  status: z.enum(PASS_STATUSES),
  /** What it counts: the area inside its swath narrowed by the uncertainty on both sides (0 unless counted). */
  countedKm2: z.number(),
  countedPct: z.number(),
  /** Ground track of the pass ([lon, lat]), the swath strip as predicted, and the strip widened by the uncertainty. */
  track: z.array(lonLatSchema),
  swath: polygonalSchema,
  possibleSwath: polygonalSchema,
  /** The swath clipped to the area (null when the strip only grazes it). */
  clipped: polygonalSchema.nullable(),
});
export type PredictedPass = z.infer<typeof passSchema>;

export const predictedSatelliteSchema = z.object({
  norad: z.number().int(),
  name: z.string(),
  /** The portal's satellite page (slug) and the sensor used with its swath and largest off-nadir angle. */
  satellite: z.string().nullable(),
  satelliteName: z.string().nullable(),
  group: z.string().nullable(),
  sensor: z.string().nullable(),
  sensorKind: z.enum(SENSOR_KINDS).nullable(),
  /** The sensor's imaging mode used, where its resolution and swath depend on the mode (a SAR's), in the reader's language. */
  mode: z.object({ code: z.string(), name: z.string() }).nullable(),
  /** Resolution (m) and swath (km) of the sensor, or of the mode used. */
  resolutionM: z.number().nullable(),
  swathKm: z.number().nullable(),
  /** The sensor's largest off-nadir angle (null: not published, so side-looking is not assumed). */
  maxOffNadirDeg: z.number().nullable(),
  epoch: z.string(),
  ageDays: z.number(),
  stale: z.boolean(),
  passCount: z.number().int(),
  /**
   * Why it was left out: no published swath, a radar whose finest mode's swath the satellite data does not give
   * (its modes are not listed), geostationary (it stares), or SGP4 gave up on its elements.
   */
  skipped: z.enum(['noSwath', 'modeUnknown', 'geostationary', 'decayed']).nullable(),
});
export type PredictedSatellite = z.infer<typeof predictedSatelliteSchema>;

export const predictionSchema = z.object({
  tleSet: tleSetSchema,
  /** True when any element set used is over 14 days old at the window start. */
  stale: z.boolean(),
  /**
   * The oldest element set of the satellites computed (its epoch, its age at the window start in days), and the
   * smallest and largest position uncertainty the satellites' elements give over the window (whole km): every pass's
   * own figure lies between them (lib/shared/orbits/uncertainty.ts).
   */
  uncertainty: z.object({ oldestEpoch: z.string(), ageDays: z.number(), minKm: z.number(), maxKm: z.number() }),
  window: z.object({ start: z.string(), end: z.string(), days: z.number().int() }),
  mode: z.enum(COVERAGE_MODES),
  sensor: z.enum(SENSOR_CHOICES),
  sort: z.enum(PASS_SORTS),
  area: z.object({
    km2: z.number(),
    /** The area as searched (simplified for display) and its centre. */
    geometry: polygonalSchema,
    centre: lonLatSchema,
  }),
  satellites: z.array(predictedSatelliteSchema),
  passes: z.array(passSchema),
  /**
   * What the counted passes image for certain (the union of their swaths narrowed by their uncertainty, clipped to the
   * area) and what stays uncovered (km², share %, display geometry).
   */
  union: z.object({ km2: z.number(), sharePct: z.number(), geometry: polygonalSchema.nullable() }),
  uncovered: z.object({ km2: z.number(), sharePct: z.number(), geometry: polygonalSchema.nullable() }),
  /**
   * The share of the area the counted passes image for certain up to each moment (after each pass that adds to it, in time order):
   * estimated from sample points spread over the area (about one percent), so "how soon is most of it covered".
   */
  progress: z.array(z.object({ at: z.string(), sharePct: z.number() })),
  /** Computing time on the server (ms) and whether the answer came from the cache. */
  computeMs: z.number(),
  cached: z.boolean(),
});
export type Prediction = z.infer<typeof predictionSchema>;

export const regionPredictionContract = defineContract({
  method: 'POST',
  path: '/api/sateorbit/v2/satorbit/region',
  heavy: true,
  summary: 'Predicted passes of the chosen satellites over regions in a window of up to 14 days: swaths clipped to the area, shares, union and remainder',
  tag: 'Orbits',
  access: 'public',
  body: regionPredictionBodySchema,
  maxBodyBytes: 16_384,
  response: predictionSchema,
});

export const shpPredictionContract = defineContract({
  method: 'POST',
  path: '/api/sateorbit/v2/satorbit/shp',
  heavy: true,
  summary: 'Predicted passes over an uploaded, drawn or rectangular area, or over the part an image query search leaves uncovered',
  tag: 'Orbits',
  access: 'public',
  body: shpPredictionBodySchema,
  maxBodyBytes: PREDICTION_LIMITS.maxBodyBytes,
  response: predictionSchema,
});

export const ORBIT_CONTRACTS = [satellitesNowContract, regionPredictionContract, shpPredictionContract];
