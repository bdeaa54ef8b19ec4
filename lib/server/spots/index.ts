import 'server-only';
/**
 * Spot and feature service of every declared theme (spec §7 `/api/spot/v2` for land cover, the themes'
 * own APIs for the others): statistics by region and batch, trends, the feature list and one feature,
 * grid cells and dictionaries. Every figure is computed in SQL from the stored rows, with the measures,
 * counted kinds and code lists of the theme's declaration (lib/shared/themes). Detail reads take the
 * caller's region scope (lib/shared/spots/scope.ts) and match rows by county-code prefix.
 */
import type { Locale } from '../../../i18n/routing';
import type { DictionaryItem, GridPercent, Spot, SpotBatch, SpotDetail, SpotStatistics, SpotTrend } from '../../shared/contracts/spots';
import { GRID_MAX_CELLS } from '../../shared/contracts/spots';
import { rangePrefixesOf, regionPrefix } from '../../shared/regions/codes';
import { isMonitoredRegion } from '../../shared/spots/codes';
import { themeById, type CodeItem, type ThemeDefinition, type ThemeId } from '../../shared/themes';
import { percentOf, tileBounds } from '../../shared/spots/grid';
import type { RegionScope } from '../../shared/spots/scope';
import { ApiError } from '../api/errors';
import { API_CODES } from '../../shared/contracts/api';
import type { Queryable, SqlParam } from '../db/types';
import type { Session } from '../session';
import { cachedByDatasets } from '../db/data-cache';
import { containsPattern } from '../db/like';

export interface SpotFilters {
  theme: ThemeId;
  stage?: string;
  tblx?: string;
  changeType?: number[];
}

const round2 = (sql: string) => `round((${sql})::numeric, 2)::float8`;

/** Appends the shared filter clauses (alias `s`) and returns them. */
function filterClauses(filters: SpotFilters, params: SqlParam[]): string[] {
  params.push(filters.theme);
  const clauses = [`s.theme = $${params.length}`];
  if (filters.stage) {
    params.push(filters.stage);
    clauses.push(`s.stage = $${params.length}`);
  }
  if (filters.tblx) {
    params.push(filters.tblx);
    clauses.push(`s.tblx = $${params.length}`);
  }
  if (filters.changeType?.length) {
    params.push(filters.changeType);
    clauses.push(`s.change_type = ANY ($${params.length}::int[])`);
  }
  return clauses;
}

/**
 * Statistics count and sum only the theme's counted kinds (a wind farm groups turbines; it is not one more)
 * and, unless a stage is asked for, what still stands (a demolished plant's capacity is no capacity).
 */
function countedClause(theme: ThemeDefinition, filters: SpotFilters, params: SqlParam[]): string[] {
  const clauses: string[] = [];
  if (theme.counted) {
    params.push([...theme.counted]);
    clauses.push(`s.tblx = ANY ($${params.length}::text[])`);
  }
  if (theme.retired && !filters.stage) {
    params.push([...theme.retired]);
    clauses.push(`s.stage <> ALL ($${params.length}::text[])`);
  }
  return clauses;
}

/** The measures of a row set (alias `s`): count, m², km of line, capacity. */
const MEASURE_SQL = `count(*)::int AS n, sum(s.area_m2) AS a, sum(s.length_m) / 1000 AS l, sum(s.capacity) AS c`;

/** The theme's optional measures of a summed row, rounded as lists show them. */
function optionalMeasures(theme: ThemeDefinition, row: { length?: number | null; capacity?: number | null }) {
  const out: { length?: number; capacity?: number } = {};
  if (theme.measures.includes('length')) out.length = Math.round((row.length ?? 0) * 100) / 100;
  if (theme.measures.includes('capacity')) out.capacity = Math.round((row.capacity ?? 0) * 100) / 100;
  return out;
}

/** A scope clause: null scope adds nothing; an empty scope matches nothing. */
function scopeClause(scope: RegionScope, params: SqlParam[]): string | null {
  if (scope === null) return null;
  if (scope.length === 0) return 'FALSE';
  params.push(scope.map((p) => `${p}%`));
  return `s.xzqdm LIKE ANY ($${params.length}::text[])`;
}

