/**
 * News API (`/api/news/v3`, spec §7): published news by type, search, one item with its neighbours,
 * and the home page's highlights. Texts come in the caller's language.
 */
import { z } from 'zod';
import { defineContract, pageQuerySchema, pageSchema } from './api';

/** Spec types: 0 notice, 1 trend, 2 GEO dynamic info, 3 cooperation, 4 organization, 5 media. */
export const NEWS_TYPES = [0, 1, 2, 3, 4, 5] as const;
export const newsTypeSchema = z.coerce
  .number()
  .int()
  .refine((n): n is (typeof NEWS_TYPES)[number] => (NEWS_TYPES as readonly number[]).includes(n), 'a news type from 0 to 5');
export type NewsType = (typeof NEWS_TYPES)[number];

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

export const NEWS_CONTRACTS = [listNewsContract, searchNewsContract, getNewsContract, newsHomeContract] as const;
