'use client';

import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import {
  allSceneIdsContract,
  getSceneContract,
  searchScenesContract,
  type SceneFilter,
  type SceneSearchBody,
} from '../../shared/contracts/catalogue';
import { apiFetch } from '../api';

/** Scenes and their search answers; names in answers are not localized, errors are (the wrapper sends the locale). */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  search: (body: SceneSearchBody | null) => [...catalogueKeys.all, 'search', body] as const,
  allIds: (filter: SceneFilter | null) => [...catalogueKeys.all, 'allids', filter] as const,
  scene: (id: string | null) => [...catalogueKeys.all, 'scene', id] as const,
};

/** A catalogue that grows with imports: answers stay fresh for a minute. */
const SEARCH_STALE_TIME = 60_000;

/** One page of a search; the previous page stays on screen while the next loads. null waits. */
export function useSceneSearch(body: SceneSearchBody | null) {
  return useQuery({
    queryKey: catalogueKeys.search(body),
    queryFn: body === null ? skipToken : ({ signal }) => apiFetch(searchScenesContract, { body, signal }),
    placeholderData: keepPreviousData,
    staleTime: SEARCH_STALE_TIME,
  });
}

/** Every id a search matches (up to the cap; `capped` says when the list was cut). null waits. */
export function useAllSceneIds(filter: SceneFilter | null) {
  return useQuery({
    queryKey: catalogueKeys.allIds(filter),
    queryFn: filter === null ? skipToken : ({ signal }) => apiFetch(allSceneIdsContract, { body: { filter }, signal }),
    staleTime: SEARCH_STALE_TIME,
  });
}

/** One scene with all its metadata. null waits. */
export function useScene(id: string | null) {
  return useQuery({
    queryKey: catalogueKeys.scene(id),
    queryFn: id === null ? skipToken : ({ signal }) => apiFetch(getSceneContract, { params: { id }, signal }),
    staleTime: SEARCH_STALE_TIME,
  });
}
