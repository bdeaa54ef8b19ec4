import 'server-only';
/**
 * The files of an image push batch and its delivery (issue 35.2; contracts in lib/shared/contracts/push-exports.ts):
 *
 * - `batch/exportshp`: the scenes' footprints as a zipped shapefile (lib/server/files/shapefile.ts),
 * - `exportexcel`: the scenes as an .xlsx workbook (exceljs), headers in the asked language,
 * - `exportdiffcover`: the part of the push user's regions the batch leaves uncovered, computed in PostGIS from the
 *   same geometry as `coverCalculate-v2` (batches.ts: full-resolution boundaries made valid and unioned, minus the
 *   union of the footprints), as a zipped shapefile with its geodesic km²,
 * - `batch/manifest`: the scenes (id, bounding box, size, quick-look) and a link to each file above, signed with the
 *   owned-link HMAC (lib/server/files/signed-url.ts) over the file kind, the batch and its push user, with an expiry.
 *
 * Who may: the session of the batch's push user or of an administrator — anyone else is told "not found" — or,
 * without a session, a manifest link whose signature and expiry hold (403 when altered, 410 when expired). Files hold
 * at most PUSH_EXPORT_LIMITS.maxScenes scenes, the newest first (a batch has no cap of its own: a load of many new
 * scenes cuts one batch of all of them); the `x-export-rows`/`x-export-total` headers and the manifest say so.
 */
import ExcelJS from 'exceljs';
import type { Locale } from '../../../i18n/routing';
import { API_CODES } from '../../shared/contracts/api';
import {
  PUSH_EXPORT_HEADERS,
  PUSH_EXPORT_KINDS,
  PUSH_EXPORT_LIMITS,
  PUSH_EXPORT_PATHS,
  type PushBatchManifest,
  type PushExportKind,
} from '../../shared/contracts/push-exports';
import { ApiError, notFound, unauthorized } from '../api/errors';
import { isAdministrator } from '../auth/roles';
import { quicklookPath } from '../catalogue';
import type { Queryable } from '../db/types';
import { getEnv } from '../env';
import { fileResponse } from '../files/file-response';
import { fileUrlSecret } from '../files/secret';
import { shapefileZip, type MultiPolygonGeometry, type PolygonGeometry, type ShapefileField } from '../files/shapefile';
import { checkOwnedLink, signOwnedLink } from '../files/signed-url';
import { translateMessage } from '../i18n';
import type { Session } from '../session';
import { batchUnionSql, regionAreaSql } from './batches';

interface BatchRef {
  id: string;
  user_id: string;
  username: string;
  created_at: Date;
  scene_count: number;
  region_codes: string[];
  delivered_at: Date | null;
}

async function loadBatch(db: Queryable, id: string): Promise<BatchRef | null> {
  const [row] = await db.query<BatchRef>(
    `SELECT b.id::text AS id, b.user_id::text AS user_id, u.username, b.created_at, b.scene_count, b.region_codes, b.delivered_at
       FROM push_batches b JOIN users u ON u.id = b.user_id WHERE b.id = $1::bigint`,
    [id],
  );
  return row ?? null;
}

/** The batch when the session may read it: its push user or an administrator; otherwise not found. */
async function sessionBatch(db: Queryable, session: Session | null, id: string): Promise<BatchRef> {
  if (!session) throw unauthorized();
  const batch = await loadBatch(db, id);
  if (!batch || !(isAdministrator(session) || batch.user_id === session.userId)) throw notFound();
  return batch;
}

/** The scope a file's link signs: one kind of file of one batch of one push user. */
const linkScope = (kind: PushExportKind) => `push-batch-${kind}`;

export interface ExportAccess {
  id: string;
  expires?: string;
  sig?: string;
}

/**
 * The batch a request for one of its files may have: by a manifest link (signature and expiry) when the request
 * carries one, else by the session. A link for a batch that does not exist is as invalid as an altered one.
 */
