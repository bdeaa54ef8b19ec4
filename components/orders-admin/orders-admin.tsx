'use client';

import { Badge, Text } from '@mantine/core';
import { useFormatter, useTranslations } from 'next-intl';
import { ReviewFilters, EMPTY_FILTER, type ReviewFilterValue } from '@/components/workflow/review-filters';
import { ReviewItem, ReviewItemLine, ReviewQueue, useReviewQueue } from '@/components/workflow/review-queue';
import { ORDERS_ADMIN_PAGE_SIZE, useManagedOrders } from '@/lib/client/queries/orders-admin';
import { useDictionary } from '@/lib/client/queries/spots';
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
        <Badge variant="light" tt="none">
          {order.statusName}
        </Badge>
      }
      action={{ label: t('open'), ariaLabel: t('openLabel', { code: order.code }), onClick: () => onOpen(order.id), variant: 'light' }}
    >
      <ReviewItemLine muted>
        {t('user', { name: who })}
        {order.organization ? ` · ${order.organization}` : ''} ·{' '}
        {t('placedAt', { date: format.dateTime(new Date(order.createdAt), { dateStyle: 'medium', timeStyle: 'short' }) })}
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
  const statuses = useDictionary('ORDER_STATUS');
  const list = useManagedOrders({
    status: filter.status ? (Number(filter.status) as OrderStatus) : null,
    user: filter.user.trim(),
    dateFrom: filter.dateFrom || null,
    dateTo: filter.dateTo || null,
    pageNum: queue.page,
  });
  const data = list.data;
  return (
    <ReviewQueue
      title={t('title')}
      intro={t('intro')}
      listId="orders-list-title"
      listTitle={t('listTitle')}
      count={data ? t('total', { total: data.total }) : null}
      countTestId="orders-total"
      filters={
        <ReviewFilters
          statuses={(statuses.data ?? []).map((s) => ({ value: s.itemValue, label: s.name }))}
          value={filter}
          onApply={queue.applyFilter}
          testId="orders-filters"
        />
      }
      list={{
        query: list,
        data,
        page: queue.page,
        pageSize: ORDERS_ADMIN_PAGE_SIZE,
        onPage: queue.setPage,
        labels: { loading: t('loading'), loadFailed: t('loadFailed'), retry: t('retry'), pages: t('pages') },
        empty: (
          <Text c="gray.7" data-testid="orders-empty">
            {t('empty')}
          </Text>
        ),
        row: (order) => <Row key={order.id} order={order} onOpen={queue.open} />,
      }}
      dialog={<OrderDialog id={queue.openId} onClose={queue.close} />}
    >
      <OrderReport />
    </ReviewQueue>
  );
}
