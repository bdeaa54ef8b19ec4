import 'server-only';
/**
 * Field photos as evidence of a verification case (issue 34.1).
 *
 * Who: a photo is added (and one's own deleted) only by a user whose verification roles reach the case and may act
 * on it at its stage — the county checker while it is being checked or was returned, i.e. whoever may submit it
 * (the machine's `submitted` move); anyone the case reaches sees the photos. A case outside every range is 404.
 *
 * What is accepted: a JPEG or PNG, judged by its bytes, of at most PHOTO_LIMITS.maxBytes, maxSide a side and
 * maxPixels in all (from its header, before anything decodes it), not a decompression bomb (decoded size out of all
 * proportion to the file), whole, and decodable (decoded off the request thread, to the size its header says). A
 * refusal is a localized message and stores nothing.
 *
 * What is kept: the original byte-for-byte in the files store with its SHA-256; a display copy (JPEG, at most
 * PHOTO_LIMITS.displaySide) with a caption drawn here from what the server knows — spot number, EXIF time,
 * position, heading and the distance to the spot's outline (PostGIS, on the geography) — never from the client; the
 * EXIF fields, the tapped position, and the flags (lib/shared/verification/photos.ts `photoFlags`).
 */
import os from 'node:os';
import path from 'node:path';
import { API_CODES } from '../../../shared/contracts/api';
import type { CasePhoto, CasePhotos } from '../../../shared/contracts/verification';
import {
  chinaTime,
  compassPoint,
  formatLonLat,
  PHOTO_LIMITS,
  PHOTO_VIEW_KINDS,
  photoFlags,
  photoTally,
  type PhotoFlag,
  type PhotoMinimums,
  type PhotoViewKind,
} from '../../../shared/verification/photos';
import { verificationMoves, type VerificationStatus, type VerificationVerdict } from '../../../shared/workflow';
import { ApiError, notFound } from '../../api/errors';
import { OffThread } from '../../compute/thread-pool';
import type { Database, Queryable } from '../../db/types';
import { answerStoredFile } from '../../files/stored-file';
import { contentDisposition } from '../../files/content-disposition';
import { isCompleteImage, sniffImage, type ImageInfo } from '../../files/image-info';
import { saveFile } from '../../files/repository';
import { getFileStore, type FileStore } from '../../files/store';
import { translateMessage } from '../../i18n';
import { rolesReaching, type VerificationActor } from '../cases';
import { captionPhoto, type CaptionJob, type CaptionResult } from './caption.mjs';
import { readPhotoExif } from './exif';

export { readPhotoExif, type PhotoExif } from './exif';

const captioner = new OffThread<CaptionJob, CaptionResult>(
  () => ({
    name: 'photo-caption',
    file: path.join(process.cwd(), 'lib/server/verification/photos/worker.mjs'),
    size: Math.min(2, os.availableParallelism()),
  }),
  (job) => captionPhoto(job),
);

/** Far above the ~1 s a 48-megapixel photo takes; a thread stuck past it is replaced. */
const CAPTION_DEADLINE_MS = 60_000;

/** Draws the display copy of `data` with `lines` as its caption, off the request thread. */
export function captionOffThread(data: Uint8Array, lines: readonly string[]): Promise<CaptionResult> {
  return captioner.run({ data, lines, maxSide: PHOTO_LIMITS.displaySide }, CAPTION_DEADLINE_MS);
}

/** Tests: stops the caption threads. */
export const stopCaptionThreads = () => captioner.reset();

type PhotoErrorKey =
  | 'photoType'
  | 'photoTooLarge'
  | 'photoDimensions'
  | 'photoBomb'
  | 'photoUnreadable'
  | 'photoCannotAdd'
  | 'photoNotYours'
  | 'photoNotFound';

const photoError = (key: PhotoErrorKey, values: Record<string, number> = {}, code: number = API_CODES.INVALID_INPUT, status = 200) =>
  new ApiError(code, `Verification.errors.${key}`, values, status);

export const photoTooLarge = () => photoError('photoTooLarge', { mb: PHOTO_LIMITS.maxBytes / 1024 / 1024 }, API_CODES.TOO_LARGE, 413);

/**
 * The checks made on the bytes before anything decodes them: type (JPEG or PNG), size, dimensions, decompression
 * bomb and completeness. Returns the header's type and size.
 */
