import 'server-only';
/**
 * Coverage products (spec §7 `coverage/item/{id}`, `coverage/visualitem/{id}`; issue 36.6): one region's coverage
 * for a period, named `{region}_{period}`. The item is the region's figures (the same roll-up as the statistics),
 * what each satellite contributed and the latest scenes over it; the visual item is what a map draws — per leaf
 * region its covered part (the union of the stored cells, already cut to the region's full-resolution boundary) and
 * the rest of the region, simplified for display. Both read only the precomputed cells (ADR 0032).
 */
import type { Locale } from '../../../i18n/routing';
import { API_CODES } from '../../shared/contracts/api';
import {
  COVERAGE_ITEM_LIMITS,
  type CoverageFilters,
  type CoverageItem,
  type CoverageVisualItem,
  type MonthRange,
} from '../../shared/contracts/coverage-statistics';
import { ApiError } from '../api/errors';
import type { Queryable, SqlParam } from '../db/types';
import { geodesicKm2Sql } from '../catalogue';
import { nameSql } from '../regions/names';
import { regionAreas } from './areas';
import { cellConditions, figuresOf, LEAF_PIECE, leavesUnder, requireCoverageRegion } from './figures';

export interface CoverageItemQuery {
  item: { id: string; region: string; range: MonthRange };
  filters: CoverageFilters;
  locale: Locale;
}

/**
 * Leaf regions per display statement: each differences a county's full boundary. Sichuan's 183 counties for a quarter
 * took 5.9 s on the embedded database in statements of 40 (~1.2 s each, every other request waiting behind one); in
 * tens a statement is ~0.3 s (ADR 0027).
 */
const VISUAL_PIECE = 10;

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** A region's coverage for a period: its figures, per satellite, and its latest scenes. */
export async function coverageItem(db: Queryable, q: CoverageItemQuery): Promise<CoverageItem> {
  const region = await requireCoverageRegion(db, q.item.region, q.locale);
  const stats = await figuresOf(db, region, { level: 'children', range: q.item.range, filters: q.filters, locale: q.locale });
  const leaves = (await leavesUnder(db, [region.code])).map((l) => l.code);

  const satellites = new Map<string, { ids: Set<string>; footprint: number; clear: number; optical: boolean }>();
  for (let i = 0; i < leaves.length; i += LEAF_PIECE) {
    const params: SqlParam[] = [leaves.slice(i, i + LEAF_PIECE)];
    const where = [`c.county = ANY ($1::text[])`, ...cellConditions(q.item.range, q.filters, params)].join(' AND ');
    const sums = await db.query<{ satellite: string; footprint: number; clear: number; optical: boolean }>(
      `SELECT c.satellite, sum(c.footprint_km2) AS footprint, sum(c.clear_km2) AS clear, bool_or(c.cloud_class > 0) AS optical
         FROM coverage_cells c WHERE ${where} GROUP BY c.satellite`,
      params,
    );
    const ids = await db.query<{ satellite: string; ids: string[] }>(
      `SELECT c.satellite, array_agg(DISTINCT x.id) AS ids
         FROM coverage_cells c CROSS JOIN LATERAL unnest(c.scene_ids) AS x(id) WHERE ${where} GROUP BY c.satellite`,
      params,
    );
    const idsOf = new Map(ids.map((r) => [r.satellite, r.ids]));
    const rows = sums.map((r) => ({ ...r, ids: idsOf.get(r.satellite) ?? [] }));
    for (const r of rows) {
      const s = satellites.get(r.satellite) ?? { ids: new Set<string>(), footprint: 0, clear: 0, optical: false };
      for (const id of r.ids) s.ids.add(id);
      s.footprint += r.footprint;
      s.clear += r.clear;
      s.optical ||= r.optical;
      satellites.set(r.satellite, s);
    }
  }
  const allIds = [...new Set([...satellites.values()].flatMap((s) => [...s.ids]))];
  const latest = allIds.length
    ? await db.query<CoverageItem['latestScenes'][number]>(
        `SELECT s.id, s.satellite, s.sensor, to_char(s.acquired_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "acquiredAt",
                s.cloud_pct::float8 AS "cloudPct", s.resolution_m::float8 AS "resolutionM"
           FROM scenes s WHERE s.id = ANY ($1::text[]) ORDER BY s.acquired_at DESC, s.id DESC LIMIT $2`,
        [allIds, COVERAGE_ITEM_LIMITS.latestScenes],
      )
    : [];
  return {
    id: q.item.id,
    period: stats.period,
    region,
    filters: stats.filters,
    figures: stats.total,
    ...(stats.progress ? { progress: stats.progress } : {}),
    satellites: [...satellites.entries()]
      .map(([satellite, s]) => ({
        satellite,
        scenes: s.ids.size,
        footprintKm2: round(s.footprint),
        // Radar has no cloud figure: no clear share rather than a made-up 100 %.
        clearPct: s.optical && s.footprint > 0 ? round((100 * s.clear) / s.footprint) : null,
      }))
      .sort((a, b) => b.scenes - a.scenes || a.satellite.localeCompare(b.satellite)),
    latestScenes: latest,
  };
}

