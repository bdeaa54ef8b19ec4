import 'server-only';
/**
 * Smaller copies of stored images, for `srcset` (issue 32.5): a news list shows its covers 176–350 CSS pixels
 * wide, and its largest paint was the 960 px original. A variant is a file row of its own (`files.variant_of`
 * names the original, migration 0033), its bytes content-addressed in the same store, so it is signed, served and
 * cached like the original.
 *
 * Decoding and resizing run on worker threads (./resize/worker.mjs, lib/server/compute/thread-pool.ts): a 4096 px
 * upload takes a few hundred milliseconds of Skia work that must not hold the request thread. Where threads cannot
 * start, the work runs inline.
 */
import os from 'node:os';
import path from 'node:path';
import { OffThread } from '../compute/thread-pool';
import type { Queryable } from '../db/types';
import type { FileStore } from './file-store';
import { saveFile, type FileRecord } from './repository';
import { resizeImage, type ResizeJob, type ResizeResult, type Variant } from './resize/resize.mjs';

export type { ResizeResult, Variant };

const resizer = new OffThread<ResizeJob, ResizeResult>(
  () => ({
    name: 'resize',
    file: path.join(process.cwd(), 'lib/server/files/resize/worker.mjs'),
    // Uploads are rare and seeding resizes a few dozen covers: two threads are plenty.
    size: Math.min(2, os.availableParallelism()),
  }),
  (job) => resizeImage(job),
);

/** Far above the ~0.5 s a 4096 px image takes; a thread stuck past it is replaced (the caller gets JobTimeout). */
const RESIZE_DEADLINE_MS = 60_000;

/**
 * Decodes the image (PNG, JPEG or WebP) off the request thread and draws a WebP copy at each of `widths` narrower
 * than it. `unreadable` when the bytes do not decode. The bytes are copied to the thread, not taken.
 */
export function resizeStoredImage(data: Uint8Array, widths: readonly number[]): Promise<ResizeResult> {
  return resizer.run({ data, widths }, RESIZE_DEADLINE_MS);
}

/** Stores the copies beside the original (`<name>-<width>w.webp`) and records them as its variants. */
export async function saveVariants(
  db: Queryable,
  store: FileStore,
  original: FileRecord,
  variants: readonly Variant[],
): Promise<FileRecord[]> {
  const stem = original.originalName.replace(/\.[^.]*$/, '') || 'image';
  const saved: FileRecord[] = [];
  for (const v of variants) {
    saved.push(
      await saveFile(db, store, {
        data: v.data,
        name: `${stem}-${v.width}w.webp`,
        mime: 'image/webp',
        width: v.width,
        height: v.height,
        createdBy: null,
        variantOf: original.id,
      }),
    );
  }
  return saved;
}

/** The widths `original` has variants at. */
async function variantWidths(db: Queryable, originalId: string): Promise<number[]> {
  const rows = await db.query<{ width: number }>('SELECT width FROM files WHERE variant_of = $1 AND width IS NOT NULL ORDER BY width', [
    originalId,
  ]);
  return rows.map((r) => r.width);
}

async function readAll(store: FileStore, key: string): Promise<Uint8Array | null> {
  const object = await store.get(key);
  if (!object) return null;
  return new Uint8Array(await new Response(object.body).arrayBuffer());
}

/**
 * Adds the variants `original` lacks among `widths` (images stored before variants existed); `data` spares reading
 * the bytes back from the store. Returns how many were added; 0 also when the bytes are gone or do not decode.
 */
export async function addMissingVariants(
  db: Queryable,
  store: FileStore,
  original: FileRecord,
  widths: readonly number[],
  data?: Uint8Array,
): Promise<number> {
  const have = new Set(await variantWidths(db, original.id));
  const wanted = widths.filter((w) => !have.has(w) && (original.width === null || w < original.width));
  if (wanted.length === 0) return 0;
  const bytes = data ?? (await readAll(store, original.storageKey));
  if (!bytes) return 0;
  const result = await resizeStoredImage(bytes, wanted);
  if (result.kind !== 'image') return 0;
  return (await saveVariants(db, store, original, result.variants)).length;
}

/** Tests: stops the resize threads. */
export const stopResizeThreads = () => resizer.reset();
