import 'server-only';
/**
 * Order management (administrators, MOD_ADMIN): all orders with filters (the workflow's review list), one
 * order with its items and history, a status change along the order machine as role 'admin' (the
 * workflow engine through lib/server/orders/status.ts; a move back into production retries the failed
 * items through retryFailedItems), and the reports, counted in SQL.
 */
import type { Locale } from '../../../i18n/routing';
import { API_CODES } from '../../shared/contracts/api';
import {
  MANAGED_ORDER_ITEMS_SHOWN,
  type ManagedOrderDetail,
  type ManagedOrderPage,
  type OrderReport,
} from '../../shared/contracts/orders-manage';
import { ORDER_ITEM_STATUS, ORDER_STATUS, type OrderStatus } from '../../shared/orders/model';
import { nextTransitions, orderMachine } from '../../shared/workflow';
import { ApiError, notFound } from '../api/errors';
import type { Database, Queryable } from '../db/types';
import { getFileStore } from '../files';
import { managedFilterSql, pagedReviewList, readHistory, verifyChain } from '../workflow';
import { retryFailedItems } from './orders';
import { deleteUnusedPackages, releasePackages } from './retention';
import { changeOrderStatus as changeStatus, lockOrder, type OrderRefusal } from './status';

const name = (locale: Locale, alias: string) => (locale === 'en' ? `${alias}.name_en` : `${alias}.name_zh`);

interface SummaryRow {
  id: string;
  code: string;
  status: number;
  status_name: string;
  username: string;
  real_name: string | null;
  organization: string | null;
  item_count: number;
  ready_count: number;
  failed_count: number;
  request_code: string | null;
  created_at: Date;
  updated_at: Date;
}

const summaryColumns = (
  locale: Locale,
) => `o.id::text AS id, o.code, o.status, ${name(locale, 'd')} AS status_name, u.username, u.real_name,
  o.organization, o.item_count,
  (SELECT count(*)::int FROM order_items i WHERE i.order_id = o.id AND i.status = ${ORDER_ITEM_STATUS.READY}) AS ready_count,
  (SELECT count(*)::int FROM order_items i WHERE i.order_id = o.id AND i.status = ${ORDER_ITEM_STATUS.FAILED}) AS failed_count,
  r.code AS request_code, o.created_at, o.updated_at`;
const FROM = `FROM orders o JOIN users u ON u.id = o.user_id
  LEFT JOIN dictionary_items d ON d.code = 'ORDER_STATUS' AND d.item_value = o.status::text
  LEFT JOIN data_requests r ON r.id = o.request_id`;

