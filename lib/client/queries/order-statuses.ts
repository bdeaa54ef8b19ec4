'use client';

import { useQuery } from '@tanstack/react-query';
import { useLocale } from 'next-intl';
import { dictionaryContract } from '../../shared/contracts/spots';
import { apiFetch } from '../api';

/** Status names from the dictionary (ORDER_STATUS, ORDER_ITEM_STATUS), in the page's language. */
export function useStatusNames(code: 'ORDER_STATUS' | 'ORDER_ITEM_STATUS') {
  const locale = useLocale();
  return useQuery({
    queryKey: ['dictionary', code, locale],
    queryFn: async ({ signal }) => {
      const items = await apiFetch(dictionaryContract, { params: { CODE: code }, signal });
      return new Map(items.map((i) => [Number(i.itemValue), i.name]));
    },
    staleTime: 10 * 60_000,
  });
}
