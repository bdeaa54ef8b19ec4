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
