import 'server-only';
/**
 * Reviewing applications (administrators, MOD_ADMIN): every application with filters (the workflow's
 * review list with its pending count), one in full, and the two decisions. Each decision is a transition
 * of the workflow engine (the row locked, the request machine checked for role 'admin', the change
 * recorded); an approval places the order in the same transaction (placeOrder with the application's id),
 * so two administrators approving at once make one order and the second is told the application has
 * already been reviewed.
 *
 * An area application orders the scenes the reviewer chose of its area and period; an approval without a choice
 * (an API call) orders what the screen preselects — the image query's cloud-weighted minimal set covering the
 * area (`areaSceneCover`), never every scene that merely touches it. The detail shows how many match.
 */
import { createHash } from 'node:crypto';
import type { Locale } from '../../../i18n/routing';
import { API_CODES } from '../../shared/contracts/api';
import type { RequestItem } from '../../shared/contracts/requests';
import type { AreaSceneCover, ManagedRequestDetail, ManagedRequestPage } from '../../shared/contracts/requests-review';
import { ORDER_LIMITS, REQUEST_STATUS, type RequestStatus } from '../../shared/orders/model';
import { ApiError, notFound } from '../api/errors';
import { fallFiguresOf, sceneConditions } from '../catalogue';
import { whereSql } from '../db/where';
import type { Database, Queryable, SqlParam } from '../db/types';
import { placeOrder } from '../orders/place';
import { managedFilterSql, pagedReviewList, pendingCount, transition } from '../workflow';
import { loadRequest, notPending, SUMMARY_FROM, summaryColumns, toSummary, type SummaryRow } from './rows';

export interface ManagedRequestFilter {
  status?: RequestStatus;
  user?: string;
  dateFrom?: string;
  dateTo?: string;
  pageNum: number;
  pageSize: number;
}

/** A scene of an area application's period and area, as the review screen lists it. */
interface AreaSceneRow {
  id: string;
  file_name: string;
  satellite: string;
  sensor: string;
  acquired_at: string;
  cloud_pct: number | null;
  online: boolean;
}

const AREA_SCENE_COLUMNS = `s.id, s.file_name, s.satellite, s.sensor, to_char(s.acquired_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS acquired_at,
            s.cloud_pct::float8 AS cloud_pct, s.online`;

const areaScene = (r: AreaSceneRow) => ({
  sceneId: r.id,
  fileName: r.file_name,
  satellite: r.satellite,
  sensor: r.sensor,
  acquiredAt: r.acquired_at,
  cloudPct: r.cloud_pct === null ? null : Math.round(r.cloud_pct * 10) / 10,
  online: r.online,
});

/** All applications, newest first; `user` matches the applicant's username, name or organisation, or the code. */
export async function listManagedRequests(db: Queryable, filter: ManagedRequestFilter, locale: Locale): Promise<ManagedRequestPage> {
  const { where, params } = managedFilterSql('r', filter);
  const { rows, total } = await pagedReviewList<SummaryRow>(
    db,
    {
      columns: summaryColumns(locale),
      from: SUMMARY_FROM,
      countFrom: 'FROM data_requests r JOIN users u ON u.id = r.user_id',
      where,
      params,
      orderBy: 'r.created_at DESC, r.id DESC',
    },
    filter,
  );
  return {
    list: rows.map((r) => ({ ...toSummary(r), applicant: { username: r.username, realName: r.real_name } })),
    total,
    pageNum: filter.pageNum,
    pageSize: filter.pageSize,
    pending: await pendingCount(db, 'request'),
  };
}

/** The catalogue's scenes of an area application's area and period (the query builder's date filter). */
function areaSceneSql(requestId: string, dateFrom: string, dateTo: string, params: SqlParam[]): string {
  return whereSql(
    sceneConditions(
      {
        filter: { dateFrom, dateTo },
        within: { of: 'application', id: requestId },
      },
      params,
    ),
  );
}

