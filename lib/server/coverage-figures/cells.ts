import 'server-only';
/**
 * The precomputed coverage figures (issue 36.2; table `coverage_cells`, migration 0045; docs/adr/0032-coverage-figures.md):
 * per leaf region (a county, or a unit without children), UTC month, satellite, resolution class and cloud class, the
 * union of the footprints cut to the region's full-resolution boundary (`geom_hi`, as the image query's coverage
 * analysis measures), its geodesic km², the scenes, and the sums of each scene's km² inside the region (plain and
 * scaled by its clear fraction).
 *
 * Kept by the job queue: a load of new scenes queues the (region, month) keys its footprints meet (COVERAGE_LOAD_JOB,
 * a reaction to the catalogue's SCENES_LOADED_JOB), a deleted scene queues its keys (a trigger), and each key is
 * recomputed from the scenes table in one short transaction of its own — every other key keeps its rows. A key
 * recomputed twice gives the same rows, so a job that dies halfway is simply run again.
 */
import { geodesicInsideKm2Sql, geodesicKm2Sql } from '../catalogue';
import { datasetsChanged } from '../db/data-cache';
import type { Database, Queryable } from '../db/types';
import { RESOLUTION_CLASSES } from '../../shared/contracts/coverage-statistics';

/** `dataset_versions` row raised with every recomputed key: the public answers are kept until it changes. */
export const COVERAGE_FIGURES_DATASET = 'coverage-figures';

/** A (leaf region, month) key; month `YYYY-MM-01`. */
export interface CoverageKey {
  county: string;
  month: string;
}

/** The leaf regions (no children), as SQL conditions on alias `r`. */
export const LEAF_SQL = (r: string) => `${r}.level <> 'country' AND NOT EXISTS (SELECT 1 FROM regions k WHERE k.parent_code = ${r}.code)`;

/** The UTC month (a date, its first day) of a scene on alias `s`. */
export const MONTH_SQL = (s: string) => `date_trunc('month', ${s}.acquired_at AT TIME ZONE 'UTC')::date`;

const RES_CLASS_SQL = (s: string) =>
  `CASE ${RESOLUTION_CLASSES.filter((c) => Number.isFinite(c.maxM))
    .map((c) => `WHEN ${s}.resolution_m <= ${c.maxM} THEN ${c.cls}`)
    .join(' ')} ELSE ${RESOLUTION_CLASSES.at(-1)!.cls} END`;

/** 0: no cloud figure (radar); k = 1..10: cloud in ((k-1)·10, k·10], 0 % in class 1. */
export const CLOUD_CLASS_SQL = (s: string) =>
  `CASE WHEN ${s}.cloud_pct IS NULL THEN 0 ELSE greatest(1, ceil(${s}.cloud_pct::numeric / 10))::int END`;

/**
 * Recomputes one key from the scenes table: its rows replaced in one transaction (readers see the old rows or the
 * new, never half), the key taken off the queue, the figures' version raised. Scenes touching the region only along
 * its edge (no area inside) are not counted.
 */
