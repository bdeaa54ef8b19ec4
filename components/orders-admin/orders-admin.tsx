'use client';

import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { ListSection, ScreenHeading } from '@/components/ui/list-section';
import { ORDERS_ADMIN_PAGE_SIZE, useManagedOrders } from '@/lib/client/queries/orders-admin';
import { useDictionary } from '@/lib/client/queries/spots';
import type { ManagedOrderSummary } from '@/lib/shared/contracts/orders-manage';
import type { OrderStatus } from '@/lib/shared/orders/model';
import { AdminFilters, EMPTY_FILTER, type AdminFilterValue } from './admin-filters';
import { PagedList } from '@/components/ui/paged-list';
import { OrderDialog } from './order-dialog';
import { OrderReport } from './order-report';

function Row({ order, onOpen }: { order: ManagedOrderSummary; onOpen: (id: string) => void }) {
  const t = useTranslations('OrdersAdmin');
  const format = useFormatter();
  const who = order.user.realName ? `${order.user.realName} (${order.user.username})` : order.user.username;
  return (
    <Paper withBorder radius="md" p="md" component="li" aria-labelledby={`order-${order.id}`} data-testid="order-row">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Title order={3} size="h5" id={`order-${order.id}`}>
          {order.code}
        </Title>
        <Badge variant="light" tt="none">
          {order.statusName}
        </Badge>
      </Group>
      <Text size="sm" c="gray.7" mt={4} style={{ overflowWrap: 'anywhere' }}>
        {t('user', { name: who })}
        {order.organization ? ` · ${order.organization}` : ''} ·{' '}
        {t('placedAt', { date: format.dateTime(new Date(order.createdAt), { dateStyle: 'medium', timeStyle: 'short' }) })}
      </Text>
      <Text size="sm" mt={4}>
        {t('items', { count: order.itemCount, ready: order.readyCount, failed: order.failedCount })}
        {order.requestCode ? ` · ${t('fromRequest', { code: order.requestCode })}` : ''}
      </Text>
      <Button mt="sm" size="compact-md" variant="light" onClick={() => onOpen(order.id)} aria-label={t('openLabel', { code: order.code })}>
        {t('open')}
      </Button>
    </Paper>
  );
}

/** Administrators: every order with filters, each opening its detail and status change; the reports below. */
export function OrdersAdmin() {
  const t = useTranslations('OrdersAdmin');
  const [filter, setFilter] = useState<AdminFilterValue>(EMPTY_FILTER);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const statuses = useDictionary('ORDER_STATUS');
  const list = useManagedOrders({
    status: filter.status ? (Number(filter.status) as OrderStatus) : null,
    user: filter.user.trim(),
    dateFrom: filter.dateFrom || null,
    dateTo: filter.dateTo || null,
    pageNum: page,
  });
  const data = list.data;
  return (
    <Stack gap="lg">
      <ScreenHeading title={t('title')} intro={t('intro')} />
      <ListSection
        id="orders-list-title"
        title={t('listTitle')}
        count={data ? t('total', { total: data.total }) : null}
        countTestId="orders-total"
      >
        <AdminFilters
          statuses={(statuses.data ?? []).map((s) => ({ value: s.itemValue, label: s.name }))}
          value={filter}
          onApply={(next) => {
            setFilter(next);
            setPage(1);
          }}
          testId="orders-filters"
        />
        <PagedList
          query={list}
          data={data}
          page={page}
          pageSize={ORDERS_ADMIN_PAGE_SIZE}
          onPage={setPage}
          labels={{ loading: t('loading'), loadFailed: t('loadFailed'), retry: t('retry'), pages: t('pages') }}
          empty={
            <Text c="gray.7" data-testid="orders-empty">
              {t('empty')}
            </Text>
          }
          row={(order) => <Row key={order.id} order={order} onOpen={setOpenId} />}
        />
      </ListSection>
      <OrderReport />
      <OrderDialog id={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
