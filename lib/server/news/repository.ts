import 'server-only';
/** Published news for the API and the content pages; all SQL of the news domain. */
import type { Locale } from '@/i18n/routing';
import type { NewsDetail, NewsHome, NewsSummary, NewsType } from '../../shared/contracts/news';
import type { Queryable } from '../db/types';
import { fileUrlSecret } from '../files/secret';
import { imageLink } from '../files/signed-url';
import { sanitizeNewsHtml } from './sanitize';
import { containsPattern } from '../db/like';

interface NewsRow {
  id: string;
  slug: string;
  type: number;
  title_zh: string;
  title_en: string;
  summary_zh: string;
  summary_en: string;
  source_zh: string | null;
  source_en: string | null;
  tags: string[];
  demo: boolean;
  published_at: Date;
  cover_file_id: string | null;
  cover_width: number | null;
  cover_height: number | null;
  cover_alt_zh: string | null;
  cover_alt_en: string | null;
  /** The cover's smaller copies, narrowest first (lib/server/files/variants.ts). */
  cover_variants: { id: string; width: number; height: number }[] | null;
}

const SUMMARY_COLUMNS = `n.id::text AS id, n.slug, n.type, n.title_zh, n.title_en, n.summary_zh, n.summary_en,
  n.source_zh, n.source_en, n.tags, n.demo, n.published_at, n.cover_file_id::text AS cover_file_id, cf.width AS cover_width,
  cf.height AS cover_height, n.cover_alt_zh, n.cover_alt_en,
  (SELECT json_agg(json_build_object('id', v.id::text, 'width', v.width, 'height', v.height) ORDER BY v.width)
   FROM files v WHERE v.variant_of = n.cover_file_id AND v.width IS NOT NULL AND v.height IS NOT NULL) AS cover_variants`;
/** News with their cover file (for its pixel size). */
const NEWS_FROM = 'news n LEFT JOIN files cf ON cf.id = n.cover_file_id';

const pick = (locale: Locale, zh: string, en: string) => (locale === 'en' ? en || zh : zh || en);

/** The language an item is shown in: the caller's, unless the item was written only in the other. */
const shownLanguage = (locale: Locale, row: Pick<NewsRow, 'title_zh' | 'title_en'>): Locale =>
  locale === 'en' ? (row.title_en ? 'en' : 'zh') : row.title_zh ? 'zh' : 'en';

function toSummary(row: NewsRow, locale: Locale, secret: string): NewsSummary {
  return {
    lang: shownLanguage(locale, row),
    id: row.id,
    slug: row.slug,
    type: row.type,
    title: pick(locale, row.title_zh, row.title_en),
    summary: pick(locale, row.summary_zh, row.summary_en),
    source: locale === 'en' ? (row.source_en ?? row.source_zh) : (row.source_zh ?? row.source_en),
    tags: row.tags,
    publishedAt: new Date(row.published_at).toISOString(),
    demo: row.demo,
    cover:
      row.cover_file_id && row.cover_width && row.cover_height
        ? {
            url: imageLink(secret, row.cover_file_id).url,
            width: row.cover_width,
            height: row.cover_height,
            alt: pick(locale, row.cover_alt_zh ?? '', row.cover_alt_en ?? ''),
            // Signed like the original (the same expiry), so every candidate of the srcset lives as long as the page.
            variants: (row.cover_variants ?? []).map((v) => ({ url: imageLink(secret, v.id).url, width: v.width, height: v.height })),
          }
        : null,
  };
}

export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export async function listNews(
  db: Queryable,
  type: NewsType,
  pageNum: number,
  pageSize: number,
  locale: Locale,
): Promise<Page<NewsSummary>> {
  const rows = await db.query<NewsRow & { total: number }>(
    `SELECT ${SUMMARY_COLUMNS}, count(*) OVER ()::int AS total
     FROM ${NEWS_FROM} WHERE n.status = 'published' AND n.type = $1
     ORDER BY n.published_at DESC, n.id DESC LIMIT $2 OFFSET $3`,
    [type, pageSize, (pageNum - 1) * pageSize],
  );
  const total = rows[0]?.total ?? (pageNum > 1 ? await countNews(db, type) : 0);
  const secret = await fileUrlSecret(db);
  return { list: rows.map((r) => toSummary(r, locale, secret)), total, pageNum, pageSize };
}

