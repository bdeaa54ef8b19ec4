'use client';

import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import {
  getManagedFeedbackContract,
  listManagedFeedbackContract,
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

export const feedbackAdminKeys = {
  all: ['feedback-admin'] as const,
  lists: () => [...feedbackAdminKeys.all, 'list'] as const,
  list: (filter: ManagedFeedbackFilter) => [...feedbackAdminKeys.lists(), filter] as const,
  one: (id: string) => [...feedbackAdminKeys.all, 'one', id] as const,
};

/** All feedback for administrators, one page at a time (the previous page stays while the next loads). */
export function useManagedFeedbackList(filter: ManagedFeedbackFilter) {
  return useQuery({
    queryKey: feedbackAdminKeys.list(filter),
    queryFn: ({ signal }) =>
      apiFetch(listManagedFeedbackContract, {
        query: { pageNum: filter.pageNum, pageSize: FEEDBACK_ADMIN_PAGE_SIZE, status: filter.status ?? undefined, keyword: filter.keyword },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** One feedback, read fresh when it is opened. */
export function useManagedFeedback(id: string | null) {
  return useQuery({
    queryKey: feedbackAdminKeys.one(id ?? ''),
    queryFn: id === null ? skipToken : ({ signal }) => apiFetch(getManagedFeedbackContract, { params: { id }, signal }),
    staleTime: 0,
  });
}

export const saveFeedbackReply = (id: string, reply: string) =>
  apiFetch(replyFeedbackContract, { params: { id }, body: { reply } });
