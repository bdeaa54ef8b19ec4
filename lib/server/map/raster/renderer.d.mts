/** Types of renderer.mjs (plain JavaScript so that worker threads load it without a build step). */

/** A flat ring [x0, y0, x1, y1, …]. */
export type Ring = Float64Array;

export interface ParsedGeometry {
  polygons: Ring[][];
  lines: Ring[];
  points: Ring[];
}

export interface PaintStyle {
  fill?: string;
  stroke?: string;
  lineWidth?: number;
  /** Stroke dash pattern in pixels (on, off, …); none: a solid line. */
  dash?: readonly number[];
  /** Point marker radius in pixels. */
  radius?: number;
}

/** A density style: features are counted per cell (../coverage.ts) and each cell shaded as that many fills of this colour and opacity. */
export interface CoverageStyle {
  rgb: readonly [number, number, number];
  /** Opacity of one feature (0–1). */
  opacity: number;
}

/** Feature counts over the cells [i0, i0 + cols) × [j0, j0 + rows) of a grid of `cell` degrees (row-major, rows northwards). */
export interface CoverageGrid {
  style: CoverageStyle;
  cell: number;
  i0: number;
  j0: number;
  cols: number;
  rows: number;
  counts: Int32Array;
}

/** The part of a request box the projection needs: its CRS and its extent in that CRS's units. */
export interface PixelBox {
  crs: 'EPSG:4326' | 'EPSG:3857';
  native: readonly [number, number, number, number];
}

/**
 * One image to draw: consecutive features sharing a style form a group; their WKB is packed into one
 * buffer, feature i spanning `offsets[i]` to `offsets[i + 1]` (so the job transfers without copies).
 */
export interface RenderJob {
  width: number;
  height: number;
  box: PixelBox;
  background: string | null;
  /** Feature groups (consecutive features of one style) and coverage grids, drawn in order. */
  groups: ({ style: PaintStyle; count: number } | { coverage: CoverageGrid })[];
  wkb: Uint8Array;
  offsets: Uint32Array;
}

export const MAX_MERCATOR_LAT: number;
export function parseWkb(bytes: Uint8Array): ParsedGeometry;
export function coverageRows(box: PixelBox, cell: number): { column: (x: number) => number; row: (y: number) => number };
export function pixelProjector(box: PixelBox, width: number, height: number): (lon: number, lat: number) => [number, number];
/** Pixel x of a longitude and pixel y of a latitude (each depends on that coordinate only, in both CRSs). */
export interface AxisProjector {
  x: (lon: number) => number;
  y: (lat: number) => number;
}
export function axisProjector(box: PixelBox, width: number, height: number): AxisProjector;
/** Lays a speck (the box [x0, x1] × [y0, y1] widened by r, corners rounded to r) of an opaque colour over RGBA pixels. */
export function paintSpeck(
  data: Uint8ClampedArray,
  width: number,
  height: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  r: number,
  rgb: readonly [number, number, number],
): void;
/**
 * The specks of a job nothing drawn after them reaches ([x0, y0, x1, y1, r] and a colour each, in draw order), to lay
 * over the pixels after everything else, and `skip`: 1 for each of them (by feature index), for regroup to leave out.
 */
export function deferSpecks(
  job: Pick<RenderJob, 'groups' | 'wkb' | 'offsets'>,
  project: AxisProjector,
  width: number,
  height: number,
): { skip: Uint8Array; specks: { boxes: Float64Array; colours: (readonly [number, number, number])[] } };
/** PNG scanlines with the "up" filter (filter byte, then the row minus the row above, bytewise mod 256). */
export function filterRows(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Buffer;
/** `blocking`: deflate on the calling thread (render workers) instead of libuv's pool. */
export interface EncodeOptions {
  blocking?: boolean;
}
export function encodePng(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number, options?: EncodeOptions): Promise<Buffer>;
export function renderJob(job: RenderJob, options?: EncodeOptions): Promise<Uint8Array>;
export function regroup(
  groups: RenderJob['groups'],
  wkb: Uint8Array,
  offsets: Uint32Array,
  project: AxisProjector,
  width: number,
  height: number,
  skip?: Uint8Array,
): ({ coverage: CoverageGrid } | { style: PaintStyle; geometries: ParsedGeometry[] })[];
