'use client';

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createNewsContract,
  getManagedNewsContract,
  listManagedNewsContract,
  setNewsStatusContract,
  updateNewsContract,
} from '../../shared/contracts/news';
import type { NewsInput, NewsRecord } from '../../shared/contracts/news';
import { deleteNewsCoverContract, getNewsCoverContract, uploadNewsCoverContract, type NewsCover } from '../../shared/contracts/share';
import { apiFetch } from '../api';

/** The editors' view of the news (drafts included); the public pages are rendered on the server. */
export type ManagedNewsStatus = 'all' | 'draft' | 'published';

export const newsKeys = {
  manage: ['news-manage'] as const,
  list: (status: ManagedNewsStatus, q = '', page = 1) => [...newsKeys.manage, 'list', status, q, page] as const,
  detail: (id: string) => [...newsKeys.manage, 'one', id] as const,
  cover: (id: string) => [...newsKeys.manage, 'cover', id] as const,
};

interface MutationCallbacks<T> {
  onSuccess?: (data: T) => void;
  onError?: (error: Error) => void;
}

/** Items per page of the editors' list. */
export const MANAGED_NEWS_PAGE_SIZE = 20;

/** One page of the items, newest change first, optionally of one status and with words of the title. */
export function useManagedNewsList(status: ManagedNewsStatus, q = '', page = 1) {
  return useQuery({
    queryKey: newsKeys.list(status, q, page),
    queryFn: ({ signal }) =>
      apiFetch(listManagedNewsContract, {
        query: { pageNum: page, pageSize: MANAGED_NEWS_PAGE_SIZE, status: status === 'all' ? undefined : status, q: q || undefined },
        signal,
      }),
    // The page being left stays on screen while the next one loads.
    placeholderData: (previous) => previous,
  });
}

/** One record in both languages, always read fresh (for `queryClient.fetchQuery` when editing starts). */
export const managedNewsQuery = (id: string) =>
  queryOptions({
    queryKey: newsKeys.detail(id),
    queryFn: ({ signal }) => apiFetch(getManagedNewsContract, { params: { id }, signal }),
    staleTime: 0,
  });

/** Creates a draft (no id) or changes an item; the editors' lists follow. */
export function useSaveNews(callbacks: MutationCallbacks<NewsRecord> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, draft }: { id: string | null; draft: NewsInput }) =>
      id ? apiFetch(updateNewsContract, { params: { id }, body: draft }) : apiFetch(createNewsContract, { body: draft }),
    onSuccess: (record) => {
      callbacks.onSuccess?.(record);
      void queryClient.invalidateQueries({ queryKey: newsKeys.manage });
    },
    onError: callbacks.onError,
  });
}

/** Publishes or unpublishes an item; the editors' lists follow. */
export function useSetNewsStatus(callbacks: MutationCallbacks<NewsRecord> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'draft' | 'published' }) =>
      apiFetch(setNewsStatusContract, { params: { id }, body: { status } }),
    onSuccess: (record) => {
      callbacks.onSuccess?.(record);
      void queryClient.invalidateQueries({ queryKey: newsKeys.manage });
    },
    onError: callbacks.onError,
  });
}

// ── Covers (their contracts live with the shared files that store them) ────────────────────────

/** The cover of a saved item in both languages, or null. */
export function useNewsCover(newsId: string) {
  return useQuery({
    queryKey: newsKeys.cover(newsId),
    queryFn: ({ signal }) => apiFetch(getNewsCoverContract, { params: { id: newsId }, signal }),
  });
}

/** Sets the cover: the image goes as the raw body, its alternative texts in the query. */
export function useUploadNewsCover(newsId: string, callbacks: MutationCallbacks<NewsCover> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ image, altZh, altEn }: { image: Blob; altZh: string; altEn: string }) =>
      apiFetch(uploadNewsCoverContract, { params: { id: newsId }, query: { altZh, altEn }, body: image }),
    onSuccess: (cover) => {
      callbacks.onSuccess?.(cover);
      void queryClient.invalidateQueries({ queryKey: newsKeys.cover(newsId) });
    },
    onError: callbacks.onError,
  });
}

export function useDeleteNewsCover(newsId: string, callbacks: MutationCallbacks<{ removed: boolean }> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(deleteNewsCoverContract, { params: { id: newsId } }),
    onSuccess: (answer) => {
      callbacks.onSuccess?.(answer);
      void queryClient.invalidateQueries({ queryKey: newsKeys.cover(newsId) });
    },
    onError: callbacks.onError,
  });
}
