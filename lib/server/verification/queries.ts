import 'server-only';
/**
 * Reading verification cases (issue 33; spec §2 spotAuto / spotConfirm / spotTrack / lawSpotDetail, API families
 * /api/push-spot-bjhs/v3, /api/push-spot-zdbh/v3 and /api/process-spot-bjhs/v1/process): lists with the count per
 * stage, the mix of a set of cases, figures by region, batches, one case and where it is.
 *
 * Every read is limited in SQL to the caller's range — the union of their verification roles' regions by the
 * prefix rule (lib/shared/regions/codes.ts); an administrator reaches every case, a user with no role none — and
 * one case outside it answers 404 as if it did not exist. All filters are bound parameters.
 */
import type { Locale } from '../../../i18n/routing';
import type {
  BatchSummary,
  CaseDetail,
  CaseFilters,
  CaseMix,
  CasePage,
  CaseQuery,
  CaseSource,
  CaseSummary,
  RegionFigure,
  RegionFigures,
} from '../../shared/contracts/verification';
import { COUNTRY_CODE, regionPrefix } from '../../shared/regions/codes';
import {
  statusesMovableBy,
  VERIFICATION_STATUSES,
  VERIFICATION_VERDICTS,
  verificationMoves,
  type VerificationStatus,
  type VerificationVerdict,
} from '../../shared/workflow';
import { notFound } from '../api/errors';
import type { Queryable, SqlParam } from '../db/types';
import { nameSql } from '../regions/names';
import { type FigureLevel, regionPath, requireRegion, targetPrefixes, targetRegions } from '../regions/rollup';
import { caseArrivals } from '../push/spot-batches';
import { readHistory } from '../workflow';
import { cachedByCounty, cachedVerification } from './cache';
import { rolesReaching, type VerificationActor } from './cases';
import { describeHolding, holdingOf } from './deadlines';
import { imageryEvidenceSql, rectificationEvidence } from './rectification';

/** The loads that bring scenes into the catalogue (lib/server/catalogue: the demo generation and STAC imports). */
const CATALOGUE_LOADS = ['catalogue-demo', 'catalogue-imported'];

/** The dictionary of a case's change type (the land-cover spot types it is pushed from). */
const CHANGE_TYPE_DICTIONARY = 'SPOT_META_TYPE';

const dictName = (locale: Locale, alias: string) => (locale === 'en' ? `${alias}.name_en` : `${alias}.name_zh`);

/** What an answer depends on of the caller: administrator or not, and their roles with regions. */
const actorKey = (actor: VerificationActor) =>
  `${actor.admin ? 'admin' : 'user'}:${actor.roles
    .map((r) => `${r.role}@${r.regionCode}`)
    .sort()
    .join(',')}`;

/** `compute` kept per caller's range, request and language while the verification data is unchanged. */
const kept = <T>(db: Queryable, actor: VerificationActor, what: string, input: unknown, locale: Locale, compute: () => Promise<T>) =>
  cachedVerification(db, `${what}|${actorKey(actor)}|${locale}|${JSON.stringify(input)}`, compute);

/** The filters a roll-up by county depends on (not paging or order; the stage only when asked), as a key. */
const filtersKey = (actor: VerificationActor, f: CaseFilters, withStage: boolean) =>
  JSON.stringify([
    actorKey(actor),
    f.batchId ?? null,
    f.region ?? null,
    withStage ? (f.stage ?? null) : null,
    f.verdict ?? null,
    f.changeType ?? null,
    f.source ?? null,
    f.overdue ?? null,
    f.mine ?? null,
    f.q ?? null,
  ]);

/** `clauses` limited to some counties (a roll-up's counties to compute again), or as they are. */
function onlyCounties(clauses: string[], only: string[] | null, params: SqlParam[]): string {
  if (only) {
    params.push(only);
    clauses.push(`c.xzqdm = ANY ($${params.length}::text[])`);
  }
  return clauses.join(' AND ');
}

