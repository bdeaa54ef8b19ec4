import 'server-only';
/**
 * Orbital prediction (issue 22, `satorbit/region` and `satorbit/shp`): which of the chosen satellites will
 * image an area in a window of up to 14 days, when, and how much of it.
 *
 * 1. The area, from PostgreSQL: regions' boundaries, an upload of the image query, a drawn polygon, a
 *    rectangle, or what an image query search leaves uncovered (the coverage analysis' remainder); its km²
 *    (geodesic), a point on its surface, and a simplified outline for the pass search.
 * 2. The satellites and, per satellite, one sensor — or one imaging mode of it, where resolution and swath depend
 *    on the mode — (finest resolution or widest swath with a published swath) with its largest off-nadir angle
 *    (side-looking only where the satellite data publishes one).
 * 3. The passes, computed with SGP4 on worker threads (./pool.ts) from the current TLE set; each is counted toward
 *    the coverage or not (lib/shared/orbits/counting.ts: optical passes need the sun high enough, and stale
 *    elements leave a narrow swath only possible).
 * 4. Each pass's swath clipped to the area (simplified for clipping) in PostGIS, its km² and share, what it counts,
 *    the union of the counted and the remainder, all measured on that one geometry — in short statements (`clip`)
 *    under one time bound.
 * Answers are kept per (satellites, area, window, mode, sensor, TLE set): the same question asked again (a
 * shared link, the screen's sort switch) is not computed again.
 */
import { createHash } from 'node:crypto';
import type { Locale } from '../../../i18n/routing';
import { API_CODES } from '../../shared/contracts/api';
import { SELECT_MODES, type SearchArea } from '../../shared/contracts/catalogue';
import {
  PREDICTION_LIMITS,
  type PredictedPass,
  type PredictedSatellite,
  type Prediction,
  type PredictionArea,
  type predictionOptionsSchema,
} from '../../shared/contracts/orbits';
import type { PassJob, Position } from '../../shared/orbits/job';
import { STRIP_MODE_KINDS, type SensorKind } from '../../shared/satellites/model';
import { passStatus } from '../../shared/orbits/counting';
import { coverageProgress, gridPointsIn } from '../../shared/orbits/progress';
import { elementAgeDays, isStaleAge, uncertaintyRangeKm } from '../../shared/orbits/uncertainty';
import type { z } from 'zod';
import { ApiError } from '../api/errors';
import { areaGeometrySql, displaySql, regionBoundarySql } from '../areas';
import { uncoveredRemainder } from '../catalogue';
import { boundedTransaction, isStatementTimeout, pieceDeadline } from '../db/statement-timeout';
import type { Database, Queryable, SqlParam } from '../db/types';
import { currentTleSet, type TleSetRow } from './elements';
import { JobTimeout, runPassJobs } from './pool';
import { inLocale } from '../../shared/locale';

export type PredictionOptions = z.output<typeof predictionOptionsSchema>;
export type PredictionInput = { kind: 'regions'; regionCodes: readonly string[] } | { kind: 'area'; area: PredictionArea };

type Polygonal = { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown[] };

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
const pct = (part: number, whole: number) => (whole > 0 ? Math.min(100, (100 * part) / whole) : 0);
/** Returned geometries for display: the coverage analysis' simplification (≈ 50 m), to the metre (5 decimals). */
const display = (g: string, tolerance?: number) => displaySql(g, tolerance, 5);
/**
 * Each pass's clipped part is drawn over its strip: coarser (≈ 200 m), or a province's 170 parts, each carrying
 * its stretch of the boundary, made a 2 MB answer.
 */
const PART_TOLERANCE = 0.002;

// ---------------------------------------------------------------------------------------------- the area

/**
 * The area the strips are clipped to is simplified to 1/2000 of its extent (at least 0.001°, ≈ 100 m; ≈ 600 m
 * for a province): a province's boundary has tens of thousands of vertices, and 170 overlays with it took
 * seconds. Shares move by a fraction of a percent — less than the strips' own position uncertainty.
 */