export interface BatchRow {
  id: string;
  quarter: string;
  type_name_zh: string;
  type_name_en: string;
  status: string;
  is_current: boolean;
  period_start: string;
  period_end: string;
  demo: boolean;
}

export const BATCH_COLUMNS = `b.id::text AS id, b.quarter, b.type_name_zh, b.type_name_en, b.status, b.is_current,
  to_char(b.period_start, 'YYYY-MM-DD') AS period_start, to_char(b.period_end, 'YYYY-MM-DD') AS period_end, b.demo`;

export function toBatch(row: BatchRow, locale: Locale): SpotBatch {
  return {
    id: row.id,
    quarter: row.quarter,
    typeName: locale === 'zh' ? row.type_name_zh : row.type_name_en,
    status: row.status,
    current: row.is_current,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    demo: row.demo,
  };
}

/** A batch of the theme by id, or its current batch (the newest published when none is flagged). */
export async function findBatch(db: Queryable, theme: ThemeId, id: string | null, locale: Locale): Promise<SpotBatch | null> {
  const rows = id
    ? await db.query<BatchRow>(`SELECT ${BATCH_COLUMNS} FROM spot_batches b WHERE b.theme = $1 AND b.id = $2::bigint`, [theme, id])
    : await db.query<BatchRow>(
        `SELECT ${BATCH_COLUMNS} FROM spot_batches b WHERE b.theme = $1 AND (b.is_current OR b.status = 'published')
         ORDER BY b.is_current DESC, b.quarter DESC LIMIT 1`,
        [theme],
      );
  return rows[0] ? toBatch(rows[0], locale) : null;
}

export const nameSql = (locale: Locale, alias: string) =>
  locale === 'zh' ? `${alias}.name_zh` : `coalesce(${alias}.name_en, ${alias}.name_zh)`;

export async function findRegion(db: Queryable, code: string, locale: Locale) {
  const [row] = await db.query<{ code: string; name: string; level: string }>(
    `SELECT r.code, ${nameSql(locale, 'r')} AS name, r.level FROM regions r WHERE r.code = $1`,
    [code],
  );
  return row ?? null;
}

export const unknownRegion = () => new ApiError(API_CODES.INVALID_INPUT, 'Spots.errors.unknownRegion');

