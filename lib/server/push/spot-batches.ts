import 'server-only';
/**
 * Spot push batches (tables push_spot_batches, push_spot_batch_items; migration 0041_spot_push_batches; issue 35.3).
 * An administrator asks for a quarter and a spot type (SPOT_CUT_JOB); the job cuts, per push user whose spot grants
 * name that type, one batch of the quarter's spots inside the grants' regions (the region-code prefix rule of
 * lib/shared/regions/codes.ts): a monitoring theme's features of that quarter's theme batch, or the verification
 * cases of that quarter's verification batches. One batch per quarter, type and user (unique), so the job may run
 * twice and a re-cut adds only batches for users granted since. Each batch keeps what it delivered (the demo data is
 * regenerated); its items link to the live spot or case while it exists — the verification case's link is how part 1
 * of verification shows which push batch brought it (caseArrivals).
 *
 * Reads: the owner their own, administrators all, anyone else "not found". The owner's fetch of the spots (vector or
 * Excel) is the delivery: fetched_at set once, fetch_count counted.
 */
import ExcelJS from 'exceljs';
import type { Locale } from '../../../i18n/routing';
import { API_CODES } from '../../shared/contracts/api';
import { SPOT_TYPES, type SpotType } from '../../shared/contracts/push';
import {
  SPOT_BATCH_LIMITS,
  type SpotBatchFeature,
  type SpotBatchPage,
  type SpotBatchPageV2,
  type SpotBatchPageV3,
  type SpotBatchSummary,
  type SpotBatchSummaryV3,
  type SpotBatchVector,
} from '../../shared/contracts/spot-batches';
import { regionPrefix } from '../../shared/regions/codes';
import { themeById, type ThemeId } from '../../shared/themes';
import { ApiError, notFound } from '../api/errors';
import { isAdministrator } from '../auth/roles';
import type { Queryable, SqlParam } from '../db/types';
import { contentDisposition } from '../files/content-disposition';
import { translateMessage } from '../i18n';
import { enqueueJob } from '../jobs/enqueue';
import { nameSql } from '../regions/names';
import type { Session } from '../session';

/** Cuts a quarter's spot batches of one spot type (payload `{ quarter, spotType, by }`, `by` the administrator or null). */
export const SPOT_CUT_JOB = 'push.cut_spot_batches';

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const ha = (m2: number) => round(m2 / 10_000, 2);

export const isSpotType = (value: string): value is SpotType => (SPOT_TYPES as readonly string[]).includes(value);

/** The dictionaries naming a spot type's kinds and stages (theme declarations; verification's own). */
function dictionariesOf(spotType: SpotType): { kinds: string; stages: string } {
  if (spotType === 'verification') return { kinds: 'SPOT_META_TYPE', stages: 'VERIFY_STAGE' };
  const theme = themeById(spotType as ThemeId);
  return { kinds: theme.kinds.dictionary, stages: theme.stages.dictionary };
}

/**
 * The quarter's spots of a type inside region prefixes (`$1` quarter, `$2` LIKE patterns, `$4` the type), as the
 * items' columns: ref, spot_id, case_id, label, xzqdm, kind, stage, area_m2, detected_on, geom, center.
 */
function sourceSql(spotType: SpotType): string {
  if (spotType === 'verification')
    return `SELECT c.id::text AS ref, NULL::bigint AS spot_id, c.id AS case_id, c.spot_no AS label, c.xzqdm, c.change_type AS kind,
                   c.status AS stage, c.area_m2, coalesce(c.after_date, vb.pushed_on) AS detected_on, c.geom, c.center
              FROM verification_cases c JOIN verification_batches vb ON vb.id = c.batch_id
             WHERE vb.quarter = $1 AND c.xzqdm LIKE ANY ($2::text[]) AND $4::text = 'verification'`;
  return `SELECT s.id::text AS ref, s.id AS spot_id, NULL::bigint AS case_id, s.filename AS label, s.xzqdm, s.tblx AS kind,
                 s.stage, s.area_m2, s.detected_on, s.geom, s.center
            FROM spots s JOIN spot_batches b ON b.id = s.batch_id
           WHERE s.theme = $4::text AND b.theme = $4::text AND b.quarter = $1 AND s.xzqdm LIKE ANY ($2::text[])`;
}

/**
 * Cuts the quarter's batches of a spot type: for every push user with a grant of that type and no batch yet, the
 * quarter's spots inside their grants' regions (none: no batch). Returns how many batches were new.
 */
