import 'server-only';
/**
 * Orbital prediction (issue 22, `satorbit/region` and `satorbit/shp`): which of the chosen satellites will
 * image an area in a window of up to 14 days, when, and how much of it.
 *
 * 1. The area, from PostgreSQL: regions' boundaries, an upload of the image query, a drawn polygon, a
 *    rectangle, or what an image query search leaves uncovered (the coverage analysis' remainder); its km²
 *    (geodesic), a point on its surface, and a simplified outline for the pass search.
 * 2. The satellites and, per satellite, one sensor (finest resolution or widest swath with a published swath)
 *    with its largest off-nadir angle (side-looking only where the satellite data publishes one).
 * 3. The passes, computed with SGP4 on worker threads (./pool.ts) from the current TLE set.
 * 4. Each pass's swath clipped to the exact area in PostGIS, its km² and share, the union of them all and the
 *    remainder — one statement under a statement timeout.
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
  type Prediction,
  type PredictionArea,
  type predictionOptionsSchema,
} from '../../shared/contracts/orbits';
import type { JobPass, PassJob, Position } from '../../shared/orbits/job';
import { STALE_TLE_DAYS } from '../../shared/orbits/passes';
import { coverageProgress, gridPointsIn } from '../../shared/orbits/progress';
import type { z } from 'zod';
import { ApiError } from '../api/errors';
import { areaGeometrySql, displaySql, regionBoundarySql } from '../areas';
import { uncoveredRemainder } from '../catalogue';
import { boundedTransaction, isStatementTimeout } from '../db/statement-timeout';
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

interface Area {
  /** The area as GeoJSON simplified for clipping (CLIP_TOLERANCE), its exact km², centre, search outline and display form. */
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

async function loadArea(db: Database, input: PredictionInput): Promise<Area> {
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
  swath_km: number | null;
  max_off_nadir_deg: number | null;
}

/**
 * The chosen satellites' elements and the sensor used for each (the one with the finest resolution, or the
 * widest swath, among those with a published swath; instruments that do not image the ground are left out).
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
            x.code AS sensor, x.swath_km, x.max_off_nadir_deg
       FROM orbit_elements e
       LEFT JOIN LATERAL (SELECT * FROM satellite_members m WHERE m.norad = e.norad ORDER BY m.status = 'active' DESC LIMIT 1) m ON true
       LEFT JOIN satellites s ON s.slug = m.satellite_slug
       LEFT JOIN LATERAL (
         SELECT x.code, x.swath_km, x.max_off_nadir_deg FROM satellite_sensors x
          WHERE x.satellite_slug = s.slug AND x.swath_km IS NOT NULL AND x.kind NOT IN ('atmospheric', 'ranging', 'lidar')
          ORDER BY CASE WHEN $3 = 'finest' THEN x.best_resolution_m END ASC NULLS LAST,
                   CASE WHEN $3 = 'widest' THEN x.swath_km END DESC NULLS LAST, x.sort
          LIMIT 1) x ON true
      WHERE e.set_id = $1::bigint
        AND CASE WHEN $2::int[] IS NULL
                 THEN s.area = 'cn' AND s.operator_type = 'government' AND m.status = 'active'
                 ELSE e.norad = ANY ($2::int[]) END
      ORDER BY s.sort NULLS LAST, e.norad
      LIMIT ${PREDICTION_LIMITS.maxSatellites}`,
    [set.id, norads ? [...norads] : null, sensor],
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

type Skip = 'noSwath' | 'geostationary' | 'decayed' | null;

function skipOf(row: SatelliteRow): Skip {
  if (row.orbit_type === 'geo' || meanMotion(row.line2) < 1.5) return 'geostationary';
  if (row.swath_km === null) return 'noSwath';
  return null;
}

// ------------------------------------------------------------------------------------------------ clipping

interface Clipped {
  passes: Map<number, { km2: number; geometry: Polygonal | null }>;
  union: { km2: number; geometry: Polygonal | null };
  uncovered: { km2: number; geometry: Polygonal | null };
}

/**
 * Overlay precision (degrees, ≈ 1 cm): strips of one satellite's successive passes share nearly collinear
 * edges, and GEOS' floating overlay then fails (TopologyException) — on PGlite silently, as an empty result.
 * Snapping the overlays to this grid makes them robust and changes no area that is shown.
 */
const GRID = '1e-7';

const ring = (positions: readonly Position[]) => ({ type: 'Polygon', coordinates: [positions] });

