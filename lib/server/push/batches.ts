import 'server-only';
/**
 * Image push batches (tables push_batches, push_batch_scenes; migration 0038_push). When a load of new scenes commits
 * (lib/server/catalogue/loads.ts), PUSH_CUT_JOB cuts per push user one batch of the load's scenes that one of their
 * image grants selects — satellite, sensor and level in the grant, footprint meeting the grant's regions — with its
 * figures. One batch per load and user (unique), so the job may run twice.
 *
 * Coverage is the image query's (lib/server/catalogue/coverage.ts): the regions by their full-resolution boundary
 * (`geom_hi`) made valid and unioned, the footprints unioned as they are, and the part inside measured geodesically
 * (`ST_Area(geography)`, WGS84 spheroid) — the whole region when it is covered, else one overlay of the union.
 */
import type { Locale } from '../../../i18n/routing';
import {
  PUSH_LIMITS,
  type BatchCoverage,
  type BatchDetail,
  type BatchPage,
  type BatchSummary,
  type FootprintCollection,
} from '../../shared/contracts/push';
import { notFound } from '../api/errors';
import { isAdministrator } from '../auth/roles';
import type { Queryable, SqlParam } from '../db/types';
import { nameSql } from '../regions/names';
import type { Session } from '../session';

/** Cuts the image push batches of a load (payload `{ loadId }`); queued per load from the composition root. */
export const PUSH_CUT_JOB = 'push.cut_image_batches';

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const pct = (part: number, whole: number) => (whole > 0 ? Math.min(100, Math.max(0, (100 * part) / whole)) : 0);
const EMPTY = `ST_GeomFromText('POLYGON EMPTY', 4326)`;

/** The area of regions (as coverage.ts's `cov_area`): full-resolution boundaries, valid, unioned, with their km². */
export const regionAreaSql = (codes: string) =>
  `SELECT g, coalesce(ST_Area(g::geography) / 1e6, 0) AS km2
     FROM (SELECT ST_Multi(ST_CollectionExtract(ST_MakeValid((SELECT ST_Union(r.geom_hi) FROM regions r WHERE r.code = ANY (${codes}))), 3)) AS g) x`;

/** km² of a union inside the area `a` (coverage.ts's `insideKm2`). */
const insideKm2Sql = (u: string) =>
  `CASE WHEN a.g IS NULL OR ST_IsEmpty(${u}) OR NOT ST_Intersects(${u}, a.g) THEN 0
        WHEN ST_CoveredBy(a.g, ${u}) THEN a.km2 ELSE ST_Area(ST_Intersection(${u}, a.g)::geography) / 1e6 END`;

/** The batch's scenes' footprints unioned. */
export const batchUnionSql = (batch: string) =>
  `SELECT coalesce(ST_Union(s.footprint), ${EMPTY}) AS u FROM push_batch_scenes bs JOIN scenes s ON s.id = bs.scene_id WHERE bs.batch_id = ${batch}`;

/**
 * Cuts the load's batches: for every push user with image grants, the load's scenes one of their grants selects.
 * Returns how many batches were new (0 when the job already ran).
 */
export async function cutImageBatches(tx: Queryable, loadId: string): Promise<number> {
  const users = await tx.query<{ user_id: string; codes: string[] }>(
    `SELECT g.user_id::text AS user_id, array_agg(DISTINCT c ORDER BY c) AS codes
       FROM push_image_grants g JOIN push_users p ON p.user_id = g.user_id CROSS JOIN unnest(g.region_codes) AS c
      WHERE NOT EXISTS (SELECT 1 FROM push_batches b WHERE b.load_id = $1::bigint AND b.user_id = g.user_id)
      GROUP BY g.user_id ORDER BY g.user_id`,
    [loadId],
  );
  let cut = 0;
  for (const user of users) {
    const [batch] = await tx.query<{ id: string }>(
      `WITH grants AS MATERIALIZED (
         SELECT g.satellites, g.sensors, g.levels,
                (SELECT ST_Union(r.geom_hi) FROM regions r WHERE r.code = ANY (g.region_codes)) AS area
           FROM push_image_grants g WHERE g.user_id = $2::bigint
       ), picked AS MATERIALIZED (
         SELECT DISTINCT s.id FROM scenes s JOIN grants g
             ON s.satellite = ANY (g.satellites)
            AND (cardinality(g.sensors) = 0 OR s.sensor = ANY (g.sensors))
            AND (cardinality(g.levels) = 0 OR s.product_level = ANY (g.levels))
            AND ST_Intersects(s.footprint, g.area)
          WHERE s.load_id = $1::bigint
       ), batch AS (
         INSERT INTO push_batches (user_id, load_id, scene_count, footprint_km2, size_mb, region_codes, region_km2, covered_km2, covered_pct)
         SELECT $2::bigint, $1::bigint, count(*), coalesce(sum(s.area_km2), 0), coalesce(sum(s.size_mb), 0), $3::text[], 0, 0, 0
           FROM picked p JOIN scenes s ON s.id = p.id HAVING count(*) > 0
         ON CONFLICT (load_id, user_id) DO NOTHING
         RETURNING id
       ), kept AS (
         INSERT INTO push_batch_scenes (batch_id, scene_id) SELECT b.id, p.id FROM batch b CROSS JOIN picked p
       )
       SELECT id::text AS id FROM batch`,
      [loadId, user.user_id, user.codes],
    );
    if (!batch) continue;
    const figures = await coverageFigures(tx, batch.id, user.codes);
    await tx.query(`UPDATE push_batches SET region_km2 = $2, covered_km2 = $3, covered_pct = $4 WHERE id = $1::bigint`, [
      batch.id,
      figures.regionKm2,
      figures.coveredKm2,
      figures.coveredPct,
    ]);
    cut++;
  }
  return cut;
}

