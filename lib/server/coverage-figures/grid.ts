import 'server-only';
/**
 * The scene-count grid of a region and period (issue 36.1, as CEOS COVE's coverage analyzer gives per grid block):
 * how many distinct scenes — selected by the same period and filters as the coverage figures — image each cell of a
 * regular grid in degrees over the region, written as a single-band GeoTIFF (EPSG:4326, UInt16, 65535 outside
 * the region) with geotiff.js, which GDAL reads (its writer encodes unsigned and float arrays only). A scene counts in a cell when their interiors meet (a footprint that only
 * touches a cell's edge does not), using PostGIS's ST_SquareGrid per footprint; cells are inside the region when
 * they meet its mid-resolution boundary. The cost is the cells the footprints' boxes span, summed:
 * bounded (COVERAGE_GRID.maxCellVisits) before any is counted, and counted in statements of PIECE_VISITS of them for
 * the embedded database (ADR 0027); the export is heavy-gated per client like the other analyses.
 */
import { writeArrayBuffer } from 'geotiff';
import type { Locale } from '../../../i18n/routing';
import { API_CODES } from '../../shared/contracts/api';
import { MISSIONS } from '../../shared/catalogue/missions';
import { COVERAGE_GRID, RESOLUTION_CLASSES, type CoverageFilters, type MonthRange } from '../../shared/contracts/coverage-statistics';
import { ApiError } from '../api/errors';
import type { Queryable, SqlParam } from '../db/types';
import { fileResponse } from '../files/file-response';
import { CLOUD_CLASS_SQL, RES_CLASS_SQL } from './cells';
import { requireCoverageRegion } from './figures';

/** A cell outside the region (the file's nodata value); counts stay below it (COVERAGE_GRID.maxScenes). */
export const GRID_NODATA = 65_535;

/** Cell rows (a footprint's box in cells, summed over its scenes) per counting statement. */
const PIECE_VISITS = 20_000;

export interface CoverageGridQuery {
  regionCode: string;
  range: MonthRange;
  filters: CoverageFilters;
  /** Cell size in degrees; absent: the finest of COVERAGE_GRID.cells within COVERAGE_GRID.defaultCells cells. */
  cell?: number;
  locale: Locale;
}

export interface CoverageGrid {
  cell: number;
  /** West and north edges of the grid (degrees). */
  west: number;
  north: number;
  width: number;
  height: number;
  /** Row-major from the north-west corner: distinct scenes per cell, NODATA outside the region. */
  counts: Uint16Array;
  scenes: number;
}

const clean = (n: number) => Math.round(n * 1e9) / 1e9;

/** The WHERE conditions of the period and filters on the scenes (alias `s`), as the coverage cells select them. */
function sceneConditions(range: MonthRange, filters: CoverageFilters, params: SqlParam[]): string[] {
  const out = [
    `s.acquired_at >= ($${params.push(`${range.from}-01`)}::date)::timestamp AT TIME ZONE 'UTC'`,
    `s.acquired_at < ($${params.push(`${range.to}-01`)}::date + interval '1 month')::timestamp AT TIME ZONE 'UTC'`,
  ];
  if (filters.groups?.length) {
    const satellites = MISSIONS.filter((m) => filters.groups!.includes(m.group)).map((m) => m.satellite);
    out.push(`s.satellite = ANY ($${params.push(satellites)}::text[])`);
  }
  if (filters.resolutions?.length) {
    const classes = RESOLUTION_CLASSES.filter((r) => filters.resolutions!.includes(r.id)).map((r) => r.cls);
    out.push(`(${RES_CLASS_SQL('s')}) = ANY ($${params.push(classes)}::int[])`);
  }
  if (filters.cloudMax !== undefined && filters.cloudMax < 100)
    out.push(`(s.cloud_pct IS NULL OR (${CLOUD_CLASS_SQL('s')}) <= $${params.push(filters.cloudMax / 10)}::int)`);
  if (filters.kind === 'optical') out.push(`s.cloud_pct IS NOT NULL`);
  if (filters.kind === 'radar') out.push(`s.cloud_pct IS NULL`);
  return out;
}