export async function cutSpotBatches(
  tx: Queryable,
  quarter: string,
  spotType: SpotType,
  options: { by?: string | null; demo?: boolean } = {},
): Promise<number> {
  const users = await tx.query<{ user_id: string; codes: string[] }>(
    `SELECT g.user_id::text AS user_id, array_agg(DISTINCT c ORDER BY c) AS codes
       FROM push_spot_grants g JOIN push_users p ON p.user_id = g.user_id CROSS JOIN unnest(g.region_codes) AS c
      WHERE g.spot_type = $2
        AND NOT EXISTS (SELECT 1 FROM push_spot_batches b WHERE b.quarter = $1 AND b.spot_type = $2 AND b.user_id = g.user_id)
      GROUP BY g.user_id ORDER BY g.user_id`,
    [quarter, spotType],
  );
  const source = sourceSql(spotType);
  let cut = 0;
  for (const user of users) {
    const patterns = [...new Set(user.codes.map((c) => `${regionPrefix(c)}%`))];
    const [batch] = await tx.query<{ id: string }>(
      `WITH picked AS MATERIALIZED (${source}),
       batch AS (
         INSERT INTO push_spot_batches (user_id, quarter, spot_type, region_codes, spot_count, area_m2, cut_by, demo)
         SELECT $3::bigint, $1, $4, $5::text[], count(*), coalesce(sum(p.area_m2), 0), $6::bigint, $7::boolean FROM picked p HAVING count(*) > 0
         ON CONFLICT (quarter, spot_type, user_id) DO NOTHING
         RETURNING id
       ), kept AS (
         INSERT INTO push_spot_batch_items (batch_id, ref, spot_id, case_id, label, xzqdm, kind, stage, area_m2, detected_on, geom, center)
         SELECT b.id, p.ref, p.spot_id, p.case_id, p.label, p.xzqdm, p.kind, p.stage, p.area_m2, p.detected_on, p.geom, p.center
           FROM batch b CROSS JOIN picked p
       )
       SELECT id::text AS id FROM batch`,
      [quarter, patterns, user.user_id, spotType, user.codes, options.by ?? null, options.demo ?? false],
    );
    if (batch) cut++;
  }
  return cut;
}

/**
 * Queues the cut for an administrator: when the same quarter and type is already waiting to run, that job is the
 * answer (the cut is idempotent either way).
 */
export async function queueSpotCut(
  db: Queryable,
  input: { quarter: string; spotType: SpotType },
  by: string,
  locale: Locale,
): Promise<{ jobId: string; alreadyQueued: boolean; quarter: string; spotType: SpotType; spotTypeName: string }> {
  const body = { ...input, spotTypeName: translateMessage(locale, `Push.spotTypes.${input.spotType}`) };
  const [waiting] = await db.query<{ id: string }>(
    `SELECT id::text AS id FROM jobs
      WHERE kind = $1 AND done_at IS NULL AND failed_at IS NULL AND payload->>'quarter' = $2 AND payload->>'spotType' = $3
      ORDER BY id LIMIT 1`,
    [SPOT_CUT_JOB, input.quarter, input.spotType],
  );
  if (waiting) return { jobId: waiting.id, alreadyQueued: true, ...body };
  const id = await enqueueJob(db, { kind: SPOT_CUT_JOB, payload: { quarter: input.quarter, spotType: input.spotType, by } });
  return { jobId: String(id), alreadyQueued: false, ...body };
}

// ── Reading ───────────────────────────────────────────────────────────────────────────────────────

interface BatchRow {
  id: string;
  user_id: string;
  username: string;
  quarter: string;
  spot_type: SpotType;
  created_at: Date;
  spot_count: number;
  area_m2: number;
  region_codes: string[];
  fetched_at: Date | null;
  fetch_count: number;
}

const BATCH_COLUMNS = `b.id::text AS id, b.user_id::text AS user_id, u.username, b.quarter, b.spot_type, b.created_at, b.spot_count,
  b.area_m2, b.region_codes, b.fetched_at, b.fetch_count`;
const BATCH_FROM = `push_spot_batches b JOIN users u ON u.id = b.user_id`;

async function regionNames(db: Queryable, codes: readonly string[], locale: Locale): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db.query<{ code: string; name: string }>(
    `SELECT c.code, coalesce(${nameSql(locale, 'r')}, c.code) AS name FROM unnest($1::text[]) AS c(code) LEFT JOIN regions r ON r.code = c.code`,
    [[...new Set(codes)]],
  );
  return new Map(rows.map((r) => [r.code, r.name]));
}

