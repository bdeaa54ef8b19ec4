import 'server-only';
/**
 * The derived shapes of the two-stage region test (table region_cores, migration 0017_region_cores,
 * docs/adr/0010-catalogue-indexes.md). For each large region:
 *
 * - core: inside the full-resolution boundary (geom_hi), a few hundred vertices;
 * - hull: around it, as light.
 *
 * Both come from geom_mid (valid, about half of geom_hi's vertices), simplified by d/2 and buffered by
 * 1.5 d inwards or outwards (d: 0.4 % of the region's extent, at least 0.01°), then simplified by d/4.
 * geom_mid is a Visvalingam simplification with no distance bound, so nothing here is assumed: each shape
 * is kept only when PostGIS confirms it against geom_hi (`ST_CoveredBy(core, geom_hi)`,
 * `ST_Covers(hull, geom_hi)`), and is NULL otherwise (the search then tests every footprint exactly).
 *
 * Only regions that are not counties and have ≥ 1,000 boundary vertices get a row: a smaller boundary
 * costs about as much to test as a core, and counties cover few scenes. A region with many islands (the
 * country: 1,910 parts) gets no hull: buffering them outwards takes ~10 s, and its bbox is the fallback.
 */
import type { Queryable } from '../db/types';

/** Bump when the construction changes: the seed rebuilds the cores of an unchanged regions load. */
export const REGION_CORES_VERSION = '1';

/** Fewer boundary vertices than this: a core costs about as much to test as the boundary itself. */
export const CORE_MIN_VERTICES = 1000;
const MIN_VERTICES = CORE_MIN_VERTICES;
export const MAX_HULL_PARTS = 600;

/**
 * SQL of the verified core and hull of each row of `source`, a query with the columns `key`, `hi` (the
 * exact geometry), `base` (what to simplify: geom_mid for a region, the geometry itself for an upload),
 * `parts` (its number of polygons) and `d` (the band, in degrees). Answers rows (key, core, hull), each
 * NULL unless PostGIS confirmed it against `hi`. `maxHullParts` is a parameter reference (e.g. `$2`).
 * Shared by the regions (table region_cores) and uploaded areas (catalogue_uploads.core/hull).
 */
export function coresSql(source: string, maxHullParts: string): string {
  // Each step materialized: inlined, the buffers would be computed once per expression that uses them.
  return `WITH src AS MATERIALIZED (
       SELECT key, hi, parts, d, ST_MakeValid(ST_SimplifyPreserveTopology(base, d / 2)) AS s FROM (${source}) x
     ), shapes AS MATERIALIZED (
       SELECT key, hi,
              ST_CollectionExtract(ST_SimplifyPreserveTopology(ST_Buffer(s, -1.5 * d, 'quad_segs=1'), d / 4), 3) AS core,
              CASE WHEN parts <= ${maxHullParts} THEN ST_CollectionExtract(ST_SimplifyPreserveTopology(ST_Buffer(s, 1.5 * d, 'quad_segs=1'), d / 4), 3) END AS hull
         FROM src
     ), usable AS MATERIALIZED (
       SELECT key, hi, CASE WHEN NOT ST_IsEmpty(core) AND ST_IsValid(core) THEN ST_Multi(core) END AS core,
                       CASE WHEN NOT ST_IsEmpty(hull) AND ST_IsValid(hull) THEN ST_Multi(hull) END AS hull
         FROM shapes
     )
     -- Nested CASE: a check runs only on a usable shape (AND does not fix an evaluation order).
     SELECT key, CASE WHEN core IS NOT NULL THEN CASE WHEN ST_CoveredBy(core, hi) THEN core END END AS core,
                 CASE WHEN hull IS NOT NULL THEN CASE WHEN ST_Covers(hull, hi) THEN hull END END AS hull
       FROM usable`;
}

/** Rebuilds every region's core and hull (inside the caller's transaction). */
export async function buildRegionCores(db: Queryable): Promise<number> {
  await db.query('DELETE FROM region_cores');
  const source = `SELECT code AS key, geom_hi AS hi, geom_mid AS base, ST_NumGeometries(geom_mid) AS parts,
                         greatest(0.01, 0.004 * greatest(max_lon - min_lon, max_lat - min_lat)) AS d
                    FROM regions WHERE level <> 'county' AND ST_NPoints(geom_hi) >= $1`;
  const rows = await db.query<{ n: number }>(
    `WITH checked AS (${coresSql(source, '$2')}),
     ins AS (INSERT INTO region_cores (code, core, hull) SELECT key, core, hull FROM checked RETURNING 1)
     SELECT count(*)::int AS n FROM ins`,
    [MIN_VERTICES, MAX_HULL_PARTS],
  );
  return rows[0]?.n ?? 0;
}
