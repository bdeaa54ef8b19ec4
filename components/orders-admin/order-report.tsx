'use client';

import { Alert, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import dynamic from 'next/dynamic';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useOrderReport } from '@/lib/client/queries/orders-admin';

// recharts loads with the report only, never with the page shell.
const OrdersPerMonthChart = dynamic(() => import('./report-charts').then((m) => m.OrdersPerMonthChart), {
  ssr: false,
  loading: () => <Skeleton h={260} />,
});
const ItemsPerSatelliteChart = dynamic(() => import('./report-charts').then((m) => m.ItemsPerSatelliteChart), {
  ssr: false,
  loading: () => <Skeleton h={200} />,
});

const MONTHS = [6, 12, 24] as const;

/** Orders per month and ordered scenes per satellite, as charts with their numbers in tables. */
export function OrderReport() {
  const t = useTranslations('OrdersAdmin.report');
  const format = useFormatter();
  const [months, setMonths] = useState<number>(12);
  const report = useOrderReport(months);
  const data = report.data;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="order-report-title"
      data-testid="order-report"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
          <div>
            <Title order={2} size="h4" id="order-report-title">
              {t('title')}
            </Title>
            {data ? (
              <Text size="sm" c="gray.7" data-testid="report-totals">
                {t('totals', { orders: data.totalOrders, items: data.totalItems })}
              </Text>
            ) : null}
          </div>
          <Select
            label={t('period')}
            w={160}
            data={MONTHS.map((m) => ({ value: String(m), label: t('months', { count: m }) }))}
            value={String(months)}
            allowDeselect={false}
            onChange={(v) => setMonths(Number(v ?? 12))}
          />
        </Group>
        {report.isError && !data ? (
          <Alert color="red" role="alert" title={t('loadFailed')}>
            {report.error.message}
          </Alert>
        ) : !data ? (
          <Skeleton h={260} role="status" aria-label={t('loading')} />
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Stack gap="xs">
              <Title order={3} size="h6">
                {t('perMonth')}
              </Title>
              <OrdersPerMonthChart data={data.perMonth} label={t('perMonth')} ordersLabel={t('orders')} itemsLabel={t('items')} />
              <details>
                <summary>{t('asTable')}</summary>
                <Table fz="sm" data-testid="report-month-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('month')}</Table.Th>
                      <Table.Th>{t('orders')}</Table.Th>
                      <Table.Th>{t('items')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.perMonth.map((m) => (
                      <Table.Tr key={m.month}>
                        <Table.Td>{m.month}</Table.Td>
                        <Table.Td>{format.number(m.orders)}</Table.Td>
                        <Table.Td>{format.number(m.items)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </details>
            </Stack>
            <Stack gap="xs">
              <Title order={3} size="h6">
                {t('perSatellite')}
              </Title>
              {data.perSatellite.length === 0 ? (
                <Text size="sm" c="gray.7">
                  {t('empty')}
                </Text>
              ) : (
                <>
                  <ItemsPerSatelliteChart data={data.perSatellite} label={t('perSatellite')} itemsLabel={t('items')} />
                  <details>
                    <summary>{t('asTable')}</summary>
                    <Table fz="sm">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('satellite')}</Table.Th>
                          <Table.Th>{t('items')}</Table.Th>
                          <Table.Th>{t('orders')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {data.perSatellite.map((s) => (
                          <Table.Tr key={s.satellite}>
                            <Table.Td>{s.satellite}</Table.Td>
                            <Table.Td>{format.number(s.items)}</Table.Td>
                            <Table.Td>{format.number(s.orders)}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </details>
                </>
              )}
            </Stack>
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
