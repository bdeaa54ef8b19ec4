import 'server-only';
/**
 * Uploaded areas of the image query (SHP mode, spec §4/§7 `normalmeta/upload/shp`): see
 * lib/shared/contracts/uploads.ts for the formats, coordinate systems and limits.
 */
import { AREA_UPLOAD_LIMITS, type UploadedArea } from '../../../../shared/contracts/uploads';
import type { Database } from '../../../db/types';
import { readAreaFile } from './read';
import { refuse } from './refusal';
import { storeArea } from './store';

export { getUploadedArea } from './store';
export { UploadRefused, type Refusal } from './refusal';

/** Reads a request body up to `max` bytes; a larger one is refused without reading it all. */
async function readBodyLimited(request: Request, max: number): Promise<Uint8Array<ArrayBuffer>> {
  if (Number(request.headers.get('content-length') ?? '0') > max) refuse('tooLarge');
  if (!request.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      refuse('tooLarge');
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** The file of a multipart upload (field `file`). */
export async function uploadedFile(request: Request, maxBodyBytes: number): Promise<{ name: string; bytes: Uint8Array }> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data;/i.test(contentType)) return refuse('noFile');
  const body = await readBodyLimited(request, maxBodyBytes);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    return refuse('noFile');
  }
  const file = form.get('file');
  if (!file || typeof file === 'string') return refuse('noFile');
  if (file.size > AREA_UPLOAD_LIMITS.maxFileBytes) refuse('tooLarge');
  return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/** Reads, checks, dissolves and stores an uploaded area; nothing is stored when it is refused. */
export async function uploadArea(db: Database, file: { name: string; bytes: Uint8Array }): Promise<UploadedArea> {
  const area = await readAreaFile(file.name, file.bytes);
  return storeArea(db, file.name, area);
}
