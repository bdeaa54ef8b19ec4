'use client';

import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import {
  createdRequestSchema,
  createRequestContract,
  getOwnRequestContract,
  listOwnRequestsContract,
  listRequestItemsContract,
  withdrawRequestContract,
  type CreateRequestBody,
} from '../../shared/contracts/requests';
import type { RequestStatus } from '../../shared/orders/model';
import { apiFetch } from '../api';
import { postForm } from '../upload-file';

export const APPLICATIONS_PAGE_SIZE = 10;

export const applicationKeys = {
  all: ['applications'] as const,
  own: (filter: { status: RequestStatus | null; pageNum: number }) => [...applicationKeys.all, 'own', filter] as const,
  one: (id: string) => [...applicationKeys.all, 'one', id] as const,
  items: (id: string, pageNum: number) => [...applicationKeys.all, 'items', id, pageNum] as const,
  managed: () => [...applicationKeys.all, 'managed'] as const,
};

/** The signed-in user's applications, a page at a time. */
export function useOwnApplications(filter: { status: RequestStatus | null; pageNum: number }) {
  return useQuery({
    queryKey: applicationKeys.own(filter),
    queryFn: ({ signal }) =>
      apiFetch(listOwnRequestsContract, {
        query: { pageNum: filter.pageNum, pageSize: APPLICATIONS_PAGE_SIZE, status: filter.status ?? undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useOwnApplication(id: string | null) {
  return useQuery({
    queryKey: applicationKeys.one(id ?? ''),
    queryFn: id === null ? skipToken : ({ signal }) => apiFetch(getOwnRequestContract, { params: { id }, signal }),
    staleTime: 0,
  });
}

/** The scenes of an application (its owner or an administrator). */
export function useApplicationItems(id: string | null, pageNum: number) {
  return useQuery({
    queryKey: applicationKeys.items(id ?? '', pageNum),
    queryFn:
      id === null
        ? skipToken
        : ({ signal }) =>
            apiFetch(listRequestItemsContract, { query: { requestId: id, pageNum, pageSize: APPLICATIONS_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

export const withdrawApplication = (id: string) => apiFetch(withdrawRequestContract, { params: { id } });

/** Sends an application: its fields as the `data` part and the PDF, if any, as `file` (with upload progress). */
export function submitApplication(
  body: CreateRequestBody,
  file: File | null,
  options: { locale: string; fallback: string; onProgress: (p: number | null) => void },
) {
  return postForm(createRequestContract.path, { data: JSON.stringify(body) }, file, createdRequestSchema, options);
}

export const attachmentUrl = (id: string) => `/api/order/v3/request/id/${encodeURIComponent(id)}/attachment`;
