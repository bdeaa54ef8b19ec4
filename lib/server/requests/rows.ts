import 'server-only';
/** Reading applications: the one place their rows become the app's types (summary, detail, history). */
import type { Locale } from '../../../i18n/routing';
import type { RequestDetail, RequestSummary } from '../../shared/contracts/requests';
import type { RequestStatus } from '../../shared/orders/model';
import { API_CODES } from '../../shared/contracts/api';
import { ApiError } from '../api/errors';
import type { Queryable } from '../db/types';
import { readHistory, verifyChain } from '../workflow';

export interface SummaryRow {
  id: string;
  code: string;
  status: RequestStatus;
  status_name: string;
  kind: 'scenes' | 'area';
  organization: string;
  project: string;
  item_count: number;
  area_label: string | null;
  date_from: string | null;
  date_to: string | null;
  created_at: Date;
  updated_at: Date;
  order_code: string | null;
  username: string;
  real_name: string | null;
  user_organization: string | null;
}

interface DetailRow extends SummaryRow {
  user_id: string;
  purpose: string;
  contact_name: string;
  contact_phone: string | null;
  contact_email: string | null;
  area: string | null;
  area_km2: number | null;
  attachment_name: string | null;
  attachment_bytes: number | null;
  review_note: string | null;
  reviewed_at: Date | null;
  order_id: string | null;
}

/** The status name in the caller's language comes from the REQUEST_STATUS dictionary. */
const statusName = (locale: Locale) => (locale === 'en' ? 'd.name_en' : 'd.name_zh');

/**
 * The area's label in the reader's language: the names of its regions (from their codes; Chinese names
 * where a region has no English one), else the stored label (an uploaded area's file name).
 */
const areaLabel = (locale: Locale) =>
  `coalesce((SELECT left(string_agg(${locale === 'en' ? 'coalesce(g.name_en, g.name_zh)' : 'g.name_zh'}, '${locale === 'en' ? ', ' : '、'}' ORDER BY g.code), 200)
               FROM regions g WHERE g.code = ANY (r.area_regions)), r.area_label)`;

export const summaryColumns = (locale: Locale) => `r.id::text AS id, r.code, r.status, ${statusName(locale)} AS status_name, r.kind,
  r.organization, r.project, (SELECT count(*)::int FROM data_request_items i WHERE i.request_id = r.id) AS item_count,
  ${areaLabel(locale)} AS area_label, to_char(r.date_from, 'YYYY-MM-DD') AS date_from, to_char(r.date_to, 'YYYY-MM-DD') AS date_to,
  r.created_at, r.updated_at, o.code AS order_code, u.username, u.real_name, u.organization AS user_organization`;

export const SUMMARY_FROM = `FROM data_requests r
  JOIN users u ON u.id = r.user_id
  LEFT JOIN dictionary_items d ON d.code = 'REQUEST_STATUS' AND d.item_value = r.status::text
  LEFT JOIN orders o ON o.request_id = r.id`;

export function toSummary(row: SummaryRow): RequestSummary {
  return {
    id: row.id,
    code: row.code,
    status: row.status,
    statusName: row.status_name,
    kind: row.kind,
    organization: row.organization,
    project: row.project,
    itemCount: row.item_count,
    areaLabel: row.area_label,
    dateFrom: row.date_from,
    dateTo: row.date_to,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    orderCode: row.order_code,
  };
}

export interface LoadedRequest {
  detail: RequestDetail;
  userId: string;
  applicant: { username: string; realName: string | null; organization: string | null };
}

/**
 * One application with its history, or null. With `ownerId`, only that user's: another user's
 * application is the same null as one that does not exist (no hint that it does).
 */
export async function loadRequest(db: Queryable, id: string, locale: Locale, ownerId?: string): Promise<LoadedRequest | null> {
  const [row] = await db.query<DetailRow>(
    `SELECT ${summaryColumns(locale)}, r.user_id::text AS user_id, r.purpose, r.contact_name, r.contact_phone, r.contact_email,
            ST_AsGeoJSON(r.area, 6) AS area, ST_Area(r.area::geography) / 1e6 AS area_km2,
            r.attachment_name, r.attachment_bytes, r.review_note, r.reviewed_at, o.id::text AS order_id
       ${SUMMARY_FROM}
      WHERE r.id = $1 AND ($2::bigint IS NULL OR r.user_id = $2::bigint)`,
    [id, ownerId ?? null],
  );
  if (!row) return null;
  const history = (await readHistory(db, 'request', id, locale)).map(({ role: _role, ...entry }) => entry);
  return {
    userId: row.user_id,
    applicant: { username: row.username, realName: row.real_name, organization: row.user_organization },
    detail: {
      ...toSummary(row),
      purpose: row.purpose,
      contact: { name: row.contact_name, phone: row.contact_phone, email: row.contact_email },
      area: row.area ? (JSON.parse(row.area) as RequestDetail['area']) : null,
      areaKm2: row.area_km2 === null ? null : Math.round(row.area_km2 * 10) / 10,
      attachment: row.attachment_name && row.attachment_bytes ? { name: row.attachment_name, bytes: row.attachment_bytes } : null,
      reviewNote: row.review_note,
      reviewedAt: row.reviewed_at ? new Date(row.reviewed_at).toISOString() : null,
      orderId: row.order_id,
      history,
      chain: await verifyChain(db, 'request', id),
    },
  };
}

/**
 * A refused change of an application names its status now (read under the engine's lock), in the words of
 * the applicant's screen (`Applications`) or the reviewer's (`ApplicationsAdmin`).
 */
export function notPending(tx: Queryable, id: string, locale: Locale, screen: 'Applications' | 'ApplicationsAdmin' = 'Applications') {
  return async (): Promise<ApiError> => {
    const [row] = await tx.query<{ status_name: string }>(
      `SELECT ${statusName(locale)} AS status_name FROM data_requests r
         LEFT JOIN dictionary_items d ON d.code = 'REQUEST_STATUS' AND d.item_value = r.status::text WHERE r.id = $1`,
      [id],
    );
    return new ApiError(API_CODES.INVALID_INPUT, `${screen}.errors.notPending`, { status: row?.status_name ?? '' });
  };
}