const CLIP_TOLERANCE = 'greatest(0.001, (ST_XMax(g) - ST_XMin(g) + ST_YMax(g) - ST_YMin(g)) / 2000)';

export interface Area {
  /**
   * The area as GeoJSON simplified for clipping (CLIP_TOLERANCE), its exact km² (for the size bound; the answer's km²
   * are measured on the clipping geometry), centre, search outline and display form.
   */
  geojson: string;
  km2: number;
  centre: Position;
  outline: Position[][][];
  display: Polygonal;
}

async function areaSql(db: Database, input: PredictionInput, params: SqlParam[]): Promise<string> {
  if (input.kind === 'regions') {
    const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM regions WHERE code = ANY ($1::text[])`, [
      [...input.regionCodes],
    ]);
    if ((row?.n ?? 0) < new Set(input.regionCodes).size) throw new ApiError(API_CODES.INVALID_INPUT, 'Orbits.errors.badRegion');
    return `(${regionBoundarySql([...new Set(input.regionCodes)], 'geom_mid', params)})`;
  }
  const area = input.area;
  if (area.mode === 'UNCOVERED') {
    if (area.coverage.filter.area?.mode === SELECT_MODES.FILE) throw new ApiError(API_CODES.INVALID_INPUT, 'Orbits.errors.badArea');
    const rest = await uncoveredRemainder(db, area.coverage);
    if (!rest.geometry || rest.uncoveredKm2 <= 0) throw new ApiError(API_CODES.INVALID_INPUT, 'Orbits.errors.nothingUncovered');
    params.push(JSON.stringify(rest.geometry));
    return `ST_SetSRID(ST_GeomFromGeoJSON($${params.length}::text), 4326)`;
  }
  return areaGeometrySql(area satisfies SearchArea, params, 'exact')!;
}

const parsePolygonal = (text: string): Polygonal => JSON.parse(text) as Polygonal;

function outlineOf(g: Polygonal): Position[][][] {
  if (g.type === 'Polygon') return [g.coordinates as Position[][]];
  return g.coordinates as Position[][][];
}

export async function loadArea(db: Database, input: PredictionInput): Promise<Area> {
  const params: SqlParam[] = [];
  const g = await areaSql(db, input, params);
  const [row] = await db.query<{
    geojson: string | null;
    km2: number | null;
    x: number | null;
    y: number | null;
    outline: string | null;
    display: string | null;
  }>(
    `WITH a AS MATERIALIZED (SELECT ST_CollectionExtract(ST_MakeValid(${g}), 3) AS g),
          b AS (SELECT g, greatest(0.002, (ST_XMax(g) - ST_XMin(g) + ST_YMax(g) - ST_YMin(g)) / 400) AS tol FROM a)
     SELECT CASE WHEN g IS NULL OR ST_IsEmpty(g) THEN NULL
                 ELSE ST_AsGeoJSON(ST_CollectionExtract(ST_SimplifyPreserveTopology(g, ${CLIP_TOLERANCE}), 3), 6) END AS geojson,
            ST_Area(g::geography) / 1e6 AS km2,
            ST_X(ST_PointOnSurface(g)) AS x, ST_Y(ST_PointOnSurface(g)) AS y,
            CASE WHEN g IS NULL OR ST_IsEmpty(g) THEN NULL
                 ELSE ST_AsGeoJSON(ST_CollectionExtract(ST_SimplifyPreserveTopology(g, tol), 3), 5) END AS outline,
            ${display('g')} AS display
       FROM b`,
    params,
  );
  if (!row || row.geojson === null) {
    if (input.kind === 'area' && input.area.mode === SELECT_MODES.SHP)
      throw new ApiError(API_CODES.NOT_FOUND, 'Orbits.errors.areaNotFound', {}, 404);
    throw new ApiError(API_CODES.INVALID_INPUT, 'Orbits.errors.emptyArea');
  }
  const km2 = row.km2 ?? 0;
  if (km2 <= 0) throw new ApiError(API_CODES.INVALID_INPUT, 'Orbits.errors.emptyArea');
  if (km2 > PREDICTION_LIMITS.maxAreaKm2)
    throw new ApiError(API_CODES.INVALID_INPUT, 'Orbits.errors.areaTooLarge', { km2: Math.round(km2).toLocaleString('en') });
  return {
    geojson: row.geojson,
    km2,
    centre: [round(row.x!, 5), round(row.y!, 5)],
    outline: outlineOf(parsePolygonal(row.outline!)),
    display: parsePolygonal(row.display ?? row.outline!),
  };
}

// ---------------------------------------------------------------------------------------- the satellites

interface SatelliteRow {
  norad: number;
  name: string;
  name_zh: string | null;
  /** The spacecraft's name in the satellite data (e.g. "ZY-3 02"), where the portal describes it. */
  member_name: string | null;
  epoch: Date;
  line1: string;
  line2: string;
  slug: string | null;
  short_name: string | null;
  sat_group: string | null;
  orbit_type: string | null;
  sensor: string | null;
  sensor_kind: SensorKind | null;
  mode_code: string | null;
  mode_name_zh: string | null;
  mode_name_en: string | null;
  resolution_m: number | null;
  swath_km: number | null;
  max_off_nadir_deg: number | null;
  /** A radar sensor whose modes the satellite data does not give: the finest mode's swath is unknown. */
  radar_without_modes: boolean;
}

/**
 * The chosen satellites' elements and the sensor used for each, with the resolution and swath that go together:
 * a sensor's own figures, or — where they depend on the imaging mode (GF-3's C-SAR: spotlight 1 m over 10 km …
 * global 500 m over 650 km) — one mode's. Only modes that image a continuous strip are predicted (a spotlight
 * images frames of a few kilometres, not a strip as long as the pass). The finest resolution, or the widest swath,
 * among those with a published swath; instruments that do not image the ground are left out.
 * Without a choice: every active satellite of the national civil programme (Chinese, government-run)
 * that the set has elements for; commercial constellations are chosen by name.
 */
async function loadSatellites(
  db: Queryable,
  set: TleSetRow,
  norads: readonly number[] | undefined,
  sensor: PredictionOptions['sensor'],
): Promise<SatelliteRow[]> {
  const rows = await db.query<SatelliteRow>(
    `SELECT e.norad, e.name, m.name_zh, m.name AS member_name, e.epoch, e.line1, e.line2, s.slug, s.short_name, s.sat_group, s.orbit_type,
            x.code AS sensor, x.kind AS sensor_kind, x.mode_code, x.mode_name_zh, x.mode_name_en, x.resolution_m, x.swath_km,
            x.max_off_nadir_deg,
            EXISTS (SELECT 1 FROM satellite_sensors z
                     WHERE z.satellite_slug = s.slug AND z.kind = 'sar' AND z.swath_km IS NOT NULL
                       AND NOT EXISTS (SELECT 1 FROM satellite_sensor_modes y WHERE y.satellite_slug = z.satellite_slug AND y.sensor_sort = z.sort))
              AS radar_without_modes
       FROM orbit_elements e
       LEFT JOIN LATERAL (SELECT * FROM satellite_members m WHERE m.norad = e.norad ORDER BY m.status = 'active' DESC LIMIT 1) m ON true
       LEFT JOIN satellites s ON s.slug = m.satellite_slug
       LEFT JOIN LATERAL (
         SELECT o.* FROM (
           -- A radar without its modes in the satellite data: its published swath is its widest mode's (usable for
           -- 'widest', with that mode's resolution unknown); its finest mode's swath is unknown.
           SELECT x.code, x.kind, NULL::text AS mode_code, NULL::text AS mode_name_zh, NULL::text AS mode_name_en,
                  CASE WHEN x.kind = 'sar' THEN NULL ELSE x.best_resolution_m END AS resolution_m, x.swath_km, x.max_off_nadir_deg,
                  x.sort, 0 AS mode_sort
             FROM satellite_sensors x
            WHERE x.satellite_slug = s.slug
              AND NOT EXISTS (SELECT 1 FROM satellite_sensor_modes y WHERE y.satellite_slug = x.satellite_slug AND y.sensor_sort = x.sort)
              AND NOT (x.kind = 'sar' AND $3 = 'finest')
           UNION ALL
           SELECT x.code, x.kind, y.code, y.name_zh, y.name_en, y.resolution_m, y.swath_km, x.max_off_nadir_deg, x.sort, y.sort
             FROM satellite_sensors x
             JOIN satellite_sensor_modes y ON y.satellite_slug = x.satellite_slug AND y.sensor_sort = x.sort
            WHERE x.satellite_slug = s.slug AND y.kind = ANY ($4::text[])) o
          WHERE o.swath_km IS NOT NULL AND o.kind NOT IN ('atmospheric', 'ranging', 'lidar')
          ORDER BY CASE WHEN $3 = 'finest' THEN o.resolution_m END ASC NULLS LAST,
                   CASE WHEN $3 = 'widest' THEN o.swath_km END DESC NULLS LAST, o.sort, o.mode_sort
          LIMIT 1) x ON true
      WHERE e.set_id = $1::bigint
        AND CASE WHEN $2::int[] IS NULL
                 THEN s.area = 'cn' AND s.operator_type = 'government' AND m.status = 'active'
                 ELSE e.norad = ANY ($2::int[]) END
      ORDER BY s.sort NULLS LAST, e.norad
      LIMIT ${PREDICTION_LIMITS.maxSatellites}`,
    [set.id, norads ? [...norads] : null, sensor, [...STRIP_MODE_KINDS]],
  );
  if (norads) {
    const found = new Set(rows.map((r) => r.norad));
    const missing = norads.filter((n) => !found.has(n));
    if (missing.length) throw new ApiError(API_CODES.INVALID_INPUT, 'Orbits.errors.unknownSatellite', { norad: missing.join(', ') });
  }
  return rows;
}

/** Mean motion (revolutions a day, line 2 columns 53–63): under 1.5 is a geostationary or other high orbit. */
const meanMotion = (line2: string) => Number(line2.slice(52, 63));

type Skip = PredictedSatellite['skipped'];

function skipOf(row: SatelliteRow): Skip {
  if (row.orbit_type === 'geo' || meanMotion(row.line2) < 1.5) return 'geostationary';
  if (row.swath_km === null) return row.radar_without_modes ? 'modeUnknown' : 'noSwath';
  return null;
}

// ------------------------------------------------------------------------------------------------ clipping

export interface Clipped {
  /** The area clipped to, km²: every pass's part, the union and the remainder are measured on this same geometry. */
  areaKm2: number;
  passes: Map<number, { km2: number; countedKm2: number; geometry: Polygonal | null }>;
  union: { km2: number; geometry: Polygonal | null };
  uncovered: { km2: number; geometry: Polygonal | null };
}

/** A strip to clip: the swath as predicted, and the part it counts (null: it counts nothing). */
export interface Strip {
  swath: readonly Position[];
  counted: readonly Position[] | null;
}

/**
 * Overlay precision (degrees, ≈ 1 cm): strips of one satellite's successive passes share nearly collinear edges,
 * and GEOS' floating overlay then fails (TopologyException) — on PGlite silently, as an empty result.
 * Snapping the overlays to this grid makes them robust and changes no area that is shown.
 */
const GRID = '1e-7';

const ring = (positions: readonly Position[]) => ({ type: 'Polygon', coordinates: [positions] });

/**
 * The work of one clipping statement, strips × vertices of the clipping geometry: ~5 µs each on the embedded database
 * (40 strips over Hebei's 1,456 vertices: ~280 ms), so a piece stays near 0.1 s. A province's 160–510 passes were one
 * statement of 0.35–0.8 s.
 */
export const CLIP_PIECE_WORK = 20_000;

/** Vertices of a polygonal GeoJSON. */
function vertexCount(g: Polygonal): number {
  let n = 0;
  for (const polygon of outlineOf(g)) for (const r of polygon) n += r.length;
  return n;
}

type ClipRow = {
  kind: 'area' | 'pass' | 'union' | 'rest';
  i: number | null;
  km2: number | null;
  counted: number | null;
  geometry: string | null;
};

const AREA_SQL = `a AS MATERIALIZED (SELECT ST_SetSRID(ST_GeomFromGeoJSON($1::text), 4326) AS g)`;

/**
 * The strips clipped to the area (issue 32.2: the embedded database cannot stop a statement, so the work is cut into
 * pieces and other requests' statements run between them). Each piece of strips (CLIP_PIECE_WORK) gives every swath ∩ the
 * area (its km², display part), every counted strip ∩ the area (its km²) and the union of its counted strips (a few
 * dozen vertices each, not clipped); the last statement unions those unions, cuts them once by the area and measures
 * the remainder and the area itself — all on the one clipping geometry, so no part or union can be larger than the
 * area it is a share of (issue 32.7 found a pass covering 188,555.6 km² of a 188,533.3 km² province: the parts were
 * measured on the simplified outline, the area on the exact). Each statement has what is left of
 * PREDICTION_LIMITS.timeoutMs as its bound (PostgreSQL), and the time is checked between pieces (both databases).
 */
export async function clip(db: Database, area: Area, strips: readonly Strip[]): Promise<Clipped> {
  const began = performance.now();
  const tooSlow = () => new ApiError(API_CODES.UNAVAILABLE, 'Orbits.errors.tooSlow', {}, 503);
  const checkTime = pieceDeadline(PREDICTION_LIMITS.timeoutMs, tooSlow);
  const statement = async (sql: string, params: SqlParam[]) => {
    checkTime();
    const left = Math.max(1, PREDICTION_LIMITS.timeoutMs - (performance.now() - began));
    return boundedTransaction(db, left, (tx) => tx.query<ClipRow>(sql, params)).catch((error: unknown) => {
      throw isStatementTimeout(error) ? tooSlow() : error;
    });
  };
  const rows: ClipRow[] = [];
  const unions: string[] = [];
  const piece = Math.max(1, Math.floor(CLIP_PIECE_WORK / Math.max(1, vertexCount(parsePolygonal(area.geojson)))));
  for (let from = 0; from < strips.length; from += piece) {
    const input = JSON.stringify(
      strips
        .slice(from, from + piece)
        .map((p, j) => [
          from + j,
          JSON.stringify(ring(p.swath)),
          p.counted && p.counted.length >= 4 ? JSON.stringify(ring(p.counted)) : null,
        ]),
    );
    for (const row of await statement(
      `WITH ${AREA_SQL},
                sw AS MATERIALIZED (
                  SELECT (x ->> 0)::int AS i, ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON(x ->> 1), 4326)) AS s,
                         CASE WHEN x ->> 2 IS NULL THEN NULL ELSE ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON(x ->> 2), 4326)) END AS k
                    FROM jsonb_array_elements($2::jsonb) x),
                c AS MATERIALIZED (
                  SELECT sw.i, ST_CollectionExtract(ST_Intersection(sw.s, a.g, ${GRID}), 3) AS c
                    FROM sw, a WHERE ST_Intersects(sw.s, a.g)),
                k AS MATERIALIZED (
                  SELECT sw.i, ST_CollectionExtract(ST_Intersection(sw.k, a.g, ${GRID}), 3) AS k
                    FROM sw, a WHERE sw.k IS NOT NULL AND ST_Intersects(sw.k, a.g)),
                -- The union of the counted strips that meet the area, not clipped: the last statement cuts the union of
                -- these once by the area (the same set as the union of their clipped parts).
                u AS (SELECT ST_Union(sw.k, ${GRID}) AS u FROM sw WHERE sw.i IN (SELECT i FROM k WHERE NOT ST_IsEmpty(k.k)))
           SELECT 'pass' AS kind, c.i, ST_Area(c.c::geography) / 1e6 AS km2, coalesce(ST_Area(k.k::geography) / 1e6, 0) AS counted,
                  ${display('c.c', PART_TOLERANCE)} AS geometry
             FROM c LEFT JOIN k ON k.i = c.i
           UNION ALL SELECT 'union', NULL, NULL, NULL, encode(ST_AsEWKB(u.u), 'hex') FROM u WHERE u.u IS NOT NULL`,
      [area.geojson, input],
    )) {
      if (row.kind === 'union') unions.push(row.geometry!);
      else rows.push(row);
    }
  }
  rows.push(
    ...(await statement(
      `WITH ${AREA_SQL},
                u AS MATERIALIZED (
                  SELECT ST_CollectionExtract(ST_Intersection(ST_Union(p.g, ${GRID}), (SELECT g FROM a), ${GRID}), 3) AS u
                    FROM (SELECT ST_GeomFromEWKB(decode(x, 'hex')) AS g FROM unnest($2::text[]) x) p),
                r AS (SELECT ST_CollectionExtract(ST_Difference(a.g, coalesce(u.u, 'SRID=4326;POLYGON EMPTY'::geometry), ${GRID}), 3) AS d FROM a, u)
           SELECT 'area' AS kind, NULL::int AS i, ST_Area(a.g::geography) / 1e6 AS km2, NULL::float8 AS counted, NULL::text AS geometry FROM a
           UNION ALL SELECT 'union', NULL, coalesce(ST_Area(u.u::geography) / 1e6, 0), NULL, ${display('u.u')} FROM u
           UNION ALL SELECT 'rest', NULL, ST_Area(r.d::geography) / 1e6, NULL, ${display('r.d')} FROM r`,
      [area.geojson, unions],
    )),
  );
  const out: Clipped = {
    areaKm2: area.km2,
    passes: new Map(),
    union: { km2: 0, geometry: null },
    uncovered: { km2: area.km2, geometry: area.display },
  };
  for (const row of rows) {
    const geometry = row.geometry ? parsePolygonal(row.geometry) : null;
    if (row.kind === 'area') out.areaKm2 = row.km2 ?? area.km2;
    else if (row.kind === 'pass' && row.i !== null) out.passes.set(row.i, { km2: row.km2 ?? 0, countedKm2: row.counted ?? 0, geometry });
    else if (row.kind === 'union') out.union = { km2: row.km2 ?? 0, geometry };
    else if (row.kind === 'rest') out.uncovered = { km2: row.km2 ?? 0, geometry };
  }
  return out;
}

/** Points over the area for the coverage progress (a regular grid over the search outline). */
const PROGRESS_POINTS = 2000;

// -------------------------------------------------------------------------------------------------- cache

type Computed = Omit<Prediction, 'sort' | 'computeMs' | 'cached'>;
const CACHE_SIZE = 32;
const cache = new Map<string, Computed>();

function remember(key: string, value: Computed) {
  cache.delete(key);
  cache.set(key, value);
  while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
}

/** Forget every kept answer (a new TLE set makes them all stale; tests). */
export function clearPredictionCache() {
  cache.clear();
}

// ---------------------------------------------------------------------------------------------- prediction

const iso = (ms: number) => new Date(ms).toISOString();

export async function predict(db: Database, input: PredictionInput, options: PredictionOptions, locale: Locale): Promise<Prediction> {
  const began = performance.now();
  const set = await currentTleSet(db);
  if (!set) throw new ApiError(API_CODES.NOT_FOUND, 'Orbits.errors.noElements', {}, 404);
  // Start to the minute, so that the same question asked within a minute is the same question.
  const startMs = Math.floor((options.start ? Date.parse(options.start) : Date.now()) / 60_000) * 60_000;
  const endMs = startMs + options.days * 86_400_000;

  const [area, satellites] = await Promise.all([loadArea(db, input), loadSatellites(db, set, options.satellites, options.sensor)]);
  const key = createHash('sha256')
    .update(JSON.stringify([set.id, satellites.map((s) => s.norad), startMs, options.days, options.mode, options.sensor, locale]))
    .update(area.geojson)
    .digest('base64url');
  const kept = cache.get(key);
  if (kept) {
    remember(key, kept);
    return finish(kept, options, began, true);
  }

  const usable = satellites.filter((s) => skipOf(s) === null);
  if (usable.length === 0) throw new ApiError(API_CODES.INVALID_INPUT, 'Orbits.errors.noSatellites');
  const job: PassJob = {
    satellites: usable.map((s) => ({
      norad: s.norad,
      line1: s.line1,
      line2: s.line2,
      swathKm: s.swath_km!,
      maxOffNadirDeg: options.mode === 'side' ? (s.max_off_nadir_deg ?? 0) : 0,
    })),
    polygons: area.outline,
    reference: area.centre,
    startMs,
    endMs,
  };
  let result;
  try {
    result = await runPassJobs(job, PREDICTION_LIMITS.timeoutMs);
  } catch (error) {
    if (error instanceof JobTimeout) throw new ApiError(API_CODES.UNAVAILABLE, 'Orbits.errors.tooSlow', {}, 503);
    throw error;
  }
  if (result.passes.length > PREDICTION_LIMITS.maxPasses)
    throw new ApiError(API_CODES.INVALID_INPUT, 'Orbits.errors.tooManyPasses', { max: PREDICTION_LIMITS.maxPasses });
  const bySatellite = new Map(usable.map((s) => [s.norad, s]));
  const statuses = result.passes.map((p) => {
    const s = bySatellite.get(p.norad)!;
    return passStatus({
      sensorKind: s.sensor_kind!,
      sunElevationDeg: p.sunElevationDeg,
      uncertaintyKm: p.uncertaintyKm,
      swathKm: s.swath_km!,
    });
  });
  const countedRing = (i: number) =>
    statuses[i] === 'counted' && result.passes[i]!.certainSwath.length >= 4 ? result.passes[i]!.certainSwath : null;
  const clipped = await clip(
    db,
    area,
    result.passes.map((p, i) => ({ swath: p.swath, counted: countedRing(i) })),
  );
  const points = gridPointsIn(area.outline, PROGRESS_POINTS);
  // Every figure is a share of the area as clipped, and never more than it (the snapping grid may add a few cm²).
  const areaKm2 = clipped.areaKm2;
  const upToArea = (km2: number) => Math.min(areaKm2, km2);

  const failed = new Set(result.failed);
  const passes: PredictedPass[] = [];
  result.passes.forEach((p, i) => {
    const c = clipped.passes.get(i);
    if (!c) return; // the strip came within reach of the outline but misses the area itself
    const status = statuses[i]!;
    const counted = status === 'counted' ? upToArea(c.countedKm2) : 0;
    passes.push({
      id: `${p.norad}-${p.closestMs}`,
      norad: p.norad,
      start: iso(p.startMs),
      end: iso(p.endMs),
      closest: iso(p.closestMs),
      ascending: p.ascending,
      sunElevationDeg: round(p.sunElevationDeg, 1),
      daylight: p.sunElevationDeg > 0,
      offNadirDeg: round(p.offNadirDeg, 1),
      side: p.side,
      crossTrackKm: round(p.crossTrackKm, 1),
      uncertaintyKm: p.uncertaintyKm,
      coveredKm2: round(upToArea(c.km2), 1),
      sharePct: round(pct(c.km2, areaKm2), 2),
      status,
      countedKm2: round(counted, 1),
      countedPct: round(pct(counted, areaKm2), 2),
      track: p.track,
      swath: ring(p.swath) as Polygonal,
      possibleSwath: ring(p.widenedSwath) as Polygonal,
      clipped: c.geometry,
    });
  });
  // How soon: the counted passes' certain strips only, as the union.
  const progress = coverageProgress(
    result.passes.flatMap((p, i) => {
      const counted = countedRing(i);
      return counted && clipped.passes.has(i) ? [{ endMs: p.endMs, ring: counted }] : [];
    }),
    points,
  )
    .map((s) => ({ at: iso(s.atMs), sharePct: round(s.sharePct, 1) }))
    // A pass adding less than the 0.1 % shown is no step.
    .filter((s, i, all) => i === 0 || s.sharePct > all[i - 1]!.sharePct);
  const counts = new Map<number, number>();
  for (const p of passes) counts.set(p.norad, (counts.get(p.norad) ?? 0) + 1);

  const unionKm2 = upToArea(clipped.union.km2);
  // The oldest elements of the satellites computed, and the range of uncertainty the banner states: the same model as
  // each pass's, so every pass's figure lies in it.
  const oldest = usable.reduce((a, b) => (b.epoch.getTime() < a.epoch.getTime() ? b : a));
  const oldestAge = elementAgeDays(oldest.epoch.getTime(), startMs);
  const computed: Computed = {
    tleSet: { id: set.id, source: set.source, epochMin: set.epoch_min.toISOString(), epochMax: set.epoch_max.toISOString() },
    stale: usable.some((s) => isStaleAge(elementAgeDays(s.epoch.getTime(), startMs))),
    uncertainty: {
      oldestEpoch: oldest.epoch.toISOString(),
      ageDays: round(oldestAge, 2),
      ...uncertaintyRangeKm(
        usable.map((s) => s.epoch.getTime()),
        startMs,
        endMs,
      ),
    },
    window: { start: iso(startMs), end: iso(endMs), days: options.days },
    mode: options.mode,
    sensor: options.sensor,
    area: { km2: round(areaKm2, 1), geometry: area.display, centre: area.centre },
    satellites: satellites.map((s) => {
      const ageDays = elementAgeDays(s.epoch.getTime(), startMs);
      const skip = skipOf(s) ?? (failed.has(s.norad) ? 'decayed' : null);
      return {
        norad: s.norad,
        // The portal's own names (GF-3 02 / 高分三号02星); the element set's name (CelesTrak's) otherwise.
        name: inLocale(locale, s.name_zh ?? s.member_name, s.member_name) ?? s.name,
        satellite: s.slug,
        satelliteName: s.short_name,
        group: s.sat_group,
        sensor: s.sensor,
        sensorKind: s.sensor_kind,
        mode: s.mode_code ? { code: s.mode_code, name: (locale === 'en' ? s.mode_name_en : s.mode_name_zh) ?? s.mode_code } : null,
        resolutionM: s.resolution_m,
        swathKm: s.swath_km,
        maxOffNadirDeg: s.max_off_nadir_deg,
        epoch: s.epoch.toISOString(),
        ageDays: round(ageDays, 2),
        stale: isStaleAge(ageDays),
        passCount: counts.get(s.norad) ?? 0,
        skipped: skip,
      };
    }),
    passes,
    union: { km2: round(unionKm2, 1), sharePct: round(pct(unionKm2, areaKm2), 2), geometry: clipped.union.geometry },
    // What stays uncovered, in km², is the area less the union (the remainder's geometry is the clipped area's, shown simplified).
    uncovered: {
      km2: round(areaKm2 - unionKm2, 1),
      sharePct: round(pct(areaKm2 - unionKm2, areaKm2), 2),
      geometry: clipped.uncovered.geometry,
    },
    progress,
  };
  remember(key, computed);
  return finish(computed, options, began, false);
}

function finish(computed: Computed, options: PredictionOptions, began: number, cached: boolean): Prediction {
  const passes = [...computed.passes];
  if (options.sort === 'coverage') passes.sort((a, b) => b.sharePct - a.sharePct || a.start.localeCompare(b.start));
  else passes.sort((a, b) => a.start.localeCompare(b.start) || b.sharePct - a.sharePct);
  return { ...computed, passes, sort: options.sort, computeMs: Math.round(performance.now() - began), cached };
}
