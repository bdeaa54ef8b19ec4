/**
 * FAQ API (`/api/main/v1/faq`): the questions and answers of the FAQ page in the caller's language,
 * optionally filtered by category and by words in the question or answer.
 */
import { z } from 'zod';
import { FAQ_CATEGORIES } from '../faq';
import { defineContract, type ApiContract } from './api';

export { FAQ_CATEGORIES, FAQ_SLUG_PATTERN, faqAnchor, type FaqCategory } from '../faq';

export const faqItemSchema = z.object({
  id: z.string(),
  slug: z.string(),
  category: z.enum(FAQ_CATEGORIES),
  question: z.string(),
  /** Plain text; paragraphs are separated by a blank line. */
  answer: z.string(),
  updatedAt: z.string(),
});
export type FaqItem = z.infer<typeof faqItemSchema>;

export const faqQuerySchema = z.object({
  q: z.string().trim().max(50).optional(),
  category: z.enum(FAQ_CATEGORIES).optional(),
});

/** At most this many items in one answer (the whole FAQ fits many times over). */
export const FAQ_MAX_ITEMS = 200;

export const listFaqContract = defineContract({
  method: 'GET',
  path: '/api/main/v1/faq',
  summary: 'FAQ in category order, optionally by category and by words in the question or answer (caller’s language)',
  tag: 'main',
  access: 'public',
  cacheSeconds: 60,
  query: faqQuerySchema,
  response: z.array(faqItemSchema).max(FAQ_MAX_ITEMS),
});

/** The FAQ API, for the OpenAPI document. */
export const FAQ_CONTRACTS: readonly ApiContract[] = [
  listFaqContract,
];
