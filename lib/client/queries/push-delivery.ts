'use client';
/** Delivery of push batches (issue 35.2): batches with their delivery status, and re-delivery on request. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { batchDeliveryListContract, redeliverBatchContract, type DeliveryFilter } from '../../shared/contracts/push';
import { apiFetch } from '../api';
import { pushKeys } from './push';

export const DELIVERY_PAGE_SIZE = 10;

export const deliveryKeys = {
  all: [...pushKeys.all, 'delivery'] as const,
  list: (page: number, status: DeliveryFilter) => [...deliveryKeys.all, page, status] as const,
};

/** My batches with their delivery status (administrators: everyone's), newest first. */
export function useDeliveries(page: number, status: DeliveryFilter) {
  return useQuery({
    queryKey: deliveryKeys.list(page, status),
    queryFn: ({ signal }) =>
      apiFetch(batchDeliveryListContract, { query: { pageNum: page, pageSize: DELIVERY_PAGE_SIZE, status }, signal }),
    placeholderData: keepPreviousData,
  });
}

export const redeliverBatch = (id: string) => apiFetch(redeliverBatchContract, { body: { id } });