export async function exportableBatch(
  db: Queryable,
  session: Session | null,
  kind: PushExportKind,
  access: ExportAccess,
): Promise<BatchRef> {
  if (access.expires === undefined && access.sig === undefined) return sessionBatch(db, session, access.id);
  const batch = await loadBatch(db, access.id);
  const check = batch
    ? checkOwnedLink(await fileUrlSecret(db), linkScope(kind), batch.id, batch.user_id, access.expires ?? null, access.sig ?? null)
    : 'invalid';
  if (check === 'invalid' || !batch) throw new ApiError(API_CODES.FORBIDDEN, 'Push.errors.linkInvalid', {}, 403);
  if (check === 'expired') throw new ApiError(API_CODES.FORBIDDEN, 'Push.errors.linkExpired', {}, 410);
  return batch;
}

interface SceneRow {
  id: string;
  satellite: string;
  sensor: string;
  product_level: string;
  acquired_at: Date;
  cloud_pct: number | null;
  area_km2: number;
  size_mb: number | null;
  source: 'demo' | 'imported';
  quicklook_url: string | null;
  west: number;
  south: number;
  east: number;
  north: number;
  geometry?: string;
}

/** The batch's scenes still in the catalogue, newest first, at most PUSH_EXPORT_LIMITS.maxScenes. */
async function batchScenes(db: Queryable, batchId: string, withGeometry: boolean): Promise<SceneRow[]> {
  return db.query<SceneRow>(
    `SELECT s.id, s.satellite, s.sensor, s.product_level, s.acquired_at, s.cloud_pct, s.area_km2, s.size_mb, s.source, s.quicklook_url,
            ST_XMin(s.footprint) AS west, ST_YMin(s.footprint) AS south, ST_XMax(s.footprint) AS east, ST_YMax(s.footprint) AS north
            ${withGeometry ? ', ST_AsGeoJSON(s.footprint) AS geometry' : ''}
       FROM push_batch_scenes bs JOIN scenes s ON s.id = bs.scene_id WHERE bs.batch_id = $1::bigint
      ORDER BY s.acquired_at DESC, s.id DESC LIMIT $2`,
    [batchId, PUSH_EXPORT_LIMITS.maxScenes],
  );
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
const maybe = (n: number | null, digits: number) => (n === null ? null : round(n, digits));
const utcTime = (d: Date) => new Date(d).toISOString().slice(0, 19).replace('T', ' ');

type Cell = string | number | null;

/** The columns of both scene files: message key (Push.exports.columns), DBF field, Excel width, value. */
const SCENE_COLUMNS: readonly { key: string; field: ShapefileField; width: number; value: (s: SceneRow) => Cell }[] = [
  { key: 'id', field: { name: 'SCENE_ID', type: 'C', length: 200 }, width: 44, value: (s) => s.id },
  { key: 'satellite', field: { name: 'SATELLITE', type: 'C', length: 40 }, width: 12, value: (s) => s.satellite },
  { key: 'sensor', field: { name: 'SENSOR', type: 'C', length: 40 }, width: 12, value: (s) => s.sensor },
  { key: 'level', field: { name: 'LEVEL', type: 'C', length: 32 }, width: 12, value: (s) => s.product_level },
  { key: 'date', field: { name: 'ACQ_DATE', type: 'C', length: 10 }, width: 12, value: (s) => utcTime(s.acquired_at).slice(0, 10) },
  { key: 'time', field: { name: 'TIME_UTC', type: 'C', length: 19 }, width: 20, value: (s) => utcTime(s.acquired_at) },
  { key: 'cloud', field: { name: 'CLOUD_PCT', type: 'N', length: 6, decimals: 1 }, width: 10, value: (s) => maybe(s.cloud_pct, 1) },
  { key: 'area', field: { name: 'AREA_KM2', type: 'N', length: 14, decimals: 2 }, width: 12, value: (s) => round(s.area_km2, 2) },
  { key: 'size', field: { name: 'SIZE_MB', type: 'N', length: 12, decimals: 1 }, width: 10, value: (s) => maybe(s.size_mb, 1) },
];

const fileName = (lang: Locale, kind: PushExportKind | 'manifest', id: string, ext: string) =>
  `${translateMessage(lang, `Push.exports.fileNames.${kind}`, { id })}.${ext}`;

const countHeaders = (rows: number, batch: BatchRef) => ({
  [PUSH_EXPORT_HEADERS.rows]: String(rows),
  [PUSH_EXPORT_HEADERS.total]: String(batch.scene_count),
});

/** `batch/exportshp`: the footprints as a zipped shapefile. */
export async function footprintShapefile(db: Queryable, batch: BatchRef, lang: Locale): Promise<Response> {
  const scenes = await batchScenes(db, batch.id, true);
  const zip = shapefileZip({
    name: `push_batch_${batch.id}_footprints`,
    fields: SCENE_COLUMNS.map((c) => c.field),
    features: scenes.map((s) => ({
      geometry: JSON.parse(s.geometry!) as PolygonGeometry | MultiPolygonGeometry,
      properties: Object.fromEntries(SCENE_COLUMNS.map((c) => [c.field.name, c.value(s)])),
    })),
  });
  return fileResponse(zip, 'application/zip', fileName(lang, 'shp', batch.id, 'zip'), countHeaders(scenes.length, batch));
}

/** `exportexcel`: one sheet, a bold frozen header row in the language asked for, numbers as numbers, text as text. */
export async function sceneWorkbook(db: Queryable, batch: BatchRef, lang: Locale): Promise<Response> {
  const scenes = await batchScenes(db, batch.id, false);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'portal';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(translateMessage(lang, 'Push.exports.sheet', { id: batch.id }).slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = SCENE_COLUMNS.map((c) => ({
    header: translateMessage(lang, `Push.exports.columns.${c.key}`),
    key: c.key,
    width: c.width,
  }));
  sheet.getRow(1).font = { bold: true };
  for (const s of scenes) sheet.addRow(SCENE_COLUMNS.map((c) => c.value(s)));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: SCENE_COLUMNS.length } };
  const bytes = new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
  return fileResponse(
    bytes,
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName(lang, 'xlsx', batch.id, 'xlsx'),
    countHeaders(scenes.length, batch),
  );
}

