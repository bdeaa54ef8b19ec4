import 'server-only';
/**
 * The filter of the management lists (all orders, all applications): status, a user (username, name or
 * organisation of the account or on the row, or the row's code; contains, case-insensitive) and a range
 * of Beijing days. `alias` is the listed table's alias, joined with `users u`; the filter takes $1–$4.
 */
import { containsPattern } from '../db/like';
import type { SqlParam } from '../db/types';

export interface ManagedListFilter {
  status?: number;
  user?: string;
  dateFrom?: string;
  dateTo?: string;
}

export function managedFilterSql(alias: 'o' | 'r', filter: ManagedListFilter): { where: string; params: SqlParam[] } {
  const user = filter.user?.trim() || null;
  const a = alias;
  return {
    where: `WHERE ($1::smallint IS NULL OR ${a}.status = $1)
      AND ($2::text IS NULL OR u.username ILIKE $2 OR u.real_name ILIKE $2 OR u.organization ILIKE $2 OR ${a}.organization ILIKE $2 OR ${a}.code ILIKE $2)
      AND ($3::date IS NULL OR ${a}.created_at >= ($3::date AT TIME ZONE 'Asia/Shanghai'))
      AND ($4::date IS NULL OR ${a}.created_at < (($4::date + 1) AT TIME ZONE 'Asia/Shanghai'))`,
    params: [filter.status ?? null, user ? containsPattern(user) : null, filter.dateFrom ?? null, filter.dateTo ?? null],
  };
}
