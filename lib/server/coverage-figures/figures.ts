import 'server-only';
/**
 * Coverage figures by region and period, rolled up from the precomputed cells (./cells.ts). A covered area is a
 * union, never a sum: per leaf region, the cells the filters select (months × satellites × classes) are unioned and
 * measured geodesically; leaf regions do not overlap (their full-resolution boundaries tile their parents), so a
 * parent's covered km² is the sum of its leaves' unions — exact, not an estimate. Distinct scenes are counted from
 * the cells' scene lists (a scene over two counties is one scene of their province). The sums of the scenes' km²
 * (plain and cloud-scaled) do add up, and give the revisit, the duplication and the effective coverage.
 *
 * Every statement covers at most LEAF_PIECE leaf regions, so a country-wide answer on the embedded database is a run
 * of short statements (ADR 0027).
 */
import type { Locale } from '../../../i18n/routing';
import { API_CODES } from '../../shared/contracts/api';
import {
  COVERAGE_STATS_LIMITS,
  RESOLUTION_CLASSES,
  type CoverageFilters,
  type CoverageLevel,
  type CoverageMeasures,
  type CoverageStatistics,
  type MonthRange,
  monthSpan,
} from '../../shared/contracts/coverage-statistics';
import { MISSIONS } from '../../shared/catalogue/missions';
import { ApiError } from '../api/errors';
import { geodesicKm2Sql } from '../catalogue';
import { cachedByDatasets } from '../db/data-cache';
import type { Queryable, SqlParam } from '../db/types';
import { findRegion, targetRegions, type RegionRef } from '../regions/rollup';
import { regionAreas } from './areas';
import { prioritiseKeys } from './cells';

/** Leaf regions per statement. */
export const LEAF_PIECE = 300;

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const pct = (part: number, whole: number) => (whole > 0 ? Math.min(100, Math.max(0, (100 * part) / whole)) : 0);

/** The raw sums of a region's figures. */
interface Sums {
  areaKm2: number;
  coveredKm2: number;
  footprintKm2: number;
  clearKm2: number;
  scenes: number;
}

/** The published figures from the sums. */
export function measuresOf(s: Sums): CoverageMeasures {
  const covered = Math.min(s.coveredKm2, s.areaKm2);
  const clearShare = s.footprintKm2 > 0 ? Math.min(1, s.clearKm2 / s.footprintKm2) : 0;
  const effective = covered * clearShare;
  return {
    areaKm2: round(s.areaKm2),
    coveredKm2: round(covered),
    coveredPct: round(pct(covered, s.areaKm2)),
    effectiveKm2: round(effective),
    effectivePct: round(pct(effective, s.areaKm2)),
    scenes: s.scenes,
    revisit: covered > 0 ? round(s.footprintKm2 / covered, 3) : 0,
    duplicationPct: round(pct(s.footprintKm2 - covered, s.footprintKm2)),
    uncoveredKm2: round(Math.max(0, s.areaKm2 - covered)),
    uncoveredPct: round(pct(Math.max(0, s.areaKm2 - covered), s.areaKm2)),
  };
}

const firstDay = (month: string) => `${month}-01`;

/** The whole's figures while some of its regions are still being computed: none (all zero, `progress` says so). */
const NOT_READY: CoverageMeasures = {
  areaKm2: 0,
  coveredKm2: 0,
  coveredPct: 0,
  effectiveKm2: 0,
  effectivePct: 0,
  scenes: 0,
  revisit: 0,
  duplicationPct: 0,
  uncoveredKm2: 0,
  uncoveredPct: 0,
};

/** The WHERE conditions of the filters and period on the cells (alias `c`). */
export function cellConditions(range: MonthRange, filters: CoverageFilters, params: SqlParam[]): string[] {
  const out = [`c.month >= $${params.push(firstDay(range.from))}::date`, `c.month <= $${params.push(firstDay(range.to))}::date`];
  if (filters.groups?.length) {
    const satellites = MISSIONS.filter((m) => filters.groups!.includes(m.group)).map((m) => m.satellite);
    out.push(`c.satellite = ANY ($${params.push(satellites)}::text[])`);
  }
  if (filters.resolutions?.length) {
    const classes = RESOLUTION_CLASSES.filter((r) => filters.resolutions!.includes(r.id)).map((r) => r.cls);
    out.push(`c.res_class = ANY ($${params.push(classes)}::int[])`);
  }
  // Scenes without a cloud figure (radar) pass any cloud limit, as in the image query.
  if (filters.cloudMax !== undefined && filters.cloudMax < 100)
    out.push(`(c.cloud_class = 0 OR c.cloud_class <= $${params.push(filters.cloudMax / 10)}::int)`);
  if (filters.kind === 'optical') out.push(`c.cloud_class > 0`);
  if (filters.kind === 'radar') out.push(`c.cloud_class = 0`);
  return out;
}

