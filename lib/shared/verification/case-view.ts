/**
 * How a case's page shows some of its facts (pure, so it is tested on its own): a day of the case as a Date, the
 * map view around the spot, and the image query's address that opens one of the case's scenes.
 */
import type { CaseDetail } from '../contracts/verification';

type Bbox = [number, number, number, number];

/**
 * A calendar day (YYYY-MM-DD) of the case as a Date: noon in China time, so the day reads the same in the
 * portal's time zone (i18n/request.ts) whatever the reader's own.
 */
export const caseDay = (day: string): Date => new Date(`${day}T12:00:00+08:00`);

/** The least a view around a spot spans (degrees, ~1 km): a spot of a few hundred m² still shows its surroundings. */
const MIN_SPAN = 0.01;

/** The spot's box grown to three times its size (at least MIN_SPAN), so the map shows where it lies, not only it. */
export function spotView([west, south, east, north]: Bbox): Bbox {
  const cx = (west + east) / 2;
  const cy = (south + north) / 2;
  const half = (span: number) => Math.max(span * 3, MIN_SPAN) / 2;
  const hx = half(east - west);
  const hy = half(north - south);
  return [cx - hx, cy - hy, cx + hx, cy + hy];
}

/**
 * The image query (`/normal`) showing `scene` open among the scenes of the case's county around the scene's day: the
 * results tab of that search (`tab=2`) with the scene chosen (`scene=`; lib/client/stores/selection-url.ts).
 */
export function sceneLink(scene: NonNullable<CaseDetail['before']>, county: string): string {
  // A day either side: the search compares days, and the acquisition's UTC day may not be its day in China.
  const at = Date.parse(scene.acquiredAt);
  const day = (offset: number) => new Date(at + offset * 86_400_000).toISOString().slice(0, 10);
  const params = new URLSearchParams({ regions: county, from: day(-1), to: day(1), tab: '2', scene: scene.id });
  return `/normal?${params.toString()}`;
}
