import 'server-only';
/**
 * The one query builder of the scene catalogue (DESIGN.md "Imagery catalogue"). The portal's search
 * (/api/normal/v5/normalmeta), the STAC API (/api/stac/v1) and the map's footprint layers turn their
 * input into a `SceneQuery` and take their WHERE clauses from `sceneConditions`, so the three always
 * select the same scenes. Every value is a parameter; column names are fixed text here.
 *
 * Areas of interest:
 * - REGION: the region's real boundary (`regions.geom_hi`, full resolution), never its bounding box —
 *   one geometry per statement (several regions dissolved), so the footprint GiST index drives the scan;
 *   tested in two stages through each region's checked core and hull (`region_cores`), same set.
 * - EXTENT / STAC bbox: an envelope (split in two when it crosses the antimeridian).
 * - DRAW / STAC intersects: the GeoJSON as given, repaired with ST_MakeValid (self-intersections become
 *   valid multipolygons; lines and points stay what they are for STAC), evaluated once per statement.
 * - SHP: the uploaded area (`catalogue_uploads.geom`, already valid and dissolved), once per statement.
 * - FILE: no area; the scenes an uploaded list names, by file name or by (orbit,) path and row.
 */
import type { Scene, SceneFilter, SearchArea } from '../../shared/contracts/catalogue';
import { SELECT_MODES } from '../../shared/contracts/catalogue';
import type { SqlParam } from '../db/types';

/** SQL text on alias `s` (the scenes table) that pushes its own parameters. */
export type SqlCondition = (params: SqlParam[]) => string;

/** Any GeoJSON geometry (STAC `intersects` accepts every type). */
export interface GeoJsonGeometry {
  type: string;
  coordinates?: unknown;
  geometries?: unknown;
}

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
  /** A further condition, e.g. a compiled CQL2 filter. */
  extra?: SqlCondition;
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
 * Footprints that meet a bounding box. One whose own bounding box lies inside the box meets it without
 * a geometry test (`@`, a comparison of four numbers); only the rest are tested exactly. The same set as
 * `ST_Intersects(footprint, box)`; the country-wide month search (42,671 of its ~43,000 candidates lie
 * inside) counts in a third less time. A box across the antimeridian is two boxes: tested exactly.
 */
function envelopeCondition(bbox: readonly number[], params: SqlParam[]): string {
  const envelope = envelopeSql(bbox, params);
  const crossesAntimeridian = bbox.length === 6 ? bbox[0]! > bbox[3]! : bbox[0]! > bbox[2]!;
  return crossesAntimeridian
    ? `ST_Intersects(s.footprint, ${envelope})`
    : `(s.footprint @ ${envelope} OR ST_Intersects(s.footprint, ${envelope}))`;
}

function envelopeSql(bbox: readonly number[], params: SqlParam[]): string {
  const [w, s, e, n] = bbox.length === 6 ? [bbox[0]!, bbox[1]!, bbox[3]!, bbox[4]!] : [bbox[0]!, bbox[1]!, bbox[2]!, bbox[3]!];
  if (w <= e)
    return `ST_MakeEnvelope(${push(params, w)}::float8, ${push(params, s)}::float8, ${push(params, e)}::float8, ${push(params, n)}::float8, 4326)`;
  // Across the antimeridian: the two halves.
  const south = push(params, s);
  const north = push(params, n);
  return `ST_Collect(ST_MakeEnvelope(${push(params, w)}::float8, ${south}::float8, 180, ${north}::float8, 4326),
                     ST_MakeEnvelope(-180, ${south}::float8, ${push(params, e)}::float8, ${north}::float8, 4326))`;
}

/** A GeoJSON geometry made valid, evaluated once per statement (a scalar subquery is an InitPlan). */
function geoJsonSql(geometry: GeoJsonGeometry, params: SqlParam[]): string {
  return `(SELECT ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON(${push(params, JSON.stringify(geometry))}::text), 4326)))`;
}

/** The drawn area as valid polygons only (a repaired bow-tie is a multipolygon). */
function drawnAreaSql(geometry: GeoJsonGeometry, params: SqlParam[]): string {
  return `(SELECT ST_CollectionExtract(ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON(${push(params, JSON.stringify(geometry))}::text), 4326)), 3))`;
}