export function checkPhotoBytes(data: Uint8Array): ImageInfo & { mime: 'image/jpeg' | 'image/png' } {
  if (data.byteLength > PHOTO_LIMITS.maxBytes) throw photoTooLarge();
  const info = sniffImage(data);
  if (!info || (info.mime !== 'image/jpeg' && info.mime !== 'image/png')) throw photoError('photoType');
  const { width, height } = info;
  const pixels = width * height;
  if (width > PHOTO_LIMITS.maxSide || height > PHOTO_LIMITS.maxSide || pixels > PHOTO_LIMITS.maxPixels) {
    throw photoError('photoDimensions', { width, height, side: PHOTO_LIMITS.maxSide, megapixels: PHOTO_LIMITS.maxPixels / 1_000_000 });
  }
  if (pixels > PHOTO_LIMITS.bombMinPixels && (pixels * 4) / Math.max(1, data.byteLength) > PHOTO_LIMITS.bombRatio) {
    throw photoError('photoBomb');
  }
  if (!isCompleteImage(data, info.mime)) throw photoError('photoUnreadable');
  return { ...info, mime: info.mime };
}

interface PhotoCaseRow {
  id: string;
  spot_no: string;
  xzqdm: string;
  status: VerificationStatus;
  verdict: VerificationVerdict | null;
  pushed_on: string;
  photo_minimums: PhotoMinimums;
  photo_distance_m: number;
}

/** The case with its batch's photo rules, and whether `actor` may add photos now (404 outside the actor's range). */
async function photoCase(db: Queryable, actor: VerificationActor, caseId: string, lock = false) {
  const [row] = await db.query<PhotoCaseRow>(
    `SELECT c.id::text AS id, c.spot_no, c.xzqdm, c.status, c.verdict, to_char(b.pushed_on, 'YYYY-MM-DD') AS pushed_on,
            b.photo_minimums, b.photo_distance_m
       FROM verification_cases c JOIN verification_batches b ON b.id = c.batch_id
      WHERE c.id = $1${lock ? ' FOR UPDATE OF c' : ''}`,
    [caseId],
  );
  if (!row) throw notFound();
  const roles = rolesReaching(actor, row.xzqdm);
  if (roles.length === 0) throw notFound();
  const canAdd = verificationMoves(row.status, roles, row.verdict).some((m) => m.to === 'submitted');
  return { row, canAdd };
}

/** Throws unless `actor` may add photos to the case now: 404 outside the actor's range, 403 at a stage not theirs. */
export async function requirePhotoAdder(db: Queryable, actor: VerificationActor, caseId: string): Promise<void> {
  const { canAdd } = await photoCase(db, actor, caseId);
  if (!canAdd) throw photoError('photoCannotAdd', {}, API_CODES.FORBIDDEN, 403);
}

/** A caption line: the label in both languages (a reviewer of either reads it), then the value. */
function captionLabel(key: string): string {
  return `${translateMessage('zh', `VerifyPhotos.caption.${key}`)} ${translateMessage('en', `VerifyPhotos.caption.${key}`)}`;
}

export interface CaptionFacts {
  spotNo: string;
  kind: PhotoViewKind;
  takenAt: Date | null;
  position: [number, number] | null;
  heading: number | null;
  distanceM: number | null;
}

/** The caption's lines, from what the server knows of the photo. */
export function captionLines(f: CaptionFacts): string[] {
  const none = captionLabel('none');
  const kind = `${translateMessage('zh', `VerifyPhotos.kinds.${f.kind}`)} ${translateMessage('en', `VerifyPhotos.kinds.${f.kind}`)}`;
  return [
    `${captionLabel('spot')}: ${f.spotNo} · ${kind}`,
    `${captionLabel('time')}: ${f.takenAt ? `${chinaTime(f.takenAt)} (UTC+8)` : none}`,
    `${captionLabel('position')}: ${f.position ? formatLonLat(f.position[0], f.position[1]) : none}`,
    `${captionLabel('heading')}: ${f.heading === null ? none : `${f.heading.toFixed(1)}° ${compassPoint(f.heading)}`}`,
    `${captionLabel('distance')}: ${f.distanceM === null ? none : `${Math.round(f.distanceM)} m`}`,
  ];
}

