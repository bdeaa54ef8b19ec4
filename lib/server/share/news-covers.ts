import 'server-only';
/**
 * News covers: signed links for readers, upload and removal for editors, and the demo covers the
 * seed draws. An uploaded image is judged by its bytes (PNG, JPEG or WebP), its size and its pixel
 * dimensions before it is decoded (off the request thread) and stored with its smaller copies for the lists'
 * `srcset` (COVER_VARIANT_WIDTHS, lib/server/files/variants.ts).
 */
import { createTranslator } from 'next-intl';
import type { Locale } from '@/i18n/routing';
import { API_CODES } from '../../shared/contracts/api';
import { COVER_VARIANT_WIDTHS } from '../../shared/contracts/news';
import { COVER_MAX_SIDE, COVER_MIN_SIDE, type CoverLink, type NewsCover } from '../../shared/contracts/share';
import { ApiError } from '../api/errors';
import { readBodyLimited } from '../api/upload';
import type { Database, Queryable } from '../db/types';
import { fileUrlSecret } from '../files/secret';
import { isCompleteImage, sniffImage } from '../files/image-info';
import { saveFile } from '../files/repository';
import { imageLink } from '../files/signed-url';
import { getFileStore, type FileStore } from '../files/store';
import { resizeStoredImage, saveVariants } from '../files/variants';
import { messagesFor } from '../i18n';
import { revalidateNewsPages } from '../news/editor';

type ShareErrorKey = 'coverType' | 'coverTooLarge' | 'coverDimensions' | 'coverUnreadable' | 'newsNotFound' | 'noCover';

/** A business failure with a message of the Share namespace, in the caller's language. */
function shareError(
  locale: Locale,
  key: ShareErrorKey,
  values: Record<string, number> = {},
  code: number = API_CODES.INVALID_INPUT,
  status = 200,
) {
  const t = createTranslator({ locale, messages: messagesFor(locale), namespace: 'Share.errors' });
  return new ApiError(code, 'invalidInput', { detail: t(key, values) }, status);
}

interface CoverRow {
  file_id: string | null;
  width: number | null;
  height: number | null;
  alt_zh: string | null;
  alt_en: string | null;
  variants: { id: string; width: number; height: number }[] | null;
}

const COVER_QUERY = `SELECT n.cover_file_id::text AS file_id, f.width, f.height, n.cover_alt_zh AS alt_zh, n.cover_alt_en AS alt_en,
  (SELECT json_agg(json_build_object('id', v.id::text, 'width', v.width, 'height', v.height) ORDER BY v.width)
   FROM files v WHERE v.variant_of = n.cover_file_id AND v.width IS NOT NULL AND v.height IS NOT NULL) AS variants
  FROM news n LEFT JOIN files f ON f.id = n.cover_file_id WHERE n.id = $1`;

/** The signed link of a published item's cover (GET /api/news/v3/sign/download/imageurl/{id}). */
export async function signNewsCover(db: Queryable, id: string, locale: Locale): Promise<CoverLink> {
  const [row] = await db.query<CoverRow>(`${COVER_QUERY} AND n.status = 'published'`, [id]);
  if (!row) throw new ApiError(API_CODES.NOT_FOUND, 'notFound');
  if (!row.file_id || !row.width || !row.height) throw shareError(locale, 'noCover', {}, API_CODES.NOT_FOUND);
  const link = imageLink(await fileUrlSecret(db), row.file_id);
  return {
    url: link.url,
    expiresAt: new Date(link.expires * 1000).toISOString(),
    width: row.width,
    height: row.height,
    alt: locale === 'en' ? (row.alt_en ?? '') : (row.alt_zh ?? ''),
  };
}

/** An editor's view of the cover (both languages), or null. */
export async function getNewsCover(db: Queryable, id: string, locale: Locale): Promise<NewsCover | null> {
  const [row] = await db.query<CoverRow>(COVER_QUERY, [id]);
  if (!row) throw shareError(locale, 'newsNotFound', {}, API_CODES.NOT_FOUND);
  if (!row.file_id || !row.width || !row.height) return null;
  const secret = await fileUrlSecret(db);
  return {
    fileId: row.file_id,
    url: imageLink(secret, row.file_id).url,
    width: row.width,
    height: row.height,
    variants: (row.variants ?? []).map((v) => ({ url: imageLink(secret, v.id).url, width: v.width, height: v.height })),
    altZh: row.alt_zh ?? '',
    altEn: row.alt_en ?? '',
  };
}

