'use client';

import { useQuery } from '@tanstack/react-query';
import { areaRangeListSchema, getOwnAreaRangesContract } from '../../shared/contracts/users';
import { apiFetch } from '../api';
import { fetchUserDetail, userKeys } from './users';

export function useUserDetail() {
  return useQuery({ queryKey: userKeys.detail(), queryFn: fetchUserDetail });
}

export function useOwnAreaRanges() {
  return useQuery({
    queryKey: [...userKeys.all, 'area-ranges'] as const,
    queryFn: ({ signal }) => apiFetch(getOwnAreaRangesContract.path, { schema: areaRangeListSchema, signal }),
  });
}
