import 'server-only';
/**
 * Coverage analysis of the image query (COVERAGE tab; contract lib/shared/contracts/coverage.ts).
 *
 * Every analysis runs in one transaction on one connection with two temporary tables (dropped at commit):
 * - `cov_area`: the area of interest once (regions by their mid-resolution boundary `geom_mid`: over a
 *   province its area differs from the full-resolution boundary's by < 0.001 %, a county's by < 0.01 %;
 *   see docs/adr/0011-coverage-analysis.md), with its geodesic area;
 * - `cov_scene`: each scene's footprint clipped to the area, computed once (a footprint wholly inside is
 *   kept as it is, no overlay), with its geodesic area.
 * Figures are geodesic (`ST_Area(geography)`, WGS84 spheroid) from these exact geometries; the GeoJSON
 * returned for display is simplified (COVERAGE_LIMITS.displayToleranceDeg), never used for a figure.
 *
 * Per county, the union is cut into small pieces (ST_Subdivide, a GiST index on them): a county adds up
 * the pieces wholly inside it and intersects only those on its edge, instead of overlaying the whole union
 * once per county.
 */
import type { Locale } from '../../../i18n/routing';
import { API_CODES } from '../../shared/contracts/api';
import { SELECT_MODES, type SceneFilter } from '../../shared/contracts/catalogue';
import {
  COVERAGE_LIMITS,
  type CoverageAnalysis,
  type CoverageScenes,
  type FallFigures,
  type SubRegionCoverage,
  type UnionArea,
} from '../../shared/contracts/coverage';
import { greedyCover } from '../../shared/catalogue/set-cover';
import { ApiError } from '../api/errors';
import type { Database, Queryable, SqlParam } from '../db/types';
import { areaGeometrySql, sceneConditions, whereSql } from './query';
import { checkArea } from './search';

type Geometry = CoverageAnalysis['uncovered'];

const areaRequired = () => new ApiError(API_CODES.INVALID_INPUT, 'Coverage.errors.areaRequired');

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const pct = (part: number, whole: number) => (whole > 0 ? Math.min(100, Math.max(0, (100 * part) / whole)) : 0);
const geometryOf = (text: string | null): Geometry => (text ? (JSON.parse(text) as NonNullable<Geometry>) : null);

/** GeoJSON of a geometry for display: simplified, polygons only, 6 decimals; null when empty. */
const displaySql = (g: string) =>
  `CASE WHEN ST_IsEmpty(${g}) THEN NULL ELSE ST_AsGeoJSON(ST_CollectionExtract(ST_SimplifyPreserveTopology(${g}, ${COVERAGE_LIMITS.displayToleranceDeg}), 3), 6) END`;

interface Prepared {
  areaKm2: number;
  sceneCount: number;
  matched: number;
  capped: boolean;
}

/**
 * Fills `cov_area` and `cov_scene` for the scenes of the analysis: the ids given (within the search) or
 * every result of the search, newest first, up to the cap.
 */