/** The leaf regions under each of `roots` (a leaf root is its own), as (leaf, root) pairs. Kept with the datasets. */
export function leavesUnder(db: Queryable, roots: readonly string[]): Promise<Array<{ code: string; root: string }>> {
  return cachedByDatasets(
    db,
    `coverage leaves ${roots.join(',')}`,
    () =>
      db.query<{ code: string; root: string }>(
        `WITH RECURSIVE down AS (
           SELECT r.code, r.code AS root FROM regions r WHERE r.code = ANY ($1::text[])
           UNION ALL SELECT c.code, d.root FROM regions c JOIN down d ON c.parent_code = d.code)
         SELECT d.code, d.root FROM down d WHERE NOT EXISTS (SELECT 1 FROM regions k WHERE k.parent_code = d.code) ORDER BY d.code`,
        [[...roots]],
      ),
    (rows) => rows.length * 48,
  );
}

interface LeafFigures {
  covered: number;
  footprint: number;
  clear: number;
}

/** Per leaf region: the km² of the union of its selected cells, and the sums. */
async function leafFigures(
  db: Queryable,
  leaves: readonly string[],
  range: MonthRange,
  filters: CoverageFilters,
): Promise<Map<string, LeafFigures>> {
  const out = new Map<string, LeafFigures>();
  for (let i = 0; i < leaves.length; i += LEAF_PIECE) {
    const params: SqlParam[] = [leaves.slice(i, i + LEAF_PIECE)];
    const where = [`c.county = ANY ($1::text[])`, ...cellConditions(range, filters, params)].join(' AND ');
    // The union snaps to a 1e-9° grid (OverlayNG): without it, one county's cells (Jinzhou, 2026Q3 of the e2e demo)
    // made the embedded database's union answer no rows at all, silently, and every county of the statement read 0 km².
    const rows = await db.query<{ county: string; covered: number; footprint: number; clear: number }>(
      `SELECT c.county,
              CASE WHEN count(*) = 1 THEN max(c.covered_km2) ELSE ${geodesicKm2Sql('ST_Union(c.geom, 1e-9)')} END AS covered,
              sum(c.footprint_km2) AS footprint, sum(c.clear_km2) AS clear
         FROM coverage_cells c WHERE ${where} GROUP BY c.county`,
      params,
    );
    // Never a figure from a statement that lost rows: the counties with selected cells must all be there.
    const [expected] = await db.query<{ n: number }>(
      `SELECT count(DISTINCT c.county)::int AS n FROM coverage_cells c WHERE ${where}`,
      params,
    );
    if ((expected?.n ?? 0) !== rows.length) throw new Error(`coverage figures: ${rows.length} of ${expected?.n} counties measured`);
    for (const r of rows) out.set(r.county, { covered: r.covered, footprint: r.footprint, clear: r.clear });
  }
  return out;
}

/** Distinct scenes per group of leaves (groups of at most LEAF_PIECE leaves count in one statement). */
async function distinctScenes(
  db: Queryable,
  groups: ReadonlyArray<{ key: string; leaves: readonly string[] }>,
  range: MonthRange,
  filters: CoverageFilters,
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  let batch: Array<{ key: string; leaves: readonly string[] }> = [];
  let size = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const params: SqlParam[] = [batch.flatMap((g) => g.leaves), batch.flatMap((g) => g.leaves.map(() => g.key))];
    const where = cellConditions(range, filters, params).join(' AND ');
    const rows = await db.query<{ key: string; n: number }>(
      `SELECT m.key, count(DISTINCT x.id)::int AS n
         FROM unnest($1::text[], $2::text[]) AS m(county, key)
         JOIN coverage_cells c ON c.county = m.county CROSS JOIN LATERAL unnest(c.scene_ids) AS x(id)
        WHERE ${where} GROUP BY m.key`,
      params,
    );
    for (const r of rows) out.set(r.key, r.n);
    batch = [];
    size = 0;
  };
  for (const group of groups) {
    if (size + group.leaves.length > LEAF_PIECE) await flush();
    batch.push(group);
    size += group.leaves.length;
  }
  await flush();
  return out;
}

export async function requireCoverageRegion(db: Queryable, code: string, locale: Locale): Promise<RegionRef> {
  const region = await findRegion(db, code, locale);
  if (!region) throw new ApiError(API_CODES.NOT_FOUND, 'CoverageStats.errors.unknownRegion');
  return region;
}

const tooManyRegions = () =>
  new ApiError(API_CODES.INVALID_INPUT, 'CoverageStats.errors.tooManyRegions', { max: COVERAGE_STATS_LIMITS.maxRegions });

export interface CoverageQuery {
  regionCode: string;
  level: CoverageLevel;
  range: MonthRange;
  filters: CoverageFilters;
  locale: Locale;
}

