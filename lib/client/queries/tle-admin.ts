'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listTleSetsContract, makeTleSetCurrentContract } from '../../shared/contracts/tle-admin';
import { apiFetch } from '../api';

export const TLE_SETS_PAGE_SIZE = 10;

export const tleAdminKeys = {
  all: ['tle-admin'] as const,
  list: (pageNum: number) => [...tleAdminKeys.all, 'list', pageNum] as const,
};

export function useTleSets(pageNum: number) {
  return useQuery({
    queryKey: tleAdminKeys.list(pageNum),
    queryFn: ({ signal }) => apiFetch(listTleSetsContract, { query: { pageNum, pageSize: TLE_SETS_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

export const makeTleSetCurrent = (id: string) => apiFetch(makeTleSetCurrentContract, { params: { id } });