/** Geodesic km² of the regions, of it covered by the batch's footprints, and the share (unrounded). */
async function coverageFigures(db: Queryable, batchId: string, codes: readonly string[]) {
  const [row] = await db.query<{ region_km2: number; covered_km2: number }>(
    `WITH a AS MATERIALIZED (${regionAreaSql('$2::text[]')}), x AS MATERIALIZED (${batchUnionSql('$1::bigint')})
     SELECT a.km2 AS region_km2, ${insideKm2Sql('x.u')} AS covered_km2 FROM a CROSS JOIN x`,
    [batchId, codes],
  );
  const regionKm2 = row?.region_km2 ?? 0;
  const coveredKm2 = Math.min(row?.covered_km2 ?? 0, regionKm2);
  return { regionKm2, coveredKm2, coveredPct: pct(coveredKm2, regionKm2) };
}

export interface BatchRow {
  id: string;
  user_id: string;
  username: string;
  created_at: Date;
  source: 'demo' | 'imported';
  scene_count: number;
  footprint_km2: number;
  size_mb: number;
  region_codes: string[];
  region_km2: number;
  covered_km2: number;
  covered_pct: number;
}

export const BATCH_COLUMNS = `b.id::text AS id, b.user_id::text AS user_id, u.username, b.created_at, l.source, b.scene_count, b.footprint_km2,
  b.size_mb, b.region_codes, b.region_km2, b.covered_km2, b.covered_pct`;
export const BATCH_FROM = `push_batches b JOIN users u ON u.id = b.user_id JOIN scene_loads l ON l.id = b.load_id`;

export const toSummary = (r: BatchRow): BatchSummary => ({
  id: r.id,
  userId: r.user_id,
  username: r.username,
  createdAt: new Date(r.created_at).toISOString(),
  source: r.source,
  sceneCount: r.scene_count,
  footprintKm2: round(r.footprint_km2),
  sizeMb: round(r.size_mb, 1),
  regionKm2: round(r.region_km2),
  coveredKm2: round(r.covered_km2),
  coveredPct: round(r.covered_pct),
});

/** Batches the session may read: an administrator's all (or one user's), anyone else's their own. */
export async function listBatches(
  db: Queryable,
  session: Session,
  query: { pageNum: number; pageSize: number; userId?: string },
): Promise<BatchPage> {
  const params: SqlParam[] = [];
  const owner = isAdministrator(session) ? query.userId : session.userId;
  const where = owner ? `WHERE b.user_id = $${params.push(owner)}::bigint` : '';
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM push_batches b ${where}`, params);
  params.push(query.pageSize, (query.pageNum - 1) * query.pageSize);
  const rows = await db.query<BatchRow>(
    `SELECT ${BATCH_COLUMNS} FROM ${BATCH_FROM} ${where} ORDER BY b.created_at DESC, b.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { list: rows.map(toSummary), total: count?.n ?? 0, pageNum: query.pageNum, pageSize: query.pageSize };
}

/** The batch when the session may read it (administrators any, others their own); otherwise not found. */
export async function readableBatch(db: Queryable, session: Session, id: string): Promise<BatchRow> {
  const [row] = await db.query<BatchRow>(`SELECT ${BATCH_COLUMNS} FROM ${BATCH_FROM} WHERE b.id = $1::bigint`, [id]);
  if (!row || !(isAdministrator(session) || row.user_id === session.userId)) throw notFound();
  return row;
}

async function namedRegions(db: Queryable, codes: readonly string[], locale: Locale) {
  return db.query<{ code: string; name: string }>(
    `SELECT c.code, coalesce(${nameSql(locale, 'r')}, c.code) AS name FROM unnest($1::text[]) AS c(code) LEFT JOIN regions r ON r.code = c.code ORDER BY c.code`,
    [codes],
  );
}