export async function spotStatistics(
  db: Queryable,
  options: { batchId: string | null; regionId: string; level?: 'province' | 'city' | 'county'; filters: SpotFilters; locale: Locale },
): Promise<SpotStatistics> {
  const { locale, filters } = options;
  const region = await findRegion(db, options.regionId, locale);
  if (!region) throw unknownRegion();
  const batch = await findBatch(db, filters.theme, options.batchId, locale);
  if (options.batchId && !batch) throw new ApiError(API_CODES.NOT_FOUND, 'Spots.errors.unknownBatch');

  const targetParams: SqlParam[] = [];
  let targets: string;
  if (options.level) {
    targetParams.push(options.level, `${regionPrefix(region.code)}%`);
    targets = `SELECT r.code, ${nameSql(locale, 'r')} AS name, r.level FROM regions r WHERE r.level = $1 AND r.code LIKE $2`;
  } else {
    targetParams.push(region.code);
    targets = `SELECT r.code, ${nameSql(locale, 'r')} AS name, r.level FROM regions r WHERE r.parent_code = $1
      UNION ALL
      SELECT r.code, ${nameSql(locale, 'r')} AS name, r.level FROM regions r
       WHERE r.code = $1 AND NOT EXISTS (SELECT 1 FROM regions c WHERE c.parent_code = $1)`;
  }
  // The target regions change only with the regions dataset: kept with it (all counties of the country are
  // 2,840 rows, a third of an uncached all-counties call).
  const targetRows = await cachedByDatasets(
    db,
    `spot statistics targets ${locale} ${options.level ?? 'children'} ${region.code}`,
    () => db.query<{ code: string; name: string; level: string }>(`${targets} ORDER BY code`, targetParams),
    (rows) => rows.length * 64,
  );

  const theme = themeById(filters.theme);
  const params: SqlParam[] = [];
  const clauses = [...filterClauses(filters, params), ...countedClause(theme, filters, params)];
  params.push(batch?.id ?? '0');
  clauses.push(`s.batch_id = $${params.length}::bigint`);
  params.push(`${regionPrefix(region.code)}%`);
  clauses.push(`s.xzqdm LIKE $${params.length}`);
  params.push(targetRows.map((t) => regionPrefix(t.code)));
  // Rows are grouped per county first, then each county adds to the target whose prefix it has
  // (hash joins on the 2-, 4- and 6-digit prefixes: no row-by-row LIKE).
  const sums = await db.query<{ k: string; count: number; area: number; length: number | null; capacity: number | null }>(
    `WITH agg AS (SELECT s.xzqdm, ${MEASURE_SQL} FROM spots s WHERE ${clauses.join(' AND ')} GROUP BY s.xzqdm),
     keyed AS (
       SELECT left(xzqdm, 2) AS k, n, a, l, c FROM agg UNION ALL SELECT left(xzqdm, 4), n, a, l, c FROM agg
       UNION ALL SELECT xzqdm, n, a, l, c FROM agg
     )
     SELECT k, sum(n)::int AS count, ${round2('sum(a)')} AS area, ${round2('sum(l)')} AS length, ${round2('sum(c)')} AS capacity
     FROM keyed WHERE k = ANY ($${params.length}::text[]) GROUP BY k`,
    params,
  );
  const byPrefix = new Map(sums.map((r) => [r.k, r]));
  // A region outside the monitoring programme has no figures, not zero ones: clients draw it as no data.
  const items = targetRows.map((t) => {
    const sum = byPrefix.get(regionPrefix(t.code));
    return {
      code: t.code,
      name: t.name,
      count: sum?.count ?? 0,
      area: sum?.area ?? 0,
      ...optionalMeasures(theme, { length: sum?.length, capacity: sum?.capacity }),
      monitored: isMonitoredRegion(t.code),
    };
  });
  const sumOf = (pick: (i: (typeof items)[number]) => number | undefined) => items.reduce((n, i) => n + (pick(i) ?? 0), 0);
  const maxOf = (pick: (i: (typeof items)[number]) => number | undefined) => Math.max(0, ...items.map((i) => pick(i) ?? 0));
  const total = {
    count: sumOf((i) => i.count),
    area: Math.round(sumOf((i) => i.area) * 100) / 100,
    ...optionalMeasures(theme, { length: sumOf((i) => i.length), capacity: sumOf((i) => i.capacity) }),
  };
  return {
    batch,
    region,
    level: options.level ?? targetRows[0]?.level ?? region.level,
    items,
    total,
    max: {
      count: maxOf((i) => i.count),
      area: maxOf((i) => i.area),
      ...optionalMeasures(theme, { length: maxOf((i) => i.length), capacity: maxOf((i) => i.capacity) }),
    },
  };
}

