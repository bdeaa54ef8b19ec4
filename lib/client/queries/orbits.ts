'use client';

import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { regionPredictionContract, satellitesNowContract, shpPredictionContract } from '../../shared/contracts/orbits';
import type { PredictionRequest } from '../../shared/orbits/plan';
import { apiFetch } from '../api';

export const orbitKeys = {
  all: ['orbits'] as const,
  prediction: (locale: string, request: PredictionRequest | null) => [...orbitKeys.all, 'prediction', locale, request] as const,
  now: (satellites: string) => [...orbitKeys.all, 'now', satellites] as const,
};

/** The passes of a submitted plan (satorbit/region or satorbit/shp); null waits. Errors are shown by the screen, never retried. */
export function usePrediction(locale: string, request: PredictionRequest | null) {
  return useQuery({
    queryKey: orbitKeys.prediction(locale, request),
    queryFn:
      request === null
        ? skipToken
        : ({ signal }) =>
            request.kind === 'region'
              ? apiFetch(regionPredictionContract, { body: request.body, signal })
              : apiFetch(shpPredictionContract, { body: request.body, signal }),
    staleTime: 10 * 60_000,
    retry: false,
    // Sorting the shown prediction keeps it on screen until the sorted answer comes.
    placeholderData: (previous, previousQuery) => (previousQuery && sameButSort(previousQuery.queryKey[3], request) ? previous : undefined),
  });
}

const unsorted = (request: PredictionRequest) => JSON.stringify({ ...request, body: { ...request.body, sort: null } });

/** The same prediction asked for in another order. */
export function sameButSort(a: PredictionRequest | null, b: PredictionRequest | null): boolean {
  return a !== null && b !== null && unsorted(a) === unsorted(b);
}

/** How often the satellites' positions are fetched again. */
export const NOW_REFRESH_MS = 60_000;

/** Where the satellites are now and their next 90 minutes of track (`cn` or NORAD numbers), refreshed once a minute. */
export function useSatellitesNow(norads: readonly number[] | null) {
  const x = norads === null ? 'cn' : norads.join(',');
  return useQuery({
    queryKey: orbitKeys.now(x),
    queryFn: norads !== null && norads.length === 0 ? skipToken : ({ signal }) => apiFetch(satellitesNowContract, { params: { x }, signal }),
    refetchInterval: NOW_REFRESH_MS,
    staleTime: NOW_REFRESH_MS / 2,
    placeholderData: keepPreviousData,
  });
}