export async function batchDetail(
  db: Queryable,
  session: Session,
  query: { id: string; pageNum: number; pageSize: number },
  locale: Locale,
): Promise<BatchDetail> {
  const batch = await readableBatch(db, session, query.id);
  const scenes = await db.query<{
    id: string;
    satellite: string;
    sensor: string;
    product_level: string;
    acquired_at: Date;
    cloud_pct: number | null;
    area_km2: number;
    size_mb: number | null;
  }>(
    `SELECT s.id, s.satellite, s.sensor, s.product_level, s.acquired_at, s.cloud_pct, s.area_km2, s.size_mb
       FROM push_batch_scenes bs JOIN scenes s ON s.id = bs.scene_id WHERE bs.batch_id = $1::bigint
      ORDER BY s.acquired_at DESC, s.id DESC LIMIT $2 OFFSET $3`,
    [batch.id, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return {
    batch: toSummary(batch),
    regions: await namedRegions(db, batch.region_codes, locale),
    scenes: {
      list: scenes.map((s) => ({
        id: s.id,
        satellite: s.satellite,
        sensor: s.sensor,
        productLevel: s.product_level,
        acquiredAt: new Date(s.acquired_at).toISOString(),
        cloudPct: s.cloud_pct === null ? null : round(s.cloud_pct, 1),
        areaKm2: round(s.area_km2),
        sizeMb: s.size_mb === null ? null : round(s.size_mb, 1),
      })),
      total: batch.scene_count,
      pageNum: query.pageNum,
      pageSize: query.pageSize,
    },
  };
}

/** The batch's footprints, newest first, at most PUSH_LIMITS.maxFootprints. */
export async function batchFootprints(db: Queryable, session: Session, id: string): Promise<FootprintCollection> {
  const batch = await readableBatch(db, session, id);
  const rows = await db.query<{ id: string; satellite: string; sensor: string; acquired_at: Date; g: string }>(
    `SELECT s.id, s.satellite, s.sensor, s.acquired_at, ST_AsGeoJSON(s.footprint, 6) AS g
       FROM push_batch_scenes bs JOIN scenes s ON s.id = bs.scene_id WHERE bs.batch_id = $1::bigint
      ORDER BY s.acquired_at DESC, s.id DESC LIMIT $2`,
    [batch.id, PUSH_LIMITS.maxFootprints],
  );
  return {
    type: 'FeatureCollection',
    features: rows.map((r) => ({
      type: 'Feature',
      id: r.id,
      properties: { name: r.id, satellite: r.satellite, sensor: r.sensor, acquiredAt: new Date(r.acquired_at).toISOString() },
      geometry: JSON.parse(r.g) as FootprintCollection['features'][number]['geometry'],
    })),
    total: batch.scene_count,
    truncated: batch.scene_count > rows.length,
  };
}

type AreaGeometry = BatchCoverage['uncovered'];

/** `coverCalculate-v2`: the batch's coverage of its user's regions, measured now, with the uncovered part for display. */
export async function batchCoverage(db: Queryable, session: Session, id: string, locale: Locale): Promise<BatchCoverage> {
  const batch = await readableBatch(db, session, id);
  const tolerance = PUSH_LIMITS.displayToleranceDeg;
  const display = (g: string) =>
    `CASE WHEN ${g} IS NULL OR ST_IsEmpty(${g}) THEN NULL ELSE ST_AsGeoJSON(ST_CollectionExtract(ST_SimplifyPreserveTopology(${g}, ${tolerance}), 3), 5) END`;
  const [row] = await db.query<{ region_km2: number; covered_km2: number; n: number; region: string | null; uncovered: string | null }>(
    `WITH a AS MATERIALIZED (${regionAreaSql('$2::text[]')}), x AS MATERIALIZED (${batchUnionSql('$1::bigint')})
     SELECT a.km2 AS region_km2, ${insideKm2Sql('x.u')} AS covered_km2,
            (SELECT count(*)::int FROM push_batch_scenes bs JOIN scenes s ON s.id = bs.scene_id WHERE bs.batch_id = $1::bigint) AS n,
            ${display('a.g')} AS region, ${display(`CASE WHEN a.g IS NULL THEN NULL ELSE ST_Difference(a.g, x.u) END`)} AS uncovered
       FROM a CROSS JOIN x`,
    [batch.id, batch.region_codes],
  );
  const regionKm2 = row?.region_km2 ?? 0;
  const coveredKm2 = Math.min(row?.covered_km2 ?? 0, regionKm2);
  return {
    batchId: batch.id,
    sceneCount: row?.n ?? 0,
    regions: await namedRegions(db, batch.region_codes, locale),
    regionKm2: round(regionKm2),
    coveredKm2: round(coveredKm2),
    coveredPct: round(pct(coveredKm2, regionKm2)),
    uncoveredKm2: round(Math.max(0, regionKm2 - coveredKm2)),
    regionGeometry: row?.region ? (JSON.parse(row.region) as AreaGeometry) : null,
    uncovered: row?.uncovered ? (JSON.parse(row.uncovered) as AreaGeometry) : null,
  };
}
