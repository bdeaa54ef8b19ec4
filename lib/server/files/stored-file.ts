import 'server-only';
/**
 * A stored file answered to GET or HEAD (signed share downloads, ordered packages): HEAD gets the
 * headers alone, one byte range is answered 206 with Content-Range, and the answer says whether it is a
 * download — a GET that sends the file from its first byte to its last; probes (HEAD, `bytes=0-0`) and
 * the rest of a resumed transfer are not (byte-range.ts, docs/adr/0026).
 */
import { planBody, sendsWholeFile } from './byte-range';
import type { FileStore } from './file-store';

export type StoredFileAnswer =
  | { kind: 'missing' }
  | { kind: 'unsatisfiable'; size: number }
  | { kind: 'file'; response: Response; download: boolean };

/** A strong ETag from the storage key: keys are content addresses (file-store.ts), so a key names its bytes. */
export const etagOf = (key: string) => `"${key.slice(key.lastIndexOf('/') + 1)}"`;

/** `headers`: the caller's (type, disposition, caching); length, range and validator headers are added here. */
export async function answerStoredFile(
  request: Request,
  store: FileStore,
  key: string,
  headers: Record<string, string>,
): Promise<StoredFileAnswer> {
  const size = await store.size(key);
  if (size === null) return { kind: 'missing' };
  const etag = etagOf(key);
  const plan = planBody(request.headers.get('range'), request.headers.get('if-range'), etag, size);
  if (plan.kind === 'unsatisfiable') return { kind: 'unsatisfiable', size };
  const range = plan.kind === 'range' ? { start: plan.start, end: plan.end } : undefined;
  const length = range ? range.end - range.start + 1 : size;
  const status = range ? 206 : 200;
  const answerHeaders: Record<string, string> = {
    ...headers,
    // Sent as stored: Next would gzip text files, and then neither Content-Length nor a range's offsets would hold.
    'cache-control': headers['cache-control'] ? `${headers['cache-control']}, no-transform` : 'no-transform',
    'accept-ranges': 'bytes',
    etag,
    'content-length': String(length),
    // Next drops Content-Length from route answers; server.mjs sends this one as Content-Length.
    'x-body-length': String(length),
    ...(range ? { 'content-range': `bytes ${range.start}-${range.end}/${size}` } : {}),
  };
  if (request.method === 'HEAD') return { kind: 'file', response: new Response(null, { status, headers: answerHeaders }), download: false };
  const object = await store.get(key, range);
  if (!object) return { kind: 'missing' };
  return { kind: 'file', response: new Response(object.body, { status, headers: answerHeaders }), download: sendsWholeFile(plan, size) };
}
