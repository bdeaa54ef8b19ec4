'use client';

/**
 * The cart's query keys and the header badge's count. Kept apart from the order queries and free of
 * contracts (a plain path, like the other calls of the site frame), so the header brings no zod along.
 */
import { useQuery } from '@tanstack/react-query';
import { API_PATHS } from '../../shared/contracts/paths';
import { apiFetch } from '../api';
import { selectUser } from '../stores/selectors';
import { useSessionStore } from '../stores/session-store';

export const cartKeys = {
  all: ['cart'] as const,
  count: (userId: string) => [...cartKeys.all, 'count', userId] as const,
  page: (userId: string, pageNum: number) => [...cartKeys.all, 'page', userId, pageNum] as const,
  ids: (userId: string) => [...cartKeys.all, 'ids', userId] as const,
};

/** The header badge: how many scenes the signed-in user's cart holds (its user id in the key: a login refetches). */
export function useCartCount(enabled: boolean) {
  const userId = useSessionStore(selectUser)?.id ?? '';
  return useQuery({
    queryKey: cartKeys.count(userId),
    queryFn: ({ signal }) => apiFetch<{ count: number }>(API_PATHS.cartCount, { signal }),
    enabled: enabled && userId !== '',
    staleTime: 60_000,
  });
}