/** Distinct scenes per grid cell over a region for a period. */
export async function coverageGrid(db: Queryable, q: CoverageGridQuery): Promise<CoverageGrid> {
  const region = await requireCoverageRegion(db, q.regionCode, q.locale);
  const [box] = await db.query<{ minx: number; miny: number; maxx: number; maxy: number }>(
    `SELECT min_lon AS minx, min_lat AS miny, max_lon AS maxx, max_lat AS maxy FROM regions WHERE code = $1`,
    [region.code],
  );
  const span = (cell: number) => {
    const i0 = Math.floor(clean(box!.minx / cell));
    const j0 = Math.floor(clean(box!.miny / cell));
    const i1 = Math.ceil(clean(box!.maxx / cell));
    const j1 = Math.ceil(clean(box!.maxy / cell));
    return { i0, j0, i1, j1, width: Math.max(1, i1 - i0), height: Math.max(1, j1 - j0) };
  };
  // The scenes first, with their bounding boxes: what a cell size would cost is known before any cell is counted.
  const params: SqlParam[] = [region.code];
  const where = sceneConditions(q.range, q.filters, params).join(' AND ');
  const scenes = await db.query<{ id: string; x0: number; y0: number; x1: number; y1: number }>(
    `SELECT s.id, ST_XMin(s.footprint) AS x0, ST_YMin(s.footprint) AS y0, ST_XMax(s.footprint) AS x1, ST_YMax(s.footprint) AS y1
       FROM scenes s, regions r
      WHERE r.code = $1 AND s.footprint && r.geom_hi AND ST_Intersects(s.footprint, r.geom_hi) AND ${where}
      ORDER BY s.id LIMIT ${COVERAGE_GRID.maxScenes + 1}`,
    params,
  );
  if (scenes.length > COVERAGE_GRID.maxScenes)
    throw new ApiError(API_CODES.INVALID_INPUT, 'CoverageStats.errors.tooManyScenes', { max: COVERAGE_GRID.maxScenes });
  // Cells each footprint's box spans at a cell size: the rows ST_SquareGrid makes for it, each tested by ST_Relate.
  const visitsOf = (cell: number) =>
    scenes.map((b) => (Math.floor(b.x1 / cell) - Math.floor(b.x0 / cell) + 1) * (Math.floor(b.y1 / cell) - Math.floor(b.y0 / cell) + 1));
  const total = (cell: number) => visitsOf(cell).reduce((a, b) => a + b, 0);
  const cell =
    q.cell ??
    COVERAGE_GRID.cells.find((c) => {
      const s = span(c);
      return s.width * s.height <= COVERAGE_GRID.defaultCells && total(c) <= COVERAGE_GRID.maxCellVisits;
    }) ??
    COVERAGE_GRID.cells.at(-1)!;
  const grid = span(cell);
  if (grid.width * grid.height > COVERAGE_GRID.maxCells)
    throw new ApiError(API_CODES.INVALID_INPUT, 'CoverageStats.errors.tooManyCells', { max: COVERAGE_GRID.maxCells });
  const visits = visitsOf(cell);
  if (visits.reduce((a, b) => a + b, 0) > COVERAGE_GRID.maxCellVisits)
    throw new ApiError(API_CODES.INVALID_INPUT, 'CoverageStats.errors.tooManyCellVisits');
  const ids = scenes.map((b) => b.id);

  const counts = new Uint16Array(grid.width * grid.height).fill(GRID_NODATA);
  const at = (i: number, j: number) => {
    const col = i - grid.i0;
    const row = grid.j1 - 1 - j;
    return col >= 0 && col < grid.width && row >= 0 && row < grid.height ? row * grid.width + col : -1;
  };
  // Cells of the region: those meeting its boundary (kept at 0 until a scene counts there).
  const inside = await db.query<{ i: number; j: number }>(
    `SELECT g.i, g.j FROM regions r CROSS JOIN LATERAL ST_SquareGrid($2::float8, r.geom_mid) AS g
      WHERE r.code = $1 AND ST_Intersects(g.geom, r.geom_mid)`,
    [region.code, cell],
  );
  for (const { i, j } of inside) {
    const k = at(i, j);
    if (k >= 0) counts[k] = 0;
  }
  // Statements of at most PIECE_VISITS cell rows (short statements on the embedded database, ADR 0027).
  for (let from = 0; from < ids.length;) {
    let to = from + 1;
    for (let rows = visits[from]!; to < ids.length && rows + visits[to]! <= PIECE_VISITS; to++) rows += visits[to]!;
    const rows = await db.query<{ i: number; j: number; n: number }>(
      `SELECT g.i, g.j, count(*)::int AS n
         FROM scenes s CROSS JOIN LATERAL ST_SquareGrid($2::float8, s.footprint) AS g
        WHERE s.id = ANY ($1::text[]) AND ST_Relate(g.geom, s.footprint, 'T********')
        GROUP BY g.i, g.j`,
      [ids.slice(from, to), cell],
    );
    for (const { i, j, n } of rows) {
      const k = at(i, j);
      if (k >= 0 && counts[k] !== GRID_NODATA) counts[k]! += n;
    }
    from = to;
  }
  return {
    cell,
    west: clean(grid.i0 * cell),
    north: clean(grid.j1 * cell),
    width: grid.width,
    height: grid.height,
    counts,
    scenes: ids.length,
  };
}

/** The grid as a GeoTIFF file (EPSG:4326, one UInt16 band, nodata 65535). */
export async function coverageGridTiff(db: Queryable, q: CoverageGridQuery): Promise<Response> {
  const grid = await coverageGrid(db, q);
  const buffer = writeArrayBuffer(grid.counts, {
    width: grid.width,
    height: grid.height,
    ModelPixelScale: [grid.cell, grid.cell, 0],
    ModelTiepoint: [0, 0, 0, grid.west, grid.north, 0],
    GTModelTypeGeoKey: 2,
    GTRasterTypeGeoKey: 1,
    GeographicTypeGeoKey: 4326,
    GeogCitationGeoKey: 'WGS 84',
    GDAL_NODATA: String(GRID_NODATA),
  });
  const period = q.range.from === q.range.to ? q.range.from : `${q.range.from}_${q.range.to}`;
  return fileResponse(new Uint8Array(buffer), 'image/tiff', `coverage-grid-${q.regionCode}-${period}-${grid.cell}deg.tif`);
}
