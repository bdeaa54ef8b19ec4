'use client';

import { Alert, Badge, Button, Group, Pagination, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { ORDERS_ADMIN_PAGE_SIZE, useManagedOrders } from '@/lib/client/queries/orders-admin';
import { useDictionary } from '@/lib/client/queries/spots';
import type { ManagedOrderSummary } from '@/lib/shared/contracts/orders-manage';
import type { OrderStatus } from '@/lib/shared/orders/model';
import { AdminFilters, EMPTY_FILTER, type AdminFilterValue } from './admin-filters';
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
  const pages = data ? Math.max(1, Math.ceil(data.total / ORDERS_ADMIN_PAGE_SIZE)) : 1;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('title')}</Title>
        <Text mt="xs">{t('intro')}</Text>
      </div>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="orders-list-title">
        <Stack gap="md">
          <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
            <Title order={2} size="h4" id="orders-list-title">
              {t('listTitle')}
            </Title>
            {data ? (
              <Text size="sm" c="gray.7" data-testid="orders-total">
                {t('total', { total: data.total })}
              </Text>
            ) : null}
          </Group>
          <AdminFilters
            statuses={(statuses.data ?? []).map((s) => ({ value: s.itemValue, label: s.name }))}
            value={filter}
            onApply={(next) => {
              setFilter(next);
              setPage(1);
            }}
            testId="orders-filters"
          />
          <Stack gap="sm" aria-busy={list.isFetching}>
            {list.isPending ? (
              <Stack gap="sm" role="status" aria-label={t('loading')}>
                <Skeleton h={110} radius="md" />
                <Skeleton h={110} radius="md" />
              </Stack>
            ) : list.isError && !data ? (
              <Alert color="red" role="alert" title={t('loadFailed')}>
                {list.error.message}
                <Button variant="light" color="red" size="xs" mt="xs" display="block" onClick={() => list.refetch()}>
                  {t('retry')}
                </Button>
              </Alert>
            ) : !data || data.total === 0 ? (
              <Text c="gray.7" data-testid="orders-empty">
                {t('empty')}
              </Text>
            ) : (
              <>
                <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {data.list.map((order) => (
                    <Row key={order.id} order={order} onOpen={setOpenId} />
                  ))}
                </Stack>
                {pages > 1 && <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} aria-label={t('pages')} />}
              </>
            )}
          </Stack>
        </Stack>
      </Paper>
      <OrderReport />
      <OrderDialog id={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
