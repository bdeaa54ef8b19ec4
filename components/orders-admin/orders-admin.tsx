'use client';

import { Badge } from '@mantine/core';
import { useFormatter, useTranslations } from 'next-intl';
import { ReviewFilters, EMPTY_FILTER, managedListFilter, type ReviewFilterValue } from '@/components/workflow/review-filters';
import { orderMachine } from '@/lib/shared/workflow';
import { ReviewItem, ReviewItemLine, ReviewQueue, useReviewQueue } from '@/components/workflow/review-queue';
import { ORDERS_ADMIN_PAGE_SIZE, useManagedOrders } from '@/lib/client/queries/orders-admin';
import type { ManagedOrderSummary } from '@/lib/shared/contracts/orders-manage';
import type { OrderStatus } from '@/lib/shared/orders/model';
import { OrderDialog } from './order-dialog';
import { OrderReport } from './order-report';

function Row({ order, onOpen }: { order: ManagedOrderSummary; onOpen: (id: string) => void }) {
  const t = useTranslations('OrdersAdmin');
  const format = useFormatter();
  const who = order.user.realName ? `${order.user.realName} (${order.user.username})` : order.user.username;
  return (
    <ReviewItem
      id={`order-${order.id}`}
      title={order.code}
      testId="order-row"
      badges={
        <Badge variant="light" tt="none" data-testid="order-row-status">
          {order.statusName}
        </Badge>
      }
      action={{ label: t('open'), ariaLabel: t('openLabel', { code: order.code }), onClick: () => onOpen(order.id), variant: 'light' }}
    >
      <ReviewItemLine muted>
        {t('user', { name: who })}
        {order.organization ? ` · ${order.organization}` : ''} ·{' '}
        {t('placedAt', { date: format.dateTime(new Date(order.createdAt), 'moment') })}
      </ReviewItemLine>
      <ReviewItemLine>
        {t('items', { count: order.itemCount, ready: order.readyCount, failed: order.failedCount })}
        {order.requestCode ? ` · ${t('fromRequest', { code: order.requestCode })}` : ''}
      </ReviewItemLine>
    </ReviewItem>
  );
}

/** Administrators: every order with filters, each opening its detail and status change; the reports below. */
export function OrdersAdmin() {
  const t = useTranslations('OrdersAdmin');
  const queue = useReviewQueue<ReviewFilterValue>(EMPTY_FILTER);
  const { filter } = queue;
  const list = useManagedOrders(managedListFilter<OrderStatus>(filter, queue.page));
  return (
    <ReviewQueue
      queue={queue}
      query={list}
      pageSize={ORDERS_ADMIN_PAGE_SIZE}
      title={t('title')}
      intro={t('intro')}
      listId="orders-list-title"
      listTitle={t('listTitle')}
      count={(data) => t('total', { total: data.total })}
      countTestId="orders-total"
      filters={<ReviewFilters dictionary={orderMachine.dictionary} value={filter} onApply={queue.applyFilter} testId="orders-filters" />}
      labels={{ loading: t('loading'), loadFailed: t('loadFailed'), retry: t('retry'), pages: t('pages') }}
      empty={{ text: t('empty'), testId: 'orders-empty' }}
      row={(order) => <Row key={order.id} order={order} onOpen={queue.open} />}
      dialog={<OrderDialog id={queue.openId} onClose={queue.close} />}
    >
      <OrderReport />
    </ReviewQueue>
  );
}
