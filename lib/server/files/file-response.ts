import 'server-only';
/** A file answered whole from memory (exports, the uncovered area): saved under its name, length known. */
import { contentDisposition } from './content-disposition';

/** `base-YYYY-MM-DD.ext` in UTC. */
export const datedName = (base: string, ext: string, now = new Date()) => `${base}-${now.toISOString().slice(0, 10)}.${ext}`;

/** A whole file in memory, saved under `name`; its length is known, so clients can show progress. */
export function fileResponse(bytes: Uint8Array | string, type: string, name: string, extra: Record<string, string> = {}): Response {
  const body = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  return new Response(body as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      'content-type': type,
      'content-disposition': contentDisposition(name),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // Next drops Content-Length from route answers; server.mjs sends this one as Content-Length.
      'content-length': String(body.byteLength),
      'x-body-length': String(body.byteLength),
      ...extra,
    },
  });
}
