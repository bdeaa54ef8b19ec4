/**
 * Legend maths of the statistics maps: equal-interval classes from zero to the maximum, coloured
 * from a ramp. Features and the legend use the same functions, so a swatch always matches the map.
 */

export type LegendRamp = 'green' | 'yellowRed' | 'blue';

export const LEGEND_RAMPS: readonly LegendRamp[] = ['green', 'yellowRed', 'blue'];

export const NO_DATA_COLOR = '#cccccc';

export const DEFAULT_CLASS_COUNT = 10;

/** Anchor colours, light to dark (ColorBrewer Greens, YlOrRd, Blues); classes interpolate between them. */
const RAMP_STOPS: Record<LegendRamp, readonly string[]> = {
  green: ['#e5f5e0', '#a1d99b', '#41ab5d', '#00441b'],
  yellowRed: ['#ffffb2', '#fecc5c', '#fd8d3c', '#e31a1c', '#800026'],
  blue: ['#deebf7', '#9ecae1', '#4292c6', '#08306b'],
};

export type LegendClass =
  | { noData: false; index: number; from: number; to: number; label: string; color: string }
  /** No maximum to classify against: one grey class; the caller supplies the "no data" label. */
  | { noData: true; index: 0; color: string };

function hasRange(max: number | null): max is number {
  return max !== null && Number.isFinite(max) && max > 0;
}

function parseHex(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** The ramp's colour at `t` (0 = lightest, 1 = darkest), linear in RGB between anchors. */
export function rampColor(ramp: LegendRamp, t: number): string {
  const stops = RAMP_STOPS[ramp];
  const position = Math.min(Math.max(t, 0), 1) * (stops.length - 1);
  const lower = Math.min(Math.floor(position), stops.length - 2);
  const a = parseHex(stops[lower]!);
  const b = parseHex(stops[lower + 1]!);
  const f = position - lower;
  return toHex(a.map((c, i) => c + (b[i]! - c) * f));
}

/** Colours of `classes` classes spread over the whole ramp. */
export function rampColors(ramp: LegendRamp, classes: number): string[] {
  if (classes <= 1) return [rampColor(ramp, 1)];
  return Array.from({ length: classes }, (_, i) => rampColor(ramp, i / (classes - 1)));
}

/** `classes` equal steps from 0 to `max`, labelled `0.00 – 1.25`; a single no-data class when `max` is null, 0 or NaN. */
export function legendClasses(max: number | null, ramp: LegendRamp, classes = DEFAULT_CLASS_COUNT): LegendClass[] {
  if (!hasRange(max) || classes < 1) return [{ noData: true, index: 0, color: NO_DATA_COLOR }];
  const step = max / classes;
  const colors = rampColors(ramp, classes);
  return colors.map((color, index) => {
    const from = step * index;
    const to = index === classes - 1 ? max : step * (index + 1);
    return { noData: false, index, from, to, label: `${from.toFixed(2)} – ${to.toFixed(2)}`, color };
  });
}

/**
 * The class a value falls in: class i holds [i·step, (i+1)·step), the last one also holds `max`;
 * values outside the range clamp to the first or last class. -1 when there is nothing to classify.
 */
export function classIndex(value: number | null, max: number | null, classes = DEFAULT_CLASS_COUNT): number {
  if (value === null || !Number.isFinite(value) || !hasRange(max) || classes < 1) return -1;
  const index = Math.floor((value / max) * classes);
  return Math.min(Math.max(index, 0), classes - 1);
}

/** The fill colour of a value: its class's colour, or NO_DATA_COLOR. */
export function colorFor(value: number | null, max: number | null, ramp: LegendRamp, classes = DEFAULT_CLASS_COUNT): string {
  const index = classIndex(value, max, classes);
  return index < 0 ? NO_DATA_COLOR : rampColors(ramp, classes)[index]!;
}