export async function spotTrend(db: Queryable, options: { regionId: string; filters: SpotFilters; locale: Locale }): Promise<SpotTrend> {
  const region = await findRegion(db, options.regionId, options.locale);
  if (!region) throw unknownRegion();
  const theme = themeById(options.filters.theme);
  const params: SqlParam[] = [];
  const clauses = [...filterClauses(options.filters, params), ...countedClause(theme, options.filters, params)];
  params.push(`${regionPrefix(region.code)}%`);
  clauses.push(`s.xzqdm LIKE $${params.length}`);
  const partParams = [...params];
  const changeTypes = (theme.changeTypes?.items ?? []).map((c) => Number(c.value));
  params.push(changeTypes);
  const rows = await db.query<BatchRow & { count: number; area: number; length: number; capacity: number; by_change: number[] | null }>(
    `SELECT ${BATCH_COLUMNS}, coalesce(a.n, 0)::int AS count, ${round2('coalesce(a.a, 0)')} AS area,
            ${round2('coalesce(a.l, 0)')} AS length, ${round2('coalesce(a.c, 0)')} AS capacity,
            (SELECT array_agg(coalesce((a.by_change ->> t::text)::int, 0) ORDER BY o)
               FROM unnest($${params.length}::int[]) WITH ORDINALITY AS u(t, o)) AS by_change
     FROM spot_batches b
     LEFT JOIN (
       SELECT batch_id, sum(n)::int AS n, sum(a) AS a, sum(l) AS l, sum(c) AS c,
              jsonb_object_agg(coalesce(change_type, -1), n) AS by_change
       FROM (SELECT s.batch_id, s.change_type, ${MEASURE_SQL} FROM spots s WHERE ${clauses.join(' AND ')} GROUP BY s.batch_id, s.change_type) x
       GROUP BY batch_id
     ) a ON a.batch_id = b.id
     WHERE b.theme = $1
     ORDER BY b.quarter`,
    params,
  );
  // Per kind and restored or not, under the same filters: the kind breakdown and the loss net of rectification.
  partParams.push([...(theme.restored ?? [])]);
  const parts = await db.query<{ batch_id: string; tblx: string; restored: boolean; n: number; a: number }>(
    `SELECT s.batch_id::text AS batch_id, s.tblx, s.stage = ANY ($${partParams.length}::text[]) AS restored, count(*)::int AS n,
            sum(s.area_m2)::float8 AS a
     FROM spots s WHERE ${clauses.join(' AND ')} GROUP BY 1, 2, 3`,
    partParams,
  );
  const kindIndex = new Map(theme.kinds.items.map((k, i) => [k.value, i]));
  const kindsOf = new Map<string, { count: number; area: number }[]>();
  const restoredOf = new Map<string, number>();
  for (const part of parts) {
    const kinds = kindsOf.get(part.batch_id) ?? theme.kinds.items.map(() => ({ count: 0, area: 0 }));
    kindsOf.set(part.batch_id, kinds);
    const slot = kinds[kindIndex.get(part.tblx) ?? -1];
    if (slot) {
      slot.count += part.n;
      slot.area += part.a;
    }
    if (part.restored) restoredOf.set(part.batch_id, (restoredOf.get(part.batch_id) ?? 0) + part.a);
  }
  const rounded = (m2: number) => Math.round(m2 * 100) / 100;
  return {
    region,
    series: rows.map((r) => ({
      ...toBatch(r, options.locale),
      count: r.count,
      area: r.area,
      ...optionalMeasures(theme, r),
      byChangeType: r.by_change ?? [],
      byKind: (kindsOf.get(r.id) ?? theme.kinds.items.map(() => ({ count: 0, area: 0 }))).map((k) => ({
        count: k.count,
        area: rounded(k.area),
      })),
      restoredArea: rounded(restoredOf.get(r.id) ?? 0),
    })),
  };
}

/**
 * The caller's area-range prefixes (null: the whole country). Without a regionId range the detail
 * modules are closed (spec §4: 'not linked to a user permission range').
 */
export function rangePrefixes(session: Session): RegionScope {
  if (session.regionIds.length === 0) throw new ApiError(API_CODES.FORBIDDEN, 'Spots.errors.noAreaRange', {}, 403);
  return rangePrefixesOf(session.regionIds);
}

function codeName(list: readonly CodeItem[], value: string | null, locale: Locale): string | null {
  if (value === null) return null;
  const item = list.find((i) => i.value === value);
  return item ? item[locale] : value;
}

interface SpotRow extends BatchRow {
  spot_id: string;
  theme: ThemeId;
  xzqdm: string;
  region_name: string | null;
  stage: string;
  tblx: string;
  change_type: number | null;
  landuse_type: string | null;
  filename: string;
  area_m2: number;
  length_km: number | null;
  capacity: number | null;
  name: string | null;
  since: string | null;
  detected_on: string;
  lon: number;
  lat: number;
  spot_demo: boolean;
}

function spotColumns(locale: Locale): string {
  return `s.id::text AS spot_id, s.theme, s.xzqdm, ${nameSql(locale, 'r')} AS region_name, s.stage, s.tblx, s.change_type,
    s.landuse_type, s.filename, ${round2('s.area_m2')} AS area_m2, ${round2('s.length_m / 1000')} AS length_km,
    ${round2('s.capacity')} AS capacity, ${locale === 'zh' ? 's.name_zh' : 'coalesce(s.name_en, s.name_zh)'} AS name,
    (SELECT min(fb.quarter) FROM spots f JOIN spot_batches fb ON fb.id = f.batch_id
      WHERE s.feature_key IS NOT NULL AND f.theme = s.theme AND f.feature_key = s.feature_key) AS since, to_char(s.detected_on, 'YYYY-MM-DD') AS detected_on,
    round(ST_X(s.center)::numeric, 6)::float8 AS lon, round(ST_Y(s.center)::numeric, 6)::float8 AS lat, s.demo AS spot_demo, ${BATCH_COLUMNS}`;
}

