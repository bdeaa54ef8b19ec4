'use client';

import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { useLocale } from 'next-intl';
import { structureContractsFor } from '../../shared/contracts/themes';
import type { ThemeDefinition, ThemeId } from '../../shared/themes';
import { apiFetch } from '../api';

type Theme = ThemeDefinition<ThemeId>;

/** Every key carries the locale (region names come back in the caller's language) and the season (null: whole year). */
export const structureKeys = {
  all: ['structure'] as const,
  theme: (locale: string, theme: ThemeId) => [...structureKeys.all, locale, theme] as const,
  statistics: (locale: string, theme: ThemeId, batchId: string | null, regionId: string | null, season: string | null) =>
    [...structureKeys.theme(locale, theme), 'statistics', batchId, regionId, season] as const,
  trend: (locale: string, theme: ThemeId, regionId: string | null, season: string | null) =>
    [...structureKeys.theme(locale, theme), 'trend', regionId, season] as const,
  sequence: (locale: string, theme: ThemeId, regionId: string | null, season: string | null) =>
    [...structureKeys.theme(locale, theme), 'sequence', regionId, season] as const,
};

function contractsOf(theme: Theme) {
  const contracts = structureContractsFor(theme.id);
  if (!contracts) throw new Error(`Theme ${theme.id} declares no structure`);
  return contracts;
}

/** Crop areas and dominant crop of the children of `regionId` in a year (public). */
export function useStructure(theme: Theme, batchId: string | null, regionId: string | null, season: string | null) {
  const locale = useLocale();
  return useQuery({
    queryKey: structureKeys.statistics(locale, theme.id, batchId, regionId, season),
    queryFn:
      batchId === null || regionId === null
        ? skipToken
        : ({ signal }) =>
            apiFetch(contractsOf(theme).structure, { params: { x: batchId }, query: { regionId, season: season ?? undefined }, signal }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** The structure of one region in every year (public). */
export function useStructureTrend(theme: Theme, regionId: string | null, season: string | null) {
  const locale = useLocale();
  return useQuery({
    queryKey: structureKeys.trend(locale, theme.id, regionId, season),
    queryFn:
      regionId === null
        ? skipToken
        : ({ signal }) => apiFetch(contractsOf(theme).trend, { query: { regionId, season: season ?? undefined }, signal }),
    staleTime: 60_000,
  });
}

/** The structure of each child region in every year, inside the caller's area ranges (login and permission). */
export function useStructureSequence(theme: Theme, regionId: string | null, season: string | null) {
  const locale = useLocale();
  return useQuery({
    queryKey: structureKeys.sequence(locale, theme.id, regionId, season),
    queryFn:
      regionId === null
        ? skipToken
        : ({ signal }) => apiFetch(contractsOf(theme).sequence, { query: { regionId, season: season ?? undefined }, signal }),
    staleTime: 60_000,
  });
}
