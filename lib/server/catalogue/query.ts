import 'server-only';
/**
 * The one query builder of the scene catalogue (DESIGN.md "Imagery catalogue"). The portal's search
 * (/api/normal/v5/normalmeta), the STAC API (/api/stac/v1) and the map's footprint layers turn their
 * input into a `SceneQuery` and take their WHERE clauses from `sceneConditions`, so the three always
 * select the same scenes. Every value is a parameter; column names are fixed text here.
 *
 * Areas of interest (region, extent, drawing, upload; STAC bbox and intersects; an application's stored
 * area) become SQL in lib/server/areas; only FILE, the scenes an uploaded list names by file name or by
 * (orbit,) path and row, is the catalogue's own.
 */
import type { Scene, SceneFilter } from '../../shared/contracts/catalogue';
import { areaCondition, envelopeCondition, geoJsonSql, storedAreaCondition, type GeoJsonGeometry, type StoredAreaRef } from '../areas';
import type { SqlParam } from '../db/types';
import { HAS_IMAGERY_SQL } from '../scene-imagery';

export type { GeoJsonGeometry };

/** SQL text on alias `s` (the scenes table) that pushes its own parameters. */
export type SqlCondition = (params: SqlParam[]) => string;

export interface SceneQuery {
  /** The portal's filters, including its one area of interest. */
  filter?: SceneFilter;
  ids?: readonly string[];
  collections?: readonly string[];
  /** [west, south, east, north] or the 6-number 3D form; west > east crosses the antimeridian. */
  bbox?: readonly number[];
  intersects?: GeoJsonGeometry;
  /** ISO 8601 instants, both included; undefined leaves that end open. */
  timeFrom?: string;
  timeTo?: string;
  /** Within an area stored with a record (an application's). */
  within?: StoredAreaRef;
  /** A STAC search's CQL2 filter, compiled by lib/server/stac/compile.ts (nothing else builds one). */
  cql2?: SqlCondition;
}

const push = (params: SqlParam[], value: SqlParam): string => {
  params.push(value);
  return `$${params.length}`;
};