function toSummary(row: SummaryRow) {
  return {
    id: row.id,
    code: row.code,
    status: row.status,
    statusName: row.status_name,
    user: { username: row.username, realName: row.real_name },
    organization: row.organization,
    itemCount: row.item_count,
    readyCount: row.ready_count,
    failedCount: row.failed_count,
    requestCode: row.request_code,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export interface ManagedOrderFilter {
  status?: OrderStatus;
  user?: string;
  dateFrom?: string;
  dateTo?: string;
  pageNum: number;
  pageSize: number;
}

/** All orders, newest first; `user` matches the username, name or organisation, or the order code. Days are Beijing days. */
export async function listManagedOrders(db: Queryable, filter: ManagedOrderFilter, locale: Locale): Promise<ManagedOrderPage> {
  const { where, params } = managedFilterSql('o', filter);
  const { rows, total } = await pagedReviewList<SummaryRow>(
    db,
    {
      columns: summaryColumns(locale),
      from: FROM,
      countFrom: 'FROM orders o JOIN users u ON u.id = o.user_id',
      where,
      params,
      orderBy: 'o.created_at DESC, o.id DESC',
    },
    filter,
  );
  return { list: rows.map(toSummary), total, pageNum: filter.pageNum, pageSize: filter.pageSize };
}

async function statusNames(db: Queryable, locale: Locale): Promise<Map<number, string>> {
  const rows = await db.query<{ v: string; n: string }>(
    `SELECT item_value AS v, ${locale === 'en' ? 'name_en' : 'name_zh'} AS n FROM dictionary_items WHERE code = 'ORDER_STATUS'`,
  );
  return new Map(rows.map((r) => [Number(r.v), r.n]));
}

export async function getManagedOrder(db: Queryable, id: string, locale: Locale): Promise<ManagedOrderDetail> {
  const [row] = await db.query<
    SummaryRow & { purpose: string; contact_name: string; contact_phone: string | null; contact_email: string | null }
  >(`SELECT ${summaryColumns(locale)}, o.purpose, o.contact_name, o.contact_phone, o.contact_email ${FROM} WHERE o.id = $1`, [id]);
  if (!row) throw notFound();
  const items = await db.query<{
    id: string;
    scene_id: string;
    file_name: string;
    satellite: string;
    online: boolean;
    status: number;
    status_name: string;
    failure: string | null;
    downloads: number;
  }>(
    `SELECT i.id::text AS id, i.scene_id, i.file_name, i.satellite, i.online, i.status, ${name(locale, 'd')} AS status_name, i.failure, i.downloads
       FROM order_items i LEFT JOIN dictionary_items d ON d.code = 'ORDER_ITEM_STATUS' AND d.item_value = i.status::text
      WHERE i.order_id = $1 ORDER BY i.id LIMIT $2`,
    [id, MANAGED_ORDER_ITEMS_SHOWN],
  );
  const history = (await readHistory(db, 'order', id, locale)).map(({ role: _role, ...entry }) => entry);
  const names = await statusNames(db, locale);
  const next = nextTransitions(orderMachine, row.status as OrderStatus, 'admin').map((t) => ({
    status: t.to,
    name: names.get(t.to) ?? String(t.to),
    noteRequired: Boolean(t.noteRequired),
  }));
  return {
    ...toSummary(row),
    purpose: row.purpose,
    contact: { name: row.contact_name, phone: row.contact_phone, email: row.contact_email },
    items: items.map((i) => ({
      id: i.id,
      sceneId: i.scene_id,
      fileName: i.file_name,
      satellite: i.satellite,
      online: i.online,
      status: i.status,
      statusName: i.status_name,
      failure: i.failure,
      downloads: i.downloads,
    })),
    history,
    chain: await verifyChain(db, 'order', id),
    nextStatuses: next,
  };
}

/** An administrator's refusal names the statuses (from the dictionary, in the caller's language). */
function adminRefusal(tx: Queryable, locale: Locale): OrderRefusal {
  return async (refusal, from, to) => {
    const names = await statusNames(tx, locale);
    const named = (s: OrderStatus) => names.get(s) ?? String(s);
    return refusal === 'refused'
      ? new ApiError(API_CODES.INVALID_INPUT, 'OrdersAdmin.errors.transitionRefused', { from: named(from), to: named(to) })
      : new ApiError(API_CODES.INVALID_INPUT, 'OrdersAdmin.errors.noteRequired', { to: named(to) });
  };
}

/**
 * An administrator moves an order: only along the order machine for role 'admin', with the note the
 * transition needs; the change and the note are recorded. Back into production (a retry), the failed
 * items wait again (one more attempt each) and their jobs are queued in the same transaction.
 */
export async function changeOrderStatus(
  db: Database,
  id: string,
  to: OrderStatus,
  note: string | null,
  adminId: string,
  locale: Locale,
): Promise<ManagedOrderDetail> {
  const released = await db.transaction(async (tx) => {
    const from = await lockOrder(tx, id);
    if (from === null) throw notFound();
    const refuse = adminRefusal(tx, locale);
    // The writes are the order module's own (one way a status changes, one way failed items are retried).
    if (to === ORDER_STATUS.IN_PRODUCTION && from !== ORDER_STATUS.SUBMITTED)
      await retryFailedItems(tx, Number(id), 'admin', Number(adminId), refuse);
    else await changeStatus(tx, Number(id), { to, actor: 'admin', actorId: Number(adminId), note }, refuse);
    // An administrator expiring an order early deletes its packages as the worker's expiry does.
    return to === ORDER_STATUS.EXPIRED ? releasePackages(tx, Number(id)) : [];
  });
  await deleteUnusedPackages(db, getFileStore(), released);
  return getManagedOrder(db, id, locale);
}

/** Orders and ordered scenes per calendar month (UTC) over the last `months`, and per satellite. */
export async function orderReport(db: Queryable, months: number): Promise<OrderReport> {
  const perMonth = await db.query<{ month: string; orders: number; items: number }>(
    `WITH m AS (
       SELECT generate_series(date_trunc('month', now() AT TIME ZONE 'UTC') - make_interval(months => $1 - 1),
                              date_trunc('month', now() AT TIME ZONE 'UTC'), interval '1 month') AS month)
     SELECT to_char(m.month, 'YYYY-MM') AS month, count(o.id)::int AS orders, coalesce(sum(o.item_count), 0)::int AS items
       FROM m LEFT JOIN orders o ON date_trunc('month', o.created_at AT TIME ZONE 'UTC') = m.month
      GROUP BY m.month ORDER BY m.month`,
    [months],
  );
  const perSatellite = await db.query<{ satellite: string; items: number; orders: number }>(
    `SELECT i.satellite, count(*)::int AS items, count(DISTINCT i.order_id)::int AS orders
       FROM order_items i JOIN orders o ON o.id = i.order_id
      WHERE o.created_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - make_interval(months => $1 - 1)
      GROUP BY i.satellite ORDER BY items DESC, i.satellite`,
    [months],
  );
  return {
    perMonth,
    perSatellite,
    totalOrders: perMonth.reduce((n, m) => n + m.orders, 0),
    totalItems: perMonth.reduce((n, m) => n + m.items, 0),
  };
}
