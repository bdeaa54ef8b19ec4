/**
 * Layout of the pass timeline (issue 22): a row per satellite, a bar per pass placed by time over the
 * prediction window, its colour a class of the share of the area it covers (the share is also written out,
 * so colour is never the only signal). Pure, so the positions are unit-tested.
 */
import type { Prediction, PredictedPass } from '../contracts/orbits';

/** A pass of a minute over a week is 0.01 % of the row: bars are drawn at least this wide (% of the row). */
export const MIN_BAR_PCT = 0.6;

/** Upper limits (%) of the share classes; the last class takes the rest. */
export const SHARE_CLASSES = [10, 30, 60, 90] as const;
/** Light to dark: a higher share is darker (and the text says the share). */
export const SHARE_COLORS = ['#a5d8ff', '#4dabf7', '#1c7ed6', '#1864ab', '#0b3d73'] as const;

export function shareClass(sharePct: number): number {
  const i = SHARE_CLASSES.findIndex((limit) => sharePct < limit);
  return i === -1 ? SHARE_CLASSES.length : i;
}

export const shareColor = (sharePct: number): string => SHARE_COLORS[shareClass(sharePct)] ?? SHARE_COLORS[0];

export interface Bar {
  pass: PredictedPass;
  /** Left edge and width in % of the row (clamped to the window; at least MIN_BAR_PCT wide). */
  leftPct: number;
  widthPct: number;
}

export interface TimelineRow {
  norad: number;
  label: string;
  bars: Bar[];
}

/** Where a pass lies on a row spanning [windowStart, windowEnd]. */
export function barPosition(
  startIso: string,
  endIso: string,
  windowStartIso: string,
  windowEndIso: string,
): { leftPct: number; widthPct: number } {
  const w0 = Date.parse(windowStartIso);
  const span = Math.max(1, Date.parse(windowEndIso) - w0);
  const clamp = (x: number) => Math.min(100, Math.max(0, x));
  const left = clamp(((Date.parse(startIso) - w0) / span) * 100);
  const right = clamp(((Date.parse(endIso) - w0) / span) * 100);
  const width = Math.max(MIN_BAR_PCT, right - left);
  // A bar at the very end keeps its minimum width inside the row.
  return { leftPct: Math.min(left, 100 - width), widthPct: width };
}

/** A row per satellite that has passes, in the order the answer lists the satellites; bars in time order. */
export function timelineRows(prediction: Prediction, labelOf: (s: Prediction['satellites'][number]) => string): TimelineRow[] {
  const byNorad = new Map<number, PredictedPass[]>();
  for (const p of prediction.passes) byNorad.set(p.norad, [...(byNorad.get(p.norad) ?? []), p]);
  return prediction.satellites
    .filter((s) => byNorad.has(s.norad))
    .map((s) => ({
      norad: s.norad,
      label: labelOf(s),
      bars: [...(byNorad.get(s.norad) ?? [])]
        .sort((a, b) => Date.parse(a.start) - Date.parse(b.start))
        .map((pass) => ({ pass, ...barPosition(pass.start, pass.end, prediction.window.start, prediction.window.end) })),
    }));
}

export type TimelineKey = 'previous' | 'next' | 'up' | 'down' | 'first' | 'last';

/**
 * The bar a key moves to from bar `fromId`: along its row (previous, next, first, last), or to the bar of the
 * row above or below whose middle is nearest in time. Null at an edge.
 */
export function neighbourBar(rows: readonly TimelineRow[], fromId: string, key: TimelineKey): string | null {
  const r = rows.findIndex((row) => row.bars.some((b) => b.pass.id === fromId));
  const row = rows[r];
  if (!row) return null;
  const i = row.bars.findIndex((b) => b.pass.id === fromId);
  const bar = row.bars[i]!;
  if (key === 'previous') return row.bars[i - 1]?.pass.id ?? null;
  if (key === 'next') return row.bars[i + 1]?.pass.id ?? null;
  if (key === 'first') return row.bars[0]?.pass.id ?? null;
  if (key === 'last') return row.bars[row.bars.length - 1]?.pass.id ?? null;
  const other = rows[key === 'up' ? r - 1 : r + 1];
  if (!other) return null;
  const middle = (b: Bar) => b.leftPct + b.widthPct / 2;
  const nearest = other.bars.reduce<Bar | null>(
    (best, b) => (best === null || Math.abs(middle(b) - middle(bar)) < Math.abs(middle(best) - middle(bar)) ? b : best),
    null,
  );
  return nearest?.pass.id ?? null;
}

/** Day marks along the window: one per whole day after the start, at % of the row. */
export function dayTicks(windowStartIso: string, days: number): { iso: string; pct: number }[] {
  const w0 = Date.parse(windowStartIso);
  return Array.from({ length: days + 1 }, (_, k) => ({ iso: new Date(w0 + k * 86_400_000).toISOString(), pct: (k / days) * 100 }));
}

/** A line of [lon, lat] cut where it crosses the antimeridian, so a map does not draw it across the world. */
export function splitAtAntimeridian(line: readonly (readonly [number, number])[]): [number, number][][] {
  const parts: [number, number][][] = [];
  let current: [number, number][] = [];
  for (const [lon, lat] of line) {
    const last = current[current.length - 1];
    if (last && Math.abs(lon - last[0]) > 180) {
      parts.push(current);
      current = [];
    }
    current.push([lon, lat]);
  }
  if (current.length > 0) parts.push(current);
  return parts.filter((p) => p.length > 1);
}
