'use client';

import { useQuery } from '@tanstack/react-query';
import { getVisitTotalsContract } from '../../shared/contracts/visits';
import { apiFetch } from '../api';
import { afterAppStart } from '../visit-counter';

export const visitKeys = {
  all: ['visits'] as const,
  totals: (days: number) => [...visitKeys.all, 'totals', days] as const,
};

export function useVisitTotals(days = 30) {
  return useQuery({
    queryKey: visitKeys.totals(days),
    // Read after this visit was counted, so the figures include it.
    queryFn: async ({ signal }) => {
      await afterAppStart();
      return apiFetch(getVisitTotalsContract, { query: { days }, signal });
    },
  });
}
