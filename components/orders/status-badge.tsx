'use client';

import { Badge } from '@mantine/core';
import { useStatusNames } from '@/lib/client/queries/order-statuses';
import { ORDER_ITEM_STATUS, ORDER_STATUS } from '@/lib/shared/orders/model';

const ORDER_COLORS: Record<number, string> = {
  [ORDER_STATUS.SUBMITTED]: 'gray',
  [ORDER_STATUS.IN_PRODUCTION]: 'blue',
  [ORDER_STATUS.READY]: 'green',
  [ORDER_STATUS.COMPLETED]: 'teal',
  [ORDER_STATUS.REJECTED]: 'red',
  [ORDER_STATUS.CANCELLED]: 'dark',
  [ORDER_STATUS.EXPIRED]: 'dark',
  [ORDER_STATUS.FAILED]: 'red',
};
const ITEM_COLORS: Record<number, string> = {
  [ORDER_ITEM_STATUS.WAITING]: 'gray',
  [ORDER_ITEM_STATUS.PRODUCING]: 'blue',
  [ORDER_ITEM_STATUS.READY]: 'green',
  [ORDER_ITEM_STATUS.FAILED]: 'red',
};

/** A status by its dictionary name (ORDER_STATUS or ORDER_ITEM_STATUS) in the page's language. */
export function StatusBadge({ status, kind = 'order' }: { status: number; kind?: 'order' | 'item' }) {
  const names = useStatusNames(kind === 'order' ? 'ORDER_STATUS' : 'ORDER_ITEM_STATUS');
  const color = (kind === 'order' ? ORDER_COLORS : ITEM_COLORS)[status] ?? 'gray';
  return (
    <Badge color={color} variant="light" data-testid={kind === 'order' ? 'order-status' : 'item-status'} data-status={status}>
      {names.data?.get(status) ?? String(status)}
    </Badge>
  );
}

export function useStatusOptions() {
  const names = useStatusNames('ORDER_STATUS');
  return [...(names.data?.entries() ?? [])].map(([value, label]) => ({ value: String(value), label }));
}
