import 'server-only';
/**
 * Cloud cover of demo optical scenes from a coarse climate of China: the summer monsoon makes the south
 * and east cloudy from May to September (Sichuan basin and the south-west cloudy most of the year),
 * northern winters are dry and clear, the north-western deserts clear all year, the Tibetan plateau
 * cloudy in its summer rains. The mean is a smooth function of place and day of year; each scene draws
 * around it (many clear scenes, a long cloudy tail where the mean is low, the reverse where it is high).
 */
import type { Rng } from '../../../shared/random';

const clamp = (x: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, x));

/** Mean cloud fraction (0–1) at a place on a day of the year (1–366). */
export function meanCloud(lon: number, lat: number, dayOfYear: number): number {
  // Monsoon season strength: 0 in mid-January, 1 around mid-July.
  const summer = (1 - Math.cos(((dayOfYear - 15) / 365.25) * 2 * Math.PI)) / 2;
  // How far south (wet) the place is: 1 at 22° N, 0 at 42° N.
  const south = clamp((42 - lat) / 20, 0, 1);
  // How far east (monsoon-reached) it is: 0 west of 95° E, 1 east of 105° E.
  const east = clamp((lon - 95) / 10, 0, 1);
  const monsoon = south * east;
  // Sichuan basin / Yunnan–Guizhou: overcast in every season.
  const basin = Math.exp(-(((lon - 106) / 4) ** 2) - ((lat - 29.5) / 3) ** 2);
  // Tibetan plateau summer rains.
  const plateau = clamp((lat - 27) / 3, 0, 1) * clamp((37 - lat) / 3, 0, 1) * clamp((100 - lon) / 5, 0, 1) * clamp((lon - 78) / 5, 0, 1);
  // North-western deserts (Tarim, Gobi): dry.
  const desert = clamp((lat - 36) / 4, 0, 1) * clamp((105 - lon) / 10, 0, 1);
  const mean =
    0.14 + // dry northern winter baseline
    0.12 * summer + // everyone gets some summer convection
    monsoon * (0.12 + 0.38 * summer) +
    0.22 * basin +
    0.3 * plateau * summer -
    0.1 * desert;
  return clamp(mean, 0.04, 0.9);
}

/** One scene's cloud cover, percent with one decimal. Draws x = u^((1−m)/m), whose mean is m. */
export function drawCloudPct(rng: Rng, lon: number, lat: number, dayOfYear: number): number {
  const m = meanCloud(lon, lat, dayOfYear);
  const x = Math.pow(rng(), (1 - m) / m);
  return Math.round(clamp(x, 0, 1) * 1000) / 10;
}
