/**
 * Legend maths of the statistics maps: equal-interval classes from zero to the maximum, coloured
 * from a ramp. Features and the legend use the same functions, so a swatch always matches the map.
 *
 * The class limits are computed once, rounded to what the labels show (two decimals, or whole
 * numbers for counts), and a value is placed by comparing it with those limits, never by
 * `floor(value / max * classes)`: that quotient carries floating-point error (0.7 / 7 * 10 is
 * 0.9999…), which put values lying exactly on a limit one class too low, contradicting the labels.
 */

export type LegendRamp = 'green' | 'yellowRed' | 'blue' | 'purple' | 'orange' | 'red';

export const LEGEND_RAMPS: readonly LegendRamp[] = ['green', 'yellowRed', 'blue', 'purple', 'orange', 'red'];

export const NO_DATA_COLOR = '#cccccc';

export const DEFAULT_CLASS_COUNT = 10;

/** Anchor colours, light to dark (ColorBrewer Greens, YlOrRd, Blues, Purples, Oranges, Reds); classes interpolate between them. */
const RAMP_STOPS: Record<LegendRamp, readonly string[]> = {
  green: ['#e5f5e0', '#a1d99b', '#41ab5d', '#00441b'],
  yellowRed: ['#ffffb2', '#fecc5c', '#fd8d3c', '#e31a1c', '#800026'],
  blue: ['#deebf7', '#9ecae1', '#4292c6', '#08306b'],
  purple: ['#efedf5', '#bcbddc', '#807dba', '#3f007d'],
  orange: ['#fee6ce', '#fdae6b', '#f16913', '#7f2704'],
  red: ['#fee0d2', '#fc9272', '#de2d26', '#67000d'],
};

export interface LegendOptions {
  /** Number of equal classes, default 10. */
  classes?: number;
  /** The values are whole numbers (counts): limits and labels are integers, and classes no integer falls in are left out of the legend. */
  whole?: boolean;
}

export type LegendClass =
  /** Values v with from ≤ v < to (the last class also holds `to`); for whole numbers, the integers from `from` to `to` inclusive. */
  | { noData: false; index: number; from: number; to: number; label: string; color: string }
  /** No maximum to classify against: one grey class; the caller supplies the "no data" label. */
  | { noData: true; index: 0; color: string };

function hasRange(max: number | null): max is number {
  return max !== null && Number.isFinite(max) && max >= 0;
}

/** The largest value a class must hold: `max`, or its whole part for counts. */
const topOf = (max: number, whole: boolean) => (whole ? Math.floor(max) : max);

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

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The lower limits of the classes, lowest first: `i · max / classes` rounded up to a whole number
 * (the smallest count in class i) or rounded to two decimals (as the label shows it).
 */
export function classLimits(max: number, classes = DEFAULT_CLASS_COUNT, whole = false): number[] {
  return Array.from({ length: classes }, (_, i) => {
    // i · max / classes, not (max / classes) · i: one rounding instead of two.
    const exact = (i * max) / classes;
    if (!whole) return round2(exact);
    // Guard against 2.0000000000000004 becoming 3: anything within 1e-9 of an integer is that integer.
    const nearest = Math.round(exact);
    return Math.abs(exact - nearest) < 1e-9 ? nearest : Math.ceil(exact);
  });
}

function resolve(options: LegendOptions | number | undefined): Required<LegendOptions> {
  if (typeof options === 'number') return { classes: options, whole: false };
  return { classes: options?.classes ?? DEFAULT_CLASS_COUNT, whole: options?.whole ?? false };
}

const formatLimit = (value: number, whole: boolean) => (whole ? String(value) : value.toFixed(2));

/**
 * `classes` equal steps from 0 to `max`, labelled `0.00 – 1.25` (whole numbers: `0 – 66`, or `7` for
 * a class of one value). A maximum of 0 gives one class `0`; null, NaN, negative or infinite gives a
 * single no-data class.
 */
export function legendClasses(max: number | null, ramp: LegendRamp, options?: LegendOptions | number): LegendClass[] {
  const { classes, whole } = resolve(options);
  if (!hasRange(max) || classes < 1) return [{ noData: true, index: 0, color: NO_DATA_COLOR }];
  const top = topOf(max, whole);
  if (top === 0) return [{ noData: false, index: 0, from: 0, to: 0, label: formatLimit(0, whole), color: rampColor(ramp, 0) }];
  const limits = classLimits(top, classes, whole);
  const colors = rampColors(ramp, classes);
  const out: LegendClass[] = [];
  limits.forEach((from, index) => {
    const last = index === classes - 1;
    // Whole numbers: the class ends one below the next class's first value.
    const to = last ? top : whole ? limits[index + 1]! - 1 : limits[index + 1]!;
    if (whole && to < from) return; // no integer falls in this class
    const label = whole && from === to ? formatLimit(from, true) : `${formatLimit(from, whole)} – ${formatLimit(to, whole)}`;
    out.push({ noData: false, index, from, to, label, color: colors[index]! });
  });
  return out;
}

/**
 * The class a value falls in: the last class whose lower limit (as `classLimits` gives it) is at most
 * the value; the last class also holds `max`, and values outside the range clamp to the first or last
 * class. -1 when there is nothing to classify (no value, or no usable maximum).
 */
export function classIndex(value: number | null, max: number | null, options?: LegendOptions | number): number {
  const { classes, whole } = resolve(options);
  if (value === null || !Number.isFinite(value) || !hasRange(max) || classes < 1) return -1;
  const top = topOf(max, whole);
  if (top === 0) return 0;
  const limits = classLimits(top, classes, whole);
  let index = 0;
  while (index + 1 < classes && value >= limits[index + 1]!) index++;
  return index;
}

/** The fill colour of a value: its class's colour, the lightest colour when everything is 0, or NO_DATA_COLOR. */
export function colorFor(value: number | null, max: number | null, ramp: LegendRamp, options?: LegendOptions | number): string {
  const { classes, whole } = resolve(options);
  const index = classIndex(value, max, options);
  if (index < 0 || max === null) return NO_DATA_COLOR;
  if (topOf(max, whole) === 0) return rampColor(ramp, 0);
  return rampColors(ramp, classes)[index]!;
}
