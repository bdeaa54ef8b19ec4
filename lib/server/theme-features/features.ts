import 'server-only';
/**
 * A theme's features: the paged list and one feature, read within the caller's area ranges (a feature outside
 * them, or of another theme, does not exist for the caller), with code names in the caller's language.
 */
import type { Locale } from '../../../i18n/routing';
import { API_CODES } from '../../shared/contracts/api';
import type { Spot, SpotDetail } from '../../shared/contracts/spots';
import { rangePrefixesOf } from '../../shared/regions/codes';
import { scopePrefixes, type RegionScope } from '../../shared/spots/scope';
import { themeById, type CodeItem, type ThemeDefinition, type ThemeId } from '../../shared/themes';
import { ApiError } from '../api/errors';
import type { Session, UserAccess } from '../session';
import { containsPattern } from '../db/like';
import type { Queryable, SqlParam } from '../db/types';
import { inLocale, nameSql } from '../regions/names';
import { regionPath } from '../regions/rollup';
import { BATCH_COLUMNS, type BatchRow } from './batches';
import { filterClauses, round2, scopeClause, type SpotFilters } from './filters';

/**
 * The caller's area-range prefixes (null: the whole country). Without a regionId range the detail
 * modules are closed (spec §4: 'not linked to a user permission range').
 */
export function rangePrefixes(session: Session): RegionScope {
  if (session.regionIds.length === 0) throw new ApiError(API_CODES.FORBIDDEN, 'Spots.errors.noAreaRange', {}, 403);
  return rangePrefixesOf(session.regionIds);
}

/**
 * What of a theme's features in a region a user sees on its detail screens, by the same rules as a request: the
 * theme's permission and a regionId area range (else nothing), then the ranges narrowed by the region
 * (scopePrefixes). For work done for a user outside a request: a theme subscription's match and its refusal.
 */
export function detailScope(access: UserAccess, theme: ThemeDefinition<ThemeId>, regionCode: string): RegionScope {
  if (!access.permissions.includes(theme.permission) || access.regionIds.length === 0) return [];
  return scopePrefixes(rangePrefixesOf(access.regionIds), regionCode);
}

export function codeName(list: readonly CodeItem[], value: string | null, locale: Locale): string | null {
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
    ${round2('s.capacity')} AS capacity, ${nameSql(locale, 's')} AS name,
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
    batchName: inLocale(locale, row.type_name_zh, row.type_name_en),
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

export async function listSpots(db: Queryable, theme: ThemeDefinition<ThemeId>, options: SpotListOptions) {
  const empty = { list: [], total: 0, pageNum: options.pageNum, pageSize: options.pageSize };
  if (options.scope?.length === 0) return empty;
  const params: SqlParam[] = [];
  const clauses = filterClauses(theme.id, options.filters, params);
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
export async function findSpot(
  db: Queryable,
  theme: ThemeDefinition<ThemeId>,
  id: string,
  scope: RegionScope,
  locale: Locale,
): Promise<SpotDetail | null> {
  const params: SqlParam[] = [id, theme.id];
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
  const path = await regionPath(db, row.xzqdm, locale);
  return {
    ...toSpot(row, locale),
    regionPath: path,
    bbox: [row.west, row.south, row.east, row.north],
    geometry: JSON.parse(row.geojson) as SpotDetail['geometry'],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
