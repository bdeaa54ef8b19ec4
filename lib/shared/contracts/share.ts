/**
 * File share and software API (`/api/share/v2`, spec §7): share items by category, one item, and a
 * signed, expiring download link for an item's file; plus the news cover link
 * (`/api/news/v3/sign/download/imageurl/{id}`) and the editors' cover upload. Texts come in the
 * caller's language.
 */
import { z } from 'zod';
import { PERMISSIONS } from '../permissions';
import { defineContract, pageQuerySchema, pageSchema } from './api';
import { imageVariantSchema } from './news';

export const SHARE_CATEGORIES = ['software', 'application', 'course', 'paper'] as const;
export const shareCategorySchema = z.enum(SHARE_CATEGORIES);
export type ShareCategory = z.infer<typeof shareCategorySchema>;

export const shareFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  mime: z.string(),
  /** Bytes. */
  size: z.number().int(),
  sha256: z.string(),
  downloadCount: z.number().int(),
});
export type ShareFile = z.infer<typeof shareFileSchema>;

export const citationSchema = z.object({
  authors: z.string(),
  venue: z.string(),
  year: z.number().int(),
  doi: z.string(),
});
export type Citation = z.infer<typeof citationSchema>;

export const shareSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  category: shareCategorySchema,
  title: z.string(),
  summary: z.string(),
  version: z.string().nullable(),
  /** YYYY-MM-DD. */
  publishedOn: z.string(),
  /** Written for this project's demo. */
  demo: z.boolean(),
  /** Only signed-in users get a download link. */
  loginRequired: z.boolean(),
  file: shareFileSchema.nullable(),
  citation: citationSchema.nullable(),
});
export type ShareSummary = z.infer<typeof shareSummarySchema>;

export const shareDetailSchema = shareSummarySchema.extend({
  /** Sanitized HTML. */
  body: z.string(),
  requirements: z.string(),
  changelog: z.array(z.object({ version: z.string(), date: z.string(), notes: z.string() })),
  screenshots: z.array(z.object({ url: z.string(), width: z.number().int(), height: z.number().int(), caption: z.string() })),
  sources: z.array(z.object({ title: z.string(), url: z.string() })),
});
export type ShareDetail = z.infer<typeof shareDetailSchema>;

export const shareListQuerySchema = pageQuerySchema.extend({
  category: shareCategorySchema,
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export const shareIdParamsSchema = z.object({ id: z.string().regex(/^[1-9]\d{0,17}$/) });

export const signedLinkSchema = z.object({
  /** Same-origin path with `expires` and `sig`. */
  url: z.string(),
  expiresAt: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  /** Downloads so far (before this one). */
  downloadCount: z.number().int(),
});
export type SignedLinkAnswer = z.infer<typeof signedLinkSchema>;

export const listShareContract = defineContract({
  method: 'GET',
  path: '/api/share/v2/shareinfo-v2',
  summary: 'Share items of one category (software, application, course, paper), paged',
  tag: 'share',
  access: 'public',
  query: shareListQuerySchema,
  response: pageSchema(shareSummarySchema),
});

export const getShareContract = defineContract({
  method: 'GET',
  path: '/api/share/v2/shareinfo-v2/id/{id}',
  summary: 'One share item with its body, changelog, requirements, screenshots and sources',
  tag: 'share',
  access: 'public',
  params: shareIdParamsSchema,
  response: shareDetailSchema,
});

export const signShareDownloadContract = defineContract({
  method: 'GET',
  path: '/api/share/v2/sign/download/{id}',
  summary: 'A signed download link for the file of a share item, valid for FILE_URL_TTL_SECONDS (login-only items need a session)',
  tag: 'share',
  access: 'public',
  params: shareIdParamsSchema,
  response: signedLinkSchema,
});

// ── News covers ─────────────────────────────────────────────────────────────────────────────────

export const COVER_MAX_BYTES = 2 * 1024 * 1024;
export const COVER_MAX_SIDE = 4096;
export const COVER_MIN_SIDE = 64;
export const COVER_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const coverLinkSchema = z.object({
  url: z.string(),
  expiresAt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
});
export type CoverLink = z.infer<typeof coverLinkSchema>;

export const signNewsCoverContract = defineContract({
  method: 'GET',
  path: '/api/news/v3/sign/download/imageurl/{id}',
  summary: 'A signed link to the cover image of a published news item',
  tag: 'news',
  access: 'public',
  params: shareIdParamsSchema,
  response: coverLinkSchema,
});

/** Editors: alternative text in both languages goes in the query, the image itself is the raw body. */
export const uploadCoverQuerySchema = z.object({
  altZh: z.string().trim().min(1).max(200),
  altEn: z.string().trim().min(1).max(300),
});

export const newsCoverSchema = z.object({
  fileId: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Its smaller copies, narrowest first (newsSummarySchema's cover). */
  variants: z.array(imageVariantSchema),
  altZh: z.string(),
  altEn: z.string(),
});
export type NewsCover = z.infer<typeof newsCoverSchema>;

export const getNewsCoverContract = defineContract({
  method: 'GET',
  path: '/api/news/v3/manage/id/{id}/cover',
  summary: 'The cover of a news item in both languages, or null (editors)',
  tag: 'news',
  access: { permission: PERMISSIONS.EDITOR },
  params: shareIdParamsSchema,
  response: newsCoverSchema.nullable(),
});

export const uploadNewsCoverContract = defineContract({
  method: 'PUT',
  path: '/api/news/v3/manage/id/{id}/cover',
  summary: 'Set the cover: body is a PNG, JPEG or WebP image (≤ 2 MB, 64–4096 px a side), checked by its bytes',
  tag: 'news',
  access: { permission: PERMISSIONS.EDITOR },
  params: shareIdParamsSchema,
  query: uploadCoverQuerySchema,
  response: newsCoverSchema,
});

export const deleteNewsCoverContract = defineContract({
  method: 'DELETE',
  path: '/api/news/v3/manage/id/{id}/cover',
  summary: 'Remove the cover of a news item',
  tag: 'news',
  access: { permission: PERMISSIONS.EDITOR },
  params: shareIdParamsSchema,
  response: z.object({ removed: z.boolean() }),
});

export const SHARE_CONTRACTS = [
  listShareContract,
  getShareContract,
  signShareDownloadContract,
  signNewsCoverContract,
  getNewsCoverContract,
  uploadNewsCoverContract,
  deleteNewsCoverContract,
] as const;
