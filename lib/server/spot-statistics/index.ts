import 'server-only';
/**
 * Spot statistics (issue 36.4, spec §2 `/statistics/spot`): every declared feature theme's spots and the
 * verification cases in one answer per region and period. Three statements whatever the number of themes and
 * regions: the themes' batches (the quarters and each theme's newest batch in the period), the themes' figures per
 * theme and region (the themes' own filter, counted-kind and measure SQL, rolled up by lib/server/regions), and the
 * cases per county and verdict (kept per county as the verification figures are, lib/server/verification/cache.ts).
 *
 * Public parts are kept per dataset version (ADR 0009) and the cases per verification version; who may see the
 * verification details is decided here, on the server, per region (lib/shared/contracts/spot-statistics.ts).
 */
import type { Locale } from '../../../i18n/routing';
import {
  CONFIRMED_STAGES,
  RECTIFIED_STAGES,
  type CaseDetails,
  type SpotStatisticsAnswer,
  type SpotStatisticsQuery,
  type ThemeFigures,
} from '../../shared/contracts/spot-statistics';
import { codeWithin, regionPrefix } from '../../shared/regions/codes';
import { isMonitoredRegion } from '../../shared/spots/codes';
import { THEMES, type ThemeDefinition, type ThemeId } from '../../shared/themes';
import { ILLEGAL_VERDICTS, type VerificationVerdict } from '../../shared/workflow';
import { cachedByDatasets } from '../db/data-cache';
import type { Queryable, SqlParam } from '../db/types';
import { keyedByPrefixSql, type RegionRef, requireRegion, targetPrefixes, targetRegions } from '../regions/rollup';
import { countedClause, filterClauses, MEASURE_SQL, optionalMeasures, round2 } from '../theme-features';
import { cachedByCounty } from '../verification/cache';
import type { VerificationActor } from '../verification/cases';

/** The themes counted here: every declared theme of features (a rate-grid theme has none, ADR 0015). */
export const FEATURE_THEMES: readonly ThemeDefinition<ThemeId>[] = THEMES.filter((t) => !t.rateGrid);

/** Who may see which verification details: everything, the regions inside some of their roles' regions, or counts. */
export type CaseAccess = SpotStatisticsAnswer['caseAccess'];

export function caseAccessOf(actor: VerificationActor | null): CaseAccess {
  if (actor?.admin) return 'all';
  return actor && actor.roles.length > 0 ? 'range' : 'counts';
}

/** Whether `actor` may see the verification details of `region` (a region wholly inside one of their roles' regions). */
export function mayDetail(actor: VerificationActor | null, region: string): boolean {
  if (!actor) return false;
  return actor.admin || actor.roles.some((r) => codeWithin(region, r.regionCode));
}

interface BatchRow {
  theme: string;
  quarter: string;
  id: string;
}

/** Every theme batch and verification batch quarter (small tables): the quarters and the newest batch per theme. */
async function periodRows(db: Queryable): Promise<{ batches: BatchRow[]; quarters: string[] }> {
  const rows = await db.query<{ theme: string | null; quarter: string; id: string | null }>(
    `SELECT theme, quarter, id::text AS id FROM spot_batches
     UNION ALL SELECT DISTINCT NULL, quarter, NULL FROM verification_batches
     ORDER BY quarter`,
  );
  const themes = new Set(FEATURE_THEMES.map((t) => t.id as string));
  const batches = rows.filter((r): r is BatchRow => r.theme !== null && r.id !== null && themes.has(r.theme));
  return { batches, quarters: [...new Set(rows.map((r) => r.quarter))] };
}

/**
 * Each theme's rows of the period (its counted kinds, what still stands; an inventory theme its newest batch in
 * the period only), as one clause over `spots s` joined to `spot_batches b`.
 */
function themesClause(batches: readonly BatchRow[], from: string, to: string, params: SqlParam[]): string {
  const parts: string[] = [];
  for (const theme of FEATURE_THEMES) {
    const inPeriod = batches.filter((b) => b.theme === theme.id && b.quarter >= from && b.quarter <= to);
    const ids = theme.snapshots ? inPeriod.slice(-1) : inPeriod;
    if (ids.length === 0) continue;
    const clauses = [...filterClauses(theme.id, {}, params), ...countedClause(theme, {}, params)];
    params.push(ids.map((b) => b.id));
    clauses.push(`s.batch_id = ANY ($${params.length}::bigint[])`);
    parts.push(`(${clauses.join(' AND ')})`);
  }
  return parts.length ? `(${parts.join(' OR ')})` : 'false';
}

