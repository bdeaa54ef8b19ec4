/**
 * The scope of the coverage-statistics journey (e2e/statistics-coverage.spec.ts: named to run among the last files, when the background has had minutes for its
 * figures), shared with the global setup that
 * asks for its figures as soon as the server answers (e2e/global-setup.ts).
 *
 * Ningxia (5 cities, 22 counties): a small province, so the figures the journey needs — two quarters of its counties,
 * computed in the background at the figures' share of the database — are ready in seconds; Hebei's ~170 counties
 * kept the journey waiting over 5 minutes on a loaded machine.
 */
export const PROVINCE = '640000';
export const CITY = '640100';

/** The last complete quarter before today (the screen's default) and the one before it. */
export function quarters(now = new Date()): [string, string] {
  const index = now.getUTCFullYear() * 4 + Math.floor(now.getUTCMonth() / 3) - 1;
  const term = (i: number) => `${Math.floor(i / 4)}Q${(i % 4) + 1}`;
  return [term(index), term(index - 1)];
}