export async function refreshKey(db: Database, key: CoverageKey): Promise<void> {
  await db.transaction(async (tx) => {
    // Two workers on one key wait for each other (else the second's rows would collide with the first's).
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('coverage_cells:' || $1 || ':' || $2))`, [key.county, key.month]);
    await tx.query(`DELETE FROM coverage_cells WHERE county = $1 AND month = $2::date`, [key.county, key.month]);
    await tx.query(
      `WITH c AS (SELECT r.code, r.geom_hi AS g, ${geodesicKm2Sql('r.geom_hi')} AS km2 FROM regions r WHERE r.code = $1),
            s AS MATERIALIZED (
              SELECT s.id, s.satellite, ${RES_CLASS_SQL('s')} AS res_class, ${CLOUD_CLASS_SQL('s')} AS cloud_class,
                     coalesce(s.cloud_pct, 0)::float8 AS cloud, s.footprint,
                     ${geodesicInsideKm2Sql('s.footprint', 'c.g', 'c.km2')} AS km2
                FROM scenes s CROSS JOIN c
               WHERE s.acquired_at >= ($2::date)::timestamp AT TIME ZONE 'UTC'
                 AND s.acquired_at < ($2::date + interval '1 month')::timestamp AT TIME ZONE 'UTC'
                 AND s.footprint && c.g AND ST_Intersects(s.footprint, c.g)),
            grp AS MATERIALIZED (
              SELECT s.satellite, s.res_class, s.cloud_class, ST_Union(s.footprint) AS u, array_agg(s.id ORDER BY s.id) AS ids,
                     sum(s.km2) AS footprint_km2, sum(s.km2 * (1 - s.cloud / 100)) AS clear_km2
                FROM s WHERE s.km2 > 0 GROUP BY 1, 2, 3),
            part AS MATERIALIZED (
              SELECT grp.*, CASE WHEN ST_CoveredBy(c.g, grp.u) THEN c.g
                                 ELSE ST_Multi(ST_CollectionExtract(ST_Intersection(grp.u, c.g), 3)) END AS geom
                FROM grp CROSS JOIN c)
       INSERT INTO coverage_cells (county, month, satellite, res_class, cloud_class, geom, covered_km2, scene_ids, footprint_km2, clear_km2)
       SELECT $1, $2::date, p.satellite, p.res_class, p.cloud_class, p.geom, ${geodesicKm2Sql('p.geom')}, p.ids,
              p.footprint_km2, greatest(0, p.clear_km2)
         FROM part p WHERE NOT ST_IsEmpty(p.geom)`,
      [key.county, key.month],
    );
    await tx.query(`DELETE FROM coverage_pending WHERE county = $1 AND month = $2::date`, [key.county, key.month]);
    await tx.query(
      `INSERT INTO dataset_versions (name, version) VALUES ($1, '1')
       ON CONFLICT (name) DO UPDATE SET version = (dataset_versions.version::bigint + 1)::text, loaded_at = now()`,
      [COVERAGE_FIGURES_DATASET],
    );
  });
  // This process's kept answers go at once; other processes see the new version when they next read it (≤ 5 s).
  datasetsChanged();
}

/** Queues the keys of a load's scenes (by bounding box: a key queued in excess is recomputed to what it was). */
export async function queueLoadKeys(db: Queryable, loadId: string): Promise<number> {
  const rows = await db.query(
    `INSERT INTO coverage_pending (county, month)
     SELECT DISTINCT r.code, ${MONTH_SQL('s')} FROM scenes s JOIN regions r ON r.geom_hi && s.footprint
      WHERE s.load_id = $1::bigint AND ${LEAF_SQL('r')}
     ORDER BY 1, 2
     ON CONFLICT DO NOTHING RETURNING county`,
    [loadId],
  );
  return rows.length;
}

/** Expands one month of `coverage_pending_months` (a rebuild) into its keys; false when none is left. */
async function expandOneMonth(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ month: string }>(
      `SELECT to_char(month, 'YYYY-MM-DD') AS month FROM coverage_pending_months ORDER BY month LIMIT 1 FOR UPDATE SKIP LOCKED`,
    );
    if (!row) return false;
    await tx.query(
      `INSERT INTO coverage_pending (county, month)
       SELECT DISTINCT r.code, $1::date FROM scenes s JOIN regions r ON r.geom_hi && s.footprint
        WHERE s.acquired_at >= ($1::date)::timestamp AT TIME ZONE 'UTC'
          AND s.acquired_at < ($1::date + interval '1 month')::timestamp AT TIME ZONE 'UTC' AND ${LEAF_SQL('r')}
       UNION SELECT county, month FROM coverage_cells WHERE month = $1::date
       ORDER BY 1, 2
       ON CONFLICT DO NOTHING`,
      [row.month],
    );
    await tx.query(`DELETE FROM coverage_pending_months WHERE month = $1::date`, [row.month]);
    return true;
  });
}

export interface DrainResult {
  refreshed: number;
  /** Keys (or months) still queued. */
  left: boolean;
}

/**
 * Recomputes queued keys, one short transaction each, until none is left or `budgetMs` has passed. Returns how many
 * were recomputed and whether work is left (the caller comes back for it).
 */
export async function drainCoverage(db: Database, budgetMs: number): Promise<DrainResult> {
  const end = performance.now() + budgetMs;
  let refreshed = 0;
  for (;;) {
    const keys = await db.query<CoverageKey>(
      `SELECT county, to_char(month, 'YYYY-MM-DD') AS month FROM coverage_pending ORDER BY queued_at, county, month LIMIT 20`,
    );
    if (keys.length === 0 && !(await expandOneMonth(db))) return { refreshed, left: false };
    for (const key of keys) {
      await refreshKey(db, key);
      refreshed++;
      if (performance.now() > end) break;
    }
    if (performance.now() > end) {
      const [left] = await db.query<{ any: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM coverage_pending) OR EXISTS (SELECT 1 FROM coverage_pending_months) AS any`,
      );
      return { refreshed, left: left?.any ?? false };
    }
  }
}

/**
 * A full rebuild, from the scenes table alone: of the given leaf regions and months (both required: tests and
 * repairs name their scope), or, with no scope, of every month (queued, then drained by the job queue).
 */
export async function rebuildCoverage(db: Database, scope?: { counties: readonly string[]; months: readonly string[] }): Promise<number> {
  if (!scope) {
    await db.query(
      `INSERT INTO coverage_pending_months (month)
       SELECT DISTINCT ${MONTH_SQL('s')} FROM scenes s UNION SELECT DISTINCT month FROM coverage_cells ON CONFLICT DO NOTHING`,
    );
    return 0;
  }
  let n = 0;
  for (const county of scope.counties)
    for (const month of scope.months) {
      await refreshKey(db, { county, month });
      n++;
    }
  return n;
}
