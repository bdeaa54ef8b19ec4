import 'server-only';
/**
 * Coverage analysis of the image query (COVERAGE tab; contract lib/shared/contracts/coverage.ts).
 *
 * Every analysis runs in one transaction on one connection with temporary tables (dropped at commit):
 * - `cov_area`: the area of interest once (regions by their full-resolution boundary `geom_hi`: the
 *   mid-resolution one differs in area by up to 0.9 % for a province and 19 % for a small city district,
 *   measured over all 2,840 counties; see docs/adr/0011-coverage-analysis.md), with its geodesic area;
 * - `cov_scene`: the scenes with the km² of their footprint inside the area (fall figures: measured in
 *   JavaScript, lib/shared/geo/clip-area.ts);
 * - `cov_piece` / `cov_left` (fall figures): the area in small indexed pieces, less the scenes chosen so
 *   far, to rank the minimal set's candidates.
 * Figures are geodesic (`ST_Area(geography)`, WGS84 spheroid) from these exact geometries; the GeoJSON
 * returned for display is simplified (COVERAGE_LIMITS.displayToleranceDeg), never used for a figure.
 *
 * The footprints are unioned as they are (a few vertices each), never clipped one by one: clipping 1,000
 * footprints to a province's 3,000-vertex boundary and unioning the clips took 5 s, the union then its part
 * inside the area takes ~0.1 s.
 */
import type { Locale } from '../../../i18n/routing';
import { API_CODES } from '../../shared/contracts/api';
import { SELECT_MODES, type SceneFilter, type SearchArea } from '../../shared/contracts/catalogue';
import {
  COVERAGE_LIMITS,
  type CoverageAnalysis,
  type CoverageScenes,
  type FallFigures,
  type SubRegionCoverage,
  type UnionArea,
} from '../../shared/contracts/coverage';
import { greedyCover } from '../../shared/catalogue/set-cover';
import { areaInsideKm2, areaTargetOf, footprintClipOf } from '../../shared/geo/clip-area';
import { ApiError } from '../api/errors';
import { fileResponse } from '../files/file-response';
import { shapefileZip } from '../files/shapefile';
import { boundedWork, isStatementTimeout, type WorkSession } from '../db/statement-timeout';
import type { Database, Queryable, SqlParam } from '../db/types';
import { areaGeometrySql, checkArea, displaySql, storedAreaSql, type StoredAreaRef } from '../areas';
import { whereSql } from '../db/where';
import { sceneConditions } from './query';

type Geometry = CoverageAnalysis['uncovered'];

const areaRequired = () => new ApiError(API_CODES.INVALID_INPUT, 'Coverage.errors.areaRequired');

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const pct = (part: number, whole: number) => (whole > 0 ? Math.min(100, Math.max(0, (100 * part) / whole)) : 0);
const geometryOf = (text: string | null): Geometry => (text ? (JSON.parse(text) as NonNullable<Geometry>) : null);

/**
 * One analysis: short statements with temporary tables (boundedWork: on PostgreSQL one transaction in which no
 * statement runs longer than COVERAGE_LIMITS.statementTimeoutMs, past it Coverage.errors.tooSlow; embedded, no
 * transaction, so other requests' statements run between the analysis's pieces).
 */
async function analyse<T>(db: Database, fn: (tx: WorkSession) => Promise<T>): Promise<T> {
  try {
    return await boundedWork(db, COVERAGE_LIMITS.statementTimeoutMs, fn);
  } catch (error) {
    if (isStatementTimeout(error))
      throw new ApiError(API_CODES.UNAVAILABLE, 'Coverage.errors.tooSlow', { seconds: COVERAGE_LIMITS.statementTimeoutMs / 1000 });
    throw error;
  }
}

interface Prepared {
  areaKm2: number;
  sceneCount: number;
  matched: number;
  capped: boolean;
}

/**
 * Where an analysis' footprints come from: the image query's scenes, or another product set searched with
 * the same areas (surface deformation's InSAR products). The rows are on alias `s`.
 */
export interface FootprintSource {
  /** FROM clause naming the rows `s`. */
  from: string;
  /** id, file_name, acquired_at (timestamptz), cloud_pct and footprint of a row. */
  columns: string;
  /** The WHERE conditions of the search (and checked ids), pushing their parameters. */
  conditions: (params: SqlParam[]) => string[];
}

