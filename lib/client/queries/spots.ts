'use client';

import { keepPreviousData, skipToken, useQueries, useQuery } from '@tanstack/react-query';
import { useLocale } from 'next-intl';
import { dictionaryContract } from '../../shared/contracts/spots';
import { apiOf } from '../../shared/contracts/themes';
import type { ThemeDefinition, ThemeId } from '../../shared/themes';
import { apiFetch } from '../api';

type SpotTheme = ThemeId;
type Theme = ThemeDefinition<ThemeId>;

/** Filters of the spot list (spec §3): compact dates, codes, the checked change types. */
export interface SpotListFilters {
  batchStart?: string;
  batchEnd?: string;
  stage?: string;
  tblx?: string;
  filename?: string;
  /** Checked change types; empty means all. */
  changeType?: readonly number[];
  xzqdm?: string;
  /** One batch (a snapshot theme's detail shows the chosen or current batch). */
  batch?: string;
}

/** Every key carries the locale: names come back in the caller's language. */
export const spotKeys = {
  all: ['spots'] as const,
  locale: (locale: string, theme: SpotTheme) => [...spotKeys.all, locale, theme] as const,
  trend: (locale: string, theme: SpotTheme, regionId: string | null) => [...spotKeys.locale(locale, theme), 'trend', regionId] as const,
  statistics: (locale: string, theme: SpotTheme, batchId: string | null, regionId: string | null) =>
    [...spotKeys.locale(locale, theme), 'statistics', batchId, regionId] as const,
  list: (locale: string, theme: SpotTheme, filters: SpotListFilters | null, pageNum: number, pageSize: number) =>
    [...spotKeys.locale(locale, theme), 'list', filters, pageNum, pageSize] as const,
  spot: (locale: string, theme: SpotTheme, id: string | null) => [...spotKeys.locale(locale, theme), 'spot', id] as const,
  grid: (locale: string, theme: SpotTheme, batchId: string | null, regionId: string | null, level: number) =>
    [...spotKeys.locale(locale, theme), 'grid', batchId, regionId, level] as const,
  dictionary: (locale: string, code: string) => [...spotKeys.all, locale, 'dictionary', code] as const,
};

const fetchSpotStatistics = (theme: Theme, batchId: string, regionId: string, signal?: AbortSignal) =>
  apiFetch(apiOf(theme).statistics, { params: { x: batchId }, query: { theme: theme.id, regionId }, signal });

/** Every batch of a theme with its country-wide totals, oldest first (the trend of the whole country). */
export function useSpotBatches(theme: Theme) {
  return useSpotTrend(theme, '100000');
}

export function useSpotTrend(theme: Theme, regionId: string | null) {
  const locale = useLocale();
  return useQuery({
    queryKey: spotKeys.trend(locale, theme.id, regionId),
    queryFn: regionId === null ? skipToken : ({ signal }) => apiFetch(apiOf(theme).trend, { query: { theme: theme.id, regionId }, signal }),
    staleTime: 60_000,
  });
}

/** Counts and areas of the children of `regionId` in a batch (public). */
export function useSpotStatistics(theme: Theme, batchId: string | null, regionId: string | null) {
  const locale = useLocale();
  return useQuery({
    queryKey: spotKeys.statistics(locale, theme.id, batchId, regionId),
    queryFn: batchId === null || regionId === null ? skipToken : ({ signal }) => fetchSpotStatistics(theme, batchId, regionId, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** The statistics of several batches in one region, in the batches' order (the sequence module). */
export function useSpotStatisticsOfBatches(theme: Theme, batchIds: readonly string[], regionId: string) {
  const locale = useLocale();
  return useQueries({
    queries: batchIds.map((batchId) => ({
      queryKey: spotKeys.statistics(locale, theme.id, batchId, regionId),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchSpotStatistics(theme, batchId, regionId, signal),
      staleTime: 60_000,
    })),
  });
}

export function useSpotList(theme: Theme, filters: SpotListFilters | null, pageNum: number, pageSize: number) {
  const locale = useLocale();
  return useQuery({
    queryKey: spotKeys.list(locale, theme.id, filters, pageNum, pageSize),
    queryFn:
      filters === null
        ? skipToken
        : ({ signal }) =>
            apiFetch(apiOf(theme).list, {
              query: {
                theme: theme.id,
                pageNum,
                pageSize,
                batchStart: filters.batchStart,
                batchEnd: filters.batchEnd,
                stage: filters.stage,
                tblx: filters.tblx,
                filename: filters.filename,
                xzqdm: filters.xzqdm,
                batch: filters.batch,
                changeType: filters.changeType?.length ? filters.changeType.join(',') : undefined,
              },
              signal,
            }),
    placeholderData: keepPreviousData,
  });
}

export function useSpot(theme: Theme, id: string | null) {
  const locale = useLocale();
  return useQuery({
    queryKey: spotKeys.spot(locale, theme.id, id),
    queryFn: id === null ? skipToken : ({ signal }) => apiFetch(apiOf(theme).get, { params: { id }, signal }),
  });
}

export function useGridPercent(theme: Theme, batchId: string | null, regionId: string | null, level: number, enabled: boolean) {
  const locale = useLocale();
  const grid = apiOf(theme).grid;
  return useQuery({
    queryKey: spotKeys.grid(locale, theme.id, batchId, regionId, level),
    queryFn:
      !enabled || batchId === null || grid === null
        ? skipToken
        : ({ signal }) => apiFetch(grid, { query: { theme: theme.id, batch: batchId, regionId: regionId ?? undefined, level }, signal }),
  });
}

export function useDictionary(code: string) {
  const locale = useLocale();
  return useQuery({
    queryKey: spotKeys.dictionary(locale, code),
    queryFn: ({ signal }) => apiFetch(dictionaryContract, { params: { CODE: code }, signal }),
    staleTime: 10 * 60_000,
  });
}
