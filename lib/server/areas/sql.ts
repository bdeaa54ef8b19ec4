import 'server-only';
/**
 * Areas of interest as SQL (DESIGN.md "Areas of interest", docs/adr/0021-areas-of-interest.md): the one
 * translation of a search area (region, extent, drawing, upload) into a geometry or a condition, used by
 * the scene catalogue, the surface-deformation products, the orbit prediction and the applications.
 * Every value is a parameter; column names are fixed text here. Conditions are on alias `s`, a row with a
 * `footprint` column (scenes, InSAR products, …).
 *
 * - REGION: the region's real boundary (`regions.geom_hi`, full resolution), never its bounding box —
 *   one geometry per statement (several regions dissolved), so the footprint GiST index drives the scan;
 *   tested in two stages through each region's checked core and hull (`region_cores`), same set.
 * - EXTENT / STAC bbox: an envelope (split in two when it crosses the antimeridian).
 * - DRAW / STAC intersects: the GeoJSON as given, measured by the geometry guard (./guard.ts: vertices, parts and
 *   self-crossings within a budget, or a 400), repaired with ST_MakeValid (self-intersections become valid
 *   multipolygons; lines and points stay what they are for STAC), evaluated once per statement.
 * - SHP: the uploaded area (`catalogue_uploads.geom`, already valid and dissolved, ./uploads), once per
 *   statement.
 * - FILE: not an area but a list of names: the caller says which of its rows a list names (`fileList`).
 *
 * This module never imports the catalogue (lib/server/catalogue): verification, subscriptions and
 * coverage statistics take areas too (tests/unit/module-boundaries.test.ts holds it).
 */
import { SELECT_MODES, type SearchArea } from '../../shared/contracts/catalogue';
import { COVERAGE_LIMITS } from '../../shared/contracts/coverage';
import type { SqlParam } from '../db/types';
import { guardGeometry } from './guard';

/** Any GeoJSON geometry (STAC `intersects` accepts every type). */
export interface GeoJsonGeometry {
  type: string;
  coordinates?: unknown;
  geometries?: unknown;
}

/** The rows an uploaded list (FILE mode) names, as a condition on alias `s` pushing its parameters. */
export type FileListCondition = (uploadId: string, params: SqlParam[]) => string;

const push = (params: SqlParam[], value: SqlParam): string => {
  params.push(value);
  return `$${params.length}`;
};

/**
 * Footprints that meet a bounding box. One whose own bounding box lies inside the box meets it without
 * a geometry test (`@`, a comparison of four numbers); only the rest are tested exactly. The same set as
 * `ST_Intersects(footprint, box)`; the country-wide month search (42,671 of its ~43,000 candidates lie
 * inside) counts in a third less time. A box across the antimeridian is two boxes: tested exactly.
 */
export function envelopeCondition(bbox: readonly number[], params: SqlParam[]): string {
  const envelope = envelopeSql(bbox, params);
  const crossesAntimeridian = bbox.length === 6 ? bbox[0]! > bbox[3]! : bbox[0]! > bbox[2]!;
  return crossesAntimeridian
    ? `ST_Intersects(s.footprint, ${envelope})`
    : `(s.footprint @ ${envelope} OR ST_Intersects(s.footprint, ${envelope}))`;
}

export function envelopeSql(bbox: readonly number[], params: SqlParam[]): string {
  const [w, s, e, n] = bbox.length === 6 ? [bbox[0]!, bbox[1]!, bbox[3]!, bbox[4]!] : [bbox[0]!, bbox[1]!, bbox[2]!, bbox[3]!];
  if (w <= e)
    return `ST_MakeEnvelope(${push(params, w)}::float8, ${push(params, s)}::float8, ${push(params, e)}::float8, ${push(params, n)}::float8, 4326)`;
  // Across the antimeridian: the two halves.
  const south = push(params, s);
  const north = push(params, n);
  return `ST_Collect(ST_MakeEnvelope(${push(params, w)}::float8, ${south}::float8, 180, ${north}::float8, 4326),
                     ST_MakeEnvelope(-180, ${south}::float8, ${push(params, e)}::float8, ${north}::float8, 4326))`;
}

/**
 * A geometry a request brought, as SQL: measured by the geometry guard (./guard.ts) first — a geometry over its
 * budget (vertices, parts, self-crossings) is refused with a 400 before any statement is built — then parsed and
 * made valid by PostGIS. The only way request geometry reaches SQL (tests/unit/geometry-entry.test.ts).
 */
export function requestGeometrySql(geometry: unknown, params: SqlParam[]): string {
  guardGeometry(geometry);
  return `ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON(${push(params, JSON.stringify(geometry))}::text), 4326))`;
}

/** A GeoJSON geometry made valid, evaluated once per statement (a scalar subquery is an InitPlan). */
export function geoJsonSql(geometry: GeoJsonGeometry, params: SqlParam[]): string {
  return `(SELECT ${requestGeometrySql(geometry, params)})`;
}

/** The drawn area as valid polygons only (a repaired bow-tie is a multipolygon). */
function drawnAreaSql(geometry: GeoJsonGeometry, params: SqlParam[]): string {
  return `(SELECT ST_CollectionExtract(${requestGeometrySql(geometry, params)}, 3))`;
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
 * core (built and checked at upload, lib/server/areas/uploads/store.ts) lets a footprint in at
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
 * Footprints on alias `s` (a `footprint` column) that meet the area: the scene catalogue's and the other
 * product sets searched like scenes (surface deformation, lib/server/themes/surface-deform). `fileList` says which
 * rows an uploaded list names (the scene catalogue's by file name, path/row or orbit).
 */
export function areaCondition(area: SearchArea, params: SqlParam[], fileList: FileListCondition): string {
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

/** GeoJSON of a geometry for display: simplified, polygons only, 6 decimals; null when empty. */
export const displaySql = (g: string, tolerance: number = COVERAGE_LIMITS.displayToleranceDeg, digits = 6) =>
  `CASE WHEN ST_IsEmpty(${g}) THEN NULL ELSE ST_AsGeoJSON(ST_CollectionExtract(ST_SimplifyPreserveTopology(${g}, ${tolerance}), 3), ${digits}) END`;
