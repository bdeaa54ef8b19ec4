'use client';

/**
 * Cart and orders in the browser (issue 19): one query-key factory and one hook per resource over the
 * typed fetch wrapper. Every change to the cart invalidates the cart's keys, so the header badge, the
 * cart screen and the checkout agree; keys carry the user id, so a login loads that user's cart.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addToCartContract,
  allLinksContract,
  cancelOrderContract,
  cartIdsContract,
  createOrderContract,
  itemLinkContract,
  orderDetailContract,
  orderLinksContract,
  ownCartContract,
  ownOrdersContract,
  removeFromCartContract,
  retryOrderContract,
  type AddToCartBody,
  type CreateOrderBody,
  type RemoveFromCartBody,
} from '../../shared/contracts/orders';
import { ORDER_STATUS, type OrderStatus } from '../../shared/orders/model';
import { apiFetch } from '../api';
import { cartKeys } from './cart-count';
import { selectUser } from '../stores/selectors';
import { useSessionStore } from '../stores/session-store';

export { cartKeys, useCartCount } from './cart-count';

export const CART_PAGE_SIZE = 10;
export const ORDERS_PAGE_SIZE = 10;

export const orderKeys = {
  all: ['orders'] as const,
  list: (userId: string, pageNum: number, status: number | null, q: string) =>
    [...orderKeys.all, 'list', userId, pageNum, status, q] as const,
  detail: (userId: string, id: number) => [...orderKeys.all, 'detail', userId, id] as const,
};

const useUserId = () => useSessionStore(selectUser)?.id ?? '';

export function useCartPage(pageNum: number) {
  const userId = useUserId();
  return useQuery({
    queryKey: cartKeys.page(userId, pageNum),
    queryFn: ({ signal }) => apiFetch(ownCartContract, { query: { pageNum, pageSize: CART_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    enabled: userId !== '',
  });
}

export function useCartIds() {
  const userId = useUserId();
  return useQuery({
    queryKey: cartKeys.ids(userId),
    queryFn: ({ signal }) => apiFetch(cartIdsContract, { signal }),
    enabled: userId !== '',
  });
}

/** Puts scenes in the cart (or previews it); the cart's queries refresh after a real change. */
export function useAddToCart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddToCartBody) => apiFetch(addToCartContract, { body }),
    onSuccess: (_, body) => {
      if (!body.preview) void client.invalidateQueries({ queryKey: cartKeys.all });
    },
  });
}

export function useRemoveFromCart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RemoveFromCartBody) => apiFetch(removeFromCartContract, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: cartKeys.all }),
  });
}

export function useSubmitOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOrderBody) => apiFetch(createOrderContract, { body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: cartKeys.all });
      void client.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}

export function useOwnOrders(pageNum: number, status: OrderStatus | null, q: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: orderKeys.list(userId, pageNum, status, q),
    queryFn: ({ signal }) =>
      apiFetch(ownOrdersContract, {
        query: { pageNum, pageSize: ORDERS_PAGE_SIZE, status: status ?? undefined, q: q || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: userId !== '',
  });
}

const IN_PROGRESS: readonly number[] = [ORDER_STATUS.SUBMITTED, ORDER_STATUS.IN_PRODUCTION];

/** One order; refreshed every few seconds while it is being produced. */
export function useOrderDetail(id: number) {
  const userId = useUserId();
  return useQuery({
    queryKey: orderKeys.detail(userId, id),
    queryFn: ({ signal }) => apiFetch(orderDetailContract, { params: { id }, signal }),
    enabled: userId !== '',
    refetchInterval: (query) => (query.state.data && IN_PROGRESS.includes(query.state.data.status) ? 3000 : false),
  });
}

function useOrderAction(contract: typeof cancelOrderContract | typeof retryOrderContract) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch(contract, { params: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
export const useCancelOrder = () => useOrderAction(cancelOrderContract);
export const useRetryOrder = () => useOrderAction(retryOrderContract);

/** A fresh signed link for one ready item (links expire, so they are asked for when clicked). */
export const fetchItemLink = (id: number) => apiFetch(itemLinkContract, { query: { id } });
export const fetchOrderLinks = (id: number) => apiFetch(orderLinksContract, { query: { id } });
export const fetchAllLinks = () => apiFetch(allLinksContract);
