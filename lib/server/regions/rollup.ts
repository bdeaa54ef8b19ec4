import 'server-only';
/**
 * Figures by region: the regions a figure is given for, and the roll-up of county rows to cities, provinces and
 * the country. A county's code prefixes name its city (4 digits) and province (2 digits), so county sums are keyed
 * by every prefix a target can have and joined on equality (hash joins, no row-by-row LIKE). Every region ×
 * period figure (theme features, crop structure) goes through here.
 */
import type { Locale } from '../../../i18n/routing';
import { API_CODES } from '../../shared/contracts/api';
import { regionPrefix } from '../../shared/regions/codes';
import { ApiError } from '../api/errors';
import { cachedByDatasets } from '../db/data-cache';
import type { Queryable, SqlParam } from '../db/types';
import { nameSql } from './names';

export type FigureLevel = 'province' | 'city' | 'county';

export interface RegionRef {
  code: string;
  name: string;
  level: string;
}

/** A region with its name in the caller's language, or null. */
export async function findRegion(db: Queryable, code: string, locale: Locale): Promise<RegionRef | null> {
  const [row] = await db.query<RegionRef>(`SELECT r.code, ${nameSql(locale, 'r')} AS name, r.level FROM regions r WHERE r.code = $1`, [code]);
  return row ?? null;
}

export const unknownRegion = () => new ApiError(API_CODES.INVALID_INPUT, 'Spots.errors.unknownRegion');

/** A region that must exist (an unknown one is the caller's input error). */
export async function requireRegion(db: Queryable, code: string, locale: Locale): Promise<RegionRef> {
  const region = await findRegion(db, code, locale);
  if (!region) throw unknownRegion();
  return region;
}

/** Province, city and county of a county code, outermost first. */
export async function regionPath(db: Queryable, county: string, locale: Locale): Promise<RegionRef[]> {
  return db.query<RegionRef>(
    `SELECT r.code, ${nameSql(locale, 'r')} AS name, r.level FROM regions r
     WHERE r.code = ANY ($1::text[]) ORDER BY array_position(ARRAY['province', 'city', 'county'], r.level), r.code`,
    [[`${county.slice(0, 2)}0000`, `${county.slice(0, 4)}00`, county]],
  );
}

/**
 * The regions figures are given for: the region's children (a leaf: itself), or every region of a level in it.
 * They change only with the regions dataset, so they are kept with it (all counties of the country are 2,840
 * rows, a third of an uncached all-counties call).
 */
export async function targetRegions(db: Queryable, region: RegionRef, level: FigureLevel | undefined, locale: Locale): Promise<RegionRef[]> {
  const params: SqlParam[] = [];
  let sql: string;
  if (level) {
    params.push(level, `${regionPrefix(region.code)}%`);
    sql = `SELECT r.code, ${nameSql(locale, 'r')} AS name, r.level FROM regions r WHERE r.level = $1 AND r.code LIKE $2`;
  } else {
    params.push(region.code);
    sql = `SELECT r.code, ${nameSql(locale, 'r')} AS name, r.level FROM regions r WHERE r.parent_code = $1
      UNION ALL
      SELECT r.code, ${nameSql(locale, 'r')} AS name, r.level FROM regions r
       WHERE r.code = $1 AND NOT EXISTS (SELECT 1 FROM regions c WHERE c.parent_code = $1)`;
  }
  return cachedByDatasets(
    db,
    `region figure targets ${locale} ${level ?? 'children'} ${region.code}`,
    () => db.query<RegionRef>(`${sql} ORDER BY code`, params),
    (rows) => rows.length * 64,
  );
}

/** The prefixes the targets' figures are keyed by (bind as `text[]` and match `k = ANY (…)`). */
export const targetPrefixes = (targets: readonly RegionRef[]): string[] => targets.map((t) => regionPrefix(t.code));

/**
 * County rows of `source` (a CTE with an `xzqdm` column) keyed by every prefix a target can have: province (2
 * digits), city (4) and county (6), as rows `(extra…, k, columns…)`. Sum them grouped by `k` for each target.
 */
export function keyedByPrefixSql(source: string, columns: string, extra = ''): string {
  return `SELECT ${extra}left(xzqdm, 2) AS k, ${columns} FROM ${source} UNION ALL SELECT ${extra}left(xzqdm, 4), ${columns} FROM ${source}
       UNION ALL SELECT ${extra}xzqdm, ${columns} FROM ${source}`;
}
