import { z } from 'zod';
import { defineContract, type ApiContract } from './api';
import { API_PATHS } from './paths';

export const incrVisitBodySchema = z.object({
  name: z.string().trim().min(1).max(40),
  label: z.string().trim().max(100).optional(),
});

export const incrVisitResponseSchema = z.object({
  name: z.string(),
  day: z.string(),
  count: z.number().int(),
});

export const getVisitTotalsQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(366).default(30),
});

export const visitTotalsSchema = z.object({
  total: z.number().int(),
  today: z.number().int(),
  byName: z.array(z.object({ name: z.string(), total: z.number().int() })),
  daily: z.array(z.object({ day: z.string(), count: z.number().int() })),
});
export type VisitTotals = z.infer<typeof visitTotalsSchema>;

export const incrVisitContract = defineContract({
  method: 'POST',
  path: API_PATHS.incrVisit,
  summary: 'Count one visit to a whitelisted route name (ALL on app start)',
  tag: 'statistics',
  access: 'public',
  body: incrVisitBodySchema,
  response: incrVisitResponseSchema,
  maxBodyBytes: 1024,
});

export const getVisitTotalsContract = defineContract({
  method: 'GET',
  path: '/api/statistics-transaction/v1/statistics-transaction/totals',
  summary: 'Visit totals: all time, today (China Standard Time), per name, and per day over the last N days',
  tag: 'statistics',
  access: 'public',
  query: getVisitTotalsQuerySchema,
  response: visitTotalsSchema,
});

/** The visit counter API, for the OpenAPI document. */
export const VISIT_CONTRACTS: readonly ApiContract[] = [
  incrVisitContract,
  getVisitTotalsContract,
];