/**
 * One value per statement (an InitPlan) over the chosen regions `codes` (a pushed text[] parameter), so
 * that the footprint GiST index drives the scan from it; a correlated EXISTS made the planner probe the
 * regions for every scene in the time window (9.6 s at 1 M scenes, docs/adr/0010-catalogue-indexes.md).
 * `one` is the value for a single region, `several` the dissolved value for more (the same set: a
 * footprint meets the union exactly when it meets one of them). Each branch is its own InitPlan, run only
 * when taken: a single region is never unioned.
 */
function regionsValueSql(codes: string, one: string, several: string): string {
  return `CASE WHEN (SELECT count(*) FROM regions r WHERE r.code = ANY (${codes}::text[])) = 1
            THEN (${one}) ELSE (${several}) END`;
}

/** The chosen regions' boundary (see regionsValueSql). */
export function regionBoundarySql(codes: readonly string[], column: 'geom_hi' | 'geom_mid', params: SqlParam[]): string {
  const p = push(params, codes);
  const where = `FROM regions r WHERE r.code = ANY (${p}::text[])`;
  return regionsValueSql(p, `SELECT r.${column} ${where}`, `SELECT ST_Union(r.${column}) ${where}`);
}

/**
 * Footprints that meet the chosen regions' full-resolution boundary (geom_hi), in two stages
 * (docs/adr/0010-catalogue-indexes.md, table region_cores): a footprint meeting a region's core (checked
 * to lie inside geom_hi when built) is in at once; one missing the hull (checked to cover geom_hi) is out;
 * only the rest, near the border, is tested against geom_hi. Exactly the set of
 * `ST_Intersects(footprint, geom_hi)`: core ⊆ geom_hi ⊆ hull. A region without a core (small regions, a
 * failed check) adds nothing to the first stage; without a hull, the second is skipped for the search.
 * The OR becomes a BitmapOr of two GiST scans (core, boundary) and a bitmap heap scan, which visits each
 * page once (12,600 buffers instead of 34,000 for the province search at 1 M scenes).
 */
function regionCondition(codes: readonly string[], params: SqlParam[]): string {
  const p = push(params, codes);
  const inRegions = `r.code = ANY (${p}::text[])`;
  const boundary = regionsValueSql(
    p,
    `SELECT r.geom_hi FROM regions r WHERE ${inRegions}`,
    `SELECT ST_Union(r.geom_hi) FROM regions r WHERE ${inRegions}`,
  );
  const cores = `FROM region_cores c JOIN regions r ON r.code = c.code WHERE ${inRegions}`;
  const core = regionsValueSql(p, `SELECT c.core ${cores}`, `SELECT ST_Union(c.core) ${cores}`);
  // Several regions have one hull only when each of them has its own.
  const hulls = `FROM regions r LEFT JOIN region_cores c ON c.code = r.code WHERE ${inRegions}`;
  const hull = regionsValueSql(
    p,
    `SELECT c.hull ${hulls}`,
    `SELECT CASE WHEN bool_and(c.hull IS NOT NULL) THEN ST_Union(c.hull) END ${hulls}`,
  );
  return `(ST_Intersects(s.footprint, ${core})
        OR (((${hull}) IS NULL OR ST_Intersects(s.footprint, ${hull})) AND ST_Intersects(s.footprint, ${boundary})))`;
}

/** An uploaded area that is still alive (null when it is not: checkArea refuses such a search first). */
function uploadedAreaSql(uploadId: string, params: SqlParam[], value = 'u.geom'): string {
  return `(SELECT ${value} FROM catalogue_uploads u WHERE u.id = ${push(params, uploadId)}::uuid AND u.kind = 'area' AND u.expires_at > now())`;
}

/**
 * Footprints that meet an uploaded area, in the two stages of the region search (regionCondition): its
 * core (built and checked at upload, lib/server/catalogue/uploads/area/store.ts) lets a footprint in at
 * once, missing its hull keeps one out, and only those in between are tested against the whole area.
 * Exactly `ST_Intersects(footprint, geom)`; an area without a core or hull is tested exactly throughout.
 */
