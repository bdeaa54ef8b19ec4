'use client';

import { queryOptions, skipToken, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocale } from 'next-intl';
import type { z } from 'zod';
import { API_CODES } from '../../shared/contracts/api';
import {
  getGlobalRegionChildrenShortContract,
  getGlobalRegionContract,
  getRegionChildrenContract,
  getRegionChildrenGeometryContract,
  getRegionChildrenShortContract,
  getRegionContract,
  getRegionExtentContract,
  getRegionGeometryContract,
  getRegionPositionContract,
  type globalRegionFeatureSchema,
  type RegionLod,
} from '../../shared/contracts/regions';
import { resolveSelection, type RegionLookup, type RegionSelection } from '../../shared/regions/auto-select';
import { ApiClientError, apiFetch } from '../api';

/** Instead of direct children, every descendant at this level. */
export type RegionChildLevel = 'province' | 'city' | 'county';
export type GlobalRegionFeature = z.infer<typeof globalRegionFeatureSchema>;
export type LonLat = readonly [number, number];

interface FetchOptions {
  signal?: AbortSignal;
}
interface ChildrenOptions extends FetchOptions {
  level?: RegionChildLevel;
}

/** Regions change only when an operator reloads the boundaries. */
const REGION_STALE_TIME = 24 * 60 * 60 * 1000;

/** Names are localized, so every key carries the locale. */
export const regionKeys = {
  all: ['regions'] as const,
  locale: (locale: string) => [...regionKeys.all, locale] as const,
  childrenShort: (locale: string, pid: string | null, level?: RegionChildLevel) =>
    [...regionKeys.locale(locale), 'children', 'short', pid, level ?? 'direct'] as const,
  children: (locale: string, pid: string | null, level?: RegionChildLevel) =>
    [...regionKeys.locale(locale), 'children', 'full', pid, level ?? 'direct'] as const,
  childrenGeometry: (locale: string, pid: string | null, lod: RegionLod, level?: RegionChildLevel) =>
    [...regionKeys.locale(locale), 'children', 'geometry', pid, level ?? 'direct', lod] as const,
  detail: (locale: string, id: string | null) => [...regionKeys.locale(locale), 'detail', id] as const,
  geometry: (locale: string, id: string | null, lod: RegionLod) => [...regionKeys.locale(locale), 'geometry', id, lod] as const,
  extent: (locale: string, id: string | null) => [...regionKeys.locale(locale), 'extent', id] as const,
  position: (locale: string, point: LonLat | null) =>
    [...regionKeys.locale(locale), 'position', point?.[0] ?? null, point?.[1] ?? null] as const,
  selection: (locale: string, code: string | null) => [...regionKeys.locale(locale), 'selection', code] as const,
  selections: (locale: string, codes: readonly string[] | null) => [...regionKeys.locale(locale), 'selections', codes] as const,
  globalChildren: (locale: string, pid: string | null) => [...regionKeys.locale(locale), 'global', 'children', pid] as const,
  globalDetail: (locale: string, id: string | null) => [...regionKeys.locale(locale), 'global', 'detail', id] as const,
};

// Fetchers: one per region contract, answering the parsed types.

export const fetchRegionChildrenShort = (pid: string, { level, signal }: ChildrenOptions = {}) =>
  apiFetch(getRegionChildrenShortContract, { params: { pid }, query: { level }, signal });

export const fetchRegionChildren = (pid: string, { level, signal }: ChildrenOptions = {}) =>
  apiFetch(getRegionChildrenContract, { params: { pid }, query: { level }, signal });

export const fetchRegionChildrenGeometry = (pid: string, lod: RegionLod, { level, signal }: ChildrenOptions = {}) =>
  apiFetch(getRegionChildrenGeometryContract, { params: { pid }, query: { level, lod }, signal });

export const fetchRegion = (id: string, { signal }: FetchOptions = {}) => apiFetch(getRegionContract, { params: { id }, signal });

export const fetchRegionGeometry = (id: string, lod: RegionLod, { signal }: FetchOptions = {}) =>
  apiFetch(getRegionGeometryContract, { params: { id }, query: { lod }, signal });

export const fetchRegionExtent = (id: string, { signal }: FetchOptions = {}) => apiFetch(getRegionExtentContract, { params: { id }, signal });

export const fetchRegionsAt = ([lon, lat]: LonLat, { signal }: FetchOptions = {}) =>
  apiFetch(getRegionPositionContract, { query: { lon, lat }, signal });

export const fetchGlobalRegionChildren = (pid: string, { signal }: FetchOptions = {}) =>
  apiFetch(getGlobalRegionChildrenShortContract, { params: { pid }, signal });

export const fetchGlobalRegion = (id: string, { signal }: FetchOptions = {}) => apiFetch(getGlobalRegionContract, { params: { id }, signal });

// Lookups for the auto-select rules, sharing the cache with `useRegion`.