function toSpot(row: SpotRow, locale: Locale): Spot {
  const theme = themeById(row.theme);
  return {
    id: row.spot_id,
    theme: row.theme,
    batchId: row.id,
    quarter: row.quarter,
    batchName: locale === 'zh' ? row.type_name_zh : row.type_name_en,
    xzqdm: row.xzqdm,
    regionName: row.region_name ?? row.xzqdm,
    stage: row.stage,
    stageName: codeName(theme.stages.items, row.stage, locale)!,
    tblx: row.tblx,
    tblxName: codeName(theme.kinds.items, row.tblx, locale)!,
    changeType: row.change_type,
    changeTypeName: row.change_type === null ? null : codeName(theme.changeTypes?.items ?? [], String(row.change_type), locale),
    landuseType: row.landuse_type,
    landuseName: codeName(theme.landuse?.items ?? [], row.landuse_type, locale),
    filename: row.filename,
    area: row.area_m2,
    length: row.length_km,
    capacity: row.capacity,
    name: row.name,
    since: row.since,
    detectedOn: row.detected_on,
    center: [row.lon, row.lat],
    demo: row.spot_demo,
  };
}

export interface SpotListOptions {
  scope: RegionScope;
  filters: SpotFilters;
  batchStart?: string;
  batchEnd?: string;
  batch?: string;
  filename?: string;
  pageNum: number;
  pageSize: number;
  locale: Locale;
}

export async function listSpots(db: Queryable, options: SpotListOptions) {
  const empty = { list: [], total: 0, pageNum: options.pageNum, pageSize: options.pageSize };
  if (options.scope?.length === 0) return empty;
  const params: SqlParam[] = [];
  const clauses = filterClauses(options.filters, params);
  const scope = scopeClause(options.scope, params);
  if (scope) clauses.push(scope);
  if (options.batch) {
    params.push(options.batch);
    clauses.push(`s.batch_id = $${params.length}::bigint`);
  }
  if (options.batchStart) {
    params.push(options.batchStart);
    clauses.push(`b.period_end >= $${params.length}::date`);
  }
  if (options.batchEnd) {
    params.push(options.batchEnd);
    clauses.push(`b.period_start <= $${params.length}::date`);
  }
  if (options.filename) {
    params.push(containsPattern(options.filename));
    clauses.push(`s.filename ILIKE $${params.length}`);
  }
  const where = clauses.join(' AND ');
  const [{ n } = { n: 0 }] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM spots s JOIN spot_batches b ON b.id = s.batch_id WHERE ${where}`,
    params,
  );
  if (n === 0) return empty;
  params.push(options.pageSize, (options.pageNum - 1) * options.pageSize);
  const rows = await db.query<SpotRow>(
    `SELECT ${spotColumns(options.locale)}
     FROM spots s JOIN spot_batches b ON b.id = s.batch_id LEFT JOIN regions r ON r.code = s.xzqdm
     WHERE ${where} ORDER BY s.detected_on DESC, s.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { list: rows.map((r) => toSpot(r, options.locale)), total: n, pageNum: options.pageNum, pageSize: options.pageSize };
}

