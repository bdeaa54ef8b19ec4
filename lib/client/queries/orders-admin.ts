'use client';

import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import {
  changeOrderStatusContract,
  getManagedOrderContract,
  listManagedOrdersContract,
  orderReportContract,
} from '../../shared/contracts/orders-manage';
import type { OrderStatus } from '../../shared/orders/model';
import { apiFetch } from '../api';
import { managedListQuery, type ManagedListFilter } from './managed-list';

export const ORDERS_ADMIN_PAGE_SIZE = 10;

export type ManagedOrdersFilter = ManagedListFilter<OrderStatus>;

export const ordersAdminKeys = {
  all: ['orders-admin'] as const,
  lists: () => [...ordersAdminKeys.all, 'list'] as const,
  list: (filter: ManagedOrdersFilter) => [...ordersAdminKeys.lists(), filter] as const,
  one: (id: string) => [...ordersAdminKeys.all, 'one', id] as const,
  report: (months: number) => [...ordersAdminKeys.all, 'report', months] as const,
};

export function useManagedOrders(filter: ManagedOrdersFilter) {
  return useQuery({
    queryKey: ordersAdminKeys.list(filter),
    queryFn: ({ signal }) =>
      apiFetch(listManagedOrdersContract, {
        query: managedListQuery(filter, ORDERS_ADMIN_PAGE_SIZE),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useManagedOrder(id: string | null) {
  return useQuery({
    queryKey: ordersAdminKeys.one(id ?? ''),
    queryFn: id === null ? skipToken : ({ signal }) => apiFetch(getManagedOrderContract, { params: { id }, signal }),
    staleTime: 0,
  });
}

export function useOrderReport(months: number) {
  return useQuery({
    queryKey: ordersAdminKeys.report(months),
    queryFn: ({ signal }) => apiFetch(orderReportContract, { query: { months }, signal }),
  });
}

export const changeOrderStatus = (id: string, status: number, note: string) =>
  apiFetch(changeOrderStatusContract, { params: { id }, body: { status, note } });
