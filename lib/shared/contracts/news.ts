/**
 * News API (`/api/news/v3`, spec §7): published news by type, search, one item with its neighbours,
 * and the home page's highlights. Texts come in the caller's language.
 */
import { z } from 'zod';
import { PERMISSIONS } from '../permissions';
import { defineContract, pageQuerySchema, pageSchema } from './api';

/** Spec types: 0 notice, 1 trend, 2 GEO dynamic info, 3 cooperation, 4 organization, 5 media. */
export const NEWS_TYPES = [0, 1, 2, 3, 4, 5] as const;
export const newsTypeSchema = z.coerce
  .number()
  .int()
  .refine((n): n is (typeof NEWS_TYPES)[number] => (NEWS_TYPES as readonly number[]).includes(n), 'a news type from 0 to 5');
export type NewsType = (typeof NEWS_TYPES)[number];

/** The languages a news item can be written in. */
export const NEWS_LANGUAGES = ['zh', 'en'] as const;
export type NewsLanguage = (typeof NEWS_LANGUAGES)[number];

/**
 * Widths (px) of the smaller WebP copies kept of every cover, for `srcset` (lib/server/files/variants.ts): 320 for
 * a list card's 176 CSS px at 1×, 480 at 2×, 640 for a phone's full-width card (~350 CSS px) at 1.75× (Lighthouse's
 * phone); 3× phones take the original.
 */
export const COVER_VARIANT_WIDTHS = [320, 480, 640] as const;

/** A smaller copy of an image behind its own signed link, for `srcset`. */
export const imageVariantSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export type ImageVariant = z.infer<typeof imageVariantSchema>;

export const newsSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  type: z.number().int(),
  title: z.string(),
  summary: z.string(),
  source: z.string().nullable(),
  tags: z.array(z.string()),
  publishedAt: z.string(),
  /** Written for this project's demo, not official news. */
  demo: z.boolean(),
  /** The language of title, summary and body: the caller's, or the other when the item was written only in that. */
  lang: z.enum(NEWS_LANGUAGES),
  /**
   * Cover image behind a signed link that stays valid for at least a day, or null; `variants` are its smaller
   * copies, narrowest first (none for a cover stored before they were made, or one narrower than them all).
   */
  cover: z
    .object({
      url: z.string(),
      width: z.number().int(),
      height: z.number().int(),
      alt: z.string(),
      variants: z.array(imageVariantSchema),
    })
    .nullable(),
});
export type NewsSummary = z.infer<typeof newsSummarySchema>;

export const newsNeighbourSchema = z.object({ id: z.string(), title: z.string() });

export const newsDetailSchema = newsSummarySchema.extend({
  /** Sanitized HTML. */
  body: z.string(),
  updatedAt: z.string(),
  /** The newer and the older item of the same type. */
  previous: newsNeighbourSchema.nullable(),
  next: newsNeighbourSchema.nullable(),
});
export type NewsDetail = z.infer<typeof newsDetailSchema>;

export const newsListQuerySchema = pageQuerySchema.extend({ type: newsTypeSchema });
export const newsSearchQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().min(1).max(50),
  type: newsTypeSchema.optional(),
});
export const newsIdParamsSchema = z.object({ id: z.string().regex(/^[1-9]\d{0,17}$/) });

export const newsHomeSchema = z.object({
  highlights: z.array(newsSummarySchema),
  latest: z.array(z.object({ type: z.number().int(), items: z.array(newsSummarySchema) })),
});
export type NewsHome = z.infer<typeof newsHomeSchema>;

export const listNewsContract = defineContract({
  method: 'GET',
  path: '/api/news/v3/news-v3',
  summary: 'Published news of one type, newest first, paged',
  tag: 'news',
  access: 'public',
  cacheSeconds: 60,
  query: newsListQuerySchema,
  response: pageSchema(newsSummarySchema),
});

export const searchNewsContract = defineContract({
  method: 'GET',
  path: '/api/news/v3/news-v3/s',
  summary: 'Search published news by words in the title, summary or body (caller’s language)',
  tag: 'news',
  access: 'public',
  cacheSeconds: 60,
  query: newsSearchQuerySchema,
  response: pageSchema(newsSummarySchema),
});

export const getNewsContract = defineContract({
  method: 'GET',
  path: '/api/news/v3/news-v3/id/{id}',
  summary: 'One published news item with its previous and next item of the same type',
  tag: 'news',
  access: 'public',
  cacheSeconds: 60,
  params: newsIdParamsSchema,
  response: newsDetailSchema,
});

export const newsHomeContract = defineContract({
  method: 'GET',
  path: '/api/news/v3/news-v3/home',
  summary: 'Highlights and the latest items of each type, for the home page',
  tag: 'news',
  access: 'public',
  cacheSeconds: 60,
  response: newsHomeSchema,
});

export const NEWS_PUBLIC_CONTRACTS = [listNewsContract, searchNewsContract, getNewsContract, newsHomeContract] as const;

// ── Editing (our own endpoints; editors hold PERMISSIONS.EDITOR) ─────────────────────────────────

export const NEWS_BODY_MAX = 100_000;

