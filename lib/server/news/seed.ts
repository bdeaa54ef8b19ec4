import 'server-only';
/**
 * Demo news (data/news/demo-news.json, written for this project and marked demo): inserted once per
 * slug, sanitized like any saved item, so editors' changes to a seeded item are never overwritten.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { SeedStep } from '../db/seed';
import { htmlToText, sanitizeNewsHtml } from './sanitize';

const bilingual = z.object({ zh: z.string().min(1), en: z.string().min(1) });
const demoNewsSchema = z.array(
  z.object({
    slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
    type: z.number().int().min(0).max(5),
    publishedAt: z.iso.datetime({ offset: true }),
    source: bilingual,
    title: bilingual,
    summary: bilingual,
    body: bilingual,
    tags: z.array(z.string().max(40)).max(12).default([]),
    highlight: z.boolean().default(false),
    demo: z.literal(true),
  }),
);

const FILE = path.join(process.cwd(), 'data/news/demo-news.json');
const BATCH = 50;

export const newsSeed: SeedStep = {
  name: 'news (demo content)',
  async run(db, progress) {
    let raw: string;
    try {
      raw = await readFile(FILE, 'utf8');
    } catch {
      progress('no data/news/demo-news.json: no demo news');
      return;
    }
    const items = demoNewsSchema.parse(JSON.parse(raw));
    const rows = items.map((n) => {
      const bodyZh = sanitizeNewsHtml(n.body.zh);
      const bodyEn = sanitizeNewsHtml(n.body.en);
      return {
        slug: n.slug,
        type: n.type,
        title_zh: n.title.zh,
        title_en: n.title.en,
        summary_zh: n.summary.zh,
        summary_en: n.summary.en,
        body_zh: bodyZh,
        body_en: bodyEn,
        text_zh: htmlToText(bodyZh),
        text_en: htmlToText(bodyEn),
        source_zh: n.source.zh,
        source_en: n.source.en,
        tags: n.tags,
        highlight: n.highlight,
        published_at: n.publishedAt,
      };
    });
    let inserted = 0;
    for (let i = 0; i < rows.length; i += BATCH) {
      const result = await db.query<{ slug: string }>(
        `INSERT INTO news (slug, type, status, title_zh, title_en, summary_zh, summary_en, body_zh, body_en, text_zh, text_en,
                           source_zh, source_en, tags, highlight, demo, published_at)
         SELECT r.slug, r.type, 'published', r.title_zh, r.title_en, r.summary_zh, r.summary_en, r.body_zh, r.body_en,
                r.text_zh, r.text_en, r.source_zh, r.source_en, r.tags, r.highlight, true, r.published_at
         FROM jsonb_to_recordset($1::jsonb) AS r(slug text, type smallint, title_zh text, title_en text, summary_zh text,
              summary_en text, body_zh text, body_en text, text_zh text, text_en text, source_zh text, source_en text,
              tags text[], highlight boolean, published_at timestamptz)
         ON CONFLICT (slug) DO NOTHING
         RETURNING slug`,
        [JSON.stringify(rows.slice(i, i + BATCH))],
      );
      inserted += result.length;
    }
    if (inserted) progress(`news: ${inserted} demo items added`);
  },
};
