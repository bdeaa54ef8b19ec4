import 'server-only';
/**
 * The FAQ from data/faq/faq.json (written for this portal): applied whenever the file changes, so
 * corrections to the committed file reach every deployment on its next start.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { FAQ_CATEGORIES, FAQ_SLUG_PATTERN } from '../../shared/contracts/faq';
import { loadedVersion, markLoaded } from '../db/dataset-version';
import type { SeedStep } from '../db/seed';

export const faqFileSchema = z
  .array(
    z.object({
      slug: z.string().regex(FAQ_SLUG_PATTERN).max(60),
      category: z.enum(FAQ_CATEGORIES),
      question: z.object({ zh: z.string().trim().min(1).max(200), en: z.string().trim().min(1).max(300) }),
      answer: z.object({ zh: z.string().trim().min(1).max(4000), en: z.string().trim().min(1).max(8000) }),
    }),
  )
  .refine((items) => new Set(items.map((i) => i.slug)).size === items.length, 'slugs are unique');

const FILE = path.join(process.cwd(), 'data/faq/faq.json');

export const faqSeed: SeedStep = {
  name: 'FAQ',
  async run(db, progress) {
    let raw: string;
    try {
      raw = await readFile(FILE, 'utf8');
    } catch {
      progress('no data/faq/faq.json: no FAQ');
      return;
    }
    const version = createHash('sha256').update(raw).digest('hex');
    if ((await loadedVersion(db, 'faq')) === version) return;
    const rows = faqFileSchema.parse(JSON.parse(raw)).map((item, index) => ({
      slug: item.slug,
      category: item.category,
      question_zh: item.question.zh,
      question_en: item.question.en,
      answer_zh: item.answer.zh,
      answer_en: item.answer.en,
      sort: index,
    }));
    await db.transaction(async (tx) => {
      await tx.query('DELETE FROM faq WHERE NOT (slug = ANY($1::text[]))', [rows.map((r) => r.slug)]);
      await tx.query(
        `INSERT INTO faq (slug, category, question_zh, question_en, answer_zh, answer_en, sort)
         SELECT r.slug, r.category, r.question_zh, r.question_en, r.answer_zh, r.answer_en, r.sort
         FROM jsonb_to_recordset($1::jsonb) AS r(slug text, category text, question_zh text, question_en text,
              answer_zh text, answer_en text, sort int)
         ON CONFLICT (slug) DO UPDATE SET
           category = EXCLUDED.category, question_zh = EXCLUDED.question_zh, question_en = EXCLUDED.question_en,
           answer_zh = EXCLUDED.answer_zh, answer_en = EXCLUDED.answer_en, sort = EXCLUDED.sort, updated_at = now()
         WHERE (faq.category, faq.question_zh, faq.question_en, faq.answer_zh, faq.answer_en, faq.sort)
               IS DISTINCT FROM (EXCLUDED.category, EXCLUDED.question_zh, EXCLUDED.question_en, EXCLUDED.answer_zh, EXCLUDED.answer_en, EXCLUDED.sort)`,
        [JSON.stringify(rows)],
      );
      await markLoaded(tx, 'faq', version);
    });
    progress(`FAQ: ${rows.length} questions`);
  },
};