/** One feature of the theme within the scope, or null (one outside the caller's ranges or of another theme does not exist for them). */
export async function findSpot(db: Queryable, theme: ThemeId, id: string, scope: RegionScope, locale: Locale): Promise<SpotDetail | null> {
  const params: SqlParam[] = [id, theme];
  const clause = scopeClause(scope, params);
  const [row] = await db.query<
    SpotRow & { geojson: string; west: number; south: number; east: number; north: number; created_at: string; updated_at: string }
  >(
    `SELECT ${spotColumns(locale)}, ST_AsGeoJSON(s.geom, 7) AS geojson,
            ST_XMin(s.geom) AS west, ST_YMin(s.geom) AS south, ST_XMax(s.geom) AS east, ST_YMax(s.geom) AS north,
            to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
            to_char(s.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at
     FROM spots s JOIN spot_batches b ON b.id = s.batch_id LEFT JOIN regions r ON r.code = s.xzqdm
     WHERE s.id = $1::bigint AND s.theme = $2${clause ? ` AND ${clause}` : ''}`,
    params,
  );
  if (!row) return null;
  const path = await db.query<{ code: string; name: string; level: string }>(
    `SELECT r.code, ${nameSql(locale, 'r')} AS name, r.level FROM regions r
     WHERE r.code = ANY ($1::text[]) ORDER BY array_position(ARRAY['province', 'city', 'county'], r.level), r.code`,
    [[`${row.xzqdm.slice(0, 2)}0000`, `${row.xzqdm.slice(0, 4)}00`, row.xzqdm]],
  );
  return {
    ...toSpot(row, locale),
    regionPath: path,
    bbox: [row.west, row.south, row.east, row.north],
    geometry: JSON.parse(row.geojson) as SpotDetail['geometry'],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function gridPercent(
  db: Queryable,
  options: { scope: RegionScope; batchId: string | null; level: number; filters: SpotFilters; locale: Locale },
): Promise<GridPercent> {
  const batch = await findBatch(db, options.filters.theme, options.batchId, options.locale);
  if (options.batchId && !batch) throw new ApiError(API_CODES.NOT_FOUND, 'Spots.errors.unknownBatch');
  const empty = { batch, level: options.level, spotCount: 0, area: 0, cellCount: 0, cells: [] };
  if (!batch || options.scope?.length === 0) return empty;
  const params: SqlParam[] = [];
  const clauses = filterClauses(options.filters, params);
  const scope = scopeClause(options.scope, params);
  if (scope) clauses.push(scope);
  params.push(batch.id);
  clauses.push(`s.batch_id = $${params.length}::bigint`);
  params.push(2 ** options.level);
  const n = `$${params.length}::float8`;
  // Each cell is named after the county holding most of its spots (the smallest code on a tie), so a
  // user recognises it; the list answers at most GRID_MAX_CELLS cells.
  const rows = await db.query<{
    x: number;
    y: number;
    count: number;
    area: number;
    total: number;
    total_area: number;
    cells: number;
    region_code: string;
    region_name: string | null;
  }>(
    `WITH c AS (
       SELECT web_mercator_tile_x(ST_X(s.center), ${n}) AS x, web_mercator_tile_y(ST_Y(s.center), ${n}) AS y, s.area_m2, s.xzqdm
       FROM spots s WHERE ${clauses.join(' AND ')}
     ), g AS (
       SELECT x, y, count(*)::int AS count, sum(area_m2) AS area, mode() WITHIN GROUP (ORDER BY xzqdm) AS xzqdm FROM c GROUP BY x, y
     ), ranked AS (
       SELECT x, y, count, area, xzqdm, (sum(count) OVER ())::int AS total, sum(area) OVER () AS total_area, (count(*) OVER ())::int AS cells
       FROM g ORDER BY count DESC, x, y LIMIT ${GRID_MAX_CELLS}
     )
     SELECT g.x, g.y, g.count, ${round2('g.area')} AS area, g.total, ${round2('g.total_area')} AS total_area, g.cells,
            g.xzqdm AS region_code, ${nameSql(options.locale, 'r')} AS region_name
     FROM ranked g LEFT JOIN regions r ON r.code = g.xzqdm
     ORDER BY g.count DESC, g.x, g.y`,
    params,
  );
  const first = rows[0];
  if (!first) return empty;
  return {
    batch,
    level: options.level,
    spotCount: first.total,
    area: first.total_area,
    cellCount: first.cells,
    cells: rows.map((r) => ({
      x: r.x,
      y: r.y,
      count: r.count,
      area: r.area,
      percent: percentOf(r.count, first.total),
      bbox: tileBounds(options.level, r.x, r.y),
      regionCode: r.region_code,
      regionName: r.region_name ?? r.region_code,
    })),
  };
}

export async function dictionaryItems(db: Queryable, code: string, locale: Locale): Promise<DictionaryItem[]> {
  const rows = await db.query<{ code: string; item_value: string; name_zh: string; name_en: string; sort: number }>(
    'SELECT code, item_value, name_zh, name_en, sort FROM dictionary_items WHERE code = $1 ORDER BY sort, item_value',
    [code],
  );
  return rows.map((r) => ({
    code: r.code,
    itemValue: r.item_value,
    name: locale === 'zh' ? r.name_zh : r.name_en,
    nameZh: r.name_zh,
    nameEn: r.name_en,
    sort: r.sort,
  }));
}
