'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  getManagedFeedbackContract,
  listManagedFeedbackContract,
  managedFeedbackItemSchema,
  managedFeedbackPageSchema,
  replyFeedbackContract,
  type FeedbackStatus,
} from '../../shared/contracts/feedback';
import { apiFetch } from '../api';

export const FEEDBACK_ADMIN_PAGE_SIZE = 10;

export interface ManagedFeedbackFilter {
  status: FeedbackStatus | null;
  keyword: string;
  pageNum: number;
}

const withId = (path: string, id: string) => path.replace('{id}', encodeURIComponent(id));

export const feedbackAdminKeys = {
  all: ['feedback-admin'] as const,
  list: (filter: ManagedFeedbackFilter) => [...feedbackAdminKeys.all, 'list', filter] as const,
  one: (id: string) => [...feedbackAdminKeys.all, 'one', id] as const,
};

/** All feedback for administrators, one page at a time (the previous page stays while the next loads). */
export function useManagedFeedbackList(filter: ManagedFeedbackFilter) {
  return useQuery({
    queryKey: feedbackAdminKeys.list(filter),
    queryFn: ({ signal }) =>
      apiFetch(listManagedFeedbackContract.path, {
        query: { pageNum: filter.pageNum, pageSize: FEEDBACK_ADMIN_PAGE_SIZE, status: filter.status, keyword: filter.keyword },
        schema: managedFeedbackPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** One feedback, read fresh when it is opened. */
export function useManagedFeedback(id: string | null) {
  return useQuery({
    queryKey: feedbackAdminKeys.one(id ?? ''),
    queryFn: ({ signal }) => apiFetch(withId(getManagedFeedbackContract.path, id!), { schema: managedFeedbackItemSchema, signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

export const saveFeedbackReply = (id: string, reply: string) =>
  apiFetch(withId(replyFeedbackContract.path, id), { method: 'PUT', body: { reply }, schema: managedFeedbackItemSchema });
