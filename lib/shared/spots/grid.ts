/** Web-Mercator tile cells of the grid module (spec §4: level 13 unless set). */

/** [west, south, east, north] in degrees of tile (x, y) at `level`. */
export function tileBounds(level: number, x: number, y: number): [number, number, number, number] {
  const n = 2 ** level;
  const lon = (i: number) => (i / n) * 360 - 180;
  const lat = (j: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * j) / n))) * 180) / Math.PI;
  return [lon(x), lat(y + 1), lon(x + 1), lat(y)];
}

/** The tile (x, y) at `level` holding a point. */
export function tileOf(level: number, lon: number, lat: number): [number, number] {
  const n = 2 ** level;
  const r = (lat * Math.PI) / 180;
  const x = Math.floor(((lon + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  return [Math.min(n - 1, Math.max(0, x)), Math.min(n - 1, Math.max(0, y))];
}

/** `part` as a percentage of `whole`, two decimals; 0 when there is no whole. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part * 10_000) / whole) / 100 : 0;
}

const EARTH_CIRCUMFERENCE_KM = 40_075.017;

/** The side of a grid cell at `level` near latitude `lat`, in kilometres (Web-Mercator tiles are square on the ground). */
export function cellSizeKm(level: number, lat: number): number {
  return (EARTH_CIRCUMFERENCE_KM * Math.cos((lat * Math.PI) / 180)) / 2 ** level;
}

/**
 * Spots-per-cell classes of the grid layer and its legend, fewest first (`to` null: and more). The
 * colours darken from orange through red to deep purple, each at least 3:1 against the light base map,
 * so a cell with a single spot is as easy to see as a busy one (the old pale-yellow start was not).
 */
export const GRID_CLASSES: readonly { from: number; to: number | null; color: string }[] = [
  { from: 1, to: 1, color: '#e8590c' },
  { from: 2, to: 3, color: '#c92a2a' },
  { from: 4, to: 6, color: '#9c1c4a' },
  { from: 7, to: 10, color: '#6a1b6e' },
  { from: 11, to: null, color: '#3c0b4a' },
];

/** The class of a cell holding `count` spots (counts below 1 fall in the first). */
export function gridClassIndex(count: number): number {
  const index = GRID_CLASSES.findIndex((c) => c.to === null || count <= c.to);
  return index < 0 ? GRID_CLASSES.length - 1 : index;
}

/** The fill colour of a cell holding `count` spots. */
export function gridCellColor(count: number): string {
  return GRID_CLASSES[gridClassIndex(count)]!.color;
}
