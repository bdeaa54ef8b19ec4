/**
 * The vocabulary of the satellite pages: groups, statuses, sensor kinds, orbit types and the page
 * slugs of the route registry. Shared by the data file's schema, the API contracts and the pages.
 */

/** Where a mission is listed: Chinese satellites or global (foreign) satellites. */
export const SATELLITE_AREAS = ['cn', 'global'] as const;
export type SatelliteArea = (typeof SATELLITE_AREAS)[number];

/** The spec's grouping of global satellites (applied to Chinese ones too). */
export const SATELLITE_GROUPS = ['optical', 'hyperspectral', 'radar', 'laser', 'gravity'] as const;
export type SatelliteGroup = (typeof SATELLITE_GROUPS)[number];

/**
 * A mission's status, derived from its spacecraft: operational (all listed as active), partly (some),
 * retired (none, and the end of each is documented). Null: not published.
 */
export const MISSION_STATUSES = ['operational', 'partly', 'retired'] as const;
export type MissionStatus = (typeof MISSION_STATUSES)[number];

/**
 * A spacecraft's status: active (in CelesTrak's list of active satellites), retired or lost (end
 * documented in the sources), unlisted (not in the active list, no documented end: not published).
 */
export const MEMBER_STATUSES = ['active', 'retired', 'lost', 'unlisted'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const SENSOR_KINDS = [
  'pan-multispectral',
  'multispectral',
  'hyperspectral',
  'thermal',
  'video',
  'sar',
  'lidar',
  'ranging',
  'atmospheric',
] as const;
export type SensorKind = (typeof SENSOR_KINDS)[number];

/** Sensors that image reflected sunlight: an acquisition needs daylight. Radar and thermal sensors image by night too. */
export const DAYLIGHT_SENSOR_KINDS: readonly SensorKind[] = ['pan-multispectral', 'multispectral', 'hyperspectral', 'video'];

/**
 * The lowest sun (degrees above the horizon at the scene) at which an optical (daylight) acquisition is counted — by
 * the orbital prediction's coverage and by the demo catalogue's scenes. At 10° the sun lights level ground with
 * about a tenth of a high sun's irradiance (sin 10° ≈ 0.17, through some 5.6 air masses) and casts shadows 5.7 times
 * as long as what casts them: lower, an optical scene is too dark and too shadowed to be of use for land monitoring.
 */
export const OPTICAL_MIN_SUN_ELEVATION_DEG = 10;

export const needsDaylight = (kind: SensorKind): boolean => DAYLIGHT_SENSOR_KINDS.includes(kind);

/**
 * How a sensor mode images (a SAR's modes differ by far more than resolution): a continuous strip along the track
 * (stripmap, ScanSAR), or separate frames (spotlight: a scene a few kilometres long) and imagettes (wave mode).
 */
export const SENSOR_MODE_KINDS = ['stripmap', 'scansar', 'spotlight', 'wave'] as const;
export type SensorModeKind = (typeof SENSOR_MODE_KINDS)[number];
/** Modes that image a continuous strip as wide as their swath for the whole pass: the ones a pass prediction can draw. */
export const STRIP_MODE_KINDS: readonly SensorModeKind[] = ['stripmap', 'scansar'];

export const ORBIT_TYPES = ['sso', 'geo', 'inclined', 'polar'] as const;
export type OrbitType = (typeof ORBIT_TYPES)[number];

/** Who builds and runs a mission. */
export const OPERATOR_TYPES = ['government', 'commercial', 'public-private'] as const;
export type OperatorType = (typeof OPERATOR_TYPES)[number];

/** Countries (ISO 3166-1 alpha-2) and EU for the European Union's Copernicus missions. */
export const SATELLITE_COUNTRIES = ['CN', 'BR', 'US', 'EU', 'FR', 'DE', 'IT', 'IN', 'KR', 'JP', 'CA'] as const;
export type SatelliteCountry = (typeof SATELLITE_COUNTRIES)[number];

export const ANALYSIS_PAGES = [
  'general-statistic',
  'country-analysis',
  'categories-statistic',
  'investment-pattern-analysis',
  'level-contrast',
  'development-plan',
] as const;
export type AnalysisPage = (typeof ANALYSIS_PAGES)[number];

export const TYPICAL_IMAGE_SLUGS = ['zy3', 'gf1', 'gf2', 'gf4', 'gf7', 'lsar'] as const;
export type TypicalImageSlug = (typeof TYPICAL_IMAGE_SLUGS)[number];

/** Ground-resolution classes of the level-contrast analysis, best resolution in metres. */
export const RESOLUTION_CLASSES = [
  { key: 'submeter', max: 1 },
  { key: 'high', max: 5 },
  { key: 'medium', max: 30 },
  { key: 'low', max: null },
] as const;
export type ResolutionClass = (typeof RESOLUTION_CLASSES)[number]['key'];

export const SLUG_PATTERN = /^[a-z0-9]{2,20}$/;

export const includes = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

/** The in-locale path of a satellite's page. */
export const satellitePath = (area: SatelliteArea, slug: string) => `/satellite/${area === 'cn' ? 'chinese' : 'global'}/${slug}`;
export const areaPath = (area: SatelliteArea) => `/satellite/${area === 'cn' ? 'chinese' : 'global'}`;
export const analysisPath = (page: AnalysisPage) => `/satellite/analysis/${page}`;
export const typicalImagePath = (slug: TypicalImageSlug) => `/satellite/image/${slug}`;
