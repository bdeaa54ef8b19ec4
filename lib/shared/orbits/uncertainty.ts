/**
 * How far off a position predicted from two-line elements may be: ONE model, stated with the same figure by every
 * answer and screen (the prediction's banner, each pass, the exports, the satellites-now map and the element-set
 * administration) — issue 32.7 found "tens of kilometres" in the banner beside "±198 km" on every pass.
 *
 * SGP4 from a TLE is good to about 1 km at the epoch and drifts by 0.5–2 km a day, mostly along the track; the
 * upper rate is taken and applied in any direction, so what is claimed as covered errs on the safe side. The
 * figure is whole kilometres, rounded up: what a screen shows is what the classification below used.
 */

export const UNCERTAINTY_MODEL = {
  /** Position error at the element set's epoch, km. */
  atEpochKm: 1,
  /** Growth per day of age (either side of the epoch), km. */
  perDayKm: 2,
} as const;

/** Element sets more than this many days from the time they are used for are called stale. */
export const STALE_TLE_DAYS = 14;

const DAY_MS = 86_400_000;

/** Age in days of an element set with epoch `epochMs` when used for `atMs` (negative before the epoch). */
export const elementAgeDays = (epochMs: number, atMs: number): number => (atMs - epochMs) / DAY_MS;

/** The expected position error, whole km rounded up, of elements `ageDays` old (either side of the epoch). */
export function positionUncertaintyKm(ageDays: number): number {
  return Math.ceil(UNCERTAINTY_MODEL.atEpochKm + UNCERTAINTY_MODEL.perDayKm * Math.abs(ageDays) - 1e-9);
}

export const isStaleAge = (ageDays: number): boolean => Math.abs(ageDays) > STALE_TLE_DAYS;

/**
 * The smallest and largest uncertainty (whole km) that elements with these epochs give over [startMs, endMs]: every
 * figure a pass of the window states lies between them.
 */
export function uncertaintyRangeKm(epochsMs: readonly number[], startMs: number, endMs: number): { minKm: number; maxKm: number } {
  let least = Number.POSITIVE_INFINITY;
  let most = 0;
  for (const epoch of epochsMs) {
    const [a, b] = [Math.abs(elementAgeDays(epoch, startMs)), Math.abs(elementAgeDays(epoch, endMs))];
    least = Math.min(least, epoch >= startMs && epoch <= endMs ? 0 : Math.min(a, b));
    most = Math.max(most, a, b);
  }
  if (epochsMs.length === 0) return { minKm: 0, maxKm: 0 };
  return { minKm: positionUncertaintyKm(least), maxKm: positionUncertaintyKm(most) };
}

/**
 * The width (km) of the part of a swath that is imaged wherever within ±uncertainty across the track the satellite
 * really is: the swath less the uncertainty on both sides; 0 when the uncertainty reaches half the swath — the strip
 * could then lie wholly beside where it is drawn, and the pass is only possible.
 */
export function certainSwathKm(swathKm: number, uncertaintyKm: number): number {
  return Math.max(0, swathKm - 2 * uncertaintyKm);
}