/** The day after an ISO date (YYYY-MM-DD), as an ISO instant at UTC midnight. */
function dayAfter(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

/**
 * The scenes of an uploaded list: each line names a file (FLIE_NAMES), a path/row (PR) or an
 * orbit/path/row (OPR); a list holds one kind, so two of the three branches find no line. The scenes are
 * found FROM the lines, each branch a nested loop on an index of its own (scenes_file_name_idx,
 * scenes_path_row_idx), and the ids then join the outer scan on the primary key. The three semi-joins
 * OR-ed together (the first form) could only be hashed against a sequential scan of every scene:
 * 37–47 ms against 8–14 ms for a 200-line PR or 1,000-name list at 100,000 scenes on PostgreSQL, and the
 * scan grows with the catalogue while the index form grows with the list.
 */
function sceneListCondition(uploadId: string, params: SqlParam[]): string {
  const id = push(params, uploadId);
  const lines = `FROM catalogue_upload_lines l JOIN scenes m`;
  const mine = `l.upload_id = ${id}::uuid`;
  return `s.id IN (
      SELECT m.id ${lines} ON m.file_name = l.file_name WHERE ${mine} AND l.file_name IS NOT NULL
      UNION ALL
      SELECT m.id ${lines} ON m.path = l.path AND m."row" = l."row" WHERE ${mine} AND l.orbit IS NULL AND l.path IS NOT NULL
      UNION ALL
      SELECT m.id ${lines} ON m.path = l.path AND m."row" = l."row" AND m.orbit_number = l.orbit WHERE ${mine} AND l.orbit IS NOT NULL)`;
}

function filterConditions(filter: SceneFilter, params: SqlParam[]): string[] {
  const out: string[] = [];
  if (filter.collections?.length) out.push(`s.collection = ANY (${push(params, filter.collections)}::text[])`);
  // Scenes without a cloud figure (radar) pass any cloud limit: they see through cloud.
  if (filter.cloudMin !== undefined && filter.cloudMin > 0)
    out.push(`(s.cloud_pct IS NULL OR s.cloud_pct >= ${push(params, filter.cloudMin)}::real)`);
  if (filter.cloudMax !== undefined && filter.cloudMax < 100)
    out.push(`(s.cloud_pct IS NULL OR s.cloud_pct <= ${push(params, filter.cloudMax)}::real)`);
  if (filter.dateFrom) out.push(`s.acquired_at >= ${push(params, `${filter.dateFrom}T00:00:00Z`)}::timestamptz`);
  if (filter.dateTo) out.push(`s.acquired_at < ${push(params, dayAfter(filter.dateTo))}::timestamptz`);
  if (filter.resolutionMin !== undefined) out.push(`s.resolution_m >= ${push(params, filter.resolutionMin)}::real`);
  if (filter.resolutionMax !== undefined) out.push(`s.resolution_m <= ${push(params, filter.resolutionMax)}::real`);
  if (filter.productLevels?.length) out.push(`s.product_level = ANY (${push(params, filter.productLevels)}::text[])`);
  if (filter.online !== undefined) out.push(`s.online = ${push(params, filter.online)}`);
  if (filter.area) out.push(areaCondition(filter.area, params, sceneListCondition));
  return out;
}

/** The WHERE clauses (to be AND-ed) selecting the scenes of a query; alias `s` is the scenes table. */
export function sceneConditions(q: SceneQuery, params: SqlParam[]): string[] {
  const out = q.filter ? filterConditions(q.filter, params) : [];
  if (q.ids) out.push(`s.id = ANY (${push(params, q.ids)}::text[])`);
  if (q.collections) out.push(`s.collection = ANY (${push(params, q.collections)}::text[])`);
  if (q.bbox) out.push(envelopeCondition(q.bbox, params));
  if (q.intersects) out.push(`ST_Intersects(s.footprint, ${geoJsonSql(q.intersects, params)})`);
  if (q.timeFrom) out.push(`s.acquired_at >= ${push(params, q.timeFrom)}::timestamptz`);
  if (q.timeTo) out.push(`s.acquired_at <= ${push(params, q.timeTo)}::timestamptz`);
  if (q.within) out.push(`(${storedAreaCondition(q.within, params)})`);
  if (q.cql2) out.push(`(${q.cql2(params)})`);
  return out;
}

/** The select list of one scene on alias `s`. */
export const SCENE_COLUMNS = `s.id, s.file_name, s.collection, s.satellite, s.sensor, s.platform, s.product_level,
  s.resolution_m::float8 AS resolution_m, to_char(s.acquired_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS acquired_at,
  s.cloud_pct::float8 AS cloud_pct, s.orbit_number, s.path, s."row",
  ST_AsGeoJSON(s.footprint, 6)::text AS footprint, ST_X(s.centre) AS centre_lon, ST_Y(s.centre) AS centre_lat,
  ST_XMin(s.footprint) AS min_lon, ST_YMin(s.footprint) AS min_lat, ST_XMax(s.footprint) AS max_lon, ST_YMax(s.footprint) AS max_lat,
  s.area_km2, s.sun_elevation::float8 AS sun_elevation, s.sun_azimuth::float8 AS sun_azimuth, s.off_nadir::float8 AS off_nadir,
  s.size_mb::float8 AS size_mb, s.online, s.quicklook_url, s.source, s.properties, ${HAS_IMAGERY_SQL} AS has_imagery`;

export interface SceneRow {
  id: string;
  file_name: string;
  collection: string;
  satellite: string;
  sensor: string;
  platform: string;
  product_level: string;
  resolution_m: number;
  acquired_at: string;
  cloud_pct: number | null;
  orbit_number: number | null;
  path: number | null;
  row: number | null;
  footprint: string;
  centre_lon: number;
  centre_lat: number;
  min_lon: number;
  min_lat: number;
  max_lon: number;
  max_lat: number;
  area_km2: number;
  sun_elevation: number | null;
  sun_azimuth: number | null;
  off_nadir: number | null;
  size_mb: number | null;
  online: boolean;
  quicklook_url: string | null;
  source: 'demo' | 'imported';
  properties: Record<string, unknown>;
  /** The scene has a COG asset the satellite-image WMTS serves. */
  has_imagery: boolean;
}

/** The path of a demo scene's quick-look (drawn by the portal). */
export const quicklookPath = (id: string) => `/api/normal/v5/normalmeta/quicklook/${encodeURIComponent(id)}`;

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
const maybe = (n: number | null, digits: number) => (n === null ? null : round(n, digits));

export function toScene(row: SceneRow, coveragePct: number | null = null): Scene {
  return {
    id: row.id,
    fileName: row.file_name,
    collection: row.collection,
    satellite: row.satellite,
    sensor: row.sensor,
    platform: row.platform,
    productLevel: row.product_level,
    resolutionM: round(row.resolution_m, 2),
    acquiredAt: row.acquired_at,
    cloudPct: maybe(row.cloud_pct, 1),
    orbitNumber: row.orbit_number,
    path: row.path,
    row: row.row,
    footprint: JSON.parse(row.footprint) as Scene['footprint'],
    centre: [round(row.centre_lon, 5), round(row.centre_lat, 5)],
    bbox: [row.min_lon, row.min_lat, row.max_lon, row.max_lat].map((n) => round(n, 6)) as Scene['bbox'],
    areaKm2: round(row.area_km2, 1),
    sunElevation: maybe(row.sun_elevation, 1),
    sunAzimuth: maybe(row.sun_azimuth, 1),
    offNadir: maybe(row.off_nadir, 1),
    sizeMb: maybe(row.size_mb, 1),
    online: row.online,
    quicklook: row.source === 'demo' ? quicklookPath(row.id) : row.quicklook_url,
    source: row.source,
    coveragePct: maybe(coveragePct, 1),
    hasImagery: row.has_imagery,
  };
}
