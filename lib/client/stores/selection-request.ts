/**
 * From the selection state to the image query API's request body (lib/shared/contracts/catalogue.ts):
 * defaults are left out (absent means "any"), the area is the one of the mode in force.
 */
import { COLLECTIONS } from '../../shared/catalogue/missions';
import { SELECT_MODES, type SceneFilter, type SceneSearchBody, type SearchArea } from '../../shared/contracts/catalogue';
import type { SceneFilters, SelectionData, SubmittedSearch } from './selection-store';

/** Why a search cannot run yet; null when it can. */
export type SearchBlocker = 'noCollections' | 'noExtent' | 'noDrawing' | 'noUpload' | 'noList' | null;

type AreaSource = Pick<SubmittedSearch, 'selectStatus' | 'regionCodes' | 'extent' | 'geojson' | 'uploadIds'>;

/** The area of the mode in force; undefined (everywhere) for REGION without a region. */
export function areaOf(source: AreaSource): SearchArea | undefined {
  switch (source.selectStatus) {
    case SELECT_MODES.REGION:
      return source.regionCodes.length > 0 ? { mode: SELECT_MODES.REGION, regionCodes: [...source.regionCodes] } : undefined;
    case SELECT_MODES.EXTENT:
      return source.extent ? { mode: SELECT_MODES.EXTENT, bbox: source.extent } : undefined;
    case SELECT_MODES.DRAW:
      return source.geojson ? { mode: SELECT_MODES.DRAW, geometry: source.geojson } : undefined;
    case SELECT_MODES.SHP:
      return source.uploadIds.area ? { mode: SELECT_MODES.SHP, uploadId: source.uploadIds.area } : undefined;
    case SELECT_MODES.FILE:
      return source.uploadIds.list ? { mode: SELECT_MODES.FILE, uploadId: source.uploadIds.list } : undefined;
  }
}

/** Every declared collection chosen is the same as no limit. */
const allCollections = (ids: readonly string[]) => ids.length === COLLECTIONS.length && COLLECTIONS.every((c) => ids.includes(c.id));

export function filterOf(filters: SceneFilters, area: SearchArea | undefined): SceneFilter {
  const filter: SceneFilter = {};
  if (filters.collections !== null && !allCollections(filters.collections)) filter.collections = [...filters.collections];
  if (filters.cloudMin > 0) filter.cloudMin = filters.cloudMin;
  if (filters.cloudMax < 100) filter.cloudMax = filters.cloudMax;
  if (filters.dateFrom) filter.dateFrom = filters.dateFrom;
  if (filters.dateTo) filter.dateTo = filters.dateTo;
  if (filters.resolutionMin !== null) filter.resolutionMin = filters.resolutionMin;
  if (filters.resolutionMax !== null) filter.resolutionMax = filters.resolutionMax;
  if (filters.productLevels.length > 0) filter.productLevels = [...filters.productLevels];
  if (filters.online !== null) filter.online = filters.online;
  if (area) filter.area = area;
  return filter;
}

/** The filter of a submitted search. */
export const submittedFilter = (submitted: SubmittedSearch): SceneFilter => filterOf(submitted.filters, areaOf(submitted));

/** The body for one page of the submitted search; null before a search. */
export function searchBodyOf(state: Pick<SelectionData, 'submitted' | 'sort' | 'order' | 'page' | 'pageSize'>): SceneSearchBody | null {
  if (!state.submitted) return null;
  return { filter: submittedFilter(state.submitted), sort: state.sort, order: state.order, pageNum: state.page, pageSize: state.pageSize };
}

export function searchBlocker(state: Pick<SelectionData, 'selectStatus' | 'extent' | 'geojson' | 'uploadIds' | 'filters'>): SearchBlocker {
  if (state.filters.collections !== null && state.filters.collections.length === 0) return 'noCollections';
  if (state.selectStatus === SELECT_MODES.EXTENT && !state.extent) return 'noExtent';
  if (state.selectStatus === SELECT_MODES.DRAW && !state.geojson) return 'noDrawing';
  if (state.selectStatus === SELECT_MODES.SHP && !state.uploadIds.area) return 'noUpload';
  if (state.selectStatus === SELECT_MODES.FILE && !state.uploadIds.list) return 'noList';
  return null;
}