interface ThemeSum {
  theme: string;
  k: string;
  count: number;
  area: number;
  length: number;
  capacity: number;
}

/** The themes' figures per target region: one statement, grouped by theme and county and rolled up by prefix. */
function themeSums(
  db: Queryable,
  region: RegionRef,
  targets: readonly RegionRef[],
  batches: readonly BatchRow[],
  period: { from: string; to: string },
): Promise<ThemeSum[]> {
  const prefixes = targetPrefixes(targets);
  return cachedByDatasets(
    db,
    `spot statistics themes ${region.code} ${period.from} ${period.to} ${prefixes.join(',')}`,
    () => {
      const params: SqlParam[] = [];
      const themes = themesClause(batches, period.from, period.to, params);
      params.push(`${regionPrefix(region.code)}%`);
      const inRegion = `s.xzqdm LIKE $${params.length}`;
      params.push(prefixes);
      return db.query<ThemeSum>(
        `WITH agg AS (SELECT s.theme, s.xzqdm, ${MEASURE_SQL} FROM spots s WHERE ${themes} AND ${inRegion} GROUP BY s.theme, s.xzqdm),
         keyed AS (${keyedByPrefixSql('agg', 'n, a, l, c', 'theme, ')})
         SELECT theme, k, sum(n)::int AS count, ${round2('coalesce(sum(a), 0)')} AS area,
                ${round2('coalesce(sum(l), 0)')} AS length, ${round2('coalesce(sum(c), 0)')} AS capacity
         FROM keyed WHERE k = ANY ($${params.length}::text[]) GROUP BY theme, k`,
        params,
      );
    },
    (rows) => rows.length * 96,
  );
}

interface CaseRow {
  xzqdm: string;
  verdict: VerificationVerdict | null;
  n: number;
  a: number;
  ci: number;
  cia: number;
  r: number;
}

/**
 * The cases of the period per county and verdict, with the confirmed illegal ones and the rectified among them:
 * kept per county (after a move only the counties it touched are read again), the same rows for every caller.
 */
function caseRows(db: Queryable, region: RegionRef, period: { from: string; to: string }): Promise<CaseRow[]> {
  const prefix = `${regionPrefix(region.code)}%`;
  return cachedByCounty(db, `spot statistics|${prefix}|${period.from}|${period.to}`, (only) => {
    const params: SqlParam[] = [period.from, period.to, prefix, [...CONFIRMED_STAGES], [...ILLEGAL_VERDICTS], [...RECTIFIED_STAGES]];
    let where = `b.quarter BETWEEN $1 AND $2 AND c.xzqdm LIKE $3`;
    if (only) {
      params.push(only);
      where += ` AND c.xzqdm = ANY ($${params.length}::text[])`;
    }
    const confirmedIllegal = `c.status = ANY ($4::text[]) AND c.verdict = ANY ($5::text[])`;
    return db.query<CaseRow>(
      `SELECT c.xzqdm, c.verdict, count(*)::int AS n, sum(c.area_m2)::float8 AS a,
              count(*) FILTER (WHERE ${confirmedIllegal})::int AS ci,
              coalesce(sum(c.area_m2) FILTER (WHERE ${confirmedIllegal}), 0)::float8 AS cia,
              count(*) FILTER (WHERE ${confirmedIllegal} AND c.status = ANY ($6::text[]))::int AS r
         FROM verification_cases c JOIN verification_batches b ON b.id = c.batch_id
        WHERE ${where}
        GROUP BY c.xzqdm, c.verdict`,
      params,
    );
  });
}

interface CaseAcc {
  cases: number;
  areaM2: number;
  byVerdict: CaseDetails['byVerdict'];
  pending: number;
  confirmedIllegal: number;
  confirmedIllegalAreaM2: number;
  rectified: number;
}

const emptyCases = (): CaseAcc => ({
  cases: 0,
  areaM2: 0,
  byVerdict: {},
  pending: 0,
  confirmedIllegal: 0,
  confirmedIllegalAreaM2: 0,
  rectified: 0,
});

function addCases(acc: CaseAcc, r: CaseRow): void {
  acc.cases += r.n;
  acc.areaM2 += r.a;
  if (r.verdict) acc.byVerdict[r.verdict] = (acc.byVerdict[r.verdict] ?? 0) + r.n;
  else acc.pending += r.n;
  acc.confirmedIllegal += r.ci;
  acc.confirmedIllegalAreaM2 += r.cia;
  acc.rectified += r.r;
}

