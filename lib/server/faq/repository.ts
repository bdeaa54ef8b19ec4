import 'server-only';
/** The FAQ in the reader's language; all SQL of the FAQ domain. */
import type { Locale } from '@/i18n/routing';
import { FAQ_CATEGORIES, FAQ_MAX_ITEMS, type FaqCategory, type FaqItem } from '../../shared/contracts/faq';
import type { Queryable } from '../db/types';
import { containsPattern } from '../db/like';

interface FaqRow {
  id: string;
  slug: string;
  category: FaqCategory;
  question: string;
  answer: string;
  updated_at: Date;
}

/** LIKE pattern matching `word` literally (backslash is PostgreSQL's default LIKE escape). */

/**
 * Questions in category order (as FAQ_CATEGORIES lists them), then by sort. `q` keeps the items whose
 * question or answer contains every word of it (case-insensitive, literally).
 */
export async function listFaq(db: Queryable, locale: Locale, filter: { q?: string; category?: FaqCategory } = {}): Promise<FaqItem[]> {
  const [question, answer] = locale === 'en' ? ['question_en', 'answer_en'] : ['question_zh', 'answer_zh'];
  const words = (filter.q ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
  const rows = await db.query<FaqRow>(
    `SELECT f.id::text AS id, f.slug, f.category, f.${question} AS question, f.${answer} AS answer, f.updated_at
     FROM faq f
     WHERE ($1::text IS NULL OR f.category = $1)
       AND NOT EXISTS (SELECT 1 FROM unnest($2::text[]) AS w(pattern)
                       WHERE NOT (f.${question} ILIKE w.pattern OR f.${answer} ILIKE w.pattern))
     ORDER BY array_position($3::text[], f.category), f.sort, f.id
     LIMIT $4`,
    [filter.category ?? null, words.map(containsPattern), [...FAQ_CATEGORIES], FAQ_MAX_ITEMS],
  );
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    category: r.category,
    question: r.question,
    answer: r.answer,
    updatedAt: new Date(r.updated_at).toISOString(),
  }));
}