/**
 * `exportdiffcover`: the push user's regions (as the batch was cut for them) minus the batch's footprints, one
 * feature with its geodesic km² — none when the batch covers them all.
 */
export async function uncoveredShapefile(db: Queryable, batch: BatchRef, lang: Locale): Promise<Response> {
  const [row] = await db.query<{ g: string | null; region_km2: number; uncovered_km2: number }>(
    `WITH a AS MATERIALIZED (${regionAreaSql('$2::text[]')}), x AS MATERIALIZED (${batchUnionSql('$1::bigint')}),
          d AS MATERIALIZED (
            SELECT a.km2, CASE WHEN a.g IS NULL OR ST_IsEmpty(a.g) THEN NULL WHEN ST_IsEmpty(x.u) THEN a.g
                               ELSE ST_Multi(ST_CollectionExtract(ST_Difference(a.g, x.u), 3)) END AS g
              FROM a CROSS JOIN x)
     SELECT CASE WHEN g IS NULL OR ST_IsEmpty(g) THEN NULL ELSE ST_AsGeoJSON(g) END AS g, coalesce(km2, 0) AS region_km2,
            CASE WHEN g IS NULL OR ST_IsEmpty(g) THEN 0 ELSE ST_Area(g::geography) / 1e6 END AS uncovered_km2
       FROM d`,
    [batch.id, batch.region_codes],
  );
  const regionKm2 = row?.region_km2 ?? 0;
  const uncoveredKm2 = Math.min(row?.uncovered_km2 ?? 0, regionKm2);
  const zip = shapefileZip({
    name: `push_batch_${batch.id}_uncovered`,
    fields: [
      { name: 'BATCH_ID', type: 'C', length: 20 },
      { name: 'REGIONS', type: 'C', length: 254 },
      { name: 'REGION_KM2', type: 'N', length: 16, decimals: 2 },
      { name: 'UNCOV_KM2', type: 'N', length: 16, decimals: 2 },
      { name: 'UNCOV_PCT', type: 'N', length: 6, decimals: 2 },
    ],
    features: row?.g
      ? [
          {
            geometry: JSON.parse(row.g) as MultiPolygonGeometry,
            properties: {
              BATCH_ID: batch.id,
              REGIONS: batch.region_codes.join(','),
              REGION_KM2: round(regionKm2, 2),
              UNCOV_KM2: round(uncoveredKm2, 2),
              UNCOV_PCT: regionKm2 > 0 ? round((100 * uncoveredKm2) / regionKm2, 2) : 0,
            },
          },
        ]
      : [],
  });
  return fileResponse(zip, 'application/zip', fileName(lang, 'diffcover', batch.id, 'zip'), {
    'x-uncovered-km2': String(round(uncoveredKm2, 2)),
  });
}