function uploadedAreaCondition(uploadId: string, params: SqlParam[]): string {
  const p = push(params, uploadId);
  const of = (column: string) =>
    `(SELECT u.${column} FROM catalogue_uploads u WHERE u.id = ${p}::uuid AND u.kind = 'area' AND u.expires_at > now())`;
  return `(ST_Intersects(s.footprint, ${of('core')})
        OR ((${of('hull')} IS NULL OR ST_Intersects(s.footprint, ${of('hull')})) AND ST_Intersects(s.footprint, ${of('geom')})))`;
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

/**
 * Footprints on alias `s` (a `footprint` column) that meet the area. Shared with the other product sets
 * searched like scenes (surface deformation, lib/server/deformation): `fileList` says which rows an uploaded
 * list names (the scene catalogue's by file name, path/row or orbit).
 */
export function areaCondition(area: SearchArea, params: SqlParam[], fileList: (uploadId: string, params: SqlParam[]) => string = sceneListCondition): string {
  switch (area.mode) {
    case SELECT_MODES.REGION:
      return regionCondition(area.regionCodes, params);
    case SELECT_MODES.EXTENT:
      return envelopeCondition(area.bbox, params);
    case SELECT_MODES.DRAW:
      return `ST_Intersects(s.footprint, ${drawnAreaSql(area.geometry, params)})`;
    case SELECT_MODES.SHP:
      return uploadedAreaCondition(area.uploadId, params);
    case SELECT_MODES.FILE:
      return fileList(area.uploadId, params);
  }
}

/**
 * The area of interest as one geometry (null without an area). For the share of it each listed scene
 * covers (`share`, the default), regions use their mid-resolution boundary and uploaded areas theirs
 * (`geom_mid`, kept from 5,000 vertices up): a share shown to one decimal does not need every vertex (an
 * overlay with a 99,000-vertex upload took ~150 ms a scene), the membership test above does. `exact`:
 * the uploaded area itself, for the coverage analysis' figures.
 */
export function areaGeometrySql(area: SearchArea | undefined, params: SqlParam[], use: 'share' | 'exact' = 'share'): string | null {
  if (!area) return null;
  switch (area.mode) {
    case SELECT_MODES.REGION:
      return `(${regionBoundarySql(area.regionCodes, 'geom_mid', params)})`;
    case SELECT_MODES.EXTENT:
      return envelopeSql(area.bbox, params);
    case SELECT_MODES.DRAW:
      return drawnAreaSql(area.geometry, params);
    case SELECT_MODES.SHP:
      return uploadedAreaSql(area.uploadId, params, use === 'share' ? 'coalesce(u.geom_mid, u.geom)' : 'u.geom');
    case SELECT_MODES.FILE:
      return null;
  }
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
  if (filter.area) out.push(areaCondition(filter.area, params));
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
  if (q.extra) out.push(`(${q.extra(params)})`);
  return out;
}

/** `WHERE …` or the empty string. */
export function whereSql(conditions: readonly string[]): string {
  return conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
}

/** The select list of one scene on alias `s`. */
export const SCENE_COLUMNS = `s.id, s.file_name, s.collection, s.satellite, s.sensor, s.platform, s.product_level,
  s.resolution_m::float8 AS resolution_m, to_char(s.acquired_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS acquired_at,
  s.cloud_pct::float8 AS cloud_pct, s.orbit_number, s.path, s."row",
  ST_AsGeoJSON(s.footprint, 6)::text AS footprint, ST_X(s.centre) AS centre_lon, ST_Y(s.centre) AS centre_lat,
  ST_XMin(s.footprint) AS min_lon, ST_YMin(s.footprint) AS min_lat, ST_XMax(s.footprint) AS max_lon, ST_YMax(s.footprint) AS max_lat,
  s.area_km2, s.sun_elevation::float8 AS sun_elevation, s.sun_azimuth::float8 AS sun_azimuth, s.off_nadir::float8 AS off_nadir,
  s.size_mb::float8 AS size_mb, s.online, s.quicklook_url, s.source, s.properties`;

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
  };
}
