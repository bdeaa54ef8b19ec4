'use client';

import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import {
  approveRequestContract,
  getManagedRequestContract,
  listManagedRequestsContract,
  rejectRequestContract,
} from '../../shared/contracts/requests-review';
import type { RequestStatus } from '../../shared/orders/model';
import { apiFetch } from '../api';
import { APPLICATIONS_PAGE_SIZE, applicationKeys } from './applications';

/** Administrators' keys live under the applicant's, so a decision refreshes both. */
export const reviewKeys = {
  list: (filter: ManagedApplicationsFilter) => [...applicationKeys.managed(), 'list', filter] as const,
  one: (id: string) => [...applicationKeys.managed(), 'one', id] as const,
};

export interface ManagedApplicationsFilter {
  status: RequestStatus | null;
  user: string;
  dateFrom: string | null;
  dateTo: string | null;
  pageNum: number;
}

export function useManagedApplications(filter: ManagedApplicationsFilter) {
  return useQuery({
    queryKey: reviewKeys.list(filter),
    queryFn: ({ signal }) =>
      apiFetch(listManagedRequestsContract, {
        query: {
          pageNum: filter.pageNum,
          pageSize: APPLICATIONS_PAGE_SIZE,
          status: filter.status ?? undefined,
          user: filter.user || undefined,
          dateFrom: filter.dateFrom ?? undefined,
          dateTo: filter.dateTo ?? undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useManagedApplication(id: string | null) {
  return useQuery({
    queryKey: reviewKeys.one(id ?? ''),
    queryFn: id === null ? skipToken : ({ signal }) => apiFetch(getManagedRequestContract, { params: { id }, signal }),
    staleTime: 0,
  });
}

export const approveApplication = (id: string, note: string) => apiFetch(approveRequestContract, { params: { id }, body: { note } });
export const rejectApplication = (id: string, reason: string) => apiFetch(rejectRequestContract, { params: { id }, body: { reason } });
