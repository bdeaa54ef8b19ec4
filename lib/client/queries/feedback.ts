'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listOwnFeedbackContract, submitFeedbackContract, type SubmitFeedbackBody } from '../../shared/contracts/feedback';
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
      apiFetch(listOwnFeedbackContract, { query: { pageNum, pageSize: FEEDBACK_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

export const submitFeedback = (body: SubmitFeedbackBody) =>
  apiFetch(submitFeedbackContract, { body });