interface PhotoRow {
  id: string;
  case_id: string;
  view_kind: PhotoViewKind;
  uploaded_by: string | null;
  uploader: string | null;
  created_at: Date;
  taken_at: Date | null;
  lon: number | null;
  lat: number | null;
  heading: number | null;
  device_make: string | null;
  device_model: string | null;
  tapped_lon: number | null;
  tapped_lat: number | null;
  distance_m: number | null;
  tapped_gap_m: number | null;
  flags: PhotoFlag[];
  original_sha256: string;
  original_size: string;
  original_mime: string;
  original_width: number;
  original_height: number;
  display_width: number;
  display_height: number;
}

const PHOTO_COLUMNS = `p.id::text AS id, p.case_id::text AS case_id, p.view_kind, p.uploaded_by::text AS uploaded_by, u.username AS uploader,
  p.created_at, p.taken_at, ST_X(p.position) AS lon, ST_Y(p.position) AS lat, p.heading, p.device_make, p.device_model,
  ST_X(p.tapped) AS tapped_lon, ST_Y(p.tapped) AS tapped_lat, p.distance_m, p.tapped_gap_m, p.flags, p.original_sha256,
  o.size::text AS original_size, o.mime AS original_mime, o.width AS original_width, o.height AS original_height,
  d.width AS display_width, d.height AS display_height`;

const PHOTO_JOINS = `JOIN files o ON o.id = p.original_file_id JOIN files d ON d.id = p.display_file_id
  LEFT JOIN users u ON u.id = p.uploaded_by`;

const n = (v: number | null) => (v === null ? null : Number(v));

function toPhoto(r: PhotoRow, actor: VerificationActor, canAdd: boolean): CasePhoto {
  const mine = r.uploaded_by !== null && r.uploaded_by === String(actor.userId);
  const base = `/api/process-spot-bjhs/v1/process/${r.case_id}/photos/${r.id}`;
  const device = [r.device_make, r.device_model].filter(Boolean).join(' ');
  return {
    id: r.id,
    kind: r.view_kind,
    uploadedBy: r.uploader,
    mine,
    canDelete: mine && canAdd,
    createdAt: new Date(r.created_at).toISOString(),
    takenAt: r.taken_at ? new Date(r.taken_at).toISOString() : null,
    position: r.lon === null || r.lat === null ? null : [Number(r.lon), Number(r.lat)],
    heading: n(r.heading),
    device: device || null,
    tapped: r.tapped_lon === null || r.tapped_lat === null ? null : [Number(r.tapped_lon), Number(r.tapped_lat)],
    distanceM: r.distance_m === null ? null : Math.round(Number(r.distance_m) * 10) / 10,
    tappedGapM: r.tapped_gap_m === null ? null : Math.round(Number(r.tapped_gap_m) * 10) / 10,
    flags: r.flags,
    original: {
      url: `${base}/original`,
      sha256: r.original_sha256,
      bytes: Number(r.original_size),
      mime: r.original_mime,
      width: r.original_width,
      height: r.original_height,
    },
    display: { url: `${base}/display`, width: r.display_width, height: r.display_height },
  };
}

/** A case's photos, its batch's minimums against them, and whether `actor` may add more (404 outside the range). */
export async function casePhotos(db: Queryable, actor: VerificationActor, caseId: string): Promise<CasePhotos> {
  const { row, canAdd } = await photoCase(db, actor, caseId);
  const rows = await db.query<PhotoRow>(
    `SELECT ${PHOTO_COLUMNS} FROM verification_photos p ${PHOTO_JOINS} WHERE p.case_id = $1
      ORDER BY array_position($2::text[], p.view_kind), p.id`,
    [caseId, [...PHOTO_VIEW_KINDS]],
  );
  return {
    distanceM: row.photo_distance_m,
    tally: photoTally(
      row.photo_minimums,
      rows.map((r) => r.view_kind),
    ),
    canAdd,
    photos: rows.map((r) => toPhoto(r, actor, canAdd)),
  };
}

const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png' } as const;

/**
 * Adds a photo to a case for `actor` (see the module's comment for who and what). The checks come first and store
 * nothing; the files and the photo's row are then written in one transaction.
 */
