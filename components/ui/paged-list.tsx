'use client';
/**
 * The body of a paged list read through a TanStack query: skeletons while the first page loads, the
 * error with a retry when nothing could be read, the caller's empty state, else the rows as a list and
 * a pager under them. Shared by the management screens (applications, orders) and My applications.
 */
import { Pagination, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadFailed, LoadingRows } from './load-states';

export interface PagedListLabels {
  loading: string;
  loadFailed: string;
  retry: string;
  pages: string;
  previousPage?: string;
  nextPage?: string;
}

export interface PagedListProps<T> {
  query: { isPending: boolean; isFetching: boolean; isError: boolean; error: Error | null; refetch: () => unknown };
  data: { list: readonly T[]; total: number } | undefined;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  labels: PagedListLabels;
  empty: ReactNode;
  /** One row: an `<li>` (the rows are the items of a list). */
  row: (item: T) => ReactNode;
  listTestId?: string;
}

export function PagedList<T>({ query, data, page, pageSize, onPage, labels, empty, row, listTestId }: PagedListProps<T>) {
  const pages = data ? Math.max(1, Math.ceil(data.total / pageSize)) : 1;
  const arrows = (control: string) =>
    control === 'previous' && labels.previousPage
      ? { 'aria-label': labels.previousPage }
      : control === 'next' && labels.nextPage
        ? { 'aria-label': labels.nextPage }
        : {};
  return (
    <Stack gap="sm" aria-busy={query.isFetching}>
      {query.isPending ? (
        <LoadingRows label={labels.loading} count={2} height={110} radius="md" />
      ) : query.isError && !data ? (
        <LoadFailed title={labels.loadFailed} message={query.error?.message ?? ''} retry={labels.retry} onRetry={query.refetch} />
      ) : !data || data.total === 0 ? (
        empty
      ) : (
        <>
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid={listTestId}>
            {data.list.map(row)}
          </Stack>
          {pages > 1 && (
            <Pagination total={pages} value={Math.min(page, pages)} onChange={onPage} aria-label={labels.pages} getControlProps={arrows} />
          )}
        </>
      )}
    </Stack>
  );
}
