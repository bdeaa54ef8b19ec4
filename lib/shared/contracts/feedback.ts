/**
 * Feedback API (`/api/feedback/v1`, spec §7; the page needs MOD_054, spec §6): a signed-in user sends
 * a question or suggestion and reads their own earlier ones with our replies. The form validates with
 * the same schema, so both show the same localized messages (keys under `Feedback.errors`).
 * Administrators (MOD_ADMIN) list all feedback and answer it under `/api/feedback/v1/manage`.
 */
import { z } from 'zod';
import type zh from '../../../messages/zh.json';
import { PERMISSIONS } from '../permissions';
import { FEEDBACK_STATUSES } from '../workflow';
import { chainCheckSchema, historyEntrySchema } from '../workflow/history';
import { defineContract, localizedIssue, pageQuerySchema, pageSchema } from './api';
import { TELEPHONE_PATTERN } from './users';

export const FEEDBACK_CATEGORIES = ['account', 'data', 'map', 'order', 'bug', 'suggestion', 'other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

export { FEEDBACK_STATUSES, type FeedbackStatus } from '../workflow';

export const FEEDBACK_LIMITS = { titleMax: 100, contentMin: 10, contentMax: 2000, contactMax: 100 } as const;

type FeedbackErrorKey = keyof (typeof zh)['Feedback']['errors'];
const issue = (key: FeedbackErrorKey) => ({ error: localizedIssue(`Feedback.errors.${key}`) });

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Mainland mobile (optionally +86) or a landline with its area code; spaces and hyphens allowed. */
export function isFeedbackContact(value: string): boolean {
  if (EMAIL.test(value)) return true;
  const digits = value.replace(/[\s-]/g, '');
  return TELEPHONE_PATTERN.test(digits.replace(/^\+?86(?=1)/, '')) || /^0[1-9]\d{8,10}$/.test(digits);
}

/** Checks run in the form's order (category, title, content, contact); each field reports its first failure. */
export const submitFeedbackBodySchema = z.object({
  category: z.enum(FEEDBACK_CATEGORIES, issue('categoryRequired')),
  title: z
    .string(issue('titleRequired'))
    .trim()
    .min(1, { ...issue('titleRequired'), abort: true })
    .max(FEEDBACK_LIMITS.titleMax, issue('titleTooLong')),
  content: z
    .string(issue('contentRequired'))
    .trim()
    .min(1, { ...issue('contentRequired'), abort: true })
    .min(FEEDBACK_LIMITS.contentMin, { ...issue('contentTooShort'), abort: true })
    .max(FEEDBACK_LIMITS.contentMax, issue('contentTooLong')),
  /** E-mail or phone number for a quicker answer; empty means none. */
  contact: z
    .string(issue('contactFormat'))
    .trim()
    .max(FEEDBACK_LIMITS.contactMax, { ...issue('contactFormat'), abort: true })
    .refine((v) => v === '' || isFeedbackContact(v), issue('contactFormat'))
    .nullish(),
});
export type SubmitFeedbackBody = z.input<typeof submitFeedbackBodySchema>;
export type FeedbackInput = z.output<typeof submitFeedbackBodySchema>;

export const feedbackItemSchema = z.object({
  id: z.string(),
  category: z.enum(FEEDBACK_CATEGORIES),
  title: z.string(),
  content: z.string(),
  contact: z.string().nullable(),
  status: z.enum(FEEDBACK_STATUSES),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Seeded for the demo accounts, not sent by a person. */
  demo: z.boolean(),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

export const ownFeedbackQuerySchema = pageQuerySchema.extend({ pageSize: z.coerce.number().int().min(1).max(50).default(10) });
export const feedbackPageSchema = pageSchema(feedbackItemSchema);

const FEEDBACK = { permission: PERMISSIONS.FEEDBACK } as const;

export const listOwnFeedbackContract = defineContract({
  method: 'GET',
  path: '/api/feedback/v1/feedback',
  summary: "The caller's own feedback with replies, newest first, paged (never anyone else's)",
  tag: 'feedback',
  access: FEEDBACK,
  query: ownFeedbackQuerySchema,
  response: feedbackPageSchema,
});

export const submitFeedbackContract = defineContract({
  method: 'POST',
  path: '/api/feedback/v1/feedback/submit',
  summary: 'Send feedback; at most 5 an hour and 20 a day per user (and 10 an hour per address), else HTTP 429 with Retry-After',
  tag: 'feedback',
  access: FEEDBACK,
  body: submitFeedbackBodySchema,
  maxBodyBytes: 16 * 1024,
  response: feedbackItemSchema,
});

// ── Answering feedback (administrators, MOD_ADMIN) ──────────────────────────────────────────────

export const FEEDBACK_REPLY_MAX = 4000;
export const FEEDBACK_KEYWORD_MAX = 50;

type FeedbackAdminErrorKey = keyof (typeof zh)['FeedbackAdmin']['errors'];
const adminIssue = (key: FeedbackAdminErrorKey) => ({ error: localizedIssue(`FeedbackAdmin.errors.${key}`) });

// C0/C1 controls except tab and line feed, and the invisible direction marks and overrides that can
// make a text read differently from what it contains.
const INVISIBLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * A reply as plain text: line breaks unified, invisible control characters removed, at most one empty
 * line in a row, outer space trimmed. It is shown as text (never as HTML), so markup stays visible as typed.
 */
export function toPlainText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(INVISIBLE, '')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export const replyFeedbackBodySchema = z.object({
  reply: z
    .string(adminIssue('replyRequired'))
    .transform(toPlainText)
    .pipe(
      z
        .string()
        .min(1, { ...adminIssue('replyRequired'), abort: true })
        .max(FEEDBACK_REPLY_MAX, adminIssue('replyTooLong')),
    ),
});
export type ReplyFeedbackBody = z.input<typeof replyFeedbackBodySchema>;

export const feedbackIdParamsSchema = z.object({ id: z.string().regex(/^[1-9]\d{0,17}$/) });

export const verifyFeedbackChainContract = defineContract({
  method: 'GET',
  path: '/api/feedback/v1/feedback/verify/{id}',
  summary:
    'Recompute a feedback’s history hash chain: intact with its head hash, or the first row changed (content) or missing before it (link); its sender or an administrator (404 for anyone else)',
  tag: 'feedback',
  access: 'login',
  params: feedbackIdParamsSchema,
  response: chainCheckSchema,
});

/** One feedback as an administrator sees it: with its sender, language and who answered it. */
export const managedFeedbackItemSchema = feedbackItemSchema.extend({
  /** The language of the page it was sent from (answer in it). */
  locale: z.enum(['zh', 'en']),
  author: z.object({ username: z.string(), realName: z.string().nullable(), organization: z.string().nullable() }),
  /** Username of whoever saved the reply last (null when unanswered or that account is gone). */
  repliedBy: z.string().nullable(),
});
export type ManagedFeedbackItem = z.infer<typeof managedFeedbackItemSchema>;

/** One feedback opened by an administrator: the item and its status history (sent, each answer). */
export const managedFeedbackDetailSchema = managedFeedbackItemSchema.extend({
  history: z.array(historyEntrySchema(z.enum(FEEDBACK_STATUSES))),
  /** The history's hash chain checked (issue 33.5). */
  chain: chainCheckSchema,
});
export type ManagedFeedbackDetail = z.infer<typeof managedFeedbackDetailSchema>;

export const managedFeedbackQuerySchema = pageQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
  /** `received`: not answered yet; `replied`: answered. */
  status: z.enum(FEEDBACK_STATUSES).optional(),
  /** Words in the title, description, reply, sender's username or contact, or the feedback number. */
  keyword: z.string().trim().max(FEEDBACK_KEYWORD_MAX, adminIssue('keywordTooLong')).optional(),
});

export const managedFeedbackPageSchema = pageSchema(managedFeedbackItemSchema).extend({
  /** All feedback still waiting for an answer, whatever the filters. */
  unanswered: z.number().int(),
});
export type ManagedFeedbackPage = z.infer<typeof managedFeedbackPageSchema>;

const ADMIN = { permission: PERMISSIONS.ADMIN } as const;

export const listManagedFeedbackContract = defineContract({
  method: 'GET',
  path: '/api/feedback/v1/manage',
  summary: 'All feedback, newest first, paged; filter by status and search words (administrators)',
  tag: 'feedback',
  access: ADMIN,
  query: managedFeedbackQuerySchema,
  response: managedFeedbackPageSchema,
});

export const getManagedFeedbackContract = defineContract({
  method: 'GET',
  path: '/api/feedback/v1/manage/id/{id}',
  summary: 'One feedback with its sender, reply and status history (administrators)',
  tag: 'feedback',
  access: ADMIN,
  params: feedbackIdParamsSchema,
  response: managedFeedbackDetailSchema,
});

export const replyFeedbackContract = defineContract({
  method: 'PUT',
  path: '/api/feedback/v1/manage/id/{id}/reply',
  summary: 'Answer a feedback in plain text, or change the answer; records who answered and when (administrators)',
  tag: 'feedback',
  access: ADMIN,
  params: feedbackIdParamsSchema,
  body: replyFeedbackBodySchema,
  maxBodyBytes: 32 * 1024,
  response: managedFeedbackDetailSchema,
});

export const FEEDBACK_CONTRACTS = [
  listOwnFeedbackContract,
  submitFeedbackContract,
  verifyFeedbackChainContract,
  listManagedFeedbackContract,
  getManagedFeedbackContract,
  replyFeedbackContract,
] as const;
