/**
 * What the management lists (all orders, all applications) share: the user-or-code search and the range
 * of days of their list queries, and the status history of one order or application. Each list keeps its
 * own status rule and answers in its own message namespace.
 */
import { z } from 'zod';
import type zh from '../../../messages/zh.json';
import { historyEntrySchema } from '../workflow/history';
import { localizedIssue } from './api';

type Namespace = 'OrdersAdmin' | 'ApplicationsAdmin';
type FilterErrorKey = keyof (typeof zh)[Namespace]['errors'] & ('badDate' | 'userTooLong');

/** The search fields of a management list's query; problems are told with `namespace`'s messages. */
export function managedListFilterFields(namespace: Namespace) {
  const issue = (key: FilterErrorKey) => ({ error: localizedIssue(`${namespace}.errors.${key}`) });
  const isoDate = z
    .string(issue('badDate'))
    .regex(/^\d{4}-\d{2}-\d{2}$/, issue('badDate'))
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), issue('badDate'));
  return {
    /** Part of the user's username, name or organisation, or the order's or application's code. */
    user: z.string().trim().max(64, issue('userTooLong')).optional(),
    dateFrom: isoDate.optional(),
    dateTo: isoDate.optional(),
  };
}

/** One status change of an order or an application (the workflow history's entry, lib/shared/workflow/history.ts). */
export const statusHistoryEntrySchema = historyEntrySchema(z.number().int());
export type StatusHistoryEntry = z.infer<typeof statusHistoryEntrySchema>;
