'use client';

import { keepPreviousData, skipToken, useQueries, useQuery } from '@tanstack/react-query';
import { useLocale } from 'next-intl';
import { z } from 'zod';
import {
  coverageExportContract,
  coverageStatisticsContract,
  coverageStatisticsSchema,
  coverageVisualItemContract,
  type CoverageLevel,
} from '../../shared/contracts/coverage-statistics';
import { API_CODES } from '../../shared/contracts/api';
import { apiFetch, fillPath } from '../api';
import { ApiClientError } from '../api-config';
import { dispositionName, ExportError, saveBlob } from '../download-export';

/**
 * While the figures of some regions are still being computed (after a load), the answer says how many are ready;
 * regions not ready have no figures yet. Read here whether or not the shared contract declares it yet.
 */
const progressSchema = z.object({ ready: z.number().int(), total: z.number().int() });
export const coverageAnswerSchema = coverageStatisticsSchema.extend({ progress: progressSchema.optional() });
export type CoverageAnswer = z.infer<typeof coverageAnswerSchema>;
export type CoverageProgress = z.infer<typeof progressSchema>;

const contract = { ...coverageStatisticsContract, response: coverageAnswerSchema };

export interface CoverageRequest {
  level: CoverageLevel;
  region: string;
  /** The API's period segment (`2026Q2`, `2025-11..2026-02`). */
  period: string;
  /** groups, resolutions, cloudMax, kind. */
  filters: Readonly<Record<string, string | number>>;
}

/** How often an answer still being computed is asked again. */
export const COVERAGE_POLL_MS = 3_000;

/** The figures are complete unless the answer says some regions are not ready. */
export const isComplete = (answer: CoverageAnswer | undefined): boolean =>
  !answer?.progress || answer.progress.ready >= answer.progress.total;

export const coverageStatsKeys = {
  all: ['coverage-statistics'] as const,
  figures: (locale: string, r: CoverageRequest | null) => [...coverageStatsKeys.all, locale, r] as const,
};

const fetchFigures = (r: CoverageRequest, signal?: AbortSignal) =>
  apiFetch(contract, { params: { a: r.level, b: r.region, c: r.period }, query: r.filters, signal });

/** TanStack Query's refetchInterval: ask again while the answer says figures are still being computed. */
export const pollWhileComputing = (query: { state: { data?: CoverageAnswer } }): number | false =>
  isComplete(query.state.data) ? false : COVERAGE_POLL_MS;

/** Coverage figures by region for a period (public); polled while some regions' figures are being computed. null waits. */
export function useCoverageStatistics(request: CoverageRequest | null) {
  const locale = useLocale();
  return useQuery({
    queryKey: coverageStatsKeys.figures(locale, request),
    queryFn: request === null ? skipToken : ({ signal }) => fetchFigures(request, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    refetchInterval: pollWhileComputing,
  });
}

/** The figures of one region per month (its `children` answers' totals), in the months' order. */
export function useCoverageTrend(region: string | null, months: readonly string[], filters: CoverageRequest['filters']) {
  const locale = useLocale();
  return useQueries({
    queries: months.map((month) => {
      const request: CoverageRequest = { level: 'children', region: region ?? '', period: month, filters };
      return {
        queryKey: coverageStatsKeys.figures(locale, request),
        queryFn: region === null ? skipToken : ({ signal }: { signal: AbortSignal }) => fetchFigures(request, signal),
        staleTime: 60_000,
        refetchInterval: pollWhileComputing,
      };
    }),
  });
}

/**
 * Each county's covered and uncovered parts for a period (a province or smaller), for the map. While the figures are
 * still being computed the server answers "unavailable": asked again every COVERAGE_POLL_MS, for a few minutes.
 */
export function useCoverageVisual(request: Pick<CoverageRequest, 'region' | 'period' | 'filters'> | null) {
  const locale = useLocale();
  return useQuery({
    queryKey: [...coverageStatsKeys.all, 'visual', locale, request] as const,
    queryFn:
      request === null
        ? skipToken
        : ({ signal }) =>
            apiFetch(coverageVisualItemContract, {
              params: { id: `${request.region}_${request.period}` },
              query: request.filters,
              signal,
            }),
    staleTime: 60_000,
    retry: (count, error) => error instanceof ApiClientError && error.code === API_CODES.UNAVAILABLE && count < 60,
    retryDelay: COVERAGE_POLL_MS,
  });
}

/** The figures as CSV or GeoJSON, or the scene-count grid of the region as GeoTIFF. */
export type CoverageFileFormat = 'csv' | 'geojson' | 'geotiff';

/** The address of the figures as a file (CSV or GeoJSON), or of the scene-count grid (GeoTIFF). */
export function coverageExportUrl(r: CoverageRequest, format: CoverageFileFormat): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(r.filters)) query.set(key, String(value));
  query.set('format', format);
  return `${fillPath(coverageExportContract.path, { a: r.level, b: r.region, c: r.period })}?${query.toString()}`;
}

/**
 * Downloads the figures as a file, with headers in the reader's language; a refusal becomes an ExportError with the
 * server's localized message (`fallback` when it has none).
 */
export async function downloadCoverageExport(
  r: CoverageRequest,
  format: CoverageFileFormat,
  locale: string,
  fallback: (kind: 'failed' | 'network') => string,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(coverageExportUrl(r, format), { headers: { accept: '*/*', 'x-locale': locale }, credentials: 'same-origin' });
  } catch {
    throw new ExportError(fallback('network'), null);
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.startsWith('application/json')) {
    const envelope = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new ExportError(
      typeof envelope?.message === 'string' && envelope.message ? envelope.message : fallback('failed'),
      response.status,
    );
  }
  const blob = await response.blob();
  saveBlob(blob, dispositionName(response.headers.get('content-disposition')) ?? `coverage.${format}`);
}
