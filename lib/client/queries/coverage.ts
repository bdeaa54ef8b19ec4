'use client';

import { skipToken, useQuery } from '@tanstack/react-query';
import type { SceneFilter } from '../../shared/contracts/catalogue';
import { coverageByIdsContract, coverageContract, fallFigureContract, notCoverShpContract } from '../../shared/contracts/coverage';
import { apiFetch } from '../api';
import { downloadExport, saveBlob, type ExportDownloadOptions } from '../download-export';

/** What a coverage analysis runs on: the search's filter and the checked ids (null: every result up to the cap). */
export interface CoverageRequest {
  filter: SceneFilter;
  ids: string[] | null;
}

export const coverageKeys = {
  all: ['coverage'] as const,
  analysis: (r: CoverageRequest | null) => [...coverageKeys.all, 'analysis', r] as const,
  fall: (r: CoverageRequest | null) => [...coverageKeys.all, 'fall', r] as const,
};

/** Covered km², %, per county and the uncovered part. null waits. */
export function useCoverage(request: CoverageRequest | null) {
  return useQuery({
    queryKey: coverageKeys.analysis(request),
    queryFn:
      request === null
        ? skipToken
        : ({ signal }) =>
            request.ids
              ? apiFetch(coverageByIdsContract, { body: { filter: request.filter, ids: request.ids }, signal })
              : apiFetch(coverageContract, { body: { filter: request.filter }, signal }),
    staleTime: 60_000,
  });
}

/** Each scene's share of the area and the minimal set. null waits. */
export function useFallFigures(request: CoverageRequest | null) {
  return useQuery({
    queryKey: coverageKeys.fall(request),
    queryFn:
      request === null
        ? skipToken
        : ({ signal }) =>
            apiFetch(fallFigureContract, { body: { filter: request.filter, ...(request.ids ? { ids: request.ids } : {}) }, signal }),
    staleTime: 60_000,
  });
}

/** Downloads the uncovered remainder (`notcovershp`) as a zipped shapefile or GeoJSON: the browser saves it. */
export async function downloadUncovered(
  request: CoverageRequest,
  format: 'shp' | 'geojson',
  options: Pick<ExportDownloadOptions, 'locale' | 'fallbackMessage'>,
): Promise<void> {
  const body = { filter: request.filter, ...(request.ids ? { ids: request.ids } : {}) };
  const { blob, name } = await downloadExport(`${notCoverShpContract.path}?format=${format}`, body, options);
  saveBlob(blob, name);
}
