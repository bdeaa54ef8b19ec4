import 'server-only';
/**
 * The precomputed coverage figures (issue 36.2; table `coverage_cells`, migration 0045; docs/adr/0032-coverage-figures.md):
 * per leaf region (a county, or a unit without children), UTC month, satellite, resolution class and cloud class, the
 * union of the footprints cut to the region's full-resolution boundary (`geom_hi`, as the image query's coverage
 * analysis measures), its geodesic km², the scenes, and the sums of each scene's km² inside the region (plain and
 * scaled by its clear fraction).
 *
 * Kept by the job queue: a load of new scenes queues the (region, month) keys its footprints meet (COVERAGE_LOAD_JOB,
 * a reaction to the catalogue's SCENES_LOADED_JOB), a deleted scene queues its keys (a trigger), and keys are
 * recomputed from the scenes table in batches (one month, neighbouring regions), each one short set-based statement in
 * a transaction of its own — every other key keeps its rows. A key recomputed twice gives the same rows, so a job that
 * dies halfway is simply run again. The job runs the drain in turns, a share of the time (./jobs.ts).
 */
import { geodesicKm2Sql } from '../catalogue';
import { datasetsChanged } from '../db/data-cache';
import type { Database, Queryable } from '../db/types';
import { RESOLUTION_CLASSES } from '../../shared/contracts/coverage-statistics';
import { regionAreas } from './areas';

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

export const RES_CLASS_SQL = (s: string) =>
  `CASE ${RESOLUTION_CLASSES.filter((c) => Number.isFinite(c.maxM))
    .map((c) => `WHEN ${s}.resolution_m <= ${c.maxM} THEN ${c.cls}`)
    .join(' ')} ELSE ${RESOLUTION_CLASSES.at(-1)!.cls} END`;

/** 0: no cloud figure (radar); k = 1..10: cloud in ((k-1)·10, k·10], 0 % in class 1. */
export const CLOUD_CLASS_SQL = (s: string) =>
  `CASE WHEN ${s}.cloud_pct IS NULL THEN 0 ELSE greatest(1, ceil(${s}.cloud_pct::numeric / 10))::int END`;

/**
 * Recomputes keys from the scenes table, set-based, in one transaction (readers see the old rows or the new, never
 * half): their rows replaced, the keys taken off the queue, the figures' version raised once. Per key exactly what
 * one key alone gives (every figure is per key; the batch only shares the statement). Scenes touching a region only
 * along its edge (no area inside) are not counted. The caller keeps batches small enough for a short statement
 * (`drainCoverage` sizes them by the measured time per key).
 */