async function clip(db: Database, area: Area, passes: readonly JobPass[]): Promise<Clipped> {
  const strips = JSON.stringify(passes.map((p, i) => [i, JSON.stringify(ring(p.swath))]));
  const rows = await boundedTransaction(db, PREDICTION_LIMITS.timeoutMs, (tx) =>
    tx.query<{ kind: 'pass' | 'union' | 'rest'; i: number | null; km2: number | null; geometry: string | null }>(
      `WITH a AS MATERIALIZED (SELECT ST_SetSRID(ST_GeomFromGeoJSON($1::text), 4326) AS g),
                sw AS MATERIALIZED (
                  SELECT (x ->> 0)::int AS i, ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON(x ->> 1), 4326)) AS s
                    FROM jsonb_array_elements($2::jsonb) x),
                c AS MATERIALIZED (
                  SELECT sw.i, ST_CollectionExtract(ST_Intersection(sw.s, a.g, ${GRID}), 3) AS c
                    FROM sw, a WHERE ST_Intersects(sw.s, a.g)),
                -- The union of the strips (a few dozen vertices each) cut once by the area: the same set as the union
                -- of the clipped parts, without overlaying every part's share of the boundary again.
                u AS MATERIALIZED (
                  SELECT ST_CollectionExtract(ST_Intersection(ST_Union(sw.s, ${GRID}), (SELECT g FROM a), ${GRID}), 3) AS u
                    FROM sw WHERE sw.i IN (SELECT i FROM c WHERE NOT ST_IsEmpty(c.c))),
                r AS (SELECT ST_CollectionExtract(ST_Difference(a.g, coalesce(u.u, 'SRID=4326;POLYGON EMPTY'::geometry), ${GRID}), 3) AS d FROM a, u)
           SELECT 'pass' AS kind, c.i, ST_Area(c.c::geography) / 1e6 AS km2, ${display('c.c', PART_TOLERANCE)} AS geometry FROM c
           UNION ALL SELECT 'union', NULL, coalesce(ST_Area(u.u::geography) / 1e6, 0), ${display('u.u')} FROM u
           UNION ALL SELECT 'rest', NULL, ST_Area(r.d::geography) / 1e6, ${display('r.d')} FROM r`,
      [area.geojson, strips],
    ),
  ).catch((error: unknown) => {
    throw isStatementTimeout(error) ? new ApiError(API_CODES.UNAVAILABLE, 'Orbits.errors.tooSlow', {}, 503) : error;
  });
  const out: Clipped = { passes: new Map(), union: { km2: 0, geometry: null }, uncovered: { km2: area.km2, geometry: area.display } };
  for (const row of rows) {
    const geometry = row.geometry ? parsePolygonal(row.geometry) : null;
    if (row.kind === 'pass' && row.i !== null) out.passes.set(row.i, { km2: row.km2 ?? 0, geometry });
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
  const clipped = await clip(db, area, result.passes);
  const points = gridPointsIn(area.outline, PROGRESS_POINTS);

  const failed = new Set(result.failed);
  const passes: PredictedPass[] = [];
  result.passes.forEach((p, i) => {
    const c = clipped.passes.get(i);
    if (!c) return; // the strip came within reach of the outline but misses the area itself
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
      uncertaintyKm: round(p.uncertaintyKm, 1),
      coveredKm2: round(c.km2, 1),
      sharePct: round(pct(c.km2, area.km2), 2),
      track: p.track,
      swath: ring(p.widenedSwath) as Polygonal,
      clipped: c.geometry,
    });
  });
  const progress = coverageProgress(
    result.passes.filter((_, i) => clipped.passes.has(i)).map((p) => ({ endMs: p.endMs, ring: p.swath })),
    points,
  )
    .map((s) => ({ at: iso(s.atMs), sharePct: round(s.sharePct, 1) }))
    // A pass adding less than the 0.1 % shown is no step.
    .filter((s, i, all) => i === 0 || s.sharePct > all[i - 1]!.sharePct);
  const counts = new Map<number, number>();
  for (const p of passes) counts.set(p.norad, (counts.get(p.norad) ?? 0) + 1);

  // The union is measured on the clipping outline (simplified): never more than the exact area.
  const unionKm2 = Math.min(area.km2, clipped.union.km2);
  const computed: Computed = {
    tleSet: { id: set.id, source: set.source, epochMin: set.epoch_min.toISOString(), epochMax: set.epoch_max.toISOString() },
    stale: satellites.some((s) => Math.abs(startMs - s.epoch.getTime()) > STALE_TLE_DAYS * 86_400_000),
    window: { start: iso(startMs), end: iso(endMs), days: options.days },
    mode: options.mode,
    sensor: options.sensor,
    area: { km2: round(area.km2, 1), geometry: area.display, centre: area.centre },
    satellites: satellites.map((s) => {
      const ageDays = (startMs - s.epoch.getTime()) / 86_400_000;
      const skip = skipOf(s) ?? (failed.has(s.norad) ? 'decayed' : null);
      return {
        norad: s.norad,
        // The portal's own names (GF-3 02 / 高分三号02星); the element set's name (CelesTrak's) otherwise.
        name: inLocale(locale, s.name_zh ?? s.member_name, s.member_name) ?? s.name,
        satellite: s.slug,
        satelliteName: s.short_name,
        group: s.sat_group,
        sensor: s.sensor,
        swathKm: s.swath_km,
        maxOffNadirDeg: s.max_off_nadir_deg,
        epoch: s.epoch.toISOString(),
        ageDays: round(ageDays, 2),
        stale: Math.abs(ageDays) > STALE_TLE_DAYS,
        passCount: counts.get(s.norad) ?? 0,
        skipped: skip,
      };
    }),
    passes,
    union: { km2: round(unionKm2, 1), sharePct: round(pct(unionKm2, area.km2), 2), geometry: clipped.union.geometry },
    // What stays uncovered, in km², is the exact area less the union (the remainder's geometry is the clipped
    // area's, shown simplified).
    uncovered: {
      km2: round(area.km2 - unionKm2, 1),
      sharePct: round(pct(area.km2 - unionKm2, area.km2), 2),
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
