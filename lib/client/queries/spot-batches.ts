'use client';
/** Spot push batches (issue 35.3): mine (v3: with counts per kind and city), everyone's for administrators, one batch's spots. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  spotBatchCutContract,
  spotBatchManagerContract,
  spotBatchOwnV3Contract,
  spotBatchVectorV3Contract,
  type SpotBatchCutBody,
} from '../../shared/contracts/spot-batches';
import { apiFetch } from '../api';

export const SPOT_BATCHES_PAGE_SIZE = 10;
export const SPOT_ROWS_PAGE_SIZE = 20;

export const spotBatchKeys = {
  all: ['push', 'spot-batches'] as const,
  own: (page: number) => [...spotBatchKeys.all, 'own', page] as const,
  manager: (page: number, delivery: string) => [...spotBatchKeys.all, 'manager', page, delivery] as const,
  vector: (id: string) => [...spotBatchKeys.all, 'vector', id] as const,
};

export function useOwnSpotBatches(page: number) {
  return useQuery({
    queryKey: spotBatchKeys.own(page),
    queryFn: ({ signal }) => apiFetch(spotBatchOwnV3Contract, { query: { pageNum: page, pageSize: SPOT_BATCHES_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Everyone's batches; `poll` re-reads every few seconds (while a cut just queued is running). */
export function useManagerSpotBatches(page: number, delivery: 'all' | 'fetched' | 'pending', poll = false) {
  return useQuery({
    refetchInterval: poll ? 3_000 : false,
    queryKey: spotBatchKeys.manager(page, delivery),
    queryFn: ({ signal }) =>
      apiFetch(spotBatchManagerContract, {
        query: { pageNum: page, pageSize: SPOT_BATCHES_PAGE_SIZE, delivery: delivery === 'all' ? undefined : delivery },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSpotBatchVector(id: string) {
  return useQuery({
    queryKey: spotBatchKeys.vector(id),
    queryFn: ({ signal }) => apiFetch(spotBatchVectorV3Contract, { query: { id }, signal }),
  });
}

export const cutSpotBatches = (body: SpotBatchCutBody) => apiFetch(spotBatchCutContract, { body });

/** The batch's spots as an .xlsx, in a language (a plain link: the browser downloads it with the session cookie). */
export const spotBatchExcelHref = (id: string, lang: 'zh' | 'en') =>
  `/api/push/v1/spotbatch_v3/exportexcel?${new URLSearchParams({ id, lang }).toString()}`;
