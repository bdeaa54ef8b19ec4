/**
 * Field photos of a verification case (issue 34.1): the views a batch asks for, the limits of an upload, and the
 * flags a photo gets — one rule, read by the server when it stores a photo and by the tests.
 */

/** The views a checker photographs a spot from (the batch sets how many of each it needs). */
export const PHOTO_VIEW_KINDS = ['distant', 'close', 'corner_ne', 'corner_nw', 'corner_se', 'corner_sw', 'interior', 'drone'] as const;
export type PhotoViewKind = (typeof PHOTO_VIEW_KINDS)[number];

/**
 * What a reviewer is warned of: taken farther than the batch's threshold from the spot's outline, taken before the
 * batch was pushed (an old photo), without a GPS position, or at a position that disagrees with where the user
 * tapped on the map by more than the threshold.
 */
export const PHOTO_FLAGS = ['far', 'before_push', 'no_gps', 'tap_mismatch'] as const;
export type PhotoFlag = (typeof PHOTO_FLAGS)[number];

export const PHOTO_LIMITS = {
  /** Bytes of one upload. */
  maxBytes: 20 * 1024 * 1024,
  /** Pixels a side, and in all. */
  maxSide: 12_000,
  maxPixels: 100_000_000,
  /**
   * A decompression bomb: an image whose decoded pixels (4 bytes each) are more than this many times its file's
   * size, once it is larger than `bombMinPixels`. A phone's JPEG is 10–60 times smaller decoded; a flat PNG of
   * 100 megapixels a few thousand.
   */
  bombRatio: 1000,
  bombMinPixels: 16_000_000,
  /** The display copy's longer side. */
  displaySide: 1600,
  /** Default distance threshold of a batch (m). */
  defaultDistanceM: 200,
} as const;

export type PhotoMinimums = Partial<Record<PhotoViewKind, number>>;

export interface FlagInput {
  /** Metres from the photo's GPS position to the spot's outline (0 inside); null without GPS. */
  distanceM: number | null;
  /** Metres between the GPS position and where the user tapped; null when either is missing. */
  tappedGapM: number | null;
  /** When the photo was taken (EXIF), or null. */
  takenAt: Date | null;
  /** The day the batch was pushed (YYYY-MM-DD, China time). */
  pushedOn: string;
  /** The batch's threshold (m). */
  thresholdM: number;
}

/** The start of a China-time day as an instant. */
export const chinaDayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);

/** The flags of one photo, in PHOTO_FLAGS order. */
export function photoFlags(input: FlagInput): PhotoFlag[] {
  const flags: PhotoFlag[] = [];
  if (input.distanceM !== null && input.distanceM > input.thresholdM) flags.push('far');
  if (input.takenAt !== null && input.takenAt.getTime() < chinaDayStart(input.pushedOn).getTime()) flags.push('before_push');
  if (input.distanceM === null) flags.push('no_gps');
  if (input.tappedGapM !== null && input.tappedGapM > input.thresholdM) flags.push('tap_mismatch');
  return flags;
}

/** The needed and present count of each view kind (kinds a batch needs none of are listed when they have photos). */
export function photoTally(
  minimums: PhotoMinimums,
  kinds: readonly PhotoViewKind[],
): { kind: PhotoViewKind; needed: number; have: number }[] {
  return PHOTO_VIEW_KINDS.map((kind) => ({ kind, needed: minimums[kind] ?? 0, have: kinds.filter((k) => k === kind).length }));
}

const COMPASS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
/** A heading in degrees as a compass point (N, NE, …). */
export const compassPoint = (degrees: number) => COMPASS[Math.round((((degrees % 360) + 360) % 360) / 45) % 8]!;

/** `2026-03-05 10:20:30` in China time. */
export function chinaTime(at: Date): string {
  const shifted = new Date(at.getTime() + 8 * 3600_000);
  return shifted.toISOString().slice(0, 19).replace('T', ' ');
}

/** A latitude and longitude as `38.040000°N 114.510000°E`. */
export function formatLonLat(lon: number, lat: number): string {
  return `${Math.abs(lat).toFixed(6)}°${lat >= 0 ? 'N' : 'S'} ${Math.abs(lon).toFixed(6)}°${lon >= 0 ? 'E' : 'W'}`;
}
