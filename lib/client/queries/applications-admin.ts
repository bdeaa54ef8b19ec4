'use client';

import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import {
  approveRequestContract,
  areaSceneCoverContract,
  getManagedRequestContract,
  listManagedRequestsContract,
  rejectRequestContract,
} from '../../shared/contracts/requests-review';
import type { RequestStatus } from '../../shared/orders/model';
import { apiFetch } from '../api';
import { APPLICATIONS_PAGE_SIZE, applicationKeys } from './applications';
import { managedListQuery, type ManagedListFilter } from './managed-list';

/** Administrators' keys live under the applicant's, so a decision refreshes both. */
export const reviewKeys = {
  list: (filter: ManagedApplicationsFilter) => [...applicationKeys.managed(), 'list', filter] as const,
  one: (id: string) => [...applicationKeys.managed(), 'one', id] as const,
  cover: (id: string) => [...applicationKeys.managed(), 'cover', id] as const,
};

export type ManagedApplicationsFilter = ManagedListFilter<RequestStatus>;

export function useManagedApplications(filter: ManagedApplicationsFilter) {
  return useQuery({
    queryKey: reviewKeys.list(filter),
    queryFn: ({ signal }) =>
      apiFetch(listManagedRequestsContract, {
        query: managedListQuery(filter, APPLICATIONS_PAGE_SIZE),
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

export const AREA_SCENES_PAGE_SIZE = 20;

/**
 * An area application's scenes with the share of its area each covers, and the minimal covering set the
 * picker preselects. One analysis per application (kept while the dialog is open; the catalogue rarely moves).
 */
export function useAreaSceneCover(id: string, enabled: boolean) {
  return useQuery({
    queryKey: reviewKeys.cover(id),
    queryFn: enabled ? ({ signal }) => apiFetch(areaSceneCoverContract, { params: { id }, signal }) : skipToken,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Approves; `sceneIds` (the reviewer's choice) limits the order to those scenes. */
export const approveApplication = (id: string, note: string, sceneIds?: readonly string[]) =>
  apiFetch(approveRequestContract, { params: { id }, body: { note, ...(sceneIds?.length ? { sceneIds: [...sceneIds] } : {}) } });
export const rejectApplication = (id: string, reason: string) => apiFetch(rejectRequestContract, { params: { id }, body: { reason } });