export async function countNews(db: Queryable, type: NewsType): Promise<number> {
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM news WHERE status = 'published' AND type = $1`, [type]);
  return row?.n ?? 0;
}

/** LIKE pattern matching `keyword` literally. */

export async function searchNews(
  db: Queryable,
  keyword: string,
  type: NewsType | undefined,
  pageNum: number,
  pageSize: number,
  locale: Locale,
): Promise<Page<NewsSummary>> {
  const [title, summary, text] = locale === 'en' ? ['title_en', 'summary_en', 'text_en'] : ['title_zh', 'summary_zh', 'text_zh'];
  const rows = await db.query<NewsRow & { total: number }>(
    `SELECT ${SUMMARY_COLUMNS}, count(*) OVER ()::int AS total
     FROM ${NEWS_FROM}
     WHERE n.status = 'published' AND ($2::smallint IS NULL OR n.type = $2)
       AND (n.${title} ILIKE $1 OR n.${summary} ILIKE $1 OR n.${text} ILIKE $1)
     ORDER BY (n.${title} ILIKE $1) DESC, n.published_at DESC, n.id DESC LIMIT $3 OFFSET $4`,
    [containsPattern(keyword), type ?? null, pageSize, (pageNum - 1) * pageSize],
  );
  const secret = await fileUrlSecret(db);
  return { list: rows.map((r) => toSummary(r, locale, secret)), total: rows[0]?.total ?? 0, pageNum, pageSize };
}

/** A published item; `includeDrafts` (an editor's preview) also finds drafts. */
export async function findNews(db: Queryable, id: string, locale: Locale, { includeDrafts = false } = {}): Promise<NewsDetail | null> {
  const [row] = await db.query<NewsRow & { body_zh: string; body_en: string; updated_at: Date }>(
    `SELECT ${SUMMARY_COLUMNS}, COALESCE(n.published_at, n.updated_at) AS published_at, n.body_zh, n.body_en, n.updated_at
     FROM ${NEWS_FROM} WHERE n.id = $1 AND (n.status = 'published' OR $2)`,
    [id, includeDrafts],
  );
  if (!row) return null;
  // Neighbours in list order: "previous" is the newer item, "next" the older one.
  const neighbours = await db.query<{ dir: 'previous' | 'next'; id: string; title_zh: string; title_en: string }>(
    `(SELECT 'previous' AS dir, id::text AS id, title_zh, title_en FROM news
      WHERE status = 'published' AND type = $1 AND (published_at, id) > ($2, $3::bigint)
      ORDER BY published_at ASC, id ASC LIMIT 1)
     UNION ALL
     (SELECT 'next' AS dir, id::text AS id, title_zh, title_en FROM news
      WHERE status = 'published' AND type = $1 AND (published_at, id) < ($2, $3::bigint)
      ORDER BY published_at DESC, id DESC LIMIT 1)`,
    [row.type, row.published_at, row.id],
  );
  const neighbour = (dir: 'previous' | 'next') => {
    const n = neighbours.find((x) => x.dir === dir);
    return n ? { id: n.id, title: pick(locale, n.title_zh, n.title_en) } : null;
  };
  return {
    ...toSummary(row, locale, await fileUrlSecret(db)),
    // Stored bodies are sanitized already; rendering trusts nothing, so once more on the way out.
    body: sanitizeNewsHtml(pick(locale, row.body_zh, row.body_en)),
    updatedAt: new Date(row.updated_at).toISOString(),
    previous: neighbour('previous'),
    next: neighbour('next'),
  };
}

/** Highlights (newest first) and the newest items of every type, in two queries. */
export async function newsHome(db: Queryable, locale: Locale, perType = 5, highlights = 6): Promise<NewsHome> {
  const highlighted = await db.query<NewsRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM ${NEWS_FROM} WHERE n.status = 'published' AND n.highlight
     ORDER BY n.published_at DESC, n.id DESC LIMIT $1`,
    [highlights],
  );
  const latest = await db.query<NewsRow>(
    `SELECT * FROM (
       SELECT ${SUMMARY_COLUMNS}, row_number() OVER (PARTITION BY n.type ORDER BY n.published_at DESC, n.id DESC) AS rank
       FROM ${NEWS_FROM} WHERE n.status = 'published'
     ) ranked WHERE rank <= $1 ORDER BY type, published_at DESC, id DESC`,
    [perType],
  );
  const secret = await fileUrlSecret(db);
  const byType = new Map<number, NewsSummary[]>();
  for (const row of latest) byType.set(row.type, [...(byType.get(row.type) ?? []), toSummary(row, locale, secret)]);
  return {
    highlights: highlighted.map((r) => toSummary(r, locale, secret)),
    latest: [...byType].map(([type, items]) => ({ type, items })),
  };
}

/** Every published item's id, type and last change, for the sitemap (one query, no bodies). */
export async function listNewsForSitemap(db: Queryable): Promise<{ id: string; type: number; updatedAt: string }[]> {
  const rows = await db.query<{ id: string; type: number; updated_at: Date }>(
    `SELECT id::text AS id, type, updated_at FROM news WHERE status = 'published' ORDER BY published_at DESC, id DESC LIMIT 40000`,
  );
  return rows.map((r) => ({ id: r.id, type: r.type, updatedAt: new Date(r.updated_at).toISOString() }));
}