/** The figures of the regions of `level` in a region (or its children), and of the region as a whole, for a period. */
export async function coverageStatistics(db: Queryable, q: CoverageQuery): Promise<CoverageStatistics> {
  const region = await requireCoverageRegion(db, q.regionCode, q.locale);
  return figuresOf(db, region, q);
}

export async function figuresOf(db: Queryable, region: RegionRef, q: Omit<CoverageQuery, 'regionCode'>): Promise<CoverageStatistics> {
  const targets = await targetRegions(db, region, q.level === 'children' ? undefined : q.level, q.locale);
  if (targets.length > COVERAGE_STATS_LIMITS.maxRegions) throw tooManyRegions();
  const all = await leavesUnder(db, [region.code]);
  const byTarget = await leavesUnder(
    db,
    targets.map((t) => t.code),
  );
  const leaves = all.map((l) => l.code);
  // Keys still queued: moved to the front of the queue (a reader waits for them); their regions get no figures yet.
  const queued = await prioritiseKeys(db, leaves, { from: firstDay(q.range.from), to: firstDay(q.range.to) });
  const notReady = (codes: readonly string[]) => queued.monthsPending || codes.some((c) => queued.pending.has(c));
  const figures = await leafFigures(db, leaves, q.range, q.filters);
  const areas = await regionAreas(db, [region.code, ...targets.map((t) => t.code)]);
  const leavesOf = new Map<string, string[]>();
  for (const l of byTarget) leavesOf.set(l.root, [...(leavesOf.get(l.root) ?? []), l.code]);
  const scenes = await distinctScenes(
    db,
    [{ key: '*', leaves }, ...targets.map((t) => ({ key: t.code, leaves: leavesOf.get(t.code) ?? [] }))],
    q.range,
    q.filters,
  );
  const sumsOf = (codes: readonly string[], areaKm2: number, key: string): Sums => {
    const s: Sums = { areaKm2, coveredKm2: 0, footprintKm2: 0, clearKm2: 0, scenes: scenes.get(key) ?? 0 };
    for (const code of codes) {
      const f = figures.get(code);
      if (!f) continue;
      s.coveredKm2 += f.covered;
      s.footprintKm2 += f.footprint;
      s.clearKm2 += f.clear;
    }
    return s;
  };
  const pending = targets.filter((t) => notReady(leavesOf.get(t.code) ?? []));
  const wholeReady = !notReady(leaves);
  return {
    period: { from: q.range.from, to: q.range.to, months: monthSpan(q.range) },
    region,
    level: q.level === 'children' ? (targets[0]?.level ?? region.level) : q.level,
    filters: {
      groups: q.filters.groups ?? [],
      resolutions: q.filters.resolutions ?? [],
      cloudMax: q.filters.cloudMax ?? null,
      kind: q.filters.kind,
    },
    items: targets
      .filter((t) => !pending.includes(t))
      .map((t) => ({
        code: t.code,
        name: t.name,
        level: t.level,
        ...measuresOf(sumsOf(leavesOf.get(t.code) ?? [], areas.get(t.code) ?? 0, t.code)),
      })),
    // Never a partial figure: the whole only once every region under it is computed (until then all zero).
    total: wholeReady ? measuresOf(sumsOf(leaves, areas.get(region.code) ?? 0, '*')) : NOT_READY,
    ...(pending.length > 0 || !wholeReady
      ? { progress: { ready: targets.length - pending.length, total: targets.length, pending: pending.map((t) => t.code) } }
      : {}),
  };
}

/**
 * The latest figures of a region: the last month with a selected scene over it, for the region and its children.
 * A region with no such scene is answered 404.
 */
export async function latestCoverage(
  db: Queryable,
  q: { regionCode: string; filters: CoverageFilters; locale: Locale },
): Promise<CoverageStatistics> {
  const region = await requireCoverageRegion(db, q.regionCode, q.locale);
  const leaves = (await leavesUnder(db, [region.code])).map((l) => l.code);
  let latest: string | null = null;
  for (let i = 0; i < leaves.length; i += LEAF_PIECE) {
    const params: SqlParam[] = [leaves.slice(i, i + LEAF_PIECE)];
    const where = [`c.county = ANY ($1::text[])`, ...cellConditions({ from: '1970-01', to: '9999-12' }, q.filters, params)].join(' AND ');
    const [row] = await db.query<{ m: string | null }>(
      `SELECT to_char(max(c.month), 'YYYY-MM') AS m FROM coverage_cells c WHERE ${where}`,
      params,
    );
    if (row?.m && (!latest || row.m > latest)) latest = row.m;
  }
  if (!latest) throw new ApiError(API_CODES.NOT_FOUND, 'CoverageStats.errors.noData');
  return figuresOf(db, region, { level: 'children', range: { from: latest, to: latest }, filters: q.filters, locale: q.locale });
}
