/**
 * The shape of data/satellites/satellites.json: written by scripts/satellites/build.ts from the curated
 * catalogue and the shared TLE/UCS files, read by the seed. Parsing it here keeps a hand edit honest.
 */
import { z } from 'zod';
import {
  MEMBER_STATUSES,
  MISSION_STATUSES,
  OPERATOR_TYPES,
  ORBIT_TYPES,
  SATELLITE_AREAS,
  SATELLITE_COUNTRIES,
  SATELLITE_GROUPS,
  SENSOR_KINDS,
  SENSOR_MODE_KINDS,
  SLUG_PATTERN,
} from './model';

export const textSchema = z.object({ zh: z.string().min(1).max(2000), en: z.string().min(1).max(3000) });
export type BilingualText = z.infer<typeof textSchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const tleFiguresSchema = z.object({
  epoch: z.iso.datetime({ offset: true }),
  inclinationDeg: z.number(),
  meanAltitudeKm: z.number().nullable(),
  perigeeKm: z.number(),
  apogeeKm: z.number(),
});

export const memberSchema = z.object({
  name: z.string().min(1).max(80),
  nameZh: z.string().max(80).nullable(),
  norad: z.number().int().positive().nullable(),
  cospar: z
    .string()
    .regex(/^\d{4}-\d{3}[A-Z]{1,3}$/)
    .nullable(),
  launchDate: isoDate.nullable(),
  /** From the launch date, or the COSPAR designator's year when the date is not recorded. */
  launchYear: z.number().int().min(1957).max(2100).nullable(),
  launchSource: z.string().max(200).nullable(),
  status: z.enum(MEMBER_STATUSES),
  note: textSchema.nullable(),
  /** Orbit figures computed from the CelesTrak TLE (see SOURCE.md); null when the satellite has none. */
  tle: tleFiguresSchema.nullable(),
});

/** One imaging mode of a sensor whose resolution and swath depend on the mode (a SAR's spotlight, stripmap, ScanSAR…). */
export const sensorModeSchema = z.object({
  /** The operator's short code, e.g. UFS (GF-3's ultra-fine stripmap). */
  code: z.string().regex(/^[A-Z][A-Z0-9-]{0,9}$/),
  name: textSchema,
  kind: z.enum(SENSOR_MODE_KINDS),
  /** Nominal resolution (m) and swath (km) of this mode. */
  resolutionM: z.number().positive(),
  swathKm: z.number().positive(),
});
export type SensorModeRecord = z.infer<typeof sensorModeSchema>;

export const sensorSchema = z.object({
  code: z.string().min(1).max(40),
  name: textSchema,
  kind: z.enum(SENSOR_KINDS),
  bands: textSchema.nullable(),
  resolution: textSchema.nullable(),
  /** Best ground sample distance in metres (imaging sensors); null when not published or not comparable. */
  bestResolutionM: z.number().positive().nullable(),
  swathKm: z.number().positive().nullable(),
  swath: textSchema.nullable(),
  /**
   * Largest off-nadir (side-looking, roll) angle in degrees, 0–60: 0 for a sensor that only looks straight down;
   * null (or absent) where no source publishes it, and for radar, whose swath is already an off-nadir range.
   */
  maxOffNadirDeg: z.number().min(0).max(60).nullable().optional(),
  /**
   * Its imaging modes, where resolution and swath depend on the mode (empty: one mode, the figures above). The
   * sensor's best resolution and widest swath are then those of different modes and never go together.
   */
  modes: z.array(sensorModeSchema).max(16),
});

export const sourceSchema = z.object({ title: z.string().min(1).max(300), url: z.url() });

export const imageryProductSchema = z.object({
  /** Sensor code in scene identifiers, e.g. PMS1, WFV2, NAD. */
  sensor: z.string().regex(/^[A-Z0-9]{2,8}$/),
  /** Scene id prefix, e.g. GF1 → GF1_PMS1_E116.4_N39.9_20200415_L1A0001234567. */
  prefix: z.string().regex(/^[A-Z0-9]{2,8}$/),
  resolutionM: z.number().positive(),
  /** Side of the (square) scene footprint in km. */
  sceneKm: z.number().positive(),
  /** Optical scenes have cloud cover; radar scenes do not. */
  optical: z.boolean(),
});

export const satelliteRecordSchema = z.object({
  slug: z.string().regex(SLUG_PATTERN),
  area: z.enum(SATELLITE_AREAS),
  group: z.enum(SATELLITE_GROUPS),
  countries: z.array(z.enum(SATELLITE_COUNTRIES)).min(1).max(4),
  name: textSchema,
  shortName: z.string().min(1).max(40),
  agency: textSchema.nullable(),
  operator: textSchema.nullable(),
  operatorType: z.enum(OPERATOR_TYPES),
  status: z.enum(MISSION_STATUSES).nullable(),
  orbit: z.object({
    type: z.enum(ORBIT_TYPES),
    altitudeKm: z.number().positive().nullable(),
    inclinationDeg: z.number().min(0).max(180).nullable(),
    localTime: textSchema.nullable(),
    repeatDays: z.number().positive().nullable(),
  }),
  revisit: textSchema.nullable(),
  designLife: textSchema.nullable(),
  /** A constellation too large to list: how many of its spacecraft CelesTrak lists as active. */
  fleet: z.object({ activeCount: z.number().int().nonnegative(), note: textSchema }).nullable(),
  members: z.array(memberSchema).max(80),
  sensors: z.array(sensorSchema).min(1).max(12),
  description: textSchema,
  imagery: z.object({ uses: z.array(textSchema).min(1).max(8), products: z.array(imageryProductSchema).min(1).max(6) }).nullable(),
  sources: z.array(sourceSchema).min(1).max(10),
});
export type SatelliteRecord = z.infer<typeof satelliteRecordSchema>;

export const satelliteDataFileSchema = z.object({
  /** CelesTrak snapshot the orbit figures and active list come from. */
  tleSnapshot: z.string(),
  satellites: z.array(satelliteRecordSchema).min(1).max(100),
});
export type SatelliteDataFile = z.infer<typeof satelliteDataFileSchema>;
