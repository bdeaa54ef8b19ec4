'use client';

import { useQuery } from '@tanstack/react-query';
import { useLocale } from 'next-intl';
import { getOwnAreaRangesContract, listPermissionsContract } from '../../shared/contracts/users';
import { apiFetch } from '../api';
import { fetchUserDetail, userKeys } from './users';

export function useUserDetail() {
  return useQuery({ queryKey: userKeys.detail(), queryFn: fetchUserDetail });
}

/** The signed-in user's area ranges; `enabled: false` waits (e.g. until a session exists). */
export function useOwnAreaRanges(enabled = true) {
  return useQuery({
    queryKey: userKeys.areaRanges(),
    queryFn: ({ signal }) => apiFetch(getOwnAreaRangesContract, { signal }),
    enabled,
  });
}

/** Permission names in the page's language, by code (for showing a user's permissions by name). */
export function usePermissionNames() {
  const locale = useLocale();
  return useQuery({
    queryKey: userKeys.permissionNames(locale),
    queryFn: async ({ signal }) => {
      const list = await apiFetch(listPermissionsContract, { signal });
      return new Map(list.map((p) => [p.code, p.name]));
    },
    staleTime: 10 * 60_000,
  });
}
