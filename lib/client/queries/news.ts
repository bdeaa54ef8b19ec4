'use client';

import { useQuery } from '@tanstack/react-query';
import { useLocale } from 'next-intl';
import { newsHomeContract, newsHomeSchema } from '../../shared/contracts/news';
import { apiFetch } from '../api';

export const newsKeys = {
  all: ['news'] as const,
  home: (locale: string) => [...newsKeys.all, 'home', locale] as const,
};

/** Highlights and the latest items of each type, in the page's language. */
export function useNewsHome() {
  const locale = useLocale();
  return useQuery({
    queryKey: newsKeys.home(locale),
    queryFn: ({ signal }) => apiFetch(newsHomeContract.path, { schema: newsHomeSchema, signal }),
    staleTime: 60_000,
  });
}
