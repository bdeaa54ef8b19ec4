import 'server-only';
/**
 * A user's own applications: the list, every id, the scenes of one, withdrawing one while it waits, and
 * its attachment. Every statement names the owner, so another user's application is "not found".
 */
import type { Locale } from '../../../i18n/routing';
import { API_CODES } from '../../shared/contracts/api';
import type { RequestDetail, RequestItem, RequestPage } from '../../shared/contracts/requests';
import { REQUEST_STATUS, type RequestStatus } from '../../shared/orders/model';
import { PERMISSIONS } from '../../shared/permissions';
import { ApiError, notFound, rangeNotSatisfiable } from '../api/errors';
import type { Session } from '../session';
import type { Database, Queryable } from '../db/types';
import { contentDisposition } from '../files/content-disposition';
import { getFileStore } from '../files/store';
import { answerStoredFile } from '../files/stored-file';
import { transition } from '../workflow';
import { loadRequest, notPending, SUMMARY_FROM, summaryColumns, toSummary, type SummaryRow } from './rows';

export async function listOwnRequests(
  db: Queryable,
  userId: string,
  filter: { status?: RequestStatus; pageNum: number; pageSize: number },
  locale: Locale,
): Promise<RequestPage> {
  const { pageNum, pageSize } = filter;
  const rows = await db.query<SummaryRow & { total: number }>(
    `SELECT ${summaryColumns(locale)}, count(*) OVER ()::int AS total ${SUMMARY_FROM}
      WHERE r.user_id = $1 AND ($2::smallint IS NULL OR r.status = $2)
      ORDER BY r.created_at DESC, r.id DESC LIMIT $3 OFFSET $4`,
    [userId, filter.status ?? null, pageSize, (pageNum - 1) * pageSize],
  );
  let total = rows[0]?.total ?? 0;
  if (!rows.length && pageNum > 1) {
    const [count] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM data_requests r WHERE r.user_id = $1 AND ($2::smallint IS NULL OR r.status = $2)',
      [userId, filter.status ?? null],
    );
    total = count?.n ?? 0;
  }
  return { list: rows.map(toSummary), total, pageNum, pageSize };
}

export async function ownRequestIds(db: Queryable, userId: string, status?: RequestStatus): Promise<{ ids: string[]; total: number }> {
  const rows = await db.query<{ id: string }>(
    `SELECT id::text AS id FROM data_requests WHERE user_id = $1 AND ($2::smallint IS NULL OR status = $2)
      ORDER BY created_at DESC, id DESC`,
    [userId, status ?? null],
  );
  return { ids: rows.map((r) => r.id), total: rows.length };
}

export async function getOwnRequest(db: Queryable, userId: string, id: string, locale: Locale): Promise<RequestDetail> {
  const loaded = await loadRequest(db, id, locale, userId);
  if (!loaded) throw notFound();
  return loaded.detail;
}

const isAdmin = (session: Session) => session.permissions.includes(PERMISSIONS.ADMIN);

/** The scenes of an application, to its owner or an administrator (anyone else: not found). */
export async function listRequestItems(
  db: Queryable,
  session: Session,
  query: { requestId: string; pageNum: number; pageSize: number },
): Promise<{ list: RequestItem[]; total: number; pageNum: number; pageSize: number }> {
  const [visible] = await db.query<{ id: string }>(
    'SELECT id::text AS id FROM data_requests WHERE id = $1 AND ($2 OR user_id = $3::bigint)',
    [query.requestId, isAdmin(session), session.userId],
  );
  if (!visible) throw notFound();
  const rows = await db.query<{
    scene_id: string;
    file_name: string;
    satellite: string | null;
    sensor: string | null;
    acquired_at: string | null;
    cloud_pct: number | null;
    online: boolean | null;
    total: number;
  }>(
    `SELECT scene_id, file_name, scene->>'satellite' AS satellite, scene->>'sensor' AS sensor, scene->>'acquiredAt' AS acquired_at,
            (scene->>'cloudPct')::float8 AS cloud_pct, (scene->>'online')::boolean AS online, count(*) OVER ()::int AS total
       FROM data_request_items WHERE request_id = $1
      ORDER BY scene->>'acquiredAt' DESC NULLS LAST, scene_id LIMIT $2 OFFSET $3`,
    [query.requestId, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return {
    list: rows.map((r) => ({
      sceneId: r.scene_id,
      fileName: r.file_name,
      satellite: r.satellite,
      sensor: r.sensor,
      acquiredAt: r.acquired_at,
      cloudPct: r.cloud_pct,
      online: r.online,
    })),
    total: rows[0]?.total ?? 0,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

/** The owner withdraws an application while it waits for review (the request machine, role 'owner'). */
export async function withdrawRequest(db: Database, userId: string, id: string, locale: Locale): Promise<RequestDetail> {
  await db.transaction(async (tx) => {
    const [mine] = await tx.query('SELECT 1 FROM data_requests WHERE id = $1 AND user_id = $2', [id, userId]);
    if (!mine) throw notFound();
    await transition(
      tx,
      'request',
      id,
      { to: REQUEST_STATUS.WITHDRAWN, role: 'owner', actorId: userId },
      { refuse: notPending(tx, id, locale) },
    );
  });
  return getOwnRequest(db, userId, id, locale);
}

/** The attachment of an application, to its owner or an administrator (anyone else: not found); HEAD and one byte range too. */
export async function requestAttachment(db: Queryable, session: Session, request: Request, id: string, locale: Locale): Promise<Response> {
  const [row] = await db.query<{ key: string | null; name: string | null }>(
    `SELECT attachment_key AS key, attachment_name AS name FROM data_requests
      WHERE id = $1 AND ($2 OR user_id = $3::bigint)`,
    [id, isAdmin(session), session.userId],
  );
  if (!row) throw notFound();
  if (!row.key || !row.name) throw new ApiError(API_CODES.NOT_FOUND, 'Applications.errors.noAttachment');
  const answer = await answerStoredFile(request, getFileStore(), row.key, {
    'content-type': 'application/pdf',
    'content-disposition': contentDisposition(row.name),
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'content-language': locale,
  });
  if (answer.kind === 'missing') throw new ApiError(API_CODES.NOT_FOUND, 'Applications.errors.noAttachment');
  if (answer.kind === 'unsatisfiable') throw rangeNotSatisfiable(answer.size);
  return answer.response;
}