/** Reads a request body up to `max` bytes; more is refused without reading it all. */
export function readCoverBody(request: Request, max: number, locale: Locale): Promise<Uint8Array> {
  return readBodyLimited(request, max, () => shareError(locale, 'coverTooLarge', { mb: max / 1024 / 1024 }, API_CODES.TOO_LARGE, 413));
}

/** Checks an uploaded cover and stores it; the item's pages are refreshed when it is published. */
export async function setNewsCover(
  db: Database,
  id: string,
  data: Uint8Array,
  alt: { zh: string; en: string },
  userId: string,
  locale: Locale,
  store: FileStore = getFileStore(),
): Promise<NewsCover> {
  const [news] = await db.query<{ slug: string }>('SELECT slug FROM news WHERE id = $1', [id]);
  if (!news) throw shareError(locale, 'newsNotFound', {}, API_CODES.NOT_FOUND);
  const info = sniffImage(data);
  if (!info) throw shareError(locale, 'coverType');
  const { width, height } = info;
  if (width < COVER_MIN_SIDE || height < COVER_MIN_SIDE || width > COVER_MAX_SIDE || height > COVER_MAX_SIDE) {
    throw shareError(locale, 'coverDimensions', { min: COVER_MIN_SIDE, max: COVER_MAX_SIDE, width, height });
  }
  // The headers are bounded; now make sure the whole image is there and really decodes — on a worker thread,
  // which draws the smaller copies from the same decoding.
  if (!isCompleteImage(data, info.mime)) throw shareError(locale, 'coverUnreadable');
  const decoded = await resizeStoredImage(data, COVER_VARIANT_WIDTHS);
  if (decoded.kind !== 'image') throw shareError(locale, 'coverUnreadable');
  // A JPEG's EXIF orientation may turn it (a phone photo): browsers show it turned, so the turned size is the one
  // its width and height attributes need. Any other difference means the headers lie.
  const turned = decoded.width === height && decoded.height === width;
  if (!(decoded.width === width && decoded.height === height) && !turned) throw shareError(locale, 'coverUnreadable');
  const extension = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' }[info.mime];
  // The cover and its copies at once: a list never shows a cover whose copies are still missing.
  const { file, variants, status } = await db.transaction(async (tx) => {
    const original = await saveFile(tx, store, {
      data,
      name: `${news.slug}-cover.${extension}`,
      mime: info.mime,
      width: decoded.width,
      height: decoded.height,
      createdBy: userId,
    });
    const copies = await saveVariants(tx, store, original, decoded.variants);
    const [row] = await tx.query<{ status: string }>(
      `UPDATE news SET cover_file_id = $2, cover_alt_zh = $3, cover_alt_en = $4, updated_by = $5, updated_at = now() WHERE id = $1 RETURNING status`,
      [id, original.id, alt.zh, alt.en, userId],
    );
    return { file: original, variants: copies, status: row?.status };
  });
  if (status === 'published') revalidateNewsPages();
  const secret = await fileUrlSecret(db);
  return {
    fileId: file.id,
    url: imageLink(secret, file.id).url,
    width: decoded.width,
    height: decoded.height,
    variants: variants.map((v) => ({ url: imageLink(secret, v.id).url, width: v.width!, height: v.height! })),
    altZh: alt.zh,
    altEn: alt.en,
  };
}

/** Takes the cover off (the alternative texts stay, which also tells the demo seed not to draw one again). */
export async function removeNewsCover(db: Queryable, id: string, userId: string, locale: Locale): Promise<boolean> {
  const [row] = await db.query<{ status: string; had: boolean }>(
    `UPDATE news n SET cover_file_id = NULL, updated_by = $2, updated_at = now()
     FROM (SELECT id, cover_file_id IS NOT NULL AS had FROM news WHERE id = $1) old
     WHERE n.id = old.id RETURNING n.status, old.had`,
    [id, userId],
  );
  if (!row) throw shareError(locale, 'newsNotFound', {}, API_CODES.NOT_FOUND);
  if (row.had && row.status === 'published') revalidateNewsPages();
  return row.had;
}