/** The caller's range over cases `c` (admin: all; no role: none), as a clause. */
export function scopeClause(actor: VerificationActor, params: SqlParam[]): string {
  if (actor.admin) return 'true';
  const prefixes = [...new Set(actor.roles.map((r) => `${regionPrefix(r.regionCode)}%`))];
  if (prefixes.length === 0) return 'false';
  // One prefix (the usual case) as a plain LIKE, which the text_pattern_ops index serves.
  if (prefixes.length === 1) {
    params.push(prefixes[0]!);
    return `c.xzqdm LIKE $${params.length}`;
  }
  params.push(prefixes);
  return `c.xzqdm LIKE ANY ($${params.length}::text[])`;
}

/** The cases one of the caller's roles can move now (their queue), as a clause. */
function queueClause(actor: VerificationActor, params: SqlParam[]): string {
  const parts: string[] = [];
  if (actor.admin) {
    params.push(statusesMovableBy('admin'));
    parts.push(`c.status = ANY ($${params.length}::text[])`);
  }
  for (const role of actor.roles) {
    params.push(`${regionPrefix(role.regionCode)}%`, statusesMovableBy(role.role));
    parts.push(`(c.xzqdm LIKE $${params.length - 1} AND c.status = ANY ($${params.length}::text[]))`);
  }
  return parts.length ? `(${parts.join(' OR ')})` : 'false';
}

const OVERDUE_SQL = `(c.stage_due < current_date AND c.status <> 'closed')`;

/** The clauses of the scope and the filters (cases `c`, batches `b`); `withStage: false` leaves the stage out. */
export function caseClauses(actor: VerificationActor, filters: CaseFilters, params: SqlParam[], withStage = true): string[] {
  const clauses = [scopeClause(actor, params)];
  const add = (value: SqlParam, sql: (ref: string) => string) => {
    params.push(value);
    clauses.push(sql(`$${params.length}`));
  };
  if (filters.batchId !== undefined) add(String(filters.batchId), (p) => `c.batch_id = ${p}::bigint`);
  if (filters.region) add(`${regionPrefix(filters.region)}%`, (p) => `c.xzqdm LIKE ${p}`);
  if (withStage && filters.stage?.length) add(filters.stage, (p) => `c.status = ANY (${p}::text[])`);
  if (filters.verdict?.length) add(filters.verdict, (p) => `c.verdict = ANY (${p}::text[])`);
  if (filters.changeType) add(filters.changeType, (p) => `c.change_type = ${p}`);
  if (filters.source) add(filters.source, (p) => `c.source = ${p}`);
  if (filters.overdue === true) clauses.push(OVERDUE_SQL);
  if (filters.overdue === false) clauses.push(`NOT ${OVERDUE_SQL}`);
  if (filters.mine) clauses.push(queueClause(actor, params));
  if (filters.q) add(`${filters.q.replace(/[_%\\]/g, '\\$&')}%`, (p) => `c.spot_no LIKE ${p}`);
  return clauses;
}

const SORTS: Record<CaseQuery['sort'], string> = {
  due: 'c.stage_due ASC NULLS LAST, c.id',
  updated: 'c.updated_at DESC, c.id DESC',
  area: 'c.area_m2 DESC, c.id',
  spotNo: 'c.spot_no, c.id',
};

interface SummaryRow {
  id: string;
  spot_no: string;
  batch_id: string;
  quarter: string;
  xzqdm: string;
  county_name: string | null;
  source: CaseSource;
  change_type: string;
  change_type_name: string | null;
  area_m2: number;
  status: VerificationStatus;
  status_name: string | null;
  verdict: VerificationVerdict | null;
  verdict_name: string | null;
  stage_due: string | null;
  days_overdue: number;
  updated_at: Date;
  lon: number;
  lat: number;
  version: number;
  demo: boolean;
}