/** The catalogue's scenes of an area application, clearest first, a page at a time (the reviewer chooses from them). */
export async function listAreaScenes(
  db: Queryable,
  id: string,
  page: { pageNum: number; pageSize: number },
): Promise<{ list: RequestItem[]; total: number; pageNum: number; pageSize: number }> {
  const [request] = await db.query<{ kind: string; date_from: string | null; date_to: string | null }>(
    `SELECT kind, to_char(date_from, 'YYYY-MM-DD') AS date_from, to_char(date_to, 'YYYY-MM-DD') AS date_to FROM data_requests WHERE id = $1`,
    [id],
  );
  if (!request) throw notFound();
  if (request.kind !== 'area' || !request.date_from || !request.date_to) return { list: [], total: 0, ...page };
  const params: SqlParam[] = [];
  const where = areaSceneSql(id, request.date_from, request.date_to, params);
  params.push(page.pageSize, (page.pageNum - 1) * page.pageSize);
  const rows = await db.query<AreaSceneRow & { total: number }>(
    `SELECT ${AREA_SCENE_COLUMNS}, count(*) OVER ()::int AS total
       FROM scenes s ${where}
      ORDER BY coalesce(s.cloud_pct, 0), s.acquired_at DESC, s.id LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return {
    list: rows.map(areaScene),
    total: rows[0]?.total ?? (await areaSceneCount(db, id, request.date_from, request.date_to)),
    ...page,
  };
}

/**
 * The reviewer's picker of an area application: every scene of its area and period (newest first, up to the
 * coverage analysis' cap) with the share of the area it covers — 0 for a footprint that only touches the
 * edge — and the preselection, the image query's cloud-weighted minimal covering set over the stored area.
 */
export async function areaSceneCover(db: Database, id: string): Promise<AreaSceneCover> {
  const [request] = await db.query<{ kind: string; date_from: string | null; date_to: string | null }>(
    `SELECT kind, to_char(date_from, 'YYYY-MM-DD') AS date_from, to_char(date_to, 'YYYY-MM-DD') AS date_to FROM data_requests WHERE id = $1`,
    [id],
  );
  if (!request) throw notFound();
  const empty: AreaSceneCover = { scenes: [], minimalSet: [], minimalCoveredPct: 0, coveredPct: 0, matched: 0, capped: false, cut: false };
  if (request.kind !== 'area' || !request.date_from || !request.date_to) return empty;
  const { date_from: dateFrom, date_to: dateTo } = request;
  const conditions = (params: SqlParam[]) => sceneConditions({ filter: { dateFrom, dateTo }, within: { of: 'application', id } }, params);
  const figures = await fallFiguresOf(
    db,
    { of: 'application', id },
    { from: 'scenes s', columns: 's.id, s.file_name, s.acquired_at, s.cloud_pct, s.footprint', conditions },
  );
  // The same scenes as the analysis (newest first, its cap), read in full.
  const params: SqlParam[] = [];
  const where = whereSql(conditions(params));
  params.push(figures.sceneCount);
  const rows = await db.query<AreaSceneRow>(
    `SELECT ${AREA_SCENE_COLUMNS}
       FROM scenes s ${where} ORDER BY s.acquired_at DESC, s.id DESC LIMIT $${params.length}`,
    params,
  );
  const shares = new Map(figures.scenes.map((s) => [s.id, s.coveredPct]));
  return {
    scenes: rows.map((r) => ({ ...areaScene(r), coveragePct: shares.get(r.id) ?? 0 })),
    minimalSet: figures.minimalSet.steps.map((s) => s.id),
    minimalCoveredPct: figures.minimalSet.coveredPct,
    coveredPct: figures.coveredPct,
    matched: figures.matched,
    capped: figures.capped,
    cut: figures.minimalSet.cut,
  };
}

/** How many of `ids` the application covers: scenes of its area and period, or scenes it applied for. */
async function coveredScenes(tx: Queryable, row: DecidedRequest, ids: readonly string[]): Promise<number> {
  if (row.kind === 'scenes') {
    const [n] = await tx.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM data_request_items WHERE request_id = $1 AND scene_id = ANY ($2::text[])',
      [row.id, ids],
    );
    return n?.n ?? 0;
  }
  const params: SqlParam[] = [];
  const where = whereSql([
    ...sceneConditions(
      {
        ids,
        filter: { dateFrom: row.date_from!, dateTo: row.date_to! },
        within: { of: 'application', id: row.id },
      },
      params,
    ),
  ]);
  const [n] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM scenes s ${where}`, params);
  return n?.n ?? 0;
}