/** Per leaf region: its covered and uncovered parts for a period, simplified for display. A province or smaller. */
export async function coverageVisualItem(db: Queryable, q: CoverageItemQuery): Promise<CoverageVisualItem> {
  const region = await requireCoverageRegion(db, q.item.region, q.locale);
  const leaves = (await leavesUnder(db, [region.code])).map((l) => l.code);
  if (leaves.length > COVERAGE_ITEM_LIMITS.maxVisualLeaves)
    throw new ApiError(API_CODES.INVALID_INPUT, 'CoverageStats.errors.visualTooLarge', { max: COVERAGE_ITEM_LIMITS.maxVisualLeaves });
  // Never a partial picture: the figures of every leaf must be computed (the statistics' progress says how far).
  const stats = await figuresOf(db, region, { level: 'children', range: q.item.range, filters: q.filters, locale: q.locale });
  if (stats.progress)
    throw new ApiError(API_CODES.UNAVAILABLE, 'CoverageStats.errors.computing', {
      ready: stats.progress.ready,
      total: stats.progress.total,
    });

  // Simplified to about 1/1,500 of the region's extent: a few hundred metres for a province, tens for a county.
  const [extent] = await db.query<{ w: number }>(
    `SELECT greatest(ST_XMax(geom_hi) - ST_XMin(geom_hi), ST_YMax(geom_hi) - ST_YMin(geom_hi)) AS w FROM regions WHERE code = $1`,
    [region.code],
  );
  const tolerance = Math.max(0.0001, (extent?.w ?? 0) / 1500);

  const areas = await regionAreas(db, leaves);
  const features: CoverageVisualItem['features'] = [];
  let vertices = 0;
  for (let i = 0; i < leaves.length; i += VISUAL_PIECE) {
    const params: SqlParam[] = [leaves.slice(i, i + VISUAL_PIECE)];
    const conditions = cellConditions(q.item.range, q.filters, params).join(' AND ');
    const tol = `$${params.push(tolerance)}::float8`;
    const display = (g: string) => `ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_SimplifyPreserveTopology(${g}, ${tol})), 3))`;
    const rows = await db.query<{ code: string; name: string; covered: string | null; uncovered: string | null; n: number; km2: number }>(
      `WITH cov AS (
         SELECT c.county, ST_Union(c.geom, 1e-9) AS g, CASE WHEN count(*) = 1 THEN max(c.covered_km2) END AS one FROM coverage_cells c
          WHERE c.county = ANY ($1::text[]) AND ${conditions} GROUP BY c.county),
       parts AS (
         SELECT r.code, ${nameSql(q.locale, 'r')} AS name,
                CASE WHEN cov.g IS NULL THEN 0 ELSE coalesce(cov.one, ${geodesicKm2Sql('cov.g')}) END AS km2,
                CASE WHEN cov.g IS NULL THEN NULL ELSE ${display('cov.g')} END AS covered,
                ${display('CASE WHEN cov.g IS NULL THEN r.geom_hi ELSE ST_Difference(r.geom_hi, cov.g, 1e-9) END')} AS uncovered
           FROM regions r LEFT JOIN cov ON cov.county = r.code WHERE r.code = ANY ($1::text[]))
       SELECT code, name,
              CASE WHEN covered IS NULL OR ST_IsEmpty(covered) THEN NULL ELSE ST_AsGeoJSON(covered, 5) END AS covered,
              CASE WHEN uncovered IS NULL OR ST_IsEmpty(uncovered) THEN NULL ELSE ST_AsGeoJSON(uncovered, 5) END AS uncovered,
              coalesce(ST_NPoints(covered), 0) + coalesce(ST_NPoints(uncovered), 0) AS n, km2
         FROM parts ORDER BY code`,
      params,
    );
    for (const r of rows) {
      vertices += r.n;
      if (vertices > COVERAGE_ITEM_LIMITS.maxVisualVertices)
        throw new ApiError(API_CODES.INVALID_INPUT, 'CoverageStats.errors.visualTooLarge', { max: COVERAGE_ITEM_LIMITS.maxVisualLeaves });
      // The km² are measured as the figures are (geodesic, on the full boundaries), not on the simplified outline.
      const area = areas.get(r.code) ?? 0;
      const km2 = { covered: round(Math.min(r.km2, area)), uncovered: round(Math.max(0, area - r.km2)) };
      for (const part of ['covered', 'uncovered'] as const) {
        const geometry = r[part];
        if (!geometry) continue;
        features.push({
          type: 'Feature',
          id: `${r.code}-${part}`,
          properties: { code: r.code, name: r.name, part, km2: km2[part] },
          geometry: JSON.parse(geometry) as CoverageVisualItem['features'][number]['geometry'],
        });
      }
    }
  }
  return { type: 'FeatureCollection', id: q.item.id, tolerance, features };
}