const regionQuery = (locale: string, id: string) =>
  queryOptions({
    queryKey: regionKeys.detail(locale, id),
    queryFn: ({ signal }) => fetchRegion(id, { signal }),
    staleTime: REGION_STALE_TIME,
  });

/** Unknown codes are answered with envelope code 404 (or, through a proxy, HTTP 404). */
const isNotFound = (error: unknown) => error instanceof ApiClientError && (error.status === 404 || error.code === API_CODES.NOT_FOUND);

/** A `RegionLookup` over the query cache: null for an unknown code, other failures rethrown. */
export function regionLookup(queryClient: QueryClient, locale: string): RegionLookup {
  return async (code) => {
    try {
      return await queryClient.fetchQuery(regionQuery(locale, code));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };
}

// Hooks: null arguments wait (nothing is fetched).

export function useRegionChildren(pid: string | null, level?: RegionChildLevel) {
  const locale = useLocale();
  return useQuery({
    queryKey: regionKeys.childrenShort(locale, pid, level),
    queryFn: pid === null ? skipToken : ({ signal }) => fetchRegionChildrenShort(pid, { level, signal }),
    staleTime: REGION_STALE_TIME,
  });
}

export function useRegionChildrenFull(pid: string | null, level?: RegionChildLevel) {
  const locale = useLocale();
  return useQuery({
    queryKey: regionKeys.children(locale, pid, level),
    queryFn: pid === null ? skipToken : ({ signal }) => fetchRegionChildren(pid, { level, signal }),
    staleTime: REGION_STALE_TIME,
  });
}

export function useRegionChildrenGeometry(pid: string | null, lod: RegionLod = 'lo', level?: RegionChildLevel) {
  const locale = useLocale();
  return useQuery({
    queryKey: regionKeys.childrenGeometry(locale, pid, lod, level),
    queryFn: pid === null ? skipToken : ({ signal }) => fetchRegionChildrenGeometry(pid, lod, { level, signal }),
    staleTime: REGION_STALE_TIME,
  });
}

export function useRegion(code: string | null) {
  const locale = useLocale();
  return useQuery({
    queryKey: regionKeys.detail(locale, code),
    queryFn: code === null ? skipToken : ({ signal }) => fetchRegion(code, { signal }),
    staleTime: REGION_STALE_TIME,
  });
}

export function useRegionGeometry(code: string | null, lod: RegionLod = 'lo') {
  const locale = useLocale();
  return useQuery({
    queryKey: regionKeys.geometry(locale, code, lod),
    queryFn: code === null ? skipToken : ({ signal }) => fetchRegionGeometry(code, lod, { signal }),
    staleTime: REGION_STALE_TIME,
  });
}

export function useRegionExtent(code: string | null) {
  const locale = useLocale();
  return useQuery({
    queryKey: regionKeys.extent(locale, code),
    queryFn: code === null ? skipToken : ({ signal }) => fetchRegionExtent(code, { signal }),
    staleTime: REGION_STALE_TIME,
  });
}

/** The regions containing a point, country first. */
export function useRegionsAt(point: LonLat | null) {
  const locale = useLocale();
  return useQuery({
    queryKey: regionKeys.position(locale, point),
    queryFn: point === null ? skipToken : ({ signal }) => fetchRegionsAt(point, { signal }),
    staleTime: REGION_STALE_TIME,
  });
}

export function useGlobalRegionChildren(pid: string | null) {
  const locale = useLocale();
  return useQuery({
    queryKey: regionKeys.globalChildren(locale, pid),
    queryFn: pid === null ? skipToken : ({ signal }) => fetchGlobalRegionChildren(pid, { signal }),
    staleTime: REGION_STALE_TIME,
  });
}

export function useGlobalRegion(code: string | null) {
  const locale = useLocale();
  return useQuery({
    queryKey: regionKeys.globalDetail(locale, code),
    queryFn: code === null ? skipToken : ({ signal }) => fetchGlobalRegion(code, { signal }),
    staleTime: REGION_STALE_TIME,
  });
}

/**
 * The picker selection showing `code` (spec §4 auto-select); fails with `RegionResolveError`. Not
 * retried: its lookups are queries with their own retries.
 */
export function useRegionSelection(code: string | null) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: regionKeys.selection(locale, code),
    queryFn: code === null ? skipToken : () => resolveSelection(code, regionLookup(queryClient, locale)),
    staleTime: REGION_STALE_TIME,
    retry: false,
  });
}

/** The selections of several codes (e.g. a user's area ranges), in order; `undefined` waits. */
export function useRegionSelections(codes: readonly string[] | undefined) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: regionKeys.selections(locale, codes ?? null),
    queryFn:
      codes === undefined
        ? skipToken
        : (): Promise<RegionSelection[]> => {
            const lookup = regionLookup(queryClient, locale);
            return Promise.all(codes.map((code) => resolveSelection(code, lookup)));
          },
    staleTime: REGION_STALE_TIME,
    retry: false,
  });
}
