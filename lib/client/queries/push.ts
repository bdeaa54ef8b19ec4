'use client';
/** Push delivery (issue 35.1–2): push users and grants (administrators), my grants, batches and their coverage. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  batchDetailContract,
  batchVectorContract,
  coverCalculateContract,
  deletePushUserContract,
  getPushUserContract,
  imageTypeListContract,
  listBatchesContract,
  listPushUsersContract,
  pushStatisticsContract,
  putPushUserContract,
  spotTypeListContract,
  type PutPushUserBody,
} from '../../shared/contracts/push';
import { pushStatisticsExportContract, type PushStatisticsQueryInput } from '../../shared/contracts/push-statistics';
import { apiFetch } from '../api';
import { dispositionName, ExportError, saveBlob } from '../download-export';

export const PUSH_USERS_PAGE_SIZE = 20;
export const BATCHES_PAGE_SIZE = 10;
export const BATCH_SCENES_PAGE_SIZE = 20;

export const pushKeys = {
  all: ['push'] as const,
  users: (page: number, scope: 'push' | 'all', keyword: string) => [...pushKeys.all, 'users', page, scope, keyword] as const,
  user: (id: string) => [...pushKeys.all, 'user', id] as const,
  imageTypes: () => [...pushKeys.all, 'image-types'] as const,
  spotTypes: () => [...pushKeys.all, 'spot-types'] as const,
  statistics: () => [...pushKeys.all, 'statistics'] as const,
  figures: (query: PushStatisticsQueryInput) => [...pushKeys.all, 'statistics', query] as const,
  batches: (page: number) => [...pushKeys.all, 'batches', page] as const,
  batch: (id: string, page: number) => [...pushKeys.all, 'batch', id, page] as const,
  footprints: (id: string) => [...pushKeys.all, 'footprints', id] as const,
  coverage: (id: string) => [...pushKeys.all, 'coverage', id] as const,
};

export function usePushUsers(page: number, scope: 'push' | 'all', keyword: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: pushKeys.users(page, scope, keyword),
    queryFn: ({ signal }) =>
      apiFetch(listPushUsersContract, {
        query: { pageNum: page, pageSize: PUSH_USERS_PAGE_SIZE, scope, keyword: keyword || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** A push user's grants; `null` when they are not one (the API answers "not found"). */
export function usePushUser(id: string | null) {
  return useQuery({
    queryKey: pushKeys.user(id ?? ''),
    enabled: id !== null,
    queryFn: async ({ signal }) => (await apiFetch(getPushUserContract, { params: { id: id! }, signal })) ?? null,
  });
}

export function useImageTypes() {
  return useQuery({
    queryKey: pushKeys.imageTypes(),
    queryFn: ({ signal }) => apiFetch(imageTypeListContract, { signal }),
    staleTime: 3_600_000,
  });
}

export function useSpotTypes() {
  return useQuery({
    queryKey: pushKeys.spotTypes(),
    queryFn: ({ signal }) => apiFetch(spotTypeListContract, { signal }),
    staleTime: 3_600_000,
  });
}

export function usePushStatistics() {
  return useQuery({ queryKey: pushKeys.statistics(), queryFn: ({ signal }) => apiFetch(pushStatisticsContract, { signal }) });
}

/** The push statistics screen's figures (issue 36.3): a period, a region, a user (administrators). */
export function usePushStatisticsFigures(query: PushStatisticsQueryInput) {
  return useQuery({
    queryKey: pushKeys.figures(query),
    queryFn: ({ signal }) => apiFetch(pushStatisticsContract, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBatches(page: number) {
  return useQuery({
    queryKey: pushKeys.batches(page),
    queryFn: ({ signal }) => apiFetch(listBatchesContract, { query: { pageNum: page, pageSize: BATCHES_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBatchDetail(id: string, page: number) {
  return useQuery({
    queryKey: pushKeys.batch(id, page),
    queryFn: ({ signal }) => apiFetch(batchDetailContract, { query: { id, pageNum: page, pageSize: BATCH_SCENES_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBatchFootprints(id: string) {
  return useQuery({ queryKey: pushKeys.footprints(id), queryFn: ({ signal }) => apiFetch(batchVectorContract, { query: { id }, signal }) });
}

export function useBatchCoverage(id: string) {
  return useQuery({
    queryKey: pushKeys.coverage(id),
    queryFn: ({ signal }) => apiFetch(coverCalculateContract, { query: { id }, signal }),
  });
}

export const savePushUser = (id: string, body: PutPushUserBody) => apiFetch(putPushUserContract, { params: { id }, body });
export const removePushUser = (id: string) => apiFetch(deletePushUserContract, { params: { id } });

/** Downloads the push statistics of `query` as CSV (headers in `locale`); throws ExportError with the API's message. */
export async function downloadPushStatistics(
  query: Record<string, string>,
  locale: string,
  fallback: (kind: 'failed' | 'network') => string,
): Promise<void> {
  const url = `${pushStatisticsExportContract.path}?${new URLSearchParams({ ...query, format: 'csv' }).toString()}`;
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: '*/*', 'x-locale': locale }, credentials: 'same-origin' });
  } catch {
    throw new ExportError(fallback('network'), null);
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.startsWith('application/json')) {
    const envelope = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new ExportError(
      typeof envelope?.message === 'string' && envelope.message ? envelope.message : fallback('failed'),
      response.status,
    );
  }
  saveBlob(await response.blob(), dispositionName(response.headers.get('content-disposition')) ?? 'push-statistics.csv');
}