const newsInputFields = z.object({
  type: z.number().int().min(0).max(5),
  titleZh: z.string().trim().max(200).default(''),
  titleEn: z.string().trim().max(300).default(''),
  summaryZh: z.string().trim().max(500).default(''),
  summaryEn: z.string().trim().max(1000).default(''),
  bodyZh: z.string().trim().max(NEWS_BODY_MAX).default(''),
  bodyEn: z.string().trim().max(NEWS_BODY_MAX).default(''),
  sourceZh: z.string().trim().max(100).nullable().default(null),
  sourceEn: z.string().trim().max(150).nullable().default(null),
  tags: z.array(z.string().trim().min(1).max(40)).max(12).default([]),
  highlight: z.boolean().default(false),
});

/** The fields a language needs to be complete. */
export type NewsRequiredField = 'titleZh' | 'bodyZh' | 'titleEn' | 'bodyEn';
type NewsTexts = Pick<
  z.input<typeof newsInputFields>,
  'titleZh' | 'titleEn' | 'summaryZh' | 'summaryEn' | 'bodyZh' | 'bodyEn' | 'sourceZh' | 'sourceEn'
>;

const filled = (text: string | null | undefined) => Boolean(text?.trim());

/**
 * What a news item still lacks before it can be saved. A Chinese-only (or English-only) item is legitimate: at least
 * one language must be complete (title and body), and a language that is begun (any of its fields filled) must be
 * completed, so a page never mixes one language's title with the other's text. With nothing written at all, the
 * `preferred` language's title and body are missing.
 */
export function missingNewsFields(input: NewsTexts, preferred: NewsLanguage = 'zh'): NewsRequiredField[] {
  const missing: NewsRequiredField[] = [];
  const begun: NewsLanguage[] = [];
  for (const lang of NEWS_LANGUAGES) {
    const s = lang === 'zh' ? 'Zh' : 'En';
    const title = input[`title${s}`];
    const body = input[`body${s}`];
    if (![title, body, input[`summary${s}`], input[`source${s}`]].some(filled)) continue;
    begun.push(lang);
    if (!filled(title)) missing.push(`title${s}`);
    if (!filled(body)) missing.push(`body${s}`);
  }
  if (begun.length === 0) return preferred === 'zh' ? ['titleZh', 'bodyZh'] : ['titleEn', 'bodyEn'];
  return missing;
}

/** The language of a required field. */
export function newsFieldLanguage(field: NewsRequiredField): NewsLanguage {
  return field.endsWith('Zh') ? 'zh' : 'en';
}

export const newsInputSchema = newsInputFields.superRefine((input, ctx) => {
  for (const field of missingNewsFields(input)) {
    ctx.addIssue({ code: 'custom', path: [field], message: 'a language needs its title and body, and at least one language is needed' });
  }
});
export type NewsInput = z.infer<typeof newsInputSchema>;

export const newsStatusSchema = z.enum(['draft', 'published']);

/** The whole record in both languages, as an editor sees it. */
export const newsRecordSchema = newsInputFields.extend({
  id: z.string(),
  slug: z.string(),
  status: newsStatusSchema,
  demo: z.boolean(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type NewsRecord = z.infer<typeof newsRecordSchema>;

export const newsManageListQuerySchema = pageQuerySchema.extend({
  type: newsTypeSchema.optional(),
  status: newsStatusSchema.optional(),
  /** Words of the title in either language (taken literally, not as a pattern). */
  q: z.string().trim().max(100).optional(),
});

const EDITOR = { permission: PERMISSIONS.EDITOR } as const;
const EDIT_BODY_BYTES = 2 * NEWS_BODY_MAX + 16_384;

export const listManagedNewsContract = defineContract({
  method: 'GET',
  path: '/api/news/v3/manage',
  summary: 'All news, drafts included, newest change first (editors)',
  tag: 'news',
  access: EDITOR,
  query: newsManageListQuerySchema,
  response: pageSchema(newsRecordSchema.omit({ bodyZh: true, bodyEn: true })),
});

export const getManagedNewsContract = defineContract({
  method: 'GET',
  path: '/api/news/v3/manage/id/{id}',
  summary: 'One news record in both languages (editors)',
  tag: 'news',
  access: EDITOR,
  params: newsIdParamsSchema,
  response: newsRecordSchema,
});

export const createNewsContract = defineContract({
  method: 'POST',
  path: '/api/news/v3/manage',
  summary: 'Create a draft (bodies are sanitized when saved)',
  tag: 'news',
  access: EDITOR,
  body: newsInputSchema,
  maxBodyBytes: EDIT_BODY_BYTES,
  response: newsRecordSchema,
});

export const updateNewsContract = defineContract({
  method: 'PUT',
  path: '/api/news/v3/manage/id/{id}',
  summary: 'Change a news item; a published one is refreshed on the site at once',
  tag: 'news',
  access: EDITOR,
  params: newsIdParamsSchema,
  body: newsInputSchema,
  maxBodyBytes: EDIT_BODY_BYTES,
  response: newsRecordSchema,
});

export const setNewsStatusContract = defineContract({
  method: 'POST',
  path: '/api/news/v3/manage/id/{id}/status',
  summary: 'Publish or unpublish (back to draft); lists, detail, home and sitemap follow',
  tag: 'news',
  access: EDITOR,
  params: newsIdParamsSchema,
  body: z.object({ status: newsStatusSchema }),
  maxBodyBytes: 256,
  response: newsRecordSchema,
});

export const NEWS_EDITOR_CONTRACTS = [
  listManagedNewsContract,
  getManagedNewsContract,
  createNewsContract,
  updateNewsContract,
  setNewsStatusContract,
] as const;

export const NEWS_CONTRACTS = [...NEWS_PUBLIC_CONTRACTS, ...NEWS_EDITOR_CONTRACTS] as const;