export async function addCasePhoto(
  db: Database,
  actor: VerificationActor,
  caseId: string,
  data: Uint8Array,
  query: { kind: PhotoViewKind; tappedLon?: number; tappedLat?: number },
  store: FileStore = getFileStore(),
): Promise<CasePhoto> {
  const { row, canAdd } = await photoCase(db, actor, caseId);
  if (!canAdd) throw photoError('photoCannotAdd', {}, API_CODES.FORBIDDEN, 403);
  const info = checkPhotoBytes(data);
  const exif = await readPhotoExif(data);
  const tapped = query.tappedLon !== undefined && query.tappedLat !== undefined ? ([query.tappedLon, query.tappedLat] as const) : null;
  // Distances on the spheroid: to the outline (0 inside it) and between the device's position and the tapped one.
  const [measured] = await db.query<{ distance_m: number | null; gap_m: number | null }>(
    `WITH p AS (SELECT CASE WHEN $2::float8 IS NULL THEN NULL ELSE ST_SetSRID(ST_MakePoint($2::float8, $3::float8), 4326) END AS at,
                       CASE WHEN $4::float8 IS NULL THEN NULL ELSE ST_SetSRID(ST_MakePoint($4::float8, $5::float8), 4326) END AS tap)
     SELECT ST_Distance(c.geom::geography, p.at::geography) AS distance_m, ST_Distance(p.at::geography, p.tap::geography) AS gap_m
       FROM verification_cases c, p WHERE c.id = $1`,
    [caseId, exif.position?.[0] ?? null, exif.position?.[1] ?? null, tapped?.[0] ?? null, tapped?.[1] ?? null],
  );
  const distanceM = measured?.distance_m === null || measured?.distance_m === undefined ? null : Number(measured.distance_m);
  const tappedGapM = measured?.gap_m === null || measured?.gap_m === undefined ? null : Number(measured.gap_m);
  const flags = photoFlags({ distanceM, tappedGapM, takenAt: exif.takenAt, pushedOn: row.pushed_on, thresholdM: row.photo_distance_m });
  const lines = captionLines({
    spotNo: row.spot_no,
    kind: query.kind,
    takenAt: exif.takenAt,
    position: exif.position,
    heading: exif.heading,
    distanceM,
  });
  const drawn = await captionOffThread(data, lines);
  if (drawn.kind !== 'image') throw photoError('photoUnreadable');
  // The decoded size is the header's (or turned by the EXIF orientation); anything else means the header lies.
  const same = drawn.width === info.width && drawn.height === info.height;
  const turned = drawn.width === info.height && drawn.height === info.width;
  if (!same && !turned) throw photoError('photoUnreadable');

  const photoId = await db.transaction(async (tx) => {
    // The case may have moved on while the photo was drawn: it is checked again under a lock.
    const again = await photoCase(tx, actor, caseId, true);
    if (!again.canAdd) throw photoError('photoCannotAdd', {}, API_CODES.FORBIDDEN, 403);
    const stem = `${row.spot_no}-${query.kind}`;
    const original = await saveFile(tx, store, {
      data,
      name: `${stem}.${EXTENSIONS[info.mime]}`,
      mime: info.mime,
      width: drawn.width,
      height: drawn.height,
      createdBy: String(actor.userId),
    });
    const display = await saveFile(tx, store, {
      data: drawn.display.data,
      name: `${stem}-caption.jpg`,
      mime: 'image/jpeg',
      width: drawn.display.width,
      height: drawn.display.height,
      createdBy: String(actor.userId),
      variantOf: original.id,
    });
    const [inserted] = await tx.query<{ id: string }>(
      `INSERT INTO verification_photos (case_id, view_kind, uploaded_by, original_file_id, original_sha256, display_file_id, taken_at,
                                        position, heading, device_make, device_model, tapped, distance_m, tapped_gap_m, flags)
       VALUES ($1, $2, $3, $4, $5, $6, $7,
               CASE WHEN $8::float8 IS NULL THEN NULL ELSE ST_SetSRID(ST_MakePoint($8::float8, $9::float8), 4326) END,
               $10, $11, $12,
               CASE WHEN $13::float8 IS NULL THEN NULL ELSE ST_SetSRID(ST_MakePoint($13::float8, $14::float8), 4326) END,
               $15, $16, $17::text[])
       RETURNING id::text`,
      [
        caseId,
        query.kind,
        String(actor.userId),
        original.id,
        original.sha256,
        display.id,
        exif.takenAt ? exif.takenAt.toISOString() : null,
        exif.position?.[0] ?? null,
        exif.position?.[1] ?? null,
        exif.heading,
        exif.make,
        exif.model,
        tapped?.[0] ?? null,
        tapped?.[1] ?? null,
        distanceM,
        tappedGapM,
        flags,
      ],
    );
    return inserted!.id;
  });
  const [saved] = await db.query<PhotoRow>(`SELECT ${PHOTO_COLUMNS} FROM verification_photos p ${PHOTO_JOINS} WHERE p.id = $1`, [photoId]);
  return toPhoto(saved!, actor, true);
}

