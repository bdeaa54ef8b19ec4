import 'server-only';
/**
 * The share of a REGION search's area each listed scene covers, measured in JavaScript
 * (lib/shared/geo/clip-area.ts) instead of one PostGIS overlay per row: the province search's first page
 * spent ~40 of its ~125 ms overlaying 20 footprints with Henan's 3,047-vertex mid-resolution boundary.
 * A region's boundary changes only when the regions dataset is loaded again (a restart's seed, in any of the
 * processes), so its pieces are kept per set of region codes and dataset versions for a while (a few per process,
 * bounded).
 *
 * Measured like `ST_Area(ST_Intersection(footprint, geom_mid)::geography) / ST_Area(geom_mid::geography)`:
 * the boundary's edges cut to ≤ 5 km along their great circles, each convex footprint clipping its
 * pieces with its own edges as geodesics. A footprint that is not a convex polygon gets no figure here
 * (`null`: the caller measures it in SQL).
 */
import { datasetVersions } from '../db/data-cache';
import type { Queryable, SqlParam } from '../db/types';
import { regionBoundarySql } from '../areas';
import { areaInsideKm2, areaTargetOf, footprintClipOf, type ClipTarget } from '../../shared/geo/clip-area';

interface RegionTarget {
  target: ClipTarget;
  km2: number;
}

const MAX_TARGETS = 16;
const TTL_MS = 10 * 60 * 1000;
const targets = new Map<string, { loading: Promise<RegionTarget>; at: number }>();

async function loadTarget(db: Queryable, codes: readonly string[]): Promise<RegionTarget> {
  const params: SqlParam[] = [];
  const boundary = regionBoundarySql(codes, 'geom_mid', params);
  const [row] = await db.query<{ g: string | null; km2: number | null }>(
    `SELECT ST_AsGeoJSON(ST_ForcePolygonCCW(ST_Segmentize(g::geography, 5000)::geometry), 9) AS g, ST_Area(g::geography) / 1e6 AS km2
       FROM (SELECT (${boundary}) AS g) x`,
    params,
  );
  return { target: areaTargetOf(row?.g ?? null), km2: row?.km2 ?? 0 };
}

async function targetOf(db: Queryable, codes: readonly string[]): Promise<RegionTarget> {
  const unique = [...new Set(codes)].sort();
  const key = `${await datasetVersions(db)}\n${unique.join(',')}`;
  const cached = targets.get(key);
  targets.delete(key);
  if (cached && Date.now() - cached.at < TTL_MS) {
    targets.set(key, cached); // most recently used last
    return cached.loading;
  }
  const loading = loadTarget(db, unique);
  targets.set(key, { loading, at: Date.now() });
  loading.catch(() => targets.delete(key));
  while (targets.size > MAX_TARGETS) targets.delete(targets.keys().next().value!);
  return loading;
}

/** The % of the regions' area each row's footprint (GeoJSON text) covers; null where it must be measured in SQL. */
export async function regionShares(
  db: Queryable,
  codes: readonly string[],
  rows: ReadonlyArray<{ id: string; footprint: string }>,
): Promise<Map<string, number | null>> {
  const out = new Map<string, number | null>();
  if (rows.length === 0) return out;
  const { target, km2 } = await targetOf(db, codes);
  for (const row of rows) {
    const clip = footprintClipOf(row.footprint);
    out.set(row.id, clip && km2 > 0 ? Math.min(100, (100 * areaInsideKm2(target, clip)) / km2) : null);
  }
  return out;
}
