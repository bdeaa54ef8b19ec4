import 'server-only';
/**
 * The administrators' review lists (orders, applications, feedback): one page of rows, newest first, with
 * the total under the filter, and the number waiting in the workflow's awaited state whatever the filter.
 */
import type { WorkflowId } from '../../shared/workflow';
import { containsPattern } from '../db/like';
import type { Queryable, SqlParam } from '../db/types';
import { machineOf, SUBJECTS } from './subjects';

export interface ReviewListSql {
  /** The select list (the row's columns). */
  columns: string;
  /** FROM with the joins the columns need. */
  from: string;
  /** FROM with only the joins the filter needs (counting a page past the end). */
  countFrom: string;
  /** WHERE …, using the first `params.length` parameters. */
  where: string;
  params: SqlParam[];
  orderBy: string;
}

/** One page of a review list and the total matching the filter (also when the page is past the end). */
export async function pagedReviewList<Row extends object>(
  db: Queryable,
  sql: ReviewListSql,
  page: { pageNum: number; pageSize: number },
): Promise<{ rows: Row[]; total: number }> {
  const n = sql.params.length;
  const rows = await db.query<Row & { total: number }>(
    `SELECT ${sql.columns}, count(*) OVER ()::int AS total ${sql.from} ${sql.where}
      ORDER BY ${sql.orderBy} LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...sql.params, page.pageSize, (page.pageNum - 1) * page.pageSize],
  );
  let total = rows[0]?.total ?? 0;
  if (!rows.length && page.pageNum > 1) {
    const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${sql.countFrom} ${sql.where}`, sql.params);
    total = count?.n ?? 0;
  }
  return { rows, total };
}

/** How many of the workflow's subjects wait in its awaited state (the queue's "pending"). */
export async function pendingCount(db: Queryable, workflow: WorkflowId): Promise<number> {
  const awaiting = machineOf(workflow).awaiting;
  if (awaiting === undefined) return 0;
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${SUBJECTS[workflow].table} WHERE status = $1`, [awaiting]);
  return row?.n ?? 0;
}

export interface ManagedListFilter {
  status?: number;
  user?: string;
  dateFrom?: string;
  dateTo?: string;
}

/**
 * The filter of the orders' and applications' review lists: status, a user (username, name or
 * organisation of the account or on the row, or the row's code; contains, case-insensitive) and a range
 * of Beijing days. `alias` is the listed table's alias, joined with `users u`; the filter takes $1–$4.
 */
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
