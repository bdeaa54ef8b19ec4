'use client';

import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { useLocale } from 'next-intl';
import { spotStatisticsContract } from '../../shared/contracts/spot-statistics';
import { apiFetch } from '../api';

export interface SpotStatisticsRequest {
  region: string;
  level?: 'province' | 'city' | 'county';
  /** Both or neither (the newest quarter). */
  from?: string;
  to?: string;
}

export const spotStatsKeys = {
  all: ['spot-statistics'] as const,
  figures: (locale: string, r: SpotStatisticsRequest | null) => [...spotStatsKeys.all, locale, r] as const,
};

/**
 * Every theme's spots and the verification cases by region for a period (public; details as the session allows).
 * null asks nothing.
 */
export function useSpotStatistics(request: SpotStatisticsRequest | null) {
  const locale = useLocale();
  return useQuery({
    queryKey: spotStatsKeys.figures(locale, request),
    queryFn:
      request === null
        ? skipToken
        : ({ signal }) => {
            const query: Record<string, string> = { region: request.region };
            if (request.level) query.level = request.level;
            if (request.from && request.to) Object.assign(query, { from: request.from, to: request.to });
            return apiFetch(spotStatisticsContract, { query, signal });
          },
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
