'use client';

import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { useLocale } from 'next-intl';
import { cellValueContract, searchProductsContract, type ProductSearchBody } from '../../shared/contracts/surface-deform';
import { getSceneListContract } from '../../shared/contracts/scene-lists';
import { getUploadedAreaContract } from '../../shared/contracts/uploads';
import { apiFetch } from '../api';

/** Surface deformation answers (ADR 0015); the cell carries a region name in the caller's language. */
export const deformKeys = {
  all: ['deformation'] as const,
  search: (body: ProductSearchBody | null) => [...deformKeys.all, 'search', body] as const,
  cell: (locale: string, point: readonly [number, number] | null) => [...deformKeys.all, locale, 'cell', point] as const,
  upload: (kind: 'shp' | 'file', id: string | null) => [...deformKeys.all, 'upload', kind, id] as const,
};

/** One page of products; the previous page stays on screen while the next loads. null waits. */
export function useDeformProducts(body: ProductSearchBody | null) {
  return useQuery({
    queryKey: deformKeys.search(body),
    queryFn: body === null ? skipToken : ({ signal }) => apiFetch(searchProductsContract, { body, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** The rate cell at a point with its series (null when there is none in the caller's ranges). null waits. */
export function useDeformCell(point: readonly [number, number] | null) {
  const locale = useLocale();
  return useQuery({
    queryKey: deformKeys.cell(locale, point),
    queryFn: point === null ? skipToken : ({ signal }) => apiFetch(cellValueContract, { query: { lon: point[0], lat: point[1] }, signal }),
    staleTime: 300_000,
  });
}

/** A shared URL's uploaded area or list, to show its name again (the image query's stored uploads). */
export function useDeformUpload(kind: 'shp' | 'file', id: string | null) {
  return useQuery<{ name: string; lines: number | null }>({
    queryKey: deformKeys.upload(kind, id),
    queryFn:
      id === null
        ? skipToken
        : ({ signal }) =>
            kind === 'shp'
              ? apiFetch(getUploadedAreaContract, { params: { id }, signal }).then((a) => ({ name: a.name, lines: null }))
              : apiFetch(getSceneListContract, { params: { id }, signal }).then((l) => ({ name: l.name, lines: l.lines })),
    staleTime: 300_000,
  });
}