function toSummary(r: BatchRow, names: Map<string, string>, locale: Locale): SpotBatchSummary {
  return {
    id: r.id,
    userId: r.user_id,
    username: r.username,
    quarter: r.quarter,
    spotType: r.spot_type,
    spotTypeName: translateMessage(locale, `Push.spotTypes.${r.spot_type}`),
    createdAt: new Date(r.created_at).toISOString(),
    spotCount: r.spot_count,
    areaHa: ha(r.area_m2),
    regions: r.region_codes.map((code) => ({ code, name: names.get(code) ?? code })),
    fetchedAt: r.fetched_at ? new Date(r.fetched_at).toISOString() : null,
    fetchCount: r.fetch_count,
  };
}

export interface SpotBatchListQuery {
  pageNum: number;
  pageSize: number;
  quarter?: string;
  spotType?: SpotType;
  userId?: string;
  delivery?: 'fetched' | 'pending';
}

/**
 * A page of spot batches: `own` the session's, `manager` everyone's (the route admits administrators only). `detail`
 * 1 (figures), 2 (+ counts per kind) or 3 (+ counts per city); the v1 and v2 answers are this one's fields cut down.
 */
export async function listSpotBatches(
  db: Queryable,
  session: Session,
  scope: 'own' | 'manager',
  query: SpotBatchListQuery,
  locale: Locale,
  detail: 1 | 2 | 3,
): Promise<SpotBatchPageV3> {
  const params: SqlParam[] = [];
  const where: string[] = [];
  const owner = scope === 'own' ? session.userId : query.userId;
  if (scope === 'manager' && !isAdministrator(session)) throw notFound();
  if (owner) where.push(`b.user_id = $${params.push(owner)}::bigint`);
  if (query.quarter) where.push(`b.quarter = $${params.push(query.quarter)}`);
  if (query.spotType) where.push(`b.spot_type = $${params.push(query.spotType)}`);
  if (scope === 'manager' && query.delivery) where.push(query.delivery === 'fetched' ? 'b.fetched_at IS NOT NULL' : 'b.fetched_at IS NULL');
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM push_spot_batches b ${whereSql}`, params);
  params.push(query.pageSize, (query.pageNum - 1) * query.pageSize);
  const rows = await db.query<BatchRow>(
    `SELECT ${BATCH_COLUMNS} FROM ${BATCH_FROM} ${whereSql}
      ORDER BY b.created_at DESC, b.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  const names = await regionNames(
    db,
    rows.flatMap((r) => r.region_codes),
    locale,
  );
  const kinds = detail >= 2 ? await kindCounts(db, rows, locale) : new Map<string, SpotBatchSummaryV3['kindCounts']>();
  const regions = detail >= 3 ? await regionCounts(db, rows, locale) : new Map<string, SpotBatchSummaryV3['regionCounts']>();
  return {
    list: rows.map((r) => ({ ...toSummary(r, names, locale), kindCounts: kinds.get(r.id) ?? [], regionCounts: regions.get(r.id) ?? [] })),
    total: count?.n ?? 0,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

/** Cuts a v3 page down to v1's or v2's fields (zod would strip them too; the answer says what it means). */
export function pageForVersion(page: SpotBatchPageV3, version: 1): SpotBatchPage;
export function pageForVersion(page: SpotBatchPageV3, version: 2): SpotBatchPageV2;
export function pageForVersion(page: SpotBatchPageV3, version: 3): SpotBatchPageV3;
export function pageForVersion(page: SpotBatchPageV3, version: 1 | 2 | 3): SpotBatchPage | SpotBatchPageV2 | SpotBatchPageV3 {
  if (version === 3) return page;
  return {
    ...page,
    list: page.list.map(({ kindCounts, regionCounts: _regions, ...rest }) => (version === 2 ? { ...rest, kindCounts } : rest)),
  };
}

async function kindCounts(db: Queryable, rows: readonly BatchRow[], locale: Locale) {
  const out = new Map<string, SpotBatchSummaryV3['kindCounts']>();
  if (rows.length === 0) return out;
  const dictionaries = rows.map((r) => dictionariesOf(r.spot_type).kinds);
  const counts = await db.query<{ batch_id: string; kind: string; name: string | null; n: number; a: number }>(
    `SELECT i.batch_id::text AS batch_id, i.kind, min(${locale === 'en' ? 'coalesce(d.name_en, d.name_zh)' : 'd.name_zh'}) AS name,
            count(*)::int AS n, coalesce(sum(i.area_m2), 0)::float8 AS a
       FROM push_spot_batch_items i
       JOIN unnest($1::bigint[], $2::text[]) AS x(batch_id, dict) ON x.batch_id = i.batch_id
       LEFT JOIN dictionary_items d ON d.code = x.dict AND d.item_value = i.kind
      GROUP BY i.batch_id, i.kind ORDER BY i.batch_id, n DESC, i.kind`,
    [rows.map((r) => r.id), dictionaries],
  );
  for (const c of counts) {
    const list = out.get(c.batch_id) ?? [];
    list.push({ kind: c.kind, name: c.name ?? c.kind, count: c.n, areaHa: ha(c.a) });
    out.set(c.batch_id, list);
  }
  return out;
}

async function regionCounts(db: Queryable, rows: readonly BatchRow[], locale: Locale) {
  const out = new Map<string, SpotBatchSummaryV3['regionCounts']>();
  if (rows.length === 0) return out;
  const counts = await db.query<{ batch_id: string; code: string; name: string | null; n: number; a: number }>(
    `WITH c AS (
       SELECT i.batch_id, left(i.xzqdm, 4) || '00' AS code, count(*)::int AS n, coalesce(sum(i.area_m2), 0)::float8 AS a
         FROM push_spot_batch_items i WHERE i.batch_id = ANY ($1::bigint[]) GROUP BY 1, 2
     )
     SELECT c.batch_id::text AS batch_id, c.code, ${nameSql(locale, 'r')} AS name, c.n, c.a
       FROM c LEFT JOIN regions r ON r.code = c.code ORDER BY c.batch_id, c.n DESC, c.code`,
    [rows.map((r) => r.id)],
  );
  for (const c of counts) {
    const list = out.get(c.batch_id) ?? [];
    if (list.length < SPOT_BATCH_LIMITS.maxRegionRows) list.push({ code: c.code, name: c.name ?? c.code, count: c.n, areaHa: ha(c.a) });
    out.set(c.batch_id, list);
  }
  return out;
}

/** The batch when the session may read it (administrators any, others their own); otherwise not found. */
async function readableBatch(db: Queryable, session: Session, id: string): Promise<BatchRow> {
  const [row] = await db.query<BatchRow>(`SELECT ${BATCH_COLUMNS} FROM ${BATCH_FROM} WHERE b.id = $1::bigint`, [id]);
  if (!row || !(isAdministrator(session) || row.user_id === session.userId)) throw notFound();
  return row;
}

/** The owner has fetched the batch's spots: delivered (an administrator looking does not count). */
async function noteFetch(db: Queryable, session: Session, batch: BatchRow): Promise<BatchRow> {
  if (batch.user_id !== session.userId) return batch;
  const [row] = await db.query<{ fetched_at: Date; fetch_count: number }>(
    `UPDATE push_spot_batches SET fetched_at = coalesce(fetched_at, now()), fetch_count = fetch_count + 1
      WHERE id = $1::bigint RETURNING fetched_at, fetch_count`,
    [batch.id],
  );
  return row ? { ...batch, fetched_at: row.fetched_at, fetch_count: row.fetch_count } : batch;
}

interface ItemRow {
  ref: string;
  label: string;
  xzqdm: string;
  region_name: string | null;
  kind: string;
  kind_name: string | null;
  stage: string;
  stage_name: string | null;
  area_m2: number;
  detected_on: string | null;
  lon: number;
  lat: number;
}

function itemsSql(locale: Locale, withGeometry: boolean): string {
  const dict = (alias: string) => (locale === 'en' ? `coalesce(${alias}.name_en, ${alias}.name_zh)` : `${alias}.name_zh`);
  return `SELECT i.ref, i.label, i.xzqdm, ${nameSql(locale, 'r')} AS region_name, i.kind, ${dict('dk')} AS kind_name, i.stage,
            ${dict('ds')} AS stage_name, round(i.area_m2::numeric, 2)::float8 AS area_m2, to_char(i.detected_on, 'YYYY-MM-DD') AS detected_on,
            round(ST_X(i.center)::numeric, 6)::float8 AS lon, round(ST_Y(i.center)::numeric, 6)::float8 AS lat
            ${withGeometry ? ', ST_AsGeoJSON(i.geom, 6) AS g' : ''}
       FROM push_spot_batch_items i
       LEFT JOIN regions r ON r.code = i.xzqdm
       LEFT JOIN dictionary_items dk ON dk.code = $2 AND dk.item_value = i.kind
       LEFT JOIN dictionary_items ds ON ds.code = $3 AND ds.item_value = i.stage
      WHERE i.batch_id = $1::bigint
      ORDER BY i.xzqdm, i.ref
      LIMIT $4`;
}

/** `vector`: the batch's spots as GeoJSON (at most SPOT_BATCH_LIMITS.maxVectorFeatures), by county then id. */
export async function spotBatchVector(db: Queryable, session: Session, id: string, locale: Locale): Promise<SpotBatchVector> {
  const batch = await noteFetch(db, session, await readableBatch(db, session, id));
  const dict = dictionariesOf(batch.spot_type);
  const rows = await db.query<ItemRow & { g: string }>(itemsSql(locale, true), [
    batch.id,
    dict.kinds,
    dict.stages,
    SPOT_BATCH_LIMITS.maxVectorFeatures,
  ]);
  const names = await regionNames(db, batch.region_codes, locale);
  return {
    type: 'FeatureCollection',
    batch: toSummary(batch, names, locale),
    features: rows.map((r): SpotBatchFeature => ({
      type: 'Feature',
      id: r.ref,
      properties: {
        label: r.label,
        xzqdm: r.xzqdm,
        regionName: r.region_name ?? r.xzqdm,
        kind: r.kind,
        kindName: r.kind_name ?? r.kind,
        stage: r.stage_name ?? r.stage,
        areaM2: r.area_m2,
        detectedOn: r.detected_on,
        lon: r.lon,
        lat: r.lat,
      },
      geometry: JSON.parse(r.g) as SpotBatchFeature['geometry'],
    })),
    total: batch.spot_count,
    truncated: batch.spot_count > rows.length,
  };
}

/** The Excel columns (keys are the message keys of the header row). */
export const SPOT_EXPORT_COLUMNS = [
  { key: 'id', width: 12 },
  { key: 'label', width: 32 },
  { key: 'xzqdm', width: 10 },
  { key: 'region', width: 18 },
  { key: 'kind', width: 10 },
  { key: 'kindName', width: 18 },
  { key: 'stage', width: 16 },
  { key: 'areaM2', width: 14 },
  { key: 'detectedOn', width: 12 },
  { key: 'lon', width: 12 },
  { key: 'lat', width: 12 },
] as const;

/** `spotbatch_v3/exportexcel`: the batch's spots as an .xlsx (every spot; a batch beyond the export limit is refused). */
export async function spotBatchWorkbook(db: Queryable, session: Session, id: string, lang: Locale): Promise<Response> {
  const found = await readableBatch(db, session, id);
  if (found.spot_count > SPOT_BATCH_LIMITS.maxExportRows)
    throw new ApiError(API_CODES.TOO_LARGE, 'Push.spotBatches.errors.tooLarge', { max: SPOT_BATCH_LIMITS.maxExportRows }, 413);
  const batch = await noteFetch(db, session, found);
  const dict = dictionariesOf(batch.spot_type);
  const rows = await db.query<ItemRow>(itemsSql(lang, false), [batch.id, dict.kinds, dict.stages, SPOT_BATCH_LIMITS.maxExportRows]);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'portal';
  workbook.created = new Date();
  const typeName = translateMessage(lang, `Push.spotTypes.${batch.spot_type}`);
  const sheet = workbook.addWorksheet(`${batch.quarter} ${typeName}`.replace(/[*?:\\/[\]]/g, ' ').slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = SPOT_EXPORT_COLUMNS.map((c) => ({
    header: translateMessage(lang, `Push.spotBatches.columns.${c.key}`),
    key: c.key,
    width: c.width,
  }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows)
    sheet.addRow([
      r.ref,
      r.label,
      r.xzqdm,
      r.region_name ?? r.xzqdm,
      r.kind,
      r.kind_name ?? r.kind,
      r.stage_name ?? r.stage,
      r.area_m2,
      r.detected_on,
      r.lon,
      r.lat,
    ]);
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: SPOT_EXPORT_COLUMNS.length } };
  const buffer = new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
  return new Response(buffer, {
    status: 200,
    headers: {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-length': String(buffer.byteLength),
      'content-disposition': contentDisposition(`spot-batch-${batch.id}-${batch.quarter}-${batch.spot_type}.xlsx`),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

/** The spot push batches that brought a verification case (part 1 of verification shows them), oldest first. */
export async function caseArrivals(db: Queryable, caseId: string): Promise<Array<{ batchId: string; quarter: string; createdAt: string }>> {
  const rows = await db.query<{ id: string; quarter: string; created_at: Date }>(
    `SELECT b.id::text AS id, b.quarter, b.created_at FROM push_spot_batch_items i JOIN push_spot_batches b ON b.id = i.batch_id
      WHERE i.case_id = $1::bigint ORDER BY b.created_at, b.id LIMIT 20`,
    [caseId],
  );
  return rows.map((r) => ({ batchId: r.id, quarter: r.quarter, createdAt: new Date(r.created_at).toISOString() }));
}
