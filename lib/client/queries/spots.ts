'use client';

import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { useLocale } from 'next-intl';
import { z } from 'zod';
import { pageSchema } from '../../shared/contracts/api';
import {
  dictionaryContract,
  dictionaryItemSchema,
  getSpotContract,
  gridPercentContract,
  gridPercentSchema,
  listSpotsContract,
  spotDetailSchema,
  spotSchema,
  spotStatisticsContract,
  spotStatisticsSchema,
  spotTrendContract,
  spotTrendSchema,
} from '../../shared/contracts/spots';
import type { SpotTheme } from '../../shared/spots/codes';
import { apiFetch } from '../api';

const fill = (path: string, values: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(values[key] ?? ''));

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
}

const spotPageSchema = pageSchema(spotSchema);
const dictionarySchema = z.array(dictionaryItemSchema);

/** Every key carries the locale: names come back in the caller's language. */
export const spotKeys = {
  all: ['spots'] as const,
  locale: (locale: string, theme: SpotTheme) => [...spotKeys.all, locale, theme] as const,
};

/** Every batch of a theme with its country-wide totals, oldest first (the trend of the whole country). */
export function useSpotBatches(theme: SpotTheme) {
  return useSpotTrend(theme, '100000');
}

export function useSpotTrend(theme: SpotTheme, regionId: string | null) {
  const locale = useLocale();
  return useQuery({
    queryKey: [...spotKeys.locale(locale, theme), 'trend', regionId] as const,
    queryFn:
      regionId === null
        ? skipToken
        : ({ signal }) => apiFetch(spotTrendContract.path, { query: { theme, regionId }, schema: spotTrendSchema, signal }),
    staleTime: 60_000,
  });
}

/** Counts and areas of the children of `regionId` in a batch (public). */
export function useSpotStatistics(theme: SpotTheme, batchId: string | null, regionId: string | null) {
  const locale = useLocale();
  return useQuery({
    queryKey: [...spotKeys.locale(locale, theme), 'statistics', batchId, regionId] as const,
    queryFn:
      batchId === null || regionId === null
        ? skipToken
        : ({ signal }) =>
            apiFetch(fill(spotStatisticsContract.path, { x: batchId }), {
              query: { theme, regionId },
              schema: spotStatisticsSchema,
              signal,
            }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useSpotList(theme: SpotTheme, filters: SpotListFilters | null, pageNum: number, pageSize: number) {
  const locale = useLocale();
  return useQuery({
    queryKey: [...spotKeys.locale(locale, theme), 'list', filters, pageNum, pageSize] as const,
    queryFn:
      filters === null
        ? skipToken
        : ({ signal }) =>
            apiFetch(listSpotsContract.path, {
              query: {
                theme,
                pageNum,
                pageSize,
                batchStart: filters.batchStart,
                batchEnd: filters.batchEnd,
                stage: filters.stage,
                tblx: filters.tblx,
                filename: filters.filename,
                xzqdm: filters.xzqdm,
                changeType: filters.changeType?.length ? filters.changeType.join(',') : undefined,
              },
              schema: spotPageSchema,
              signal,
            }),
    placeholderData: keepPreviousData,
  });
}

export function useSpot(theme: SpotTheme, id: string | null) {
  const locale = useLocale();
  return useQuery({
    queryKey: [...spotKeys.locale(locale, theme), 'spot', id] as const,
    queryFn: id === null ? skipToken : ({ signal }) => apiFetch(fill(getSpotContract.path, { id }), { schema: spotDetailSchema, signal }),
  });
}

export function useGridPercent(theme: SpotTheme, batchId: string | null, regionId: string | null, level: number, enabled: boolean) {
  const locale = useLocale();
  return useQuery({
    queryKey: [...spotKeys.locale(locale, theme), 'grid', batchId, regionId, level] as const,
    queryFn:
      !enabled || batchId === null
        ? skipToken
        : ({ signal }) =>
            apiFetch(gridPercentContract.path, {
              query: { theme, batch: batchId, regionId: regionId ?? undefined, level },
              schema: gridPercentSchema,
              signal,
            }),
  });
}

export function useDictionary(code: string) {
  const locale = useLocale();
  return useQuery({
    queryKey: [...spotKeys.all, locale, 'dictionary', code] as const,
    queryFn: ({ signal }) => apiFetch(fill(dictionaryContract.path, { CODE: code }), { schema: dictionarySchema, signal }),
    staleTime: 10 * 60_000,
  });
}
