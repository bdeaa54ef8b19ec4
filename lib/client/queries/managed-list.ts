/** The management lists' filter (orders, applications), shared without their contracts. */

/** A management list's filter as the screens hold it (ReviewFilters), with its status dictionary's type. */
export interface ManagedListFilter<S extends number> {
  status: S | null;
  user: string;
  dateFrom: string | null;
  dateTo: string | null;
  pageNum: number;
}

/** The query string of a management list (orders, applications): empty parts left out. */
export function managedListQuery<S extends number>(filter: ManagedListFilter<S>, pageSize: number) {
  return {
    pageNum: filter.pageNum,
    pageSize,
    status: filter.status ?? undefined,
    user: filter.user || undefined,
    dateFrom: filter.dateFrom ?? undefined,
    dateTo: filter.dateTo ?? undefined,
  };
}
