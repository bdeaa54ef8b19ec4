'use client';

import { useQuery } from '@tanstack/react-query';
import { getVisitTotalsContract, visitTotalsSchema } from '../../shared/contracts/visits';
import { apiFetch } from '../api';

export const visitKeys = {
  all: ['visits'] as const,
  totals: (days: number) => [...visitKeys.all, 'totals', days] as const,
};

export function useVisitTotals(days = 30) {
  return useQuery({
    queryKey: visitKeys.totals(days),
    queryFn: ({ signal }) => apiFetch(getVisitTotalsContract.path, { query: { days }, schema: visitTotalsSchema, signal }),
  });
}