/** The file of one kind, for a request already allowed. */
export function batchExport(db: Queryable, batch: BatchRef, kind: PushExportKind, lang: Locale): Promise<Response> {
  if (kind === 'shp') return footprintShapefile(db, batch, lang);
  if (kind === 'xlsx') return sceneWorkbook(db, batch, lang);
  return uncoveredShapefile(db, batch, lang);
}

const EXPORT_MIME: Record<PushExportKind, string> = {
  shp: 'application/zip',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  diffcover: 'application/zip',
};

/**
 * Records the push user's fetch of the manifest: the batch's first delivery (delivered_at, kept), and its
 * acknowledgement — the same one the pull feed records (./delivery.ts), so a batch re-delivered on request counts as
 * received again when its manifest is fetched again. Returns when it was first delivered.
 */
async function recordDelivery(db: Queryable, batch: BatchRef, session: Session): Promise<Date | null> {
  if (batch.user_id !== session.userId) return batch.delivered_at;
  const [row] = await db.query<{ delivered_at: Date }>(
    `UPDATE push_batches SET delivered_at = coalesce(delivered_at, now()), acknowledged_at = coalesce(acknowledged_at, now())
      WHERE id = $1::bigint RETURNING delivered_at`,
    [batch.id],
  );
  return row?.delivered_at ?? null;
}

/** The manifest of a batch (its push user or an administrator), with links signed until now + linkTtlSeconds. */
export async function batchManifest(
  db: Queryable,
  session: Session | null,
  id: string,
  lang: Locale,
  now = Date.now(),
): Promise<PushBatchManifest> {
  const batch = await sessionBatch(db, session, id);
  const deliveredAt = await recordDelivery(db, batch, session!);
  const secret = await fileUrlSecret(db);
  const site = getEnv().SITE_URL.replace(/\/+$/, '');
  const expires = Math.floor(now / 1000) + PUSH_EXPORT_LIMITS.linkTtlSeconds;
  const scenes = await batchScenes(db, batch.id, false);
  return {
    type: 'push-batch-manifest',
    version: 1,
    batchId: batch.id,
    username: batch.username,
    createdAt: new Date(batch.created_at).toISOString(),
    deliveredAt: deliveredAt ? new Date(deliveredAt).toISOString() : null,
    generatedAt: new Date(now).toISOString(),
    expiresAt: new Date(expires * 1000).toISOString(),
    expires,
    sceneCount: batch.scene_count,
    truncated: batch.scene_count > PUSH_EXPORT_LIMITS.maxScenes,
    files: PUSH_EXPORT_KINDS.map((kind) => {
      const sig = signOwnedLink(secret, linkScope(kind), batch.id, batch.user_id, expires);
      const query = new URLSearchParams({ id: batch.id, lang, expires: String(expires), sig });
      return {
        kind,
        title: translateMessage(lang, `Push.exports.${kind}`),
        mime: EXPORT_MIME[kind],
        url: `${site}${PUSH_EXPORT_PATHS[kind]}?${query.toString()}`,
      };
    }),
    scenes: scenes.map((s) => ({
      id: s.id,
      satellite: s.satellite,
      sensor: s.sensor,
      productLevel: s.product_level,
      acquiredAt: new Date(s.acquired_at).toISOString(),
      bbox: [round(s.west, 6), round(s.south, 6), round(s.east, 6), round(s.north, 6)],
      sizeMb: maybe(s.size_mb, 1),
      areaKm2: round(s.area_km2, 2),
      quicklook: s.source === 'demo' ? `${site}${quicklookPath(s.id)}` : s.quicklook_url,
    })),
  };
}

/** The manifest as a JSON file to save. */
export async function manifestFile(db: Queryable, session: Session | null, id: string, lang: Locale): Promise<Response> {
  const manifest = await batchManifest(db, session, id, lang);
  return fileResponse(JSON.stringify(manifest, null, 2), 'application/json; charset=utf-8', fileName(lang, 'manifest', id, 'json'));
}
