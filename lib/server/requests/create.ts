import 'server-only';
/**
 * Applying for data: the create call's body (JSON, or multipart with the JSON in `data` and a PDF in
 * `file`), the attachment's checks (its bytes must be a PDF, within ORDER_LIMITS.maxAttachmentBytes),
 * the area made one stored geometry (regions, an upload of the image query, or a drawn polygon) and the
 * scenes' metadata copied, all in one transaction that is idempotent on (user, key).
 */
import type { Locale } from '../../../i18n/routing';
import { API_CODES } from '../../shared/contracts/api';
import {
  REQUEST_LIMITS,
  createRequestBodySchema,
  type CreateRequestInput,
  type RequestArea,
  type RequestDetail,
} from '../../shared/contracts/requests';
import { ORDER_LIMITS } from '../../shared/orders/model';
import { ApiError } from '../api/errors';
import { readBodyLimited } from '../api/upload';
import { storableArea, type StorableArea } from '../areas';
import { parseWith } from '../api/with-api';
import { SCENE_COLUMNS, toScene, type SceneRow } from '../catalogue';
import type { Database, Queryable, SqlParam } from '../db/types';
import { contentKey } from '../files/file-store';
import { sha256Of } from '../files/repository';
import { getFileStore } from '../files/store';
import { recordStart } from '../workflow';
import { loadRequest } from './rows';

type ApplyError =
  | 'badForm'
  | 'attachmentNotPdf'
  | 'attachmentTooLarge'
  | 'attachmentEmpty'
  | 'unknownScenes'
  | 'unknownRegion'
  | 'uploadNotFound'
  | 'emptyArea';

export const applyError = (key: ApplyError, values: Record<string, string | number> = {}, code: number = API_CODES.INVALID_INPUT) =>
  new ApiError(code, `Applications.errors.${key}`, values);

const MB = ORDER_LIMITS.maxAttachmentBytes / 1024 / 1024;
const tooLarge = () => applyError('attachmentTooLarge', { mb: MB }, API_CODES.TOO_LARGE);

export interface Attachment {
  name: string;
  bytes: Uint8Array;
}

/** A PDF starts with `%PDF-` (a few bytes of junk before it are tolerated by readers, not by us). */
export function isPdf(bytes: Uint8Array): boolean {
  return bytes.length >= 5 && bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46 && bytes[4] === 0x2d;
}

/** A file name fit to show and save: its last segment, no control characters, at most 255 characters. */
function attachmentName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const clean = Array.from(base || 'attachment.pdf')
    .slice(0, 255)
    .join('');
  return /\.pdf$/i.test(clean) ? clean : `${Array.from(clean).slice(0, 251).join('')}.pdf`;
}

/** The create call's input: its JSON checked with the contract's schema, and the PDF if one came. */
export async function readCreateRequest(
  request: Request,
  locale: Locale,
): Promise<{ input: CreateRequestInput; attachment: Attachment | null }> {
  const type = request.headers.get('content-type') ?? '';
  if (/^multipart\/form-data;/i.test(type)) {
    const body = await readBodyLimited(request, ORDER_LIMITS.maxAttachmentBytes + REQUEST_LIMITS.maxJsonBytes + 16 * 1024, tooLarge);
    let form: FormData;
    try {
      form = await new Response(body, { headers: { 'content-type': type } }).formData();
    } catch {
      throw applyError('badForm');
    }
    const data = form.get('data');
    if (typeof data !== 'string' || data.length > REQUEST_LIMITS.maxJsonBytes) throw applyError('badForm');
    const input = parseWith(createRequestBodySchema, parseJson(data), locale);
    const file = form.get('file');
    if (file === null || (typeof file !== 'string' && file.size === 0 && file.name === '')) return { input, attachment: null };
    if (typeof file === 'string') throw applyError('badForm');
    if (file.size > ORDER_LIMITS.maxAttachmentBytes) throw tooLarge();
    if (file.size === 0) throw applyError('attachmentEmpty');
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (!isPdf(bytes)) throw applyError('attachmentNotPdf');
    return { input, attachment: { name: attachmentName(file.name), bytes } };
  }
  const raw = await readBodyLimited(request, REQUEST_LIMITS.maxJsonBytes, () => new ApiError(API_CODES.TOO_LARGE, 'tooLarge', {}, 413));
  return { input: parseWith(createRequestBodySchema, parseJson(new TextDecoder().decode(raw)), locale), attachment: null };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(API_CODES.INVALID_INPUT, 'invalidJson');
  }
}

/** The area as one valid MultiPolygon (lib/server/areas), or the application's refusal. */
async function areaOf(tx: Queryable, area: RequestArea, params: SqlParam[]): Promise<StorableArea> {
  const stored = await storableArea(tx, area, params);
  if ('refused' in stored) throw applyError(stored.refused);
  return stored;
}

