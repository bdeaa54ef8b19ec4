import 'server-only';
/**
 * Editing news (editors): drafts in both languages, sanitized when saved, published and unpublished;
 * every change that the public can see refreshes the cached pages at once.
 */
import { randomBytes } from 'node:crypto';
import { revalidatePath } from 'next/cache';
import type { NewsInput, NewsRecord } from '../../shared/contracts/news';
import { containsPattern } from '../db/like';
import type { Queryable } from '../db/types';
import { log } from '../log';
import type { Page } from './repository';
import { htmlToText, sanitizeNewsHtml } from './sanitize';

interface RecordRow {
  id: string;
  slug: string;
  type: number;
  status: 'draft' | 'published';
  title_zh: string;
  title_en: string;
  summary_zh: string;
  summary_en: string;
  body_zh: string;
  body_en: string;
  source_zh: string | null;
  source_en: string | null;
  tags: string[];
  highlight: boolean;
  demo: boolean;
  published_at: Date | null;
  updated_at: Date;
}

const RECORD_COLUMNS = `id::text AS id, slug, type, status, title_zh, title_en, summary_zh, summary_en, body_zh, body_en,
  source_zh, source_en, tags, highlight, demo, published_at, updated_at`;

function toRecord(row: RecordRow): NewsRecord {
  return {
    id: row.id,
    slug: row.slug,
    type: row.type,
    status: row.status,
    titleZh: row.title_zh,
    titleEn: row.title_en,
    summaryZh: row.summary_zh,
    summaryEn: row.summary_en,
    bodyZh: row.body_zh,
    bodyEn: row.body_en,
    sourceZh: row.source_zh,
    sourceEn: row.source_en,
    tags: row.tags,
    highlight: row.highlight,
    demo: row.demo,
    publishedAt: row.published_at ? new Date(row.published_at).toISOString() : null,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** The stored form of an input: sanitized bodies, their plain text, no empty sources. */
function stored(input: NewsInput) {
  const bodyZh = sanitizeNewsHtml(input.bodyZh);
  const bodyEn = sanitizeNewsHtml(input.bodyEn);
  return [
    input.type,
    input.titleZh,
    input.titleEn,
    input.summaryZh,
    input.summaryEn,
    bodyZh,
    bodyEn,
    htmlToText(bodyZh),
    htmlToText(bodyEn),
    input.sourceZh || null,
    input.sourceEn || null,
    input.tags,
    input.highlight,
  ] as const;
}

/**
 * Refreshes every cached page that can show news (lists, further pages, details of every list, home's
 * highlights, in both languages). The sitemap is rendered per request, so it follows.
 */
export function revalidateNewsPages(): void {
  try {
    for (const route of ['/[locale]/platform/newsList/[kind]', '/[locale]/platform/GEO/[list]']) {
      revalidatePath(route, 'page');
      revalidatePath(`${route}/page/[n]`, 'page');
      revalidatePath(`${route}/detail/[id]`, 'page');
    }
    revalidatePath('/[locale]/[landing]', 'page'); // home
  } catch (error) {
    // Outside a Next request (tests, scripts) there is no cache to refresh.
    log.debug('news pages not revalidated', { error: error instanceof Error ? error.message : String(error) });
  }
}

export async function listManagedNews(
  db: Queryable,
  filter: { type?: number; status?: 'draft' | 'published'; q?: string },
  pageNum: number,
  pageSize: number,
): Promise<Page<Omit<NewsRecord, 'bodyZh' | 'bodyEn'>>> {
  const rows = await db.query<RecordRow & { total: number }>(
    `SELECT ${RECORD_COLUMNS}, count(*) OVER ()::int AS total FROM news
     WHERE ($1::smallint IS NULL OR type = $1) AND ($2::text IS NULL OR status = $2)
       AND ($5::text IS NULL OR title_zh ILIKE $5 OR title_en ILIKE $5)
     ORDER BY updated_at DESC, id DESC LIMIT $3 OFFSET $4`,
    [filter.type ?? null, filter.status ?? null, pageSize, (pageNum - 1) * pageSize, filter.q ? containsPattern(filter.q) : null],
  );
  return {
    list: rows.map((r) => {
      const { bodyZh: _zh, bodyEn: _en, ...rest } = toRecord(r);
      return rest;
    }),
    total: rows[0]?.total ?? 0,
    pageNum,
    pageSize,
  };
}

export async function getManagedNews(db: Queryable, id: string): Promise<NewsRecord | null> {
  const [row] = await db.query<RecordRow>(`SELECT ${RECORD_COLUMNS} FROM news WHERE id = $1`, [id]);
  return row ? toRecord(row) : null;
}

export async function createNews(db: Queryable, input: NewsInput, userId: string): Promise<NewsRecord> {
  const slug = `news-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  const [row] = await db.query<RecordRow>(
    `INSERT INTO news (slug, type, status, title_zh, title_en, summary_zh, summary_en, body_zh, body_en, text_zh, text_en,
                       source_zh, source_en, tags, highlight, created_by, updated_by)
     VALUES ($1, $2, 'draft', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15)
     RETURNING ${RECORD_COLUMNS}`,
    [slug, ...stored(input), userId],
  );
  return toRecord(row!);
}

export async function updateNews(db: Queryable, id: string, input: NewsInput, userId: string): Promise<NewsRecord | null> {
  const [row] = await db.query<RecordRow>(
    `UPDATE news SET type = $2, title_zh = $3, title_en = $4, summary_zh = $5, summary_en = $6, body_zh = $7, body_en = $8,
            text_zh = $9, text_en = $10, source_zh = $11, source_en = $12, tags = $13, highlight = $14,
            updated_by = $15, updated_at = now()
     WHERE id = $1 RETURNING ${RECORD_COLUMNS}`,
    [id, ...stored(input), userId],
  );
  if (row?.status === 'published') revalidateNewsPages();
  return row ? toRecord(row) : null;
}

/** Publishing keeps the first publication date; unpublishing takes the item off the site. */
export async function setNewsStatus(db: Queryable, id: string, status: 'draft' | 'published', userId: string): Promise<NewsRecord | null> {
  const [row] = await db.query<RecordRow>(
    `UPDATE news SET status = $2, published_at = CASE WHEN $2 = 'published' THEN COALESCE(published_at, now()) ELSE published_at END,
            updated_by = $3, updated_at = now()
     WHERE id = $1 RETURNING ${RECORD_COLUMNS}`,
    [id, status, userId],
  );
  if (row) revalidateNewsPages();
  return row ? toRecord(row) : null;
}
