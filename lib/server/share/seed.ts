import 'server-only';
/**
 * Demo content of the software pages and the file share (data/share/items.json, written for this
 * project and marked demo): items are inserted once per slug; their files are generated or read,
 * written to the file store and recorded in `files` on every start when missing, so a new disk or
 * bucket is filled again and a changed SITE_URL gives files that point at the right portal.
 */
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { SHARE_CATEGORIES } from '../../shared/contracts/share';
import type { SeedStep } from '../db/seed';
import type { Queryable } from '../db/types';
import { getEnv } from '../env';
import { sniffImage } from '../files/image-info';
import { ensureFile } from '../files/repository';
import { getFileStore, type FileStore } from '../files/store';
import { htmlToText, sanitizeNewsHtml } from '../news/sanitize';
import { generateDemoFile, readDemoFile, SHARE_DATA_DIR, type DemoContext } from './demo-files';

const bilingual = z.object({ zh: z.string().min(1), en: z.string().min(1) });
const date = z.iso.date();
const itemSchema = z.object({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  category: z.enum(SHARE_CATEGORIES),
  sort: z.number().int(),
  version: z.string().max(40).nullable(),
  publishedOn: date,
  title: bilingual,
  summary: bilingual,
  body: bilingual.optional(),
  requirements: bilingual.optional(),
  changelog: z.array(z.object({ version: z.string(), date, zh: z.string(), en: z.string() })).default([]),
  sources: z.array(z.object({ title: z.string(), url: z.url({ protocol: /^https$/ }) })).default([]),
  citation: z.object({ authors: z.string(), venue: z.string(), year: z.number().int(), doi: z.string().regex(/^10\.\d{4,}\//) }).nullable(),
  loginRequired: z.boolean(),
  file: z
    .object({
      path: z.string().optional(),
      generator: z.enum(['qgis-connections', 'gdal-descriptions', 'openapi', 'postman', 'region-package']).optional(),
      name: z.string().min(1).max(255),
      mime: z.string(),
    })
    .refine((f) => Boolean(f.path) !== Boolean(f.generator), 'a file has either a path or a generator')
    .nullable(),
  screenshots: z.array(z.object({ path: z.string(), zh: z.string(), en: z.string() })).default([]),
});
const itemsSchema = z.object({ items: z.array(itemSchema) });
type DemoItem = z.infer<typeof itemSchema>;

const FILE = path.join(SHARE_DATA_DIR, 'items.json');
/** Packages carry one fixed timestamp: the demo content's release. */
const PACKAGE_DATE = new Date('2026-03-05T00:00:00Z');

export function demoContext(): DemoContext {
  const env = getEnv();
  const siteUrl = env.SITE_URL.replace(/\/+$/, '');
  const mapBase = /^https?:\/\//.test(env.MAP_SERVICE_BASE) ? env.MAP_SERVICE_BASE : `${siteUrl}${env.MAP_SERVICE_BASE}`;
  return { siteUrl, mapBase, modified: PACKAGE_DATE };
}

async function itemFile(db: Queryable, store: FileStore, item: DemoItem, ctx: DemoContext): Promise<string | null> {
  if (!item.file) return null;
  const data = item.file.generator
    ? await generateDemoFile(item.file.generator, ctx)
    : await readDemoFile(item.file.path!, item.file.mime, ctx);
  return (await ensureFile(db, store, { data, name: item.file.name, mime: item.file.mime })).id;
}

async function screenshotFiles(db: Queryable, store: FileStore, item: DemoItem) {
  const out: { fileId: string; zh: string; en: string }[] = [];
  for (const shot of item.screenshots) {
    const file = path.join(SHARE_DATA_DIR, shot.path);
    if (
      !(await access(file).then(
        () => true,
        () => false,
      ))
    )
      continue;
    const data = await readFile(file);
    const info = sniffImage(data);
    if (!info) throw new Error(`${shot.path} is not a PNG, JPEG or WebP image`);
    const record = await ensureFile(db, store, {
      data,
      name: path.basename(shot.path),
      mime: info.mime,
      width: info.width,
      height: info.height,
    });
    out.push({ fileId: record.id, zh: shot.zh, en: shot.en });
  }
  return out;
}

export const shareSeed: SeedStep = {
  name: 'share (software pages and file share, demo content)',
  async run(db, progress) {
    let raw: string;
    try {
      raw = await readFile(FILE, 'utf8');
    } catch {
      progress('no data/share/items.json: no demo share items');
      return;
    }
    const { items } = itemsSchema.parse(JSON.parse(raw));
    const store = getFileStore();
    const ctx = demoContext();
    let added = 0;
    for (const item of items) {
      const fileId = await itemFile(db, store, item, ctx);
      const screenshots = await screenshotFiles(db, store, item);
      const body = item.body ? { zh: sanitizeNewsHtml(item.body.zh), en: sanitizeNewsHtml(item.body.en) } : { zh: '', en: '' };
      if (item.body && (!htmlToText(body.zh) || !htmlToText(body.en))) throw new Error(`${item.slug}: empty body after sanitizing`);
      // Texts are written once; files and screenshots of demo items follow the generated bytes.
      const [row] = await db.query<{ inserted: boolean }>(
        `INSERT INTO share_items (category, slug, title_zh, title_en, summary_zh, summary_en, body_zh, body_en, requirements_zh,
                                  requirements_en, changelog, screenshots, sources, citation, version, published_on, file_id,
                                  login_required, demo, sort)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12::jsonb, $13::jsonb, $14::jsonb, $15, $16, $17, $18, true, $19)
         ON CONFLICT (slug) DO UPDATE SET file_id = EXCLUDED.file_id, screenshots = EXCLUDED.screenshots, updated_at = now()
           WHERE share_items.demo AND (share_items.file_id IS DISTINCT FROM EXCLUDED.file_id OR share_items.screenshots <> EXCLUDED.screenshots)
         RETURNING (xmax = 0) AS inserted`,
        [
          item.category,
          item.slug,
          item.title.zh,
          item.title.en,
          item.summary.zh,
          item.summary.en,
          body.zh,
          body.en,
          item.requirements?.zh ?? '',
          item.requirements?.en ?? '',
          JSON.stringify(item.changelog),
          JSON.stringify(screenshots),
          JSON.stringify(item.sources),
          item.citation ? JSON.stringify(item.citation) : null,
          item.version,
          item.publishedOn,
          fileId,
          item.loginRequired,
          item.sort,
        ],
      );
      if (row?.inserted) added++;
    }
    if (added) progress(`share: ${added} demo items added`);
  },
};