/** The scenes applied for, read from the catalogue (every id must exist). */
async function scenesOf(tx: Queryable, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  const rows = await tx.query<SceneRow>(`SELECT ${SCENE_COLUMNS} FROM scenes s WHERE s.id = ANY ($1::text[])`, [unique]);
  if (rows.length !== unique.length) throw applyError('unknownScenes', { count: unique.length - rows.length });
  const order = new Map(unique.map((id, i) => [id, i]));
  return rows.map((r) => toScene(r)).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

/**
 * Creates the application, or finds the one this user already made with this key (a repeated or
 * concurrent submit): `created` says which. The attachment's bytes are stored first (content-addressed,
 * so a repeat stores nothing new); everything else is one transaction.
 */
export async function createRequest(
  db: Database,
  userId: string,
  input: CreateRequestInput,
  attachment: Attachment | null,
  locale: Locale,
): Promise<{ request: RequestDetail; created: boolean }> {
  const [existing] = await db.query<{ id: string }>(
    'SELECT id::text AS id FROM data_requests WHERE user_id = $1 AND idempotency_key = $2::uuid',
    [userId, input.idempotencyKey],
  );
  if (existing) return { request: (await loadRequest(db, existing.id, locale, userId))!.detail, created: false };

  let attachmentKey: string | null = null;
  if (attachment) {
    attachmentKey = contentKey(sha256Of(attachment.bytes));
    const store = getFileStore();
    if (!(await store.exists(attachmentKey))) await store.put(attachmentKey, attachment.bytes, 'application/pdf');
  }

  const result = await db.transaction(async (tx) => {
    const params: SqlParam[] = [
      userId,
      input.kind,
      input.organization,
      input.project,
      input.purpose,
      input.contact.name,
      input.contact.phone,
      input.contact.email,
      input.kind === 'area' ? (input.dateFrom ?? null) : null,
      input.kind === 'area' ? (input.dateTo ?? null) : null,
      attachmentKey,
      attachment?.name ?? null,
      attachment?.bytes.byteLength ?? null,
      input.idempotencyKey,
    ];
    let areaSql = 'NULL::geometry';
    let label: string | null = null;
    let regions: string[] | null = null;
    if (input.kind === 'area') {
      const area = await areaOf(tx, input.area!, params);
      areaSql = area.sql;
      label = area.label || null;
      regions = area.regions;
    }
    const scenes = input.kind === 'scenes' ? await scenesOf(tx, input.sceneIds!) : [];
    params.push(label, regions);
    const [row] = await tx.query<{ id: string; empty: boolean | null }>(
      `WITH n AS (SELECT nextval(pg_get_serial_sequence('data_requests', 'id')) AS id),
            a AS (SELECT ${areaSql} AS g)
       INSERT INTO data_requests (id, code, user_id, kind, organization, project, purpose, contact_name, contact_phone, contact_email,
                                  date_from, date_to, attachment_key, attachment_name, attachment_bytes, idempotency_key, area, area_label, area_regions)
       SELECT n.id, 'SQ' || to_char(now() AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD') || lpad((n.id % 1000000)::text, 6, '0'),
              $1, $2, $3, $4, $5, $6, $7, $8, $9::date, $10::date, $11, $12, $13, $14::uuid,
              CASE WHEN a.g IS NULL OR ST_IsEmpty(a.g) THEN NULL ELSE a.g END, $${params.length - 1}, $${params.length}::text[]
         FROM n, a
        WHERE $2 = 'scenes' OR (a.g IS NOT NULL AND NOT ST_IsEmpty(a.g) AND ST_Area(a.g) > 0)
       ON CONFLICT (user_id, idempotency_key) DO NOTHING
       RETURNING id::text AS id, NULL::boolean AS empty`,
      params,
    );
    if (!row) {
      // Either the same key won a race (its application is the answer) or the area came out empty.
      const [raced] = await tx.query<{ id: string }>(
        'SELECT id::text AS id FROM data_requests WHERE user_id = $1 AND idempotency_key = $2::uuid',
        [userId, input.idempotencyKey],
      );
      if (raced) return { id: raced.id, created: false };
      throw applyError('emptyArea');
    }
    if (scenes.length) {
      await tx.query(
        `INSERT INTO data_request_items (request_id, scene_id, file_name, scene)
         SELECT $1, x.id, x.file_name, x.scene FROM jsonb_to_recordset($2::jsonb) AS x (id text, file_name text, scene jsonb)`,
        [row.id, JSON.stringify(scenes.map((s) => ({ id: s.id, file_name: s.fileName, scene: s })))],
      );
    }
    await recordStart(tx, 'request', row.id, { role: 'owner', actorId: userId });
    return { id: row.id, created: true };
  });
  return { request: (await loadRequest(db, result.id, locale, userId))!.detail, created: result.created };
}
