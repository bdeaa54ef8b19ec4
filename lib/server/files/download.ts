/**
 * The download endpoint's work: check the link (signature in constant time, then expiry), find the
 * file, count the download in SQL and stream the bytes with headers that make browsers save it under
 * its name and never sniff its type. HEAD gets the headers alone and one byte range is answered 206;
 * only a GET that sends the whole file counts (stored-file.ts). Failures answer the envelope in the
 * caller's language.
 */
import 'server-only';
import { createTranslator } from 'next-intl';
import { API_CODES } from '../../shared/contracts/api';
import type { Database } from '../db/types';
import { localeOfRequest, messagesFor, translateMessage } from '../i18n';
import { log } from '../log';
import { contentDisposition } from './content-disposition';
import { countDownload, findFile } from './repository';
import { fileUrlSecret } from './secret';
import { checkFileLink } from './signed-url';
import { answerStoredFile } from './stored-file';
import type { FileStore } from './store';

/**
 * Whether a file is an image that published pages show to everyone: the cover of a published news item (or one of
 * its smaller copies, variants.ts) or a screenshot of a shared item. Such a file is served on any link to it,
 * signed or not, because a cached page may outlive its links (docs/adr/0026).
 */
export async function isPublishedImage(db: Database, id: string): Promise<boolean> {
  const [row] = await db.query<{ published: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM files f JOIN news n ON n.cover_file_id = COALESCE(f.variant_of, f.id)
                    WHERE f.id = $1::bigint AND n.status = 'published')
         OR EXISTS (SELECT 1 FROM share_items, jsonb_array_elements(screenshots) AS shot WHERE shot->>'fileId' = $1::text) AS published`,
    [id],
  );
  return row?.published === true;
}

/** Shown in place (images on pages); everything else is saved as an attachment. */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

function failure(request: Request, status: 403 | 404, key: 'linkInvalid' | 'linkExpired' | 'fileNotFound'): Response {
  const locale = localeOfRequest(request);
  const t = createTranslator({ locale, messages: messagesFor(locale), namespace: 'Share' });
  const code = status === 403 ? API_CODES.FORBIDDEN : API_CODES.NOT_FOUND;
  return Response.json(
    { code, message: t(`errors.${key}`), data: null },
    { status, headers: { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' } },
  );
}

export async function serveSignedFile(request: Request, db: Database, store: FileStore, id: string): Promise<Response> {
  const url = new URL(request.url);
  if (!/^[1-9]\d{0,17}$/.test(id)) return failure(request, 404, 'fileNotFound');
  const check = checkFileLink(await fileUrlSecret(db), id, url.searchParams.get('expires'), url.searchParams.get('sig'));
  // A published page's image is public: a page cached before a restart, a new secret or the link's expiry
  // still shows it. Every other file needs a valid link.
  const published = check !== 'ok' && (await isPublishedImage(db, id));
  if (check !== 'ok' && !published) return failure(request, 403, check === 'expired' ? 'linkExpired' : 'linkInvalid');
  const file = await findFile(db, id);
  if (!file) return failure(request, 404, 'fileNotFound');
  const inline = INLINE_TYPES.has(file.mime);
  const expiresIn = published ? 3600 : Number(url.searchParams.get('expires')) - Math.floor(Date.now() / 1000);
  const answer = await answerStoredFile(request, store, file.storageKey, {
    'content-type': file.mime.startsWith('text/') || /json|xml|javascript/.test(file.mime) ? `${file.mime}; charset=utf-8` : file.mime,
    'content-disposition': contentDisposition(file.originalName, inline ? 'inline' : 'attachment'),
    'x-content-type-options': 'nosniff',
    // Images on pages may be reused while their link is valid; downloads are counted every time.
    'cache-control': inline ? `private, max-age=${Math.max(0, Math.min(expiresIn, 86400))}` : 'no-store',
    'content-security-policy': "default-src 'none'; sandbox",
  });
  if (answer.kind === 'missing') {
    log.error('stored file missing', { fileId: id, key: file.storageKey, store: store.kind });
    return failure(request, 404, 'fileNotFound');
  }
  if (answer.kind === 'unsatisfiable') return rangeRefused(request, answer.size);
  if (answer.download) {
    const count = await countDownload(db, id);
    log.info('file download', { fileId: id, count });
  }
  return answer.response;
}

/** 416 with the envelope in the caller's language; Content-Range names the file's size. */
function rangeRefused(request: Request, size: number): Response {
  const message = translateMessage(localeOfRequest(request), 'Api.rangeNotSatisfiable', { size });
  return Response.json(
    { code: API_CODES.INVALID_INPUT, message, data: null },
    { status: 416, headers: { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'content-range': `bytes */${size}` } },
  );
}
