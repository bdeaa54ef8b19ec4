'use client';

/**
 * Spot verification in the browser (issue 33; spotAuto, spotConfirm, spotTrack): the case lists with their stage
 * counts, the mix and the figures by region, the batches, and the moves (one case, or several at once). Keys carry
 * the locale (names come translated) and the user id (the server limits every read to the user's range); every move
 * invalidates all of them, since one case changes the lists, the counts and the figures alike.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale } from 'next-intl';
import {
  batchListContract,
  caseBulkContract,
  caseExportContract,
  caseListContract,
  caseMixContract,
  exportJobContract,
  fieldRouteContract,
  keyChangeBatchListContract,
  moveCaseContract,
  regionFiguresContract,
  type CaseExportFormat,
  type CaseSource,
  type FieldRouteQuery,
  type VerificationStatus,
} from '../../shared/contracts/verification';
import { apiFetch } from '../api';
import { selectUser } from '../stores/selectors';
import { useSessionStore } from '../stores/session-store';

/** What a list screen narrows its cases by, as the query string carries it (lists comma-separated). */
export interface CaseListFilters {
  batchId?: string;
  region?: string;
  stage?: string;
  verdict?: string;
  changeType?: string;
  source?: CaseSource;
  overdue?: 'true' | 'false';
  mine?: 'true';
  q?: string;
}

export type CaseSort = 'due' | 'updated' | 'area' | 'spotNo';

/** The filters without their empty parts (one key per meaning, whatever the screen left blank). */
export function compactFilters(filters: CaseListFilters): CaseListFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '')) as CaseListFilters;
}

export const verificationKeys = {
  all: ['verification'] as const,
  list: (user: string, locale: string, filters: CaseListFilters, sort: CaseSort, pageNum: number, pageSize: number) =>
    [...verificationKeys.all, 'list', user, locale, compactFilters(filters), sort, pageNum, pageSize] as const,
  mix: (user: string, locale: string, filters: CaseListFilters) =>
    [...verificationKeys.all, 'mix', user, locale, compactFilters(filters)] as const,
  figures: (user: string, locale: string, filters: CaseListFilters) =>
    [...verificationKeys.all, 'figures', user, locale, compactFilters(filters)] as const,
  batches: (user: string, locale: string) => [...verificationKeys.all, 'batches', user, locale] as const,
  route: (user: string, locale: string, query: FieldRouteQuery | null) => [...verificationKeys.all, 'route', user, locale, query] as const,
};

const useUserId = () => useSessionStore(selectUser)?.id ?? '';

export function useCaseList(filters: CaseListFilters, sort: CaseSort, pageNum: number, pageSize: number) {
  const user = useUserId();
  const locale = useLocale();
  return useQuery({
    queryKey: verificationKeys.list(user, locale, filters, sort, pageNum, pageSize),
    queryFn: ({ signal }) => apiFetch(caseListContract, { query: { ...compactFilters(filters), sort, pageNum, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCaseMix(filters: CaseListFilters) {
  const user = useUserId();
  const locale = useLocale();
  return useQuery({
    queryKey: verificationKeys.mix(user, locale, filters),
    queryFn: ({ signal }) => apiFetch(caseMixContract, { query: compactFilters(filters), signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRegionFigures(filters: CaseListFilters) {
  const user = useUserId();
  const locale = useLocale();
  return useQuery({
    queryKey: verificationKeys.figures(user, locale, filters),
    queryFn: ({ signal }) => apiFetch(regionFiguresContract, { query: compactFilters(filters), signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The batches reaching my range, newest first: those of automatically extracted spots, then any holding only
 * key-change spots (a batch with spots of both sources is listed by both paths, and once here).
 */
export function useBatches() {
  const user = useUserId();
  const locale = useLocale();
  return useQuery({
    queryKey: verificationKeys.batches(user, locale),
    queryFn: async ({ signal }) => {
      const [auto, keyChange] = await Promise.all([
        apiFetch(batchListContract, { signal }),
        apiFetch(keyChangeBatchListContract, { signal }),
      ]);
      const seen = new Set(auto.map((b) => b.id));
      return [...auto, ...keyChange.filter((b) => !seen.has(b.id))];
    },
    staleTime: 60_000,
  });
}

/** Several cases to one stage (accept pushed spots into checking); the answer says per case whether it moved. */
export function useBulkMove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { to: VerificationStatus; cases: { id: string; version: number }[]; note?: string }) =>
      apiFetch(caseBulkContract, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: verificationKeys.all }),
  });
}

/** One case to a stage, from the version the screen shows (409 when it has moved on since). */
export function useMoveCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; to: VerificationStatus; version: number; note?: string }) =>
      apiFetch(moveCaseContract, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: verificationKeys.all }),
  });
}

/**
 * An export of the list's cases (CSV, GeoJSON or a zipped shapefile): asked for once, then its state polled every
 * second until it is done (with a signed link for me) or failed.
 */
export function useCaseExport() {
  const locale = useLocale();
  const start = useMutation({
    mutationFn: ({ filters, format }: { filters: CaseListFilters; format: CaseExportFormat }) =>
      apiFetch(caseExportContract, { body: { ...compactFilters(filters), format, lang: locale } }),
  });
  const jobId = start.data?.id ?? null;
  const job = useQuery({
    queryKey: [...verificationKeys.all, 'export', jobId],
    queryFn: ({ signal }) => apiFetch(exportJobContract, { params: { jobId: jobId! }, signal }),
    enabled: jobId !== null,
    initialData: start.data,
    refetchInterval: (query) =>
      query.state.data && (query.state.data.status === 'done' || query.state.data.status === 'failed') ? false : 1_000,
  });
  return { start, job: jobId === null ? null : (job.data ?? start.data ?? null), jobError: job.error };
}

/** A county's spots to check, ordered into a visiting route (issue 34.4); nothing is asked until `query` is given. */
export function useFieldRoute(query: FieldRouteQuery | null) {
  const user = useUserId();
  const locale = useLocale();
  return useQuery({
    queryKey: verificationKeys.route(user, locale, query),
    queryFn: ({ signal }) => apiFetch(fieldRouteContract, { query: query!, signal }),
    enabled: query !== null,
  });
}
