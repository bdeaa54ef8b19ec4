/**
 * The element set shipped with the portal (data/satellites/eo_subset.tle): its source as stored — a stable key
 * the seed finds it by — and how screens name it in the reader's language (`Orbits.shippedSource`).
 */
export const SHIPPED_TLE_SOURCE = 'CelesTrak GP "active" group, 2026-08-22 (shipped with the portal)';
export const SHIPPED_TLE_DATE = '2026-08-22';

/** A set's source as a screen shows it: the shipped set's name translated, an upload's label as given. */
export function tleSourceLabel(source: string, shipped: (values: { date: string }) => string): string {
  return source === SHIPPED_TLE_SOURCE ? shipped({ date: SHIPPED_TLE_DATE }) : source;
}
