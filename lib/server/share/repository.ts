import 'server-only';
/** Share items (software pages and the file share) for the API and the pages; all SQL of the share domain. */
import type { Locale } from '@/i18n/routing';
import type { Citation, ShareCategory, ShareDetail, ShareSummary } from '../../shared/contracts/share';
import type { Queryable } from '../db/types';
import { sanitizeNewsHtml } from '../news/sanitize';
import type { Page } from '../news/repository';

interface ItemRow {
  id: string;
  slug: string;
  category: ShareCategory;
  title_zh: string;
  title_en: string;
  summary_zh: string;
  summary_en: string;
  version: string | null;
  published_on: string;
  demo: boolean;
  login_required: boolean;
  citation: Citation | null;
  file_id: string | null;
  file_name: string | null;
  file_mime: string | null;
  file_size: string | null;
  file_sha256: string | null;
  file_downloads: string | null;
}

interface DetailRow extends ItemRow {
  body_zh: string;
  body_en: string;
  requirements_zh: string;
  requirements_en: string;
  changelog: { version: string; date: string; zh: string; en: string }[];
  screenshots: { fileId: string; zh: string; en: string }[];
  sources: { title: string; url: string }[];
}

const COLUMNS = `s.id::text AS id, s.slug, s.category, s.title_zh, s.title_en, s.summary_zh, s.summary_en, s.version,
  to_char(s.published_on, 'YYYY-MM-DD') AS published_on, s.demo, s.login_required, s.citation,
  f.id::text AS file_id, f.original_name AS file_name, f.mime AS file_mime, f.size::text AS file_size,
  f.sha256 AS file_sha256, f.download_count::text AS file_downloads`;

const pick = (locale: Locale, zh: string, en: string) => (locale === 'en' ? en || zh : zh || en);

function toSummary(row: ItemRow, locale: Locale): ShareSummary {
  return {
    id: row.id,
    slug: row.slug,
    category: row.category,
    title: pick(locale, row.title_zh, row.title_en),
    summary: pick(locale, row.summary_zh, row.summary_en),
    version: row.version,
    publishedOn: row.published_on,
    demo: row.demo,
    loginRequired: row.login_required,
    citation: row.citation,
    file: row.file_id
      ? {
          id: row.file_id,
          name: row.file_name!,
          mime: row.file_mime!,
          size: Number(row.file_size),
          sha256: row.file_sha256!,
          downloadCount: Number(row.file_downloads),
        }
      : null,
  };
}

export async function listShareItems(
  db: Queryable,
  category: ShareCategory,
  pageNum: number,
  pageSize: number,
  locale: Locale,
): Promise<Page<ShareSummary>> {
  const rows = await db.query<ItemRow & { total: number }>(
    `SELECT ${COLUMNS}, count(*) OVER ()::int AS total
     FROM share_items s LEFT JOIN files f ON f.id = s.file_id
     WHERE s.category = $1
     ORDER BY s.sort, s.published_on DESC, s.id DESC LIMIT $2 OFFSET $3`,
    [category, pageSize, (pageNum - 1) * pageSize],
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    const [count] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM share_items WHERE category = $1', [category]);
    total = count?.n ?? 0;
  }
  return { list: rows.map((r) => toSummary(r, locale)), total, pageNum, pageSize };
}

/** Screenshot files of an item, with their sizes (for width/height attributes). */
export interface ScreenshotFile {
  fileId: string;
  width: number;
  height: number;
  caption: string;
}

export type ShareDetailWithoutUrls = Omit<ShareDetail, 'screenshots'> & { screenshots: ScreenshotFile[] };

async function findBy(db: Queryable, where: string, params: (string | null)[], locale: Locale): Promise<ShareDetailWithoutUrls | null> {
  const [row] = await db.query<DetailRow>(
    `SELECT ${COLUMNS}, s.body_zh, s.body_en, s.requirements_zh, s.requirements_en, s.changelog, s.screenshots, s.sources
     FROM share_items s LEFT JOIN files f ON f.id = s.file_id WHERE ${where}`,
    params,
  );
  if (!row) return null;
  const ids = row.screenshots.map((s) => s.fileId);
  const images = ids.length
    ? await db.query<{ id: string; width: number | null; height: number | null }>(
        'SELECT id::text AS id, width, height FROM files WHERE id = ANY($1::bigint[])',
        [ids],
      )
    : [];
  const byId = new Map(images.map((i) => [i.id, i]));
  return {
    ...toSummary(row, locale),
    // Stored bodies are sanitized already; rendering trusts nothing, so once more on the way out.
    body: sanitizeNewsHtml(pick(locale, row.body_zh, row.body_en)),
    requirements: pick(locale, row.requirements_zh, row.requirements_en),
    changelog: row.changelog.map((c) => ({ version: c.version, date: c.date, notes: pick(locale, c.zh, c.en) })),
    screenshots: row.screenshots.flatMap((s) => {
      const image = byId.get(s.fileId);
      return image?.width && image.height
        ? [{ fileId: s.fileId, width: image.width, height: image.height, caption: pick(locale, s.zh, s.en) }]
        : [];
    }),
    sources: row.sources,
  };
}

export function findShareItem(db: Queryable, id: string, locale: Locale) {
  return findBy(db, 's.id = $1', [id], locale);
}

export function findShareItemBySlug(db: Queryable, category: ShareCategory, slug: string, locale: Locale) {
  return findBy(db, 's.category = $1 AND s.slug = $2', [category, slug], locale);
}

/** What signing a download needs to know about an item. */
export async function findShareFile(
  db: Queryable,
  id: string,
): Promise<{ loginRequired: boolean; fileId: string | null; name: string | null; size: number; downloads: number } | null> {
  const [row] = await db.query<{
    login_required: boolean;
    file_id: string | null;
    name: string | null;
    size: string | null;
    downloads: string | null;
  }>(
    `SELECT s.login_required, f.id::text AS file_id, f.original_name AS name, f.size::text AS size, f.download_count::text AS downloads
     FROM share_items s LEFT JOIN files f ON f.id = s.file_id WHERE s.id = $1`,
    [id],
  );
  return row
    ? {
        loginRequired: row.login_required,
        fileId: row.file_id,
        name: row.name,
        size: Number(row.size ?? 0),
        downloads: Number(row.downloads ?? 0),
      }
    : null;
}

/** Every software slug, for the sitemap. */
export async function listShareSlugs(db: Queryable, category: ShareCategory): Promise<{ slug: string; updatedAt: string }[]> {
  const rows = await db.query<{ slug: string; updated_at: Date }>(
    'SELECT slug, updated_at FROM share_items WHERE category = $1 ORDER BY sort, id LIMIT 1000',
    [category],
  );
  return rows.map((r) => ({ slug: r.slug, updatedAt: new Date(r.updated_at).toISOString() }));
}
