'use client';
/** The signed-in user's subscriptions (issue 35.4): one hook per resource on the shared fetcher. */
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createSubscriptionContract,
  deleteSubscriptionContract,
  listDeliveriesContract,
  listSubscriptionsContract,
  resendDeliveryContract,
  testSubscriptionContract,
  updateSubscriptionContract,
  type CreateSubscriptionBody,
  type UpdateSubscriptionBody,
} from '../../shared/contracts/subscriptions';
import { apiFetch } from '../api';

export const DELIVERY_PAGE_SIZE = 10;

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  list: () => [...subscriptionKeys.all, 'list'] as const,
  deliveries: (id: string, pageNum: number) => [...subscriptionKeys.all, 'deliveries', id, pageNum] as const,
};

export function useSubscriptions() {
  return useQuery({ queryKey: subscriptionKeys.list(), queryFn: ({ signal }) => apiFetch(listSubscriptionsContract, { signal }) });
}

export function useDeliveries(id: string | null, pageNum: number) {
  return useQuery({
    queryKey: subscriptionKeys.deliveries(id ?? '', pageNum),
    queryFn:
      id === null
        ? skipToken
        : ({ signal }) => apiFetch(listDeliveriesContract, { params: { id }, query: { pageNum, pageSize: DELIVERY_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Every change refreshes the list and the logs. */
function useSubscriptionMutation<V, R>(run: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => client.invalidateQueries({ queryKey: subscriptionKeys.all }) });
}

export const useCreateSubscription = () =>
  useSubscriptionMutation((body: CreateSubscriptionBody) => apiFetch(createSubscriptionContract, { body }));
export const useUpdateSubscription = () =>
  useSubscriptionMutation(({ id, body }: { id: string; body: UpdateSubscriptionBody }) =>
    apiFetch(updateSubscriptionContract, { params: { id }, body }),
  );
export const useDeleteSubscription = () =>
  useSubscriptionMutation((id: string) => apiFetch(deleteSubscriptionContract, { params: { id } }));
export const useTestSubscription = () => useSubscriptionMutation((id: string) => apiFetch(testSubscriptionContract, { params: { id } }));
export const useResendDelivery = () =>
  useSubscriptionMutation(({ id, deliveryId }: { id: string; deliveryId: string }) =>
    apiFetch(resendDeliveryContract, { params: { id, deliveryId } }),
  );