/** Deletes one of `actor`'s own photos of a case while they may still add photos to it. */
export async function deleteCasePhoto(
  db: Database,
  actor: VerificationActor,
  caseId: string,
  photoId: string,
): Promise<{ deleted: boolean }> {
  return db.transaction(async (tx) => {
    const { canAdd } = await photoCase(tx, actor, caseId, true);
    const [photo] = await tx.query<{ uploaded_by: string | null; original_file_id: string }>(
      `SELECT uploaded_by::text AS uploaded_by, original_file_id::text AS original_file_id FROM verification_photos WHERE id = $1 AND case_id = $2`,
      [photoId, caseId],
    );
    if (!photo) throw photoError('photoNotFound', {}, API_CODES.NOT_FOUND);
    if (photo.uploaded_by !== String(actor.userId)) throw photoError('photoNotYours', {}, API_CODES.FORBIDDEN, 403);
    if (!canAdd) throw photoError('photoCannotAdd', {}, API_CODES.FORBIDDEN, 403);
    await tx.query(`DELETE FROM verification_photos WHERE id = $1`, [photoId]);
    // The original's row goes, and its display copy with it (files.variant_of cascades). The bytes stay in the
    // content-addressed store, which other rows may share.
    await tx.query(`DELETE FROM files WHERE id = $1`, [photo.original_file_id]);
    return { deleted: true };
  });
}

/** A photo's captioned copy or original, for whoever the case reaches (404 otherwise). */
export async function casePhotoFile(
  db: Queryable,
  actor: VerificationActor,
  request: Request,
  caseId: string,
  photoId: string,
  copy: 'display' | 'original',
  store: FileStore = getFileStore(),
): Promise<Response> {
  await photoCase(db, actor, caseId);
  const [file] = await db.query<{ storage_key: string; mime: string; original_name: string }>(
    `SELECT f.storage_key, f.mime, f.original_name FROM verification_photos p
       JOIN files f ON f.id = CASE WHEN $3 = 'original' THEN p.original_file_id ELSE p.display_file_id END
      WHERE p.id = $1 AND p.case_id = $2`,
    [photoId, caseId, copy],
  );
  if (!file) throw photoError('photoNotFound', {}, API_CODES.NOT_FOUND);
  const answer = await answerStoredFile(request, store, file.storage_key, {
    'content-type': file.mime,
    'content-disposition': contentDisposition(file.original_name, copy === 'original' ? 'attachment' : 'inline'),
    // Content-addressed and only for those the case reaches.
    'cache-control': 'private, max-age=86400',
    'x-content-type-options': 'nosniff',
  });
  if (answer.kind !== 'file') throw photoError('photoNotFound', {}, API_CODES.NOT_FOUND);
  return answer.response;
}

/** The photos of a case for its PDF report: the captioned copies' bytes, view kind, flags and the original's hash. */
export async function reportPhotos(
  db: Queryable,
  caseId: string,
  store: FileStore = getFileStore(),
): Promise<{ jpeg: Uint8Array; kind: PhotoViewKind; flags: PhotoFlag[]; sha256: string }[]> {
  const rows = await db.query<{ storage_key: string; view_kind: PhotoViewKind; flags: PhotoFlag[]; sha256: string }>(
    `SELECT d.storage_key, p.view_kind, p.flags, p.original_sha256 AS sha256
       FROM verification_photos p JOIN files d ON d.id = p.display_file_id
      WHERE p.case_id = $1 ORDER BY array_position($2::text[], p.view_kind), p.id`,
    [caseId, [...PHOTO_VIEW_KINDS]],
  );
  const out: { jpeg: Uint8Array; kind: PhotoViewKind; flags: PhotoFlag[]; sha256: string }[] = [];
  for (const r of rows) {
    const object = await store.get(r.storage_key);
    if (!object) continue;
    out.push({ jpeg: new Uint8Array(await new Response(object.body).arrayBuffer()), kind: r.view_kind, flags: r.flags, sha256: r.sha256 });
  }
  return out;
}