export async function refreshKeys(db: Database, keys: readonly CoverageKey[]): Promise<void> {
  if (keys.length === 0) return;
  const unique = [...new Map(keys.map((k) => [`${k.county} ${k.month}`, k])).values()];
  const counties = unique.map((k) => k.county);
  const months = unique.map((k) => k.month);
  const areas = await regionAreas(db, counties);
  const codes = [...areas.keys()];
  await db.transaction(async (tx) => {
    // Two workers on one key wait for each other (else the second's rows would collide with the first's); the locks
    // are taken in one order, so two batches never wait on each other in a circle.
    await tx.query(
      `SELECT count(pg_advisory_xact_lock(h)) FROM (
         SELECT hashtext('coverage_cells:' || k.county || ':' || k.month) AS h FROM unnest($1::text[], $2::text[]) AS k(county, month) ORDER BY 1) x`,
      [counties, months],
    );
    await tx.query(
      `DELETE FROM coverage_cells c USING unnest($1::text[], $2::date[]) AS k(county, month) WHERE c.county = k.county AND c.month = k.month`,
      [counties, months],
    );
    await tx.query(
      `WITH c AS MATERIALIZED (
              SELECT r.code, r.geom_hi AS g, ST_Envelope(r.geom_hi) AS env, a.km2
                FROM unnest($3::text[], $4::float8[]) AS a(code, km2) JOIN regions r ON r.code = a.code),
            -- Each scene's part inside its region, exact but cheap where it can be: a footprint over the region's whole
            -- bounding box covers the region (its part is the region, its km² known: no overlay, no measuring); one
            -- inside the region is its own part (PostGIS tests it against the region prepared once per region); only a
            -- footprint across the boundary is overlaid. The same km² as the catalogue's geodesicInsideKm2Sql, to rounding.
            s AS MATERIALIZED (
              SELECT k.county, k.month, x.id, x.satellite, x.res_class, x.cloud_class, x.cloud, x.footprint, x.whole, x.inside,
                     CASE WHEN x.whole THEN c.km2 ELSE ${geodesicKm2Sql('x.inside')} END AS km2
                FROM unnest($1::text[], $2::date[]) AS k(county, month) JOIN c ON c.code = k.county
                CROSS JOIN LATERAL (
                  SELECT y.*, CASE WHEN y.whole THEN NULL WHEN ST_CoveredBy(y.footprint, c.g) THEN y.footprint
                                   ELSE ST_Intersection(y.footprint, c.g) END AS inside
                    FROM (SELECT s.id, s.satellite, ${RES_CLASS_SQL('s')} AS res_class, ${CLOUD_CLASS_SQL('s')} AS cloud_class,
                                 coalesce(s.cloud_pct, 0)::float8 AS cloud, s.footprint, ST_Covers(s.footprint, c.env) AS whole
                            FROM scenes s
                           WHERE s.acquired_at >= (k.month)::timestamp AT TIME ZONE 'UTC'
                             AND s.acquired_at < (k.month + interval '1 month')::timestamp AT TIME ZONE 'UTC'
                             AND s.footprint && c.g AND ST_Intersects(s.footprint, c.g) OFFSET 0) y) x),
            grp AS MATERIALIZED (
              SELECT s.county, s.month, s.satellite, s.res_class, s.cloud_class, bool_or(s.whole) AS whole, count(*) AS n,
                     (array_agg(s.inside))[1] AS one, ST_Union(s.footprint) AS u, array_agg(s.id ORDER BY s.id) AS ids,
                     sum(s.km2) AS footprint_km2, sum(s.km2 * (1 - s.cloud / 100)) AS clear_km2
                FROM s WHERE s.km2 > 0 GROUP BY 1, 2, 3, 4, 5),
            -- The union's part inside the region: 1 the region (a footprint covers it; its km² known), 2 one scene's
            -- part (its km² the scene's), 3 the union, inside the region, 4 the union overlaid with the region.
            how AS MATERIALIZED (
              SELECT grp.*, c.g, c.km2 AS region_km2,
                     CASE WHEN grp.whole THEN 1 WHEN grp.n = 1 THEN 2 WHEN ST_CoveredBy(grp.u, c.g) THEN 3 ELSE 4 END AS how
                FROM grp JOIN c ON c.code = grp.county),
            part AS MATERIALIZED (
              SELECT how.*, CASE how.how WHEN 1 THEN how.g WHEN 2 THEN ST_Multi(ST_CollectionExtract(how.one, 3)) WHEN 3 THEN ST_Multi(how.u)
                                 ELSE ST_Multi(ST_CollectionExtract(ST_Intersection(how.u, how.g), 3)) END AS geom
                FROM how)
       INSERT INTO coverage_cells (county, month, satellite, res_class, cloud_class, geom, covered_km2, scene_ids, footprint_km2, clear_km2)
       SELECT p.county, p.month, p.satellite, p.res_class, p.cloud_class, p.geom,
              CASE p.how WHEN 1 THEN p.region_km2 WHEN 2 THEN p.footprint_km2 ELSE ${geodesicKm2Sql('p.geom')} END, p.ids, p.footprint_km2, greatest(0, p.clear_km2)
         FROM part p WHERE NOT ST_IsEmpty(p.geom)`,
      [counties, months, codes, codes.map((c) => areas.get(c) ?? 0)],
    );
    // The region's month as one figure (the acquisition_report layer): the union of all its cells, measured as the
    // figures measure (one cell: its km² as stored).
    await tx.query(
      `DELETE FROM coverage_region_months m USING unnest($1::text[], $2::date[]) AS k(county, month) WHERE m.county = k.county AND m.month = k.month`,
      [counties, months],
    );
    await tx.query(
      `INSERT INTO coverage_region_months (county, month, covered_km2, covered_pct, scenes)
       SELECT x.county, x.month, least(x.km2, a.km2), CASE WHEN a.km2 > 0 THEN least(100, 100 * x.km2 / a.km2) ELSE 0 END, x.scenes
         FROM (SELECT c.county, c.month,
                      CASE WHEN count(*) = 1 THEN max(c.covered_km2) ELSE ${geodesicKm2Sql('ST_Union(c.geom, 1e-9)')} END AS km2,
                      (SELECT count(DISTINCT i)::int FROM coverage_cells d CROSS JOIN LATERAL unnest(d.scene_ids) AS i
                        WHERE d.county = c.county AND d.month = c.month) AS scenes
                 FROM coverage_cells c JOIN unnest($1::text[], $2::date[]) AS k(county, month) ON c.county = k.county AND c.month = k.month
                GROUP BY c.county, c.month) x
         JOIN unnest($3::text[], $4::float8[]) AS a(code, km2) ON a.code = x.county`,
      [counties, months, codes, codes.map((c) => areas.get(c) ?? 0)],
    );
    await tx.query(
      `DELETE FROM coverage_pending p USING unnest($1::text[], $2::date[]) AS k(county, month) WHERE p.county = k.county AND p.month = k.month`,
      [counties, months],
    );
    await tx.query(
      `INSERT INTO dataset_versions (name, version) VALUES ($1, '1')
       ON CONFLICT (name) DO UPDATE SET version = (dataset_versions.version::bigint + 1)::text, loaded_at = now()`,
      [COVERAGE_FIGURES_DATASET],
    );
  });
  // This process's kept answers go at once; other processes see the new version when they next read it (≤ 5 s).
  datasetsChanged();
}

