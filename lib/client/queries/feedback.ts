'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  feedbackItemSchema,
  feedbackPageSchema,
  listOwnFeedbackContract,
  submitFeedbackContract,
  type SubmitFeedbackBody,
} from '../../shared/contracts/feedback';
import { apiFetch } from '../api';

export const FEEDBACK_PAGE_SIZE = 5;

export const feedbackKeys = {
  all: ['feedback'] as const,
  own: (pageNum: number) => [...feedbackKeys.all, 'own', pageNum] as const,
};

/** The signed-in user's own feedback, one page at a time (the previous page stays while the next loads). */
export function useOwnFeedback(pageNum: number) {
  return useQuery({
    queryKey: feedbackKeys.own(pageNum),
    queryFn: ({ signal }) =>
      apiFetch(listOwnFeedbackContract.path, { query: { pageNum, pageSize: FEEDBACK_PAGE_SIZE }, schema: feedbackPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export const submitFeedback = (body: SubmitFeedbackBody) =>
  apiFetch(submitFeedbackContract.path, { method: 'POST', body, schema: feedbackItemSchema });