const summaryColumns = (locale: Locale) => `
  c.id::text AS id, c.spot_no, c.batch_id::text AS batch_id, b.quarter, c.xzqdm, ${nameSql(locale, 'r')} AS county_name, c.source,
  c.change_type, ${dictName(locale, 'dt')} AS change_type_name, round(c.area_m2::numeric, 1)::float8 AS area_m2, c.status,
  ${dictName(locale, 'ds')} AS status_name, c.verdict, ${dictName(locale, 'dv')} AS verdict_name,
  to_char(c.stage_due, 'YYYY-MM-DD') AS stage_due,
  CASE WHEN ${OVERDUE_SQL} THEN (current_date - c.stage_due) ELSE 0 END AS days_overdue,
  c.updated_at, ST_X(c.center) AS lon, ST_Y(c.center) AS lat, c.version, c.demo`;

const summaryJoins = `
  JOIN verification_batches b ON b.id = c.batch_id
  LEFT JOIN regions r ON r.code = c.xzqdm
  LEFT JOIN dictionary_items dt ON dt.code = '${CHANGE_TYPE_DICTIONARY}' AND dt.item_value = c.change_type
  LEFT JOIN dictionary_items ds ON ds.code = 'VERIFY_STAGE' AND ds.item_value = c.status
  LEFT JOIN dictionary_items dv ON dv.code = 'VERIFY_VERDICT' AND dv.item_value = c.verdict`;

function toSummary(actor: VerificationActor, r: SummaryRow): CaseSummary {
  return {
    id: r.id,
    spotNo: r.spot_no,
    batchId: r.batch_id,
    quarter: r.quarter,
    xzqdm: r.xzqdm,
    countyName: r.county_name ?? r.xzqdm,
    source: r.source,
    changeType: r.change_type,
    changeTypeName: r.change_type_name ?? r.change_type,
    areaM2: Number(r.area_m2),
    status: r.status,
    statusName: r.status_name ?? r.status,
    verdict: r.verdict,
    verdictName: r.verdict ? (r.verdict_name ?? r.verdict) : null,
    stageDue: r.stage_due,
    daysOverdue: Number(r.days_overdue),
    updatedAt: new Date(r.updated_at).toISOString(),
    center: [Number(r.lon), Number(r.lat)],
    version: Number(r.version),
    actions: verificationMoves(r.status, rolesReaching(actor, r.xzqdm), r.verdict).map((m) => m.to),
    demo: r.demo,
  };
}

/** A page of cases with the count per stage under the same filters (stage aside) and the overdue count. */
export function listCases(db: Queryable, actor: VerificationActor, query: CaseQuery, locale: Locale): Promise<CasePage> {
  return kept(db, actor, 'list', query, locale, () => computeListCases(db, actor, query, locale));
}