/** Recomputes one key (`refreshKeys` of one). */
export function refreshKey(db: Database, key: CoverageKey): Promise<void> {
  return refreshKeys(db, [key]);
}

/** Scenes of a load per statement that queues their keys (a load of 100,000 demo scenes at once held the embedded
 * database for tens of seconds). */
export const QUEUE_CHUNK = 500;

/**
 * Queues the keys of the next QUEUE_CHUNK scenes of a load after scene id `after` (by bounding box: a key queued in
 * excess is recomputed to what it was — a batch finds no scene for it, cheaply). Returns the keys queued and the last
 * scene id to go on from, or null when the load is all queued.
 */
export async function queueLoadKeys(db: Queryable, loadId: string, after = ''): Promise<{ keys: number; last: string | null }> {
  const [row] = await db.query<{ keys: number; last: string | null; n: number }>(
    `WITH chunk AS MATERIALIZED (
       SELECT s.id, s.acquired_at, s.footprint FROM scenes s WHERE s.load_id = $1::bigint AND s.id > $2 ORDER BY s.id LIMIT $3),
     queued AS (
       INSERT INTO coverage_pending (county, month)
       SELECT DISTINCT r.code, ${MONTH_SQL('s')} FROM chunk s JOIN regions r ON r.geom_hi && s.footprint
        WHERE ${LEAF_SQL('r')}
       ORDER BY 1, 2
       ON CONFLICT DO NOTHING RETURNING county)
     SELECT (SELECT count(*)::int FROM queued) AS keys, (SELECT max(id) FROM chunk) AS last, (SELECT count(*)::int FROM chunk) AS n`,
    [loadId, after, QUEUE_CHUNK],
  );
  return { keys: row?.keys ?? 0, last: row && row.n >= QUEUE_CHUNK ? row.last : null };
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
 * `queued_at` of the keys a reader asked for (`prioritiseKeys`): before every key queued by a load, so the drain takes
 * them first (among themselves by month and region).
 */
export const ASKED_AT = '1970-01-01T00:00:00Z';

/** The longest one batch's statement should take; its size follows the measured time per key. */
export const BATCH_TARGET_MS = 100;
const MAX_BATCH = 200;
const FIRST_GUESS_MS_PER_KEY = 20;
const msPerKey = new WeakMap<object, number>();

const anyLeft = async (db: Database) =>
  (
    await db.query<{ any: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM coverage_pending) OR EXISTS (SELECT 1 FROM coverage_pending_months) AS any`,
    )
  )[0]?.any ?? false;

/**
 * Recomputes queued keys until none is left or `budgetMs` has passed (the last batch started before; a batch is sized
 * from the measured time per key to end within the budget and BATCH_TARGET_MS). Order: the keys a reader asked for,
 * then the months a rebuild queued (expanded into their keys, one statement each, so the queue knows every key the
 * progress answers wait for), then the rest by queue time. A batch is keys of one month, neighbouring regions (codes
 * in order), so its scenes are few and its regions' boundaries read once. Returns how many were recomputed and whether
 * work is left (the caller comes back for it).
 */
export async function drainCoverage(db: Database, budgetMs: number): Promise<DrainResult> {
  const end = performance.now() + budgetMs;
  let refreshed = 0;
  for (;;) {
    const remaining = end - performance.now();
    const per = msPerKey.get(db) ?? FIRST_GUESS_MS_PER_KEY;
    const size = Math.max(1, Math.min(MAX_BATCH, Math.floor(Math.min(BATCH_TARGET_MS, remaining) / per)));
    const keys = await db.query<CoverageKey & { asked: boolean }>(
      `WITH first AS (SELECT month, queued_at <= $2::timestamptz AS asked FROM coverage_pending ORDER BY queued_at, month, county LIMIT 1)
       SELECT p.county, to_char(p.month, 'YYYY-MM-DD') AS month, f.asked FROM coverage_pending p JOIN first f ON p.month = f.month
        ORDER BY p.queued_at, p.county LIMIT $1`,
      [size, ASKED_AT],
    );
    if (keys[0]?.asked !== true && (await expandOneMonth(db))) {
      if (performance.now() >= end) return { refreshed, left: true };
      continue;
    }
    if (keys.length === 0) return { refreshed, left: false };
    const started = performance.now();
    await refreshKeys(
      db,
      keys.map((k) => ({ county: k.county, month: k.month })),
    );
    msPerKey.set(db, 0.5 * per + (0.5 * (performance.now() - started)) / keys.length);
    refreshed += keys.length;
    if (performance.now() >= end) return { refreshed, left: await anyLeft(db) };
  }
}

/**
 * Moves the queued keys of these leaf regions and months to the front of the queue (a reader is waiting for them).
 * Returns the leaves with a key still queued in those months, and whether a month of them is still to be expanded
 * into keys (then every leaf counts as not ready).
 */
export async function prioritiseKeys(
  db: Queryable,
  leaves: readonly string[],
  months: { from: string; to: string },
): Promise<{ pending: Set<string>; monthsPending: boolean }> {
  const [month] = await db.query<{ any: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM coverage_pending_months WHERE month BETWEEN $1::date AND $2::date) AS any`,
    [months.from, months.to],
  );
  const rows = await db.query<{ county: string }>(
    `WITH moved AS (
       UPDATE coverage_pending SET queued_at = $4::timestamptz
        WHERE county = ANY ($1::text[]) AND month BETWEEN $2::date AND $3::date AND queued_at > $4::timestamptz RETURNING county)
     SELECT county FROM moved
     UNION SELECT county FROM coverage_pending WHERE county = ANY ($1::text[]) AND month BETWEEN $2::date AND $3::date`,
    [[...leaves], months.from, months.to, ASKED_AT],
  );
  return { pending: new Set(rows.map((r) => r.county)), monthsPending: month?.any ?? false };
}

/** Keys per statement of a scoped rebuild. */
const SCOPE_BATCH = 25;

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
  for (const month of scope.months)
    for (let i = 0; i < scope.counties.length; i += SCOPE_BATCH) {
      const counties = scope.counties.slice(i, i + SCOPE_BATCH);
      await refreshKeys(
        db,
        counties.map((county) => ({ county, month })),
      );
      n += counties.length;
    }
  return n;
}