async function areaSceneCount(db: Queryable, requestId: string, dateFrom: string, dateTo: string): Promise<number> {
  const params: SqlParam[] = [];
  const where = areaSceneSql(requestId, dateFrom, dateTo, params);
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM scenes s ${where}`, params);
  return row?.n ?? 0;
}

export async function getManagedRequest(db: Queryable, id: string, locale: Locale): Promise<ManagedRequestDetail> {
  const loaded = await loadRequest(db, id, locale);
  if (!loaded) throw notFound();
  const { detail } = loaded;
  let areaMatches: ManagedRequestDetail['areaMatches'] = null;
  if (detail.kind === 'area' && detail.dateFrom && detail.dateTo) {
    const total = await areaSceneCount(db, id, detail.dateFrom, detail.dateTo);
    areaMatches = { total, cap: ORDER_LIMITS.maxItemsPerOrder };
  }
  return { ...detail, applicant: loaded.applicant, areaMatches };
}

interface DecidedRequest {
  id: string;
  user_id: string;
  kind: 'scenes' | 'area';
  purpose: string;
  contact_name: string;
  contact_phone: string | null;
  contact_email: string | null;
  organization: string;
  date_from: string | null;
  date_to: string | null;
}

/**
 * The reviewer's decision: the engine locks the application, checks the request machine for role
 * 'admin' (anything but a pending application is refused, naming its status) and writes the status with
 * the review note, who and when, and the history row. Returns what the approval needs, read under the lock.
 */
async function decide(
  tx: Queryable,
  id: string,
  to: RequestStatus,
  adminId: string,
  note: string | null,
  locale: Locale,
): Promise<DecidedRequest> {
  await transition(
    tx,
    'request',
    id,
    { to, role: 'admin', actorId: adminId, note },
    {
      refuse: notPending(tx, id, locale, 'ApplicationsAdmin'),
      write: async (t, _from, status, reviewNote) => {
        await t.query(
          'UPDATE data_requests SET status = $2, review_note = $3, reviewed_by = $4, reviewed_at = now(), updated_at = now() WHERE id = $1',
          [id, status, reviewNote, adminId],
        );
      },
    },
  );
  const [row] = await tx.query<DecidedRequest>(
    `SELECT r.id::text AS id, r.user_id::text AS user_id, r.kind, r.purpose, r.contact_name, r.contact_phone, r.contact_email, r.organization,
            to_char(r.date_from, 'YYYY-MM-DD') AS date_from, to_char(r.date_to, 'YYYY-MM-DD') AS date_to
       FROM data_requests r WHERE r.id = $1`,
    [id],
  );
  if (!row) throw notFound();
  return row;
}

/** The order's idempotency key of an application: the same on every try, so one application makes one order. */
export function approvalKey(requestId: string): string {
  const h = createHash('sha256').update(`data-request:${requestId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Approves a pending application and places its order, in one transaction: of the scenes the reviewer
 * chose (`chosen`, each within the application), else all applied for, or the area's minimal covering set —
 * an analysis, so it runs before the transaction, in its own bounded pieces (`areaSceneCover`).
 */
export async function approveRequest(
  db: Database,
  id: string,
  adminId: string,
  note: string | null,
  locale: Locale,
  chosen?: readonly string[],
): Promise<ManagedRequestDetail> {
  let preset = chosen;
  if (!preset) {
    const [pending] = await db.query<{ kind: string }>(`SELECT kind FROM data_requests WHERE id = $1 AND status = $2`, [
      id,
      REQUEST_STATUS.PENDING,
    ]);
    if (pending?.kind === 'area') preset = (await areaSceneCover(db, id)).minimalSet;
  }
  await db.transaction(async (tx) => {
    // Decided first (a reviewed application is refused before anything else); a refusal below rolls it back.
    const row = await decide(tx, id, REQUEST_STATUS.APPROVED, adminId, note, locale);
    if (row.kind === 'area' && !preset) throw new ApiError(API_CODES.INVALID_INPUT, 'ApplicationsAdmin.errors.noScenesInArea');
    if (preset) {
      const unique = [...new Set(preset)];
      const covered = await coveredScenes(tx, row, unique);
      if (covered !== unique.length)
        throw new ApiError(API_CODES.INVALID_INPUT, 'ApplicationsAdmin.errors.scenesNotInRequest', { count: unique.length - covered });
    }
    const sceneIds = preset
      ? [...new Set(preset)]
      : (await tx.query<{ scene_id: string }>('SELECT scene_id FROM data_request_items WHERE request_id = $1 ORDER BY scene_id', [id])).map(
          (r) => r.scene_id,
        );
    if (sceneIds.length === 0) throw new ApiError(API_CODES.INVALID_INPUT, 'ApplicationsAdmin.errors.noScenesInArea');
    await placeOrder(tx, {
      userId: Number(row.user_id),
      sceneIds,
      purpose: row.purpose,
      contact: { name: row.contact_name, phone: row.contact_phone, email: row.contact_email, organization: row.organization },
      idempotencyKey: approvalKey(id),
      requestId: Number(id),
      actorId: Number(adminId),
    });
  });
  return getManagedRequest(db, id, locale);
}

/** Rejects a pending application with the reason its applicant reads. */
export async function rejectRequest(
  db: Database,
  id: string,
  adminId: string,
  reason: string,
  locale: Locale,
): Promise<ManagedRequestDetail> {
  await db.transaction(async (tx) => {
    await decide(tx, id, REQUEST_STATUS.REJECTED, adminId, reason, locale);
  });
  return getManagedRequest(db, id, locale);
}