async function computeListCases(db: Queryable, actor: VerificationActor, query: CaseQuery, locale: Locale): Promise<CasePage> {
  const params: SqlParam[] = [];
  const where = caseClauses(actor, query, params).join(' AND ');
  const offset = (query.pageNum - 1) * query.pageSize;
  const pageParams = [...params, query.pageSize, offset];
  const [rows, counts] = await Promise.all([
    db.query<SummaryRow>(
      // The page's ids first (filter, order, limit on the cases alone), then the names joined to those rows only.
      `WITH page AS (SELECT c.id FROM verification_cases c
                      WHERE ${where} ORDER BY ${SORTS[query.sort]} LIMIT $${params.length + 1} OFFSET $${params.length + 2})
       SELECT ${summaryColumns(locale)} FROM page JOIN verification_cases c ON c.id = page.id ${summaryJoins}
        ORDER BY ${SORTS[query.sort]}`,
      pageParams,
    ),
    // The count per stage of every case in range, kept per county: after a write only its counties are counted again.
    cachedByCounty(db, `stage counts|${filtersKey(actor, query, false)}`, (only) => {
      const countParams: SqlParam[] = [];
      const countWhere = onlyCounties(caseClauses(actor, query, countParams, false), only, countParams);
      return db.query<{ xzqdm: string; status: VerificationStatus; n: number; overdue: number }>(
        `SELECT c.xzqdm, c.status, count(*)::int AS n, count(*) FILTER (WHERE ${OVERDUE_SQL})::int AS overdue
           FROM verification_cases c WHERE ${countWhere} GROUP BY c.xzqdm, c.status`,
        countParams,
      );
    }),
  ]);
  const stage = query.stage?.length ? new Set(query.stage) : null;
  const stageCounts = Object.fromEntries(VERIFICATION_STATUSES.map((s) => [s, 0])) as Record<VerificationStatus, number>;
  let total = 0;
  let overdue = 0;
  for (const c of counts) {
    stageCounts[c.status] += c.n;
    if (!stage || stage.has(c.status)) {
      total += c.n;
      overdue += c.overdue;
    }
  }
  return {
    list: rows.map((r) => toSummary(actor, r)),
    total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    stageCounts,
    overdue,
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The mix of the cases under the filters: by stage, verdict and change type. */
export function caseMix(db: Queryable, actor: VerificationActor, filters: CaseFilters, locale: Locale): Promise<CaseMix> {
  return kept(db, actor, 'mix', filters, locale, () => computeCaseMix(db, actor, filters, locale));
}

async function computeCaseMix(db: Queryable, actor: VerificationActor, filters: CaseFilters, locale: Locale): Promise<CaseMix> {
  type Kind = 'stage' | 'verdict' | 'change';
  const [rows, names] = await Promise.all([
    // By county and stage, verdict, change type (a county's rows: a few dozen), kept per county.
    cachedByCounty(db, `mix|${filtersKey(actor, filters, true)}`, (only) => {
      const params: SqlParam[] = [];
      const where = onlyCounties(caseClauses(actor, filters, params), only, params);
      return db.query<{ xzqdm: string; kind: Kind; value: string | null; n: number; a: number; o: number }>(
        `SELECT xzqdm, CASE GROUPING(c.status, c.verdict, c.change_type) WHEN 3 THEN 'stage' WHEN 5 THEN 'verdict' ELSE 'change' END AS kind,
                coalesce(c.status, c.verdict, c.change_type) AS value, count(*)::int AS n, sum(c.area_m2)::float8 AS a,
                count(*) FILTER (WHERE ${OVERDUE_SQL})::int AS o
           FROM verification_cases c WHERE ${where}
          GROUP BY GROUPING SETS ((c.xzqdm, c.status), (c.xzqdm, c.verdict), (c.xzqdm, c.change_type))`,
        params,
      );
    }),
    db.query<{ code: string; value: string; name: string; sort: number | null }>(
      `SELECT code, item_value AS value, ${dictName(locale, 'd')} AS name, sort FROM dictionary_items d
        WHERE code = ANY ($1::text[])`,
      [['VERIFY_STAGE', 'VERIFY_VERDICT', CHANGE_TYPE_DICTIONARY]],
    ),
  ]);
  const dictionaryOf: Record<Kind, string> = { stage: 'VERIFY_STAGE', verdict: 'VERIFY_VERDICT', change: CHANGE_TYPE_DICTIONARY };
  const named = new Map(names.map((d) => [`${d.code}|${d.value}`, d]));
  const sums: Record<Kind, Map<string, { n: number; a: number }>> = { stage: new Map(), verdict: new Map(), change: new Map() };
  const total = { count: 0, areaM2: 0, overdue: 0 };
  for (const r of rows) {
    // Every case has one stage: the stage rows add up to the total.
    if (r.kind === 'stage') {
      total.count += r.n;
      total.areaM2 += Number(r.a);
      total.overdue += r.o;
    }
    // Cases without a verdict yet form a verdict group of NULL: left out of byVerdict (the stages count them).
    if (r.value === null) continue;
    const sum = sums[r.kind].get(r.value) ?? sums[r.kind].set(r.value, { n: 0, a: 0 }).get(r.value)!;
    sum.n += r.n;
    sum.a += Number(r.a);
  }
  const of = (kind: Kind) =>
    [...sums[kind]]
      .map(([value, { n, a }]) => ({ value, entry: named.get(`${dictionaryOf[kind]}|${value}`), count: n, areaM2: round1(a) }))
      .sort((x, y) => (x.entry?.sort ?? Infinity) - (y.entry?.sort ?? Infinity) || (x.value < y.value ? -1 : x.value > y.value ? 1 : 0))
      .map(({ value, entry, count, areaM2 }) => ({ value, name: entry?.name ?? value, count, areaM2 }));
  return {
    total: { count: total.count, areaM2: round1(total.areaM2), overdue: total.overdue },
    byStage: of('stage').filter((r): r is typeof r & { value: VerificationStatus } =>
      (VERIFICATION_STATUSES as readonly string[]).includes(r.value),
    ),
    byVerdict: of('verdict').filter((r): r is typeof r & { value: VerificationVerdict } =>
      (VERIFICATION_VERDICTS as readonly string[]).includes(r.value),
    ),
    byChangeType: of('change'),
  };
}

/** Figures by region: the children of `region` (or every region of `level` in it), over the caller's range. */
export function regionFigures(
  db: Queryable,
  actor: VerificationActor,
  filters: CaseFilters & { level?: FigureLevel },
  locale: Locale,
): Promise<RegionFigures> {
  return kept(db, actor, 'figures', filters, locale, () => computeRegionFigures(db, actor, filters, locale));
}

async function computeRegionFigures(
  db: Queryable,
  actor: VerificationActor,
  filters: CaseFilters & { level?: FigureLevel },
  locale: Locale,
): Promise<RegionFigures> {
  const region = await requireRegion(db, filters.region ?? COUNTRY_CODE, locale);
  const targets = await targetRegions(db, region, filters.level, locale);
  const scoped = { ...filters, region: region.code === COUNTRY_CODE ? undefined : region.code };
  // Rectified cases with a scene after the rectification, per county: kept like the counts, and also keyed by the
  // catalogue's loads (the scenes it looks for come only with them).
  const [catalogue] = await db.query<{ v: string | null }>(
    `SELECT string_agg(name || '=' || version || '@' || loaded_at::text, ',' ORDER BY name) AS v
       FROM dataset_versions WHERE name = ANY ($1::text[])`,
    [CATALOGUE_LOADS],
  );
  const withImagery = cachedByCounty(db, `imagery|${catalogue?.v ?? ''}|${filtersKey(actor, scoped, true)}`, (only) => {
    const imageryParams: SqlParam[] = [];
    return db.query<{ xzqdm: string; n: number }>(
      imageryEvidenceSql(onlyCounties(caseClauses(actor, scoped, imageryParams), only, imageryParams)),
      imageryParams,
    );
  });
  // By county and stage, and by county and verdict (a county's rows: a few dozen), kept per county.
  const rows = await cachedByCounty(db, `figures|${filtersKey(actor, scoped, true)}`, (only) => {
    const params: SqlParam[] = [];
    const where = onlyCounties(caseClauses(actor, scoped, params), only, params);
    return db.query<{
      xzqdm: string;
      status: VerificationStatus | null;
      verdict: VerificationVerdict | null;
      n: number;
      a: number;
      o: number;
      s: number;
      t: number;
    }>(
      `SELECT c.xzqdm, CASE WHEN GROUPING(c.status) = 0 THEN c.status END AS status, c.verdict, count(*)::int AS n,
              sum(c.area_m2)::float8 AS a, count(*) FILTER (WHERE ${OVERDUE_SQL})::int AS o,
              count(c.submitted_on_time)::int AS s, count(*) FILTER (WHERE c.submitted_on_time)::int AS t
         FROM verification_cases c WHERE ${where}
        GROUP BY GROUPING SETS ((c.xzqdm, c.status), (c.xzqdm, c.verdict))`,
      params,
    );
  });
  const imagery = await withImagery;
  const empty = (code: string, name: string) => ({
    code,
    name,
    count: 0,
    areaM2: 0,
    byStage: {} as RegionFigure['byStage'],
    byVerdict: {} as RegionFigure['byVerdict'],
    overdue: 0,
    submitted: 0,
    onTime: 0,
    rectifiedWithImagery: 0,
  });
  type Acc = ReturnType<typeof empty>;
  const add = (acc: Acc, r: (typeof rows)[number]) => {
    if (r.status) {
      // Every case has one stage: the stage rows add up to the counts, areas and shares.
      acc.count += r.n;
      acc.areaM2 += Number(r.a);
      acc.byStage[r.status] = (acc.byStage[r.status] ?? 0) + r.n;
      acc.overdue += r.o;
      acc.submitted += r.s;
      acc.onTime += r.t;
    } else if (r.verdict) {
      acc.byVerdict[r.verdict] = (acc.byVerdict[r.verdict] ?? 0) + r.n;
    }
  };
  const byPrefix = new Map<string, Acc>();
  const total = empty(region.code, region.name);
  const targetPrefix = new Set(targetPrefixes(targets));
  // Each county's rows go to the target region it lies in (its province, city or own code: the prefix rule).
  const targetOf = new Map<string, string | null>();
  const targetOfCounty = (xzqdm: string) => {
    let k = targetOf.get(xzqdm);
    if (k === undefined) {
      k = [xzqdm.slice(0, 2), xzqdm.slice(0, 4), xzqdm].find((p) => targetPrefix.has(p)) ?? null;
      targetOf.set(xzqdm, k);
    }
    return k;
  };
  for (const { xzqdm, n } of imagery) {
    const k = targetOfCounty(xzqdm);
    if (k === null) continue;
    (byPrefix.get(k) ?? byPrefix.set(k, empty(k, k)).get(k)!).rectifiedWithImagery += n;
    total.rectifiedWithImagery += n;
  }
  for (const r of rows) {
    const k = targetOfCounty(r.xzqdm);
    if (k === null) continue;
    add(byPrefix.get(k) ?? byPrefix.set(k, empty(k, k)).get(k)!, r);
    add(total, r);
  }
  const finish = ({ submitted, onTime, ...acc }: Acc): RegionFigure => ({
    ...acc,
    areaM2: round1(acc.areaM2),
    onTimeShare: submitted ? Math.round((onTime / submitted) * 1000) / 1000 : null,
  });
  return {
    region: { code: region.code, name: region.name },
    items: targets.map((t) =>
      finish({
        ...(byPrefix.get(regionPrefix(t.code)) ?? empty(t.code, t.name)),
        code: t.code,
        name: t.name,
      }),
    ),
    total: finish(total),
  };
}

/** The batches reaching the caller's range for a source, newest first, with the range's counts per stage. */
export function listBatches(
  db: Queryable,
  actor: VerificationActor,
  source: CaseSource,
  options: { quarter?: string },
  locale: Locale,
): Promise<BatchSummary[]> {
  return kept(db, actor, `batches ${source}`, options, locale, () => computeBatches(db, actor, source, options, locale));
}

async function computeBatches(
  db: Queryable,
  actor: VerificationActor,
  source: CaseSource,
  options: { quarter?: string },
  locale: Locale,
): Promise<BatchSummary[]> {
  const params: SqlParam[] = [];
  const clauses = caseClauses(actor, { source }, params);
  if (options.quarter) {
    params.push(options.quarter);
    clauses.push(`b.quarter = $${params.length}`);
  }
  const rows = await db.query<{
    id: string;
    quarter: string;
    province_code: string;
    name: string;
    pushed_on: string;
    check_due: string;
    review_due: string;
    confirm_due: string;
    demo: boolean;
    status: VerificationStatus;
    n: number;
    o: number;
  }>(
    `SELECT b.id::text AS id, b.quarter, b.province_code, ${locale === 'en' ? 'b.name_en' : 'b.name_zh'} AS name,
            to_char(b.pushed_on, 'YYYY-MM-DD') AS pushed_on, to_char(b.check_due, 'YYYY-MM-DD') AS check_due,
            to_char(b.review_due, 'YYYY-MM-DD') AS review_due, to_char(b.confirm_due, 'YYYY-MM-DD') AS confirm_due, b.demo,
            c.status, count(*)::int AS n, count(*) FILTER (WHERE ${OVERDUE_SQL})::int AS o
       FROM verification_cases c JOIN verification_batches b ON b.id = c.batch_id
      WHERE ${clauses.join(' AND ')}
      GROUP BY b.id, c.status
      ORDER BY b.quarter DESC, b.province_code, b.id`,
    params,
  );
  const batches = new Map<string, BatchSummary>();
  for (const r of rows) {
    const batch =
      batches.get(r.id) ??
      batches
        .set(r.id, {
          id: r.id,
          quarter: r.quarter,
          provinceCode: r.province_code,
          name: r.name,
          pushedOn: r.pushed_on,
          checkDue: r.check_due,
          reviewDue: r.review_due,
          confirmDue: r.confirm_due,
          demo: r.demo,
          count: 0,
          closed: 0,
          overdue: 0,
          byStage: {},
        })
        .get(r.id)!;
    batch.count += r.n;
    batch.overdue += r.o;
    if (r.status === 'closed') batch.closed += r.n;
    batch.byStage[r.status] = r.n;
  }
  return [...batches.values()];
}

/** A case in the caller's range, or 404. */
async function caseInRange(db: Queryable, actor: VerificationActor, id: string): Promise<void> {
  const params: SqlParam[] = [id];
  const [row] = await db.query(`SELECT 1 FROM verification_cases c WHERE c.id = $1 AND ${scopeClause(actor, params)}`, params);
  if (!row) throw notFound();
}

type Bbox = [number, number, number, number];

/** One case for its page (404 outside the caller's range). */
export async function caseDetail(db: Queryable, actor: VerificationActor, id: string, locale: Locale): Promise<CaseDetail> {
  const params: SqlParam[] = [id];
  const scope = scopeClause(actor, params);
  const [row] = await db.query<
    SummaryRow & {
      batch_name: string;
      pushed_on: string;
      check_due: string;
      review_due: string;
      confirm_due: string;
      batch_demo: boolean;
      theme_spot_id: string | null;
      farmland_m2: number;
      basic_farmland_m2: number;
      eco_redline_m2: number;
      before_date: string | null;
      after_date: string | null;
      before_scene_id: string | null;
      after_scene_id: string | null;
      reason_code: string | null;
      reason_name: string | null;
      approval_no: string | null;
      builder: string | null;
      build_date: string | null;
      remarks: string | null;
      bbox: Bbox;
    }
  >(
    `SELECT ${summaryColumns(locale)}, ${locale === 'en' ? 'b.name_en' : 'b.name_zh'} AS batch_name,
            to_char(b.pushed_on, 'YYYY-MM-DD') AS pushed_on, to_char(b.check_due, 'YYYY-MM-DD') AS check_due,
            to_char(b.review_due, 'YYYY-MM-DD') AS review_due, to_char(b.confirm_due, 'YYYY-MM-DD') AS confirm_due, b.demo AS batch_demo,
            c.theme_spot_id::text AS theme_spot_id, c.farmland_m2, c.basic_farmland_m2, c.eco_redline_m2,
            to_char(c.before_date, 'YYYY-MM-DD') AS before_date, to_char(c.after_date, 'YYYY-MM-DD') AS after_date,
            c.before_scene_id, c.after_scene_id, c.reason_code, ${dictName(locale, 'dr')} AS reason_name, c.approval_no, c.builder,
            to_char(c.build_date, 'YYYY-MM-DD') AS build_date, c.remarks,
            ARRAY[ST_XMin(c.geom), ST_YMin(c.geom), ST_XMax(c.geom), ST_YMax(c.geom)] AS bbox
       FROM verification_cases c ${summaryJoins}
       LEFT JOIN dictionary_items dr ON dr.code = 'VERIFY_REASON' AND dr.item_value = c.reason_code
      WHERE c.id = $1 AND ${scope}`,
    params,
  );
  if (!row) throw notFound();
  const sceneIds = [row.before_scene_id, row.after_scene_id].filter((s): s is string => s !== null);
  const [scenes, path, history, holding, rectification, pushBatches] = await Promise.all([
    sceneIds.length
      ? db.query<{ id: string; satellite: string; sensor: string; acquired_at: Date; cloud_pct: number | null; resolution_m: number }>(
          `SELECT id, satellite, sensor, acquired_at, cloud_pct, resolution_m FROM scenes WHERE id = ANY ($1::text[])`,
          [sceneIds],
        )
      : Promise.resolve([]),
    regionPath(db, row.xzqdm, locale),
    readHistory(db, 'verification', id, locale),
    holdingOf(db, id),
    rectificationEvidence(db, id, locale),
    caseArrivals(db, id),
  ]);
  const scene = (sceneId: string | null) => {
    const s = scenes.find((x) => x.id === sceneId);
    return s
      ? {
          id: s.id,
          satellite: s.satellite,
          sensor: s.sensor,
          acquiredAt: new Date(s.acquired_at).toISOString(),
          cloudPct: s.cloud_pct === null ? null : Number(s.cloud_pct),
          resolutionM: Number(s.resolution_m),
          quicklook: `/api/normal/v5/normalmeta/quicklook/${encodeURIComponent(s.id)}`,
        }
      : null;
  };
  const myRoles = rolesReaching(actor, row.xzqdm);
  const moves = verificationMoves(row.status, myRoles, row.verdict);
  const stageNames = await db.query<{ item_value: VerificationStatus; name: string }>(
    `SELECT item_value, ${dictName(locale, 'd')} AS name FROM dictionary_items d WHERE d.code = 'VERIFY_STAGE'`,
  );
  const nameOf = new Map(stageNames.map((s) => [s.item_value, s.name]));
  return {
    ...toSummary(actor, row),
    batch: {
      id: row.batch_id,
      quarter: row.quarter,
      name: row.batch_name,
      pushedOn: row.pushed_on,
      checkDue: row.check_due,
      reviewDue: row.review_due,
      confirmDue: row.confirm_due,
      demo: row.batch_demo,
    },
    regionPath: path.map((p) => ({ code: p.code, name: p.name })),
    pushBatches,
    themeSpotId: row.theme_spot_id,
    farmlandM2: round1(Number(row.farmland_m2)),
    basicFarmlandM2: round1(Number(row.basic_farmland_m2)),
    ecoRedlineM2: round1(Number(row.eco_redline_m2)),
    before: scene(row.before_scene_id),
    after: scene(row.after_scene_id),
    beforeDate: row.before_date,
    afterDate: row.after_date,
    form: {
      verdict: row.verdict,
      reasonCode: row.reason_code,
      reasonName: row.reason_name,
      approvalNo: row.approval_no,
      builder: row.builder,
      buildDate: row.build_date,
      remarks: row.remarks,
    },
    moves: moves.map((m) => ({ ...m, toName: nameOf.get(m.to) ?? m.to })),
    myRoles,
    history: history.map((h) => ({ ...h, role: h.role })),
    rectification,
    holding: holding?.holder
      ? {
          text: describeHolding(locale, holding),
          role: holding.holder.role,
          level: holding.holder.level,
          regionName: (locale === 'en' ? holding.holder.region.nameEn : holding.holder.region.nameZh) ?? holding.holder.region.code,
          since: holding.since,
          daysHeld: holding.daysHeld,
          daysOverdue: holding.daysOverdue,
        }
      : null,
    bbox: row.bbox.map(Number) as Bbox,
  };
}

/** Where a case's spot is (404 outside the caller's range). */
export async function casePosition(db: Queryable, actor: VerificationActor, id: string) {
  await caseInRange(db, actor, id);
  const [row] = await db.query<{ geometry: string; bbox: Bbox; lon: number; lat: number }>(
    `SELECT ST_AsGeoJSON(c.geom, 7) AS geometry, ARRAY[ST_XMin(c.geom), ST_YMin(c.geom), ST_XMax(c.geom), ST_YMax(c.geom)] AS bbox,
            ST_X(c.center) AS lon, ST_Y(c.center) AS lat
       FROM verification_cases c WHERE c.id = $1`,
    [id],
  );
  const geometry = JSON.parse(row!.geometry) as { type: 'MultiPolygon'; coordinates: [number, number][][][] };
  return { id, geometry, bbox: row!.bbox.map(Number) as Bbox, center: [Number(row!.lon), Number(row!.lat)] as [number, number] };
}
