import 'server-only';
/**
 * Reading a zip (a zipped shapefile, a KMZ) without trusting it: the central directory's declared sizes
 * are checked against the limits first, then every member is inflated in small slices while the bytes
 * it really produces are counted, so a zip bomb (tiny declared sizes, huge output) is stopped after at
 * most one slice beyond the limit, and a member that inflates to other than its declared size is refused.
 */
import { Inflate } from 'fflate';
import { AREA_UPLOAD_LIMITS } from '../../../shared/contracts/uploads';
import { refuse } from './refusal';

export interface ZipEntry {
  /** Path inside the zip, `/`-separated. */
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  flags: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** Compressed bytes pushed per inflate step: deflate expands at most ~1032×, so ≤ 16 MB per step. */
const SLICE = 16 * 1024;

/** The members the central directory lists; refuses anything that is not a plain, unencrypted zip. */
export function zipEntries(zip: Uint8Array): ZipEntry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65_535); i--) {
    if (view.getUint32(i, true) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return refuse('unreadable');
  const count = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || view.getUint32(at, true) !== CENTRAL) return refuse('unreadable');
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localOffset = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength));
    // ZIP64 markers: sizes beyond 4 GB are far beyond the limit anyway.
    if (size === 0xffffffff || compressedSize === 0xffffffff) return refuse('zipBomb');
    entries.push({ name, method, compressedSize, size, localOffset, flags });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The extension of a member name, lower case with its dot (`.shp`), or ''. */
export const extensionOf = (name: string): string => {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot).toLowerCase();
};

/** Members that are not folders or macOS resource forks. */
export const realEntries = (entries: readonly ZipEntry[]) =>
  entries.filter((e) => !e.name.endsWith('/') && !e.name.startsWith('__MACOSX/') && !e.name.split('/').pop()!.startsWith('._'));

/** Refuses a zip whose declared sizes already exceed the limit. */
export function checkDeclaredSizes(entries: readonly ZipEntry[], limit: number = AREA_UPLOAD_LIMITS.maxUncompressedBytes): void {
  const total = entries.reduce((sum, e) => sum + e.size, 0);
  if (total > limit) refuse('zipBomb');
}

/**
 * Inflates the chosen members; `budget` is the number of bytes all of them together may produce.
 * Refuses on the first byte beyond the budget or beyond a member's declared size.
 */
export function inflateEntries(zip: Uint8Array, entries: readonly ZipEntry[], budget: number = AREA_UPLOAD_LIMITS.maxUncompressedBytes): Uint8Array[] {
  let left = budget;
  return entries.map((entry) => {
    if (entry.flags & 1) refuse('unreadable'); // encrypted
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    const at = entry.localOffset;
    if (at + 30 > zip.length || view.getUint32(at, true) !== LOCAL) return refuse('unreadable');
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    const end = start + entry.compressedSize;
    if (end > zip.length) return refuse('unreadable');
    const data = zip.subarray(start, end);
    if (entry.method === 0) {
      if (entry.size !== entry.compressedSize) refuse('unreadable');
      left -= data.length;
      if (left < 0) refuse('zipBomb');
      return data;
    }
    if (entry.method !== 8) return refuse('unreadable');
    const out = new Uint8Array(entry.size);
    let written = 0;
    let done = false;
    const inflate = new Inflate((chunk, final) => {
      if (written + chunk.length > entry.size || chunk.length > left) refuse('zipBomb');
      out.set(chunk, written);
      written += chunk.length;
      left -= chunk.length;
      if (final) done = true;
    });
    try {
      for (let i = 0; i < data.length; i += SLICE) inflate.push(data.subarray(i, i + SLICE), i + SLICE >= data.length);
      if (data.length === 0) inflate.push(new Uint8Array(0), true);
    } catch (error) {
      if (error instanceof Error && error.name === 'UploadRefused') throw error;
      return refuse('unreadable');
    }
    if (!done || written !== entry.size) refuse('unreadable');
    return out;
  });
}