/**
 * The area an analysis measures against: a search's area, or an area kept with a record (an area
 * application's, whose reviewer is offered the same minimal set).
 */
export type AnalysisArea = SearchArea | StoredAreaRef;

const isStored = (area: AnalysisArea): area is StoredAreaRef => 'of' in area;

/** The scenes of a search (and its checked ids). */
const sceneSource = ({ filter, ids }: CoverageScenes): FootprintSource => ({
  from: 'scenes s',
  columns: 's.id, s.file_name, s.acquired_at, s.cloud_pct, s.footprint',
  conditions: (params) => sceneConditions({ filter, ids }, params),
});

/**
 * Fills the temporary tables of one analysis (dropped at commit):
 * - `cov_area`: the area of interest with its km² (and the geometry the ranking cuts, `rank`);
 * - `cov_scene`: the scenes (the ids given, within the search, or every result newest first) up to the cap;
 *   the km² of each footprint inside the area is filled by the fall figures only (`sceneShares`).
 */
async function prepare(tx: WorkSession, searchArea: AnalysisArea | undefined, source: FootprintSource): Promise<Prepared> {
  if (!searchArea || (!isStored(searchArea) && searchArea.mode === SELECT_MODES.FILE)) throw areaRequired();
  const areaParams: SqlParam[] = [];
  let area: string;
  let rank = 'NULL';
  if (isStored(searchArea)) area = storedAreaSql(searchArea, areaParams);
  else {
    const filter = { area: searchArea };
    await checkArea(tx, filter);
    // Regions by their full-resolution boundary: the mid-resolution one is off by up to 0.9 % for a province
    // and 19 % for a small city district — too far for figures that must agree within 0.1 %.
    area =
      filter.area.mode === SELECT_MODES.REGION
        ? `(SELECT ST_Union(r.geom_hi) FROM regions r WHERE r.code = ANY ($${areaParams.push([...new Set(filter.area.regionCodes)])}::text[]))`
        : areaGeometrySql(filter.area, areaParams, 'exact')!;
    // `rank`: what the minimal set's ranking cuts into pieces (rankingPieces) — an uploaded area's lighter
    // copy when it has one (ST_Subdivide took ~4 s on a 99,000-vertex upload); never used for a figure.
    if (filter.area.mode === SELECT_MODES.SHP) rank = areaGeometrySql(filter.area, areaParams, 'share')!;
  }
  await tx.query(
    `${tx.tempTable('cov_area')}
       SELECT g, ST_Area(g::geography) / 1e6 AS km2, coalesce(ST_Multi(ST_CollectionExtract(ST_MakeValid(r), 3)), g) AS rank
         FROM (SELECT ST_Multi(ST_CollectionExtract(ST_MakeValid(${area}), 3)) AS g, ${rank} AS r) x`,
    areaParams,
  );
  const params: SqlParam[] = [];
  const where = whereSql(source.conditions(params));
  params.push(COVERAGE_LIMITS.maxScenes + 1);
  await tx.query(
    `${tx.tempTable('cov_scene')}
       SELECT s.id, s.file_name, s.acquired_at, s.cloud_pct::float8 AS cloud_pct, s.footprint, NULL::float8 AS km2
         FROM (SELECT ${source.columns} FROM ${source.from} ${where}
                ORDER BY acquired_at DESC, id DESC LIMIT $${params.length}) s`,
    params,
  );
  const [counts] = await tx.query<{ n: number; km2: number }>(
    `SELECT (SELECT count(*)::int FROM cov_scene) AS n, (SELECT km2 FROM cov_area) AS km2`,
  );
  let sceneCount = counts?.n ?? 0;
  const capped = sceneCount > COVERAGE_LIMITS.maxScenes;
  let matched = sceneCount;
  if (capped) {
    // The oldest one beyond the cap goes; the search's total says how many there were.
    await tx.query(
      `DELETE FROM cov_scene WHERE (acquired_at, id) = (SELECT acquired_at, id FROM cov_scene ORDER BY acquired_at, id LIMIT 1)`,
    );
    sceneCount = COVERAGE_LIMITS.maxScenes;
    const countParams: SqlParam[] = [];
    const countWhere = whereSql(source.conditions(countParams));
    const [row] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${source.from} ${countWhere}`, countParams);
    matched = row?.n ?? matched;
  }
  return { areaKm2: counts?.km2 ?? 0, sceneCount, matched, capped };
}

/**
 * km² of a geometry (SQL expression, evaluated once) inside what the chosen scenes left of the area
 * (`cov_left`, its pieces less every chosen footprint): a piece wholly inside counts whole, others are
 * overlaid. Used for the minimal set's gains, which only rank the scenes; its figures come from insideKm2.
 */
function leftKm2(geometry: string): string {
  return `coalesce((SELECT sum(CASE WHEN ST_CoveredBy(q.g, x.g) THEN q.km2 ELSE ST_Area(ST_Intersection(q.g, x.g)::geography) / 1e6 END)
                      FROM (SELECT ${geometry} AS g) x JOIN cov_left q ON q.g && x.g AND ST_Intersects(q.g, x.g)), 0)`;
}

/**
 * km² of a geometry (a column or a value, not a computation) inside the area, by one overlay with the
 * whole area — what an independent `ST_Area(ST_Intersection(g, area)::geography)` gives. Not by the
 * area's pieces: a long footprint edge measured piece by piece is a chain of geodesics, not the one
 * geodesic PostGIS measures (off by up to 0.05 % of a province for the union of wide-swath scenes),
 * and one overlay of a union with a province takes ~15 ms.
 */
const insideKm2 = (geometry: string) => `(SELECT ${geodesicInsideKm2Sql(geometry, 'a.g', 'a.km2')} FROM cov_area a)`;

/** Geodesic km² (WGS84 spheroid) of a geometry expression: how every figure of the analysis is measured. */
export const geodesicKm2Sql = (geometry: string) => `ST_Area((${geometry})::geography) / 1e6`;

/**
 * Geodesic km² of a geometry inside an area whose own km² is known (columns or values, not computations): the whole
 * area when the geometry covers it, else one overlay. The coverage figures by region (lib/server/coverage-figures)
 * measure with it too, so the two agree.
 */
export const geodesicInsideKm2Sql = (geometry: string, area: string, areaKm2: string) =>
  `CASE WHEN ST_CoveredBy(${area}, ${geometry}) THEN ${areaKm2} ELSE ${geodesicKm2Sql(`ST_Intersection(${geometry}, ${area})`)} END`;

const scenesUsed = (p: Prepared) => ({ sceneCount: p.sceneCount, matched: p.matched, cap: COVERAGE_LIMITS.maxScenes, capped: p.capped });

const EMPTY = `ST_GeomFromText('POLYGON EMPTY', 4326)`;

/** The union of the footprints (`cov_union`, not clipped: footprints are simple), its km² inside the area and the uncovered part. */
async function unionInside(tx: WorkSession): Promise<{ km2: number; uncovered: string | null; uncoveredKm2: number }> {
  await tx.query(`${tx.tempTable('cov_union')} SELECT coalesce(ST_Union(footprint), ${EMPTY}) AS u FROM cov_scene`);
  const [row] = await tx.query<{ km2: number; uncovered: string | null; area_km2: number }>(
    `SELECT ${insideKm2('x.u')} AS km2, a.km2 AS area_km2, ${displaySql('ST_Difference(a.g, x.u)')} AS uncovered FROM cov_union x CROSS JOIN cov_area a`,
  );
  const km2 = Math.min(row?.km2 ?? 0, row?.area_km2 ?? 0);
  return { km2, uncovered: row?.uncovered ?? null, uncoveredKm2: Math.max(0, (row?.area_km2 ?? 0) - km2) };
}

/**
 * Counties per statement of the per-county figures: a country-wide analysis is ~2,800 overlays with the union
 * (~7 s on the embedded database), made of pieces of a fraction of a second so other requests run between them.
 */
export const SUBREGION_PIECE = 150;

/**
 * The counties of the analysis: for a REGION search the leaves under the chosen regions (the counties of a
 * province or a city; a county is its own) — their full-resolution boundaries tile their parent's exactly —
 * otherwise every county the area overlaps, cut to the area. Each with its km² and the km² covered, measured
 * SUBREGION_PIECE counties at a time.
 */
async function subRegions(tx: Queryable, filter: SceneFilter, locale: Locale): Promise<SubRegionCoverage[]> {
  const area = filter.area!;
  const region = area.mode === SELECT_MODES.REGION;
  const codes = region
    ? await tx.query<{ code: string }>(
        `WITH RECURSIVE tree AS (
           SELECT r.code FROM regions r WHERE r.code = ANY ($1::text[])
           UNION SELECT c.code FROM regions c JOIN tree t ON c.parent_code = t.code)
         SELECT t.code FROM tree t WHERE NOT EXISTS (SELECT 1 FROM regions k WHERE k.parent_code = t.code) ORDER BY t.code`,
        [[...new Set(area.regionCodes)]],
      )
    : await tx.query<{ code: string }>(
        `SELECT r.code FROM regions r CROSS JOIN cov_area a WHERE r.level = 'county' AND r.geom_hi && a.g ORDER BY r.code`,
      );
  const parts = region
    ? `SELECT r.code, r.name_zh, r.name_en, r.geom_hi AS g FROM regions r WHERE r.code = ANY ($1::text[])`
    : `SELECT r.code, r.name_zh, r.name_en,
              CASE WHEN ST_CoveredBy(r.geom_hi, a.g) THEN r.geom_hi ELSE ST_CollectionExtract(ST_Intersection(r.geom_hi, a.g), 3) END AS g
         FROM regions r CROSS JOIN cov_area a WHERE r.code = ANY ($1::text[]) AND ST_Intersects(r.geom_hi, a.g)`;
  const rows: Array<{ code: string; name_zh: string; name_en: string | null; km2: number; covered: number }> = [];
  for (let i = 0; i < codes.length; i += SUBREGION_PIECE) {
    const piece = codes.slice(i, i + SUBREGION_PIECE).map((c) => c.code);
    rows.push(
      ...(await tx.query<(typeof rows)[number]>(
        // Materialized: each part is an overlay, used four times below (inlined, it was computed for each use).
        `WITH part AS MATERIALIZED (${parts}),
              sized AS MATERIALIZED (SELECT p.*, ST_Area(p.g::geography) / 1e6 AS km2 FROM part p WHERE NOT ST_IsEmpty(p.g))
         SELECT s.code, s.name_zh, s.name_en, s.km2,
                CASE WHEN ST_IsEmpty(u.u) OR NOT ST_Intersects(s.g, u.u) THEN 0
                     WHEN ST_CoveredBy(s.g, u.u) THEN s.km2
                     ELSE ST_Area(ST_Intersection(s.g, u.u)::geography) / 1e6 END AS covered
           FROM sized s CROSS JOIN cov_union u WHERE s.km2 > 0.001
          ORDER BY s.code`,
        [piece],
      )),
    );
  }
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
  return analyse(db, async (tx) => {
    const p = await prepare(tx, input.filter.area, sceneSource(input));
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
  return unionAreaOf(db, input.filter.area, sceneSource(input));
}

/** `unionArea` of any footprint source searched with the image query's areas. */
export async function unionAreaOf(db: Database, area: SearchArea | undefined, source: FootprintSource): Promise<UnionArea> {
  return analyse(db, async (tx) => {
    const p = await prepare(tx, area, source);
    const union = await unionInside(tx);
    const [row] = await tx.query<{ km2: number | null; union: string | null }>(
      `SELECT ST_Area(u::geography) / 1e6 AS km2, ${displaySql('u')} AS union FROM cov_union`,
    );
    return { ...scenesUsed(p), unionKm2: round(row?.km2 ?? 0), insideKm2: round(union.km2), union: geometryOf(row?.union ?? null) };
  });
}

/**
 * `cov_piece`: the area (its `rank` geometry) cut into small pieces (ST_Subdivide, ≤ 64 vertices each,
 * GiST-indexed) with their km², from which the minimal set's ranking starts (`cov_left`). Edges longer
 * than 5 km (a drawn or uploaded area's) get points along their great circles first.
 */
async function rankingPieces(tx: WorkSession): Promise<void> {
  await tx.query(
    `${tx.tempTable('cov_piece')}
       SELECT p AS g, ST_Area(p::geography) / 1e6 AS km2
         FROM (SELECT ST_Subdivide(CASE WHEN ST_IsValid(d) THEN d ELSE rank END, 64) AS p
                 FROM (SELECT rank, ST_Segmentize(rank::geography, 5000)::geometry AS d FROM cov_area) y) x`,
  );
  await tx.query(`CREATE INDEX ON cov_piece USING gist (g)`);
}

/**
 * Fills `cov_scene.km2`, the km² of each footprint inside the area, as
 * `ST_Area(ST_Intersection(footprint, area)::geography)` would give it, without an overlay per scene:
 * each convex footprint clips the area's pieces in lib/shared/geo/clip-area.ts (1,000 footprints over
 * Henan: ~0.1 s, where the overlays in PostGIS took ~0.75 s). A footprint
 * that is not a convex polygon (an imported one can be anything) is measured by PostGIS.
 */
async function sceneShares(tx: Queryable): Promise<void> {
  // The exact area, its edges cut to ≤ 5 km along their great circles (then straight and geodesic agree),
  // cut into pieces here (subdivideRings: ~30 ms for 100,000 vertices).
  const [area] = await tx.query<{ g: string }>(
    `SELECT ST_AsGeoJSON(ST_ForcePolygonCCW(ST_Segmentize(g::geography, 5000)::geometry), 9) AS g FROM cov_area`,
  );
  const target = areaTargetOf(area?.g ?? null);
  const footprints = await tx.query<{ id: string; g: string }>(`SELECT id, ST_AsGeoJSON(footprint, 9) AS g FROM cov_scene`);
  const ids: string[] = [];
  const km2: number[] = [];
  const others: string[] = [];
  for (const f of footprints) {
    const clip = footprintClipOf(f.g);
    if (clip === null) others.push(f.id);
    else {
      ids.push(f.id);
      km2.push(areaInsideKm2(target, clip));
    }
  }
  await tx.query(`UPDATE cov_scene s SET km2 = v.km2 FROM unnest($1::text[], $2::float8[]) AS v(id, km2) WHERE s.id = v.id`, [ids, km2]);
  if (others.length > 0) await tx.query(`UPDATE cov_scene s SET km2 = ${insideKm2('s.footprint')} WHERE s.id = ANY ($1::text[])`, [others]);
}

/** Each scene's share of the area, and the minimal set (greedy by area gained, clearest among near-ties). */
export async function fallFigures(db: Database, input: CoverageScenes): Promise<FallFigures> {
  return fallFiguresOf(db, input.filter.area, sceneSource(input));
}

/** `fallFigures` of any footprint source, over a search's area or a stored one (an area application's). */
export async function fallFiguresOf(db: Database, area: AnalysisArea | undefined, source: FootprintSource): Promise<FallFigures> {
  return analyse(db, async (tx) => {
    const p = await prepare(tx, area, source);
    await sceneShares(tx);
    await rankingPieces(tx);
    const scenes = await tx.query<{ id: string; file_name: string; acquired_at: string; cloud_pct: number | null; km2: number }>(
      `SELECT id, file_name, to_char(acquired_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS acquired_at, cloud_pct, km2
         FROM cov_scene WHERE km2 > 0 ORDER BY km2 DESC, coalesce(cloud_pct, 0), id`,
    );
    const union = await unionInside(tx);
    // The chosen footprints' union, grown one scene at a time, and what is left of the area: its pieces
    // (`cov_left`, from `cov_piece`) less every chosen footprint. A scene's gain is the km² of the pieces
    // left that it covers: the left pieces shrink and vanish as scenes are chosen, so later gains get
    // cheaper, where overlaying each candidate with the growing union of the chosen got dearer (49 gain
    // queries of ~35 ms for 1,000 scenes over Henan).
    await tx.query(`${tx.tempTable('cov_chosen')} SELECT ${EMPTY} AS g`);
    await tx.query(`${tx.tempTable('cov_left')} SELECT row_number() OVER () AS id, g, km2 FROM cov_piece`);
    await tx.query(`CREATE INDEX ON cov_left USING gist (g)`);
    const deadline = Date.now() + COVERAGE_LIMITS.minimalSetBudgetMs;
    let cut = false;
    const steps = await greedyCover(
      scenes.map((s) => ({ id: s.id, cloudPct: s.cloud_pct, gain: s.km2 })),
      {
        gains: async (ids) => {
          const rows = await tx.query<{ id: string; gain: number }>(
            `SELECT c.id, ${leftKm2('c.footprint')} AS gain FROM cov_scene c WHERE c.id = ANY ($1::text[])`,
            [ids],
          );
          return new Map(rows.map((r) => [r.id, r.gain]));
        },
        take: async (id) => {
          await tx.query(`UPDATE cov_chosen SET g = ST_Union(g, (SELECT footprint FROM cov_scene WHERE id = $1))`, [id]);
          const chosen = `(SELECT footprint FROM cov_scene WHERE id = $1)`;
          await tx.query(`DELETE FROM cov_left q WHERE q.g && ${chosen} AND ST_CoveredBy(q.g, ${chosen})`, [id]);
          await tx.query(
            `UPDATE cov_left q SET g = d.g, km2 = ST_Area(d.g::geography) / 1e6
               FROM (SELECT id, ST_CollectionExtract(ST_Difference(g, ${chosen}), 3) AS g
                       FROM cov_left WHERE g && ${chosen} AND ST_Intersects(g, ${chosen})) d
              WHERE q.id = d.id`,
            [id],
          );
          await tx.query(`DELETE FROM cov_left WHERE ST_IsEmpty(g)`);
        },
      },
      {
        minGain: (COVERAGE_LIMITS.minGainPct / 100) * p.areaKm2,
        tieTolerance: COVERAGE_LIMITS.tieTolerance,
        total: p.areaKm2,
        stop: () => (cut = Date.now() > deadline),
      },
    );
    const [left] = await tx.query<{ km2: number; uncovered: string | null }>(
      `SELECT ${insideKm2('k.g')} AS km2, ${displaySql('ST_Difference(a.g, k.g)')} AS uncovered FROM cov_chosen k CROSS JOIN cov_area a`,
    );
    const chosenKm2 = Math.min(left?.km2 ?? 0, p.areaKm2);
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
        cut,
      },
    };
  });
}

/** The uncovered part, exact (not simplified), with its km², for a file. */
export async function uncoveredRemainder(
  db: Database,
  input: CoverageScenes,
): Promise<{ geometry: Geometry; areaKm2: number; uncoveredKm2: number; sceneCount: number }> {
  return analyse(db, async (tx) => {
    const p = await prepare(tx, input.filter.area, sceneSource(input));
    const [row] = await tx.query<{ geojson: string | null; km2: number | null }>(
      `SELECT CASE WHEN ST_IsEmpty(d) THEN NULL ELSE ST_AsGeoJSON(ST_Multi(d), 7) END AS geojson, ST_Area(d::geography) / 1e6 AS km2
         FROM (SELECT ST_CollectionExtract(ST_Difference(a.g, coalesce((SELECT ST_Union(footprint) FROM cov_scene), ${EMPTY})), 3) AS d
                 FROM cov_area a) x`,
    );
    return { geometry: geometryOf(row?.geojson ?? null), areaKm2: p.areaKm2, uncoveredKm2: row?.km2 ?? 0, sceneCount: p.sceneCount };
  });
}

/**
 * `notcovershp`: the uncovered remainder as a file, a zipped shapefile (one feature; fields area_km2 and
 * share_pct of the area) or GeoJSON (a FeatureCollection of that feature). Nothing uncovered is an empty layer.
 */
export async function uncoveredFile(db: Database, input: CoverageScenes, format: 'shp' | 'geojson'): Promise<Response> {
  const r = await uncoveredRemainder(db, input);
  const properties = { area_km2: round(r.uncoveredKm2, 3), share_pct: round(pct(r.uncoveredKm2, r.areaKm2), 3), scenes: r.sceneCount };
  const features = r.geometry ? [{ geometry: r.geometry, properties }] : [];
  if (format === 'geojson') {
    const body = JSON.stringify({ type: 'FeatureCollection', features: features.map((f) => ({ type: 'Feature', ...f })) });
    return fileResponse(body, 'application/geo+json', 'not_covered.geojson');
  }
  const zip = shapefileZip({
    name: 'not_covered',
    fields: [
      { name: 'area_km2', type: 'N', length: 18, decimals: 3 },
      { name: 'share_pct', type: 'N', length: 8, decimals: 3 },
      { name: 'scenes', type: 'N', length: 6 },
    ],
    features,
  });
  return fileResponse(zip, 'application/zip', 'not_covered.zip');
}
