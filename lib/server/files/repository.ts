import 'server-only';
/** The files table: one row per stored file, with its download count. All SQL of stored files. */
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/types';
import { contentKey, type FileStore } from './file-store';

export interface FileRecord {
  id: string;
  storageKey: string;
  originalName: string;
  mime: string;
  size: number;
  sha256: string;
  width: number | null;
  height: number | null;
  /** A smaller copy of this file (variants.ts), or null for an original. */
  variantOf: string | null;
  downloadCount: number;
  createdAt: string;
}

interface FileRow {
  id: string;
  storage_key: string;
  original_name: string;
  mime: string;
  size: string;
  sha256: string;
  width: number | null;
  height: number | null;
  variant_of: string | null;
  download_count: string;
  created_at: Date;
}

const COLUMNS = `id::text AS id, storage_key, original_name, mime, size::text AS size, sha256, width, height,
  variant_of::text AS variant_of, download_count::text AS download_count, created_at`;

function toRecord(row: FileRow): FileRecord {
  return {
    id: row.id,
    storageKey: row.storage_key,
    originalName: row.original_name,
    mime: row.mime,
    size: Number(row.size),
    sha256: row.sha256,
    width: row.width,
    height: row.height,
    variantOf: row.variant_of,
    downloadCount: Number(row.download_count),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export async function findFile(db: Queryable, id: string): Promise<FileRecord | null> {
  if (!/^[1-9]\d{0,17}$/.test(id)) return null;
  const [row] = await db.query<FileRow>(`SELECT ${COLUMNS} FROM files WHERE id = $1`, [id]);
  return row ? toRecord(row) : null;
}

/** Counts one download in the database (atomic: concurrent downloads never lose a count). */
export async function countDownload(db: Queryable, id: string): Promise<number | null> {
  const [row] = await db.query<{ n: string }>(
    'UPDATE files SET download_count = download_count + 1 WHERE id = $1 RETURNING download_count::text AS n',
    [id],
  );
  return row ? Number(row.n) : null;
}

export interface NewFile {
  data: Uint8Array;
  name: string;
  mime: string;
  width?: number | null;
  height?: number | null;
  createdBy?: string | null;
  /** The file this is a smaller copy of (variants.ts). */
  variantOf?: string | null;
}

export const sha256Of = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** Writes the bytes to the store (once per content) and records a file row for them. */
export async function saveFile(db: Queryable, store: FileStore, file: NewFile): Promise<FileRecord> {
  const sha256 = sha256Of(file.data);
  const key = contentKey(sha256);
  if (!(await store.exists(key))) await store.put(key, file.data, file.mime);
  const [row] = await db.query<FileRow>(
    `INSERT INTO files (storage_key, original_name, mime, size, sha256, width, height, created_by, variant_of)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
    [
      key,
      file.name,
      file.mime,
      file.data.byteLength,
      sha256,
      file.width ?? null,
      file.height ?? null,
      file.createdBy ?? null,
      file.variantOf ?? null,
    ],
  );
  return toRecord(row!);
}

/**
 * A file row for exactly these bytes under this name, reusing an existing one (seeding runs on every
 * start). The bytes are written again when the store lost them (a new disk, another bucket).
 */
export async function ensureFile(db: Queryable, store: FileStore, file: NewFile): Promise<FileRecord> {
  const sha256 = sha256Of(file.data);
  const [row] = await db.query<FileRow>(
    `SELECT ${COLUMNS} FROM files WHERE sha256 = $1 AND original_name = $2 AND mime = $3 AND variant_of IS NULL ORDER BY id LIMIT 1`,
    [sha256, file.name, file.mime],
  );
  if (!row) return saveFile(db, store, file);
  if (!(await store.exists(row.storage_key))) await store.put(row.storage_key, file.data, file.mime);
  return toRecord(row);
}