async function prepare(tx: Queryable, input: CoverageScenes): Promise<Prepared> {
  const { filter, ids } = input;
  if (!filter.area || filter.area.mode === SELECT_MODES.FILE) throw areaRequired();
  await checkArea(tx, filter);
  const areaParams: SqlParam[] = [];
  const area = areaGeometrySql(filter.area, areaParams)!;
  await tx.query(
    `CREATE TEMP TABLE cov_area ON COMMIT DROP AS
       SELECT g, ST_Area(g::geography) / 1e6 AS km2
         FROM (SELECT ST_Multi(ST_CollectionExtract(ST_MakeValid(${area}), 3)) AS g) x`,
    areaParams,
  );
  const params: SqlParam[] = [];
  const where = whereSql(sceneConditions({ filter, ids }, params));
  params.push(COVERAGE_LIMITS.maxScenes + 1);
  await tx.query(
    `CREATE TEMP TABLE cov_scene ON COMMIT DROP AS
       SELECT c.*, ST_Area(c.clip::geography) / 1e6 AS km2
         FROM (SELECT s.id, s.file_name, s.acquired_at, s.cloud_pct::float8 AS cloud_pct, s.footprint,
                      CASE WHEN ST_CoveredBy(s.footprint, a.g) THEN s.footprint
                           ELSE ST_CollectionExtract(ST_Intersection(s.footprint, a.g), 3) END AS clip
                 FROM (SELECT s.id, s.file_name, s.acquired_at, s.cloud_pct, s.footprint FROM scenes s ${where}
                        ORDER BY s.acquired_at DESC, s.id DESC LIMIT $${params.length}) s
                 CROSS JOIN cov_area a) c`,
    params,
  );
  const [counts] = await tx.query<{ n: number; km2: number }>(`SELECT (SELECT count(*)::int FROM cov_scene) AS n, (SELECT km2 FROM cov_area) AS km2`);
  let sceneCount = counts?.n ?? 0;
  const capped = sceneCount > COVERAGE_LIMITS.maxScenes;
  let matched = sceneCount;
  if (capped) {
    // The oldest one beyond the cap goes; the search's total says how many there were.
    await tx.query(`DELETE FROM cov_scene WHERE (acquired_at, id) = (SELECT acquired_at, id FROM cov_scene ORDER BY acquired_at, id LIMIT 1)`);
    sceneCount = COVERAGE_LIMITS.maxScenes;
    const countParams: SqlParam[] = [];
    const countWhere = whereSql(sceneConditions({ filter, ids }, countParams));
    const [row] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM scenes s ${countWhere}`, countParams);
    matched = row?.n ?? matched;
  }
  return { areaKm2: counts?.km2 ?? 0, sceneCount, matched, capped };
}

const scenesUsed = (p: Prepared) => ({ sceneCount: p.sceneCount, matched: p.matched, cap: COVERAGE_LIMITS.maxScenes, capped: p.capped });

/** The union of the clipped footprints (`cov_union`), its km² and the uncovered part's display GeoJSON. */
async function unionInside(tx: Queryable): Promise<{ km2: number; uncovered: string | null; uncoveredKm2: number }> {
  await tx.query(
    `CREATE TEMP TABLE cov_union ON COMMIT DROP AS
       SELECT u, coalesce(ST_Area(u::geography) / 1e6, 0) AS km2
         FROM (SELECT coalesce(ST_Union(clip), ST_GeomFromText('POLYGON EMPTY', 4326)) AS u FROM cov_scene WHERE NOT ST_IsEmpty(clip)) x`,
  );
  const [row] = await tx.query<{ km2: number; uncovered: string | null; area_km2: number }>(
    `SELECT x.km2, a.km2 AS area_km2, ${displaySql('ST_Difference(a.g, x.u)')} AS uncovered FROM cov_union x CROSS JOIN cov_area a`,
  );
  const km2 = row?.km2 ?? 0;
  return { km2, uncovered: row?.uncovered ?? null, uncoveredKm2: Math.max(0, (row?.area_km2 ?? 0) - km2) };
}

/**
 * The counties of the analysis: for a REGION search the leaves under the chosen regions (the counties of a
 * province or a city; a county is its own), otherwise every county the area overlaps. Each with its part
 * inside the area.
 */
async function subRegions(tx: Queryable, filter: SceneFilter, locale: Locale): Promise<SubRegionCoverage[]> {
  const params: SqlParam[] = [];
  const area = filter.area!;
  let counties: string;
  if (area.mode === SELECT_MODES.REGION) {
    params.push([...new Set(area.regionCodes)]);
    counties = `WITH RECURSIVE tree AS (
                  SELECT r.code FROM regions r WHERE r.code = ANY ($1::text[])
                  UNION SELECT c.code FROM regions c JOIN tree t ON c.parent_code = t.code)
                SELECT r.code, r.name_zh, r.name_en, r.geom_mid FROM regions r JOIN tree t ON t.code = r.code
                 WHERE NOT EXISTS (SELECT 1 FROM regions k WHERE k.parent_code = r.code)`;
  } else {
    counties = `SELECT r.code, r.name_zh, r.name_en, r.geom_mid FROM regions r, cov_area a
                 WHERE r.level = 'county' AND ST_Intersects(r.geom_mid, a.g)`;
  }
  // The union in small pieces, indexed, so each county only overlays the pieces on its edge.
  await tx.query(
    `CREATE TEMP TABLE cov_piece ON COMMIT DROP AS
       SELECT p AS g, ST_Area(p::geography) / 1e6 AS km2 FROM (SELECT ST_Subdivide(u, 128) AS p FROM cov_union WHERE NOT ST_IsEmpty(u)) x`,
  );
  await tx.query(`CREATE INDEX ON cov_piece USING gist (g)`);
  await tx.query(`ANALYZE cov_piece`);
  const rows = await tx.query<{ code: string; name_zh: string; name_en: string | null; km2: number; covered: number }>(
    `WITH county AS (${counties}),
          part AS (SELECT c.code, c.name_zh, c.name_en,
                          CASE WHEN ST_CoveredBy(c.geom_mid, a.g) THEN c.geom_mid
                               ELSE ST_CollectionExtract(ST_Intersection(c.geom_mid, a.g), 3) END AS g
                     FROM county c CROSS JOIN cov_area a WHERE ST_Intersects(c.geom_mid, a.g)),
          sized AS (SELECT p.*, ST_Area(p.g::geography) / 1e6 AS km2 FROM part p WHERE NOT ST_IsEmpty(p.g))
     SELECT s.code, s.name_zh, s.name_en, s.km2,
            coalesce((SELECT sum(CASE WHEN ST_CoveredBy(q.g, s.g) THEN q.km2
                                      ELSE ST_Area(ST_Intersection(q.g, s.g)::geography) / 1e6 END)
                        FROM cov_piece q WHERE q.g && s.g AND ST_Intersects(q.g, s.g)), 0) AS covered
       FROM sized s WHERE s.km2 > 0.001
      ORDER BY s.code`,
    params,
  );
  return rows.map((r) => ({
    code: r.code,
    name: locale === 'en' ? (r.name_en ?? r.name_zh) : r.name_zh,
    areaKm2: round(r.km2),
    coveredKm2: round(Math.min(r.covered, r.km2)),
    coveredPct: round(pct(r.covered, r.km2)),
  }));
}

/** Covered km² and %, per county, and the uncovered part. */
export async function coverageAnalysis(db: Database, input: CoverageScenes, locale: Locale): Promise<CoverageAnalysis> {
  return db.transaction(async (tx) => {
    const p = await prepare(tx, input);
    const union = await unionInside(tx);
    const list = await subRegions(tx, input.filter, locale);
    return {
      ...scenesUsed(p),
      areaKm2: round(p.areaKm2),
      coveredKm2: round(union.km2),
      coveredPct: round(pct(union.km2, p.areaKm2)),
      uncoveredKm2: round(union.uncoveredKm2),
      uncovered: geometryOf(union.uncovered),
      subRegions: list,
    };
  });
}

/** The union of the footprints (wherever they lie) and the part of it inside the area. */
export async function unionArea(db: Database, input: CoverageScenes): Promise<UnionArea> {
  return db.transaction(async (tx) => {
    const p = await prepare(tx, input);
    const [row] = await tx.query<{ km2: number | null; inside: number | null; union: string | null }>(
      `SELECT ST_Area(u::geography) / 1e6 AS km2, (SELECT ST_Area(ST_Union(clip)::geography) / 1e6 FROM cov_scene) AS inside,
              CASE WHEN u IS NULL THEN NULL ELSE ${displaySql('u')} END AS union
         FROM (SELECT ST_Union(footprint) AS u FROM cov_scene) x`,
    );
    return {
      ...scenesUsed(p),
      unionKm2: round(row?.km2 ?? 0),
      insideKm2: round(row?.inside ?? 0),
      union: geometryOf(row?.union ?? null),
    };
  });
}

/** Each scene's share of the area, and the minimal set (greedy by area gained, clearest among near-ties). */
export async function fallFigures(db: Database, input: CoverageScenes): Promise<FallFigures> {
  return db.transaction(async (tx) => {
    const p = await prepare(tx, input);
    const scenes = await tx.query<{ id: string; file_name: string; acquired_at: string; cloud_pct: number | null; km2: number }>(
      `SELECT id, file_name, to_char(acquired_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS acquired_at, cloud_pct, km2
         FROM cov_scene WHERE km2 > 0 ORDER BY km2 DESC, coalesce(cloud_pct, 0), id`,
    );
    const union = await unionInside(tx);
    // The chosen scenes' union, grown one scene at a time.
    await tx.query(`CREATE TEMP TABLE cov_chosen ON COMMIT DROP AS SELECT ST_GeomFromText('POLYGON EMPTY', 4326) AS g`);
    const steps = await greedyCover(
      scenes.map((s) => ({ id: s.id, cloudPct: s.cloud_pct, gain: s.km2 })),
      {
        gains: async (ids) => {
          const rows = await tx.query<{ id: string; gain: number }>(
            `SELECT c.id, c.km2 - CASE WHEN ST_IsEmpty(k.g) OR NOT ST_Intersects(c.clip, k.g) THEN 0
                                       ELSE ST_Area(ST_Intersection(c.clip, k.g)::geography) / 1e6 END AS gain
               FROM cov_scene c CROSS JOIN cov_chosen k WHERE c.id = ANY ($1::text[])`,
            [ids],
          );
          return new Map(rows.map((r) => [r.id, r.gain]));
        },
        take: async (id) => {
          await tx.query(`UPDATE cov_chosen SET g = ST_Union(g, (SELECT clip FROM cov_scene WHERE id = $1))`, [id]);
        },
      },
      { minGain: (COVERAGE_LIMITS.minGainPct / 100) * p.areaKm2, tieTolerance: COVERAGE_LIMITS.tieTolerance },
    );
    const [left] = await tx.query<{ km2: number; uncovered: string | null }>(
      `SELECT coalesce(ST_Area(k.g::geography) / 1e6, 0) AS km2, ${displaySql('ST_Difference(a.g, k.g)')} AS uncovered FROM cov_chosen k CROSS JOIN cov_area a`,
    );
    const chosenKm2 = left?.km2 ?? 0;
    // Cumulative figures scaled to the exact area of the chosen union (the sum of gains differs by rounding only).
    const scale = steps.length && steps.at(-1)!.cumulative > 0 ? chosenKm2 / steps.at(-1)!.cumulative : 1;
    return {
      ...scenesUsed(p),
      areaKm2: round(p.areaKm2),
      coveredKm2: round(union.km2),
      coveredPct: round(pct(union.km2, p.areaKm2)),
      scenes: scenes.map((s) => ({
        id: s.id,
        fileName: s.file_name,
        acquiredAt: s.acquired_at,
        cloudPct: s.cloud_pct === null ? null : round(s.cloud_pct, 1),
        coveredKm2: round(s.km2),
        coveredPct: round(pct(s.km2, p.areaKm2)),
      })),
      minimalSet: {
        steps: steps.map((s) => ({
          id: s.id,
          gainKm2: round(s.gain),
          coveredKm2: round(s.cumulative * scale),
          coveredPct: round(pct(s.cumulative * scale, p.areaKm2)),
        })),
        coveredKm2: round(chosenKm2),
        coveredPct: round(pct(chosenKm2, p.areaKm2)),
        uncoveredKm2: round(Math.max(0, p.areaKm2 - chosenKm2)),
        uncovered: geometryOf(left?.uncovered ?? null),
      },
    };
  });
}

/** The uncovered part, exact (not simplified), with its km² and share, for a file. */
export async function uncoveredRemainder(
  db: Database,
  input: CoverageScenes,
): Promise<{ geometry: Geometry; areaKm2: number; uncoveredKm2: number; sceneCount: number }> {
  return db.transaction(async (tx) => {
    const p = await prepare(tx, input);
    const [row] = await tx.query<{ geojson: string | null; km2: number | null }>(
      `SELECT CASE WHEN ST_IsEmpty(d) THEN NULL ELSE ST_AsGeoJSON(ST_Multi(d), 7) END AS geojson, ST_Area(d::geography) / 1e6 AS km2
         FROM (SELECT ST_CollectionExtract(ST_Difference(a.g, coalesce((SELECT ST_Union(clip) FROM cov_scene), ST_GeomFromText('POLYGON EMPTY', 4326))), 3) AS d
                 FROM cov_area a) x`,
    );
    return { geometry: geometryOf(row?.geojson ?? null), areaKm2: p.areaKm2, uncoveredKm2: row?.km2 ?? 0, sceneCount: p.sceneCount };
  });
}