const round2n = (x: number) => Math.round(x * 100) / 100;

function details({ cases: _cases, ...acc }: CaseAcc): CaseDetails {
  return {
    ...acc,
    areaM2: round2n(acc.areaM2),
    confirmedIllegalAreaM2: round2n(acc.confirmedIllegalAreaM2),
    rectifiedShare: acc.confirmedIllegal ? Math.round((acc.rectified / acc.confirmedIllegal) * 1000) / 1000 : null,
  };
}

/** The spot statistics of a region's children (or every region of a level in it) for a period of quarters. */
export async function spotStatisticsOverview(
  db: Queryable,
  actor: VerificationActor | null,
  query: SpotStatisticsQuery,
  locale: Locale,
): Promise<SpotStatisticsAnswer> {
  const region = await requireRegion(db, query.region, locale);
  const [targets, { batches, quarters }] = await Promise.all([targetRegions(db, region, query.level, locale), periodRows(db)]);
  const newest = quarters.at(-1) ?? null;
  const period = query.from && query.to ? { from: query.from, to: query.to } : { from: newest ?? '', to: newest ?? '' };
  const [sums, cases] =
    newest === null ? [[], []] : await Promise.all([themeSums(db, region, targets, batches, period), caseRows(db, region, period)]);

  // Themes: keyed by target prefix and theme.
  const themeIndex = new Map(FEATURE_THEMES.map((t, i) => [t.id as string, i]));
  const zeroThemes = () => FEATURE_THEMES.map(() => ({ count: 0, area: 0, length: 0, capacity: 0 }));
  const themesByPrefix = new Map<string, ReturnType<typeof zeroThemes>>();
  for (const s of sums) {
    const i = themeIndex.get(s.theme);
    if (i === undefined) continue;
    const row = themesByPrefix.get(s.k) ?? themesByPrefix.set(s.k, zeroThemes()).get(s.k)!;
    row[i] = { count: s.count, area: s.area, length: s.length, capacity: s.capacity };
  }
  const shape = (values: ReturnType<typeof zeroThemes>): ThemeFigures[] =>
    values.map((v, i) => ({ count: v.count, area: round2n(v.area), ...optionalMeasures(FEATURE_THEMES[i]!, v) }));

  // Cases: each county's rows go to the target region whose prefix it has (province, city or its own code).
  const wanted = new Set(targetPrefixes(targets));
  const casesByPrefix = new Map<string, CaseAcc>();
  const totalCases = emptyCases();
  for (const r of cases) {
    addCases(totalCases, r);
    const k = [r.xzqdm.slice(0, 2), r.xzqdm.slice(0, 4), r.xzqdm].find((p) => wanted.has(p));
    if (k === undefined) continue;
    addCases(casesByPrefix.get(k) ?? casesByPrefix.set(k, emptyCases()).get(k)!, r);
  }

  const items = targets.map((t) => {
    const prefix = regionPrefix(t.code);
    const acc = casesByPrefix.get(prefix) ?? emptyCases();
    return {
      code: t.code,
      name: t.name,
      themes: shape(themesByPrefix.get(prefix) ?? zeroThemes()),
      cases: acc.cases,
      caseDetails: mayDetail(actor, t.code) ? details(acc) : null,
      monitored: isMonitoredRegion(t.code),
    };
  });
  const totalThemes = zeroThemes();
  for (const item of items)
    item.themes.forEach((f, i) => {
      const sum = totalThemes[i]!;
      sum.count += f.count;
      sum.area += f.area;
      sum.length += f.length ?? 0;
      sum.capacity += f.capacity ?? 0;
    });
  const newestBatch = (theme: ThemeDefinition<ThemeId>) =>
    batches.filter((b) => b.theme === theme.id && b.quarter >= period.from && b.quarter <= period.to).at(-1)?.id ?? null;
  return {
    region,
    level: query.level ?? targets[0]?.level ?? region.level,
    period,
    quarters,
    themes: FEATURE_THEMES.map((t) => ({
      id: t.id,
      path: t.path,
      measures: [...t.measures],
      capacityUnit: t.capacityUnit,
      batchId: newestBatch(t),
    })),
    caseAccess: caseAccessOf(actor),
    items,
    total: {
      themes: shape(totalThemes),
      cases: totalCases.cases,
      caseDetails: mayDetail(actor, region.code) ? details(totalCases) : null,
    },
  };
}
