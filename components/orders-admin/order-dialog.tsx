'use client';

import { Alert, Badge, Button, Group, Select, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { StatusHistorySection } from '@/components/workflow/status-history';
import { DetailModal } from '@/components/ui/detail-modal';
import { ApiClientError } from '@/lib/client/api';
import { changeOrderStatus, ordersAdminKeys, useManagedOrder } from '@/lib/client/queries/orders-admin';
import { ORDER_NOTE_MAX, type ManagedOrderDetail } from '@/lib/shared/contracts/orders-manage';

function StatusForm({ order }: { order: ManagedOrderDetail }) {
  const t = useTranslations('OrdersAdmin');
  const client = useTranslations('Client');
  const queryClient = useQueryClient();
  const [to, setTo] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = order.nextStatuses.find((s) => String(s.status) === to);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !chosen) return;
    if (chosen.noteRequired && !note.trim()) {
      setError(t('errors.noteRequired', { to: chosen.name }));
      document.getElementById('order-note')?.focus();
      return;
    }
    setError(null);
    setFailure(null);
    setBusy(true);
    try {
      const updated = await changeOrderStatus(order.id, chosen.status, note);
      queryClient.setQueryData(ordersAdminKeys.one(order.id), updated);
      void queryClient.invalidateQueries({ queryKey: ordersAdminKeys.lists() });
      setTo(null);
      setNote('');
    } catch (failed) {
      if (failed instanceof ApiClientError && failed.silent) return;
      setFailure(failed instanceof Error && failed.message ? failed.message : client('unknownError'));
    } finally {
      setBusy(false);
    }
  }

  if (order.nextStatuses.length === 0)
    return (
      <Text size="sm" c="gray.7">
        {t('final')}
      </Text>
    );
  return (
    <form onSubmit={submit} noValidate aria-labelledby="order-status-title" data-testid="order-status-form">
      <Stack gap="sm">
        <Title order={3} size="h6" id="order-status-title">
          {t('changeStatus')}
        </Title>
        <Select
          label={t('newStatus')}
          placeholder={t('choose')}
          data={order.nextStatuses.map((s) => ({ value: String(s.status), label: s.name }))}
          value={to}
          onChange={setTo}
          w={240}
          data-testid="order-next-status"
        />
        <Textarea
          id="order-note"
          label={t('note')}
          description={chosen?.noteRequired ? t('noteNeeded') : t('noteOptional')}
          required={Boolean(chosen?.noteRequired)}
          autosize
          minRows={2}
          maxLength={ORDER_NOTE_MAX}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={error}
        />
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={busy} disabled={!chosen} data-testid="order-status-submit">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One order for administrators: who, what, its items, its history, and the status changes allowed now. */
export function OrderDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const t = useTranslations('OrdersAdmin');
  const format = useFormatter();
  return (
    <DetailModal
      id={id}
      onClose={onClose}
      query={useManagedOrder(id)}
      title={(order) => t('orderTitle', { code: order.code })}
      labels={{ loading: t('loading'), close: t('close'), loadFailed: t('loadFailed') }}
    >
      {(order) => (
        <Stack gap="md" data-testid="order-detail">
          <Group gap="xs" wrap="wrap">
            <Badge variant="light" tt="none" data-testid="order-status">
              {order.statusName}
            </Badge>
            <Text size="sm" c="gray.7">
              {t('placedAt', { date: format.dateTime(new Date(order.createdAt), 'moment') })}
              {order.requestCode ? ` · ${t('fromRequest', { code: order.requestCode })}` : ''}
            </Text>
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('user', { name: order.user.realName ? `${order.user.realName} (${order.user.username})` : order.user.username })}
            {order.organization ? ` · ${order.organization}` : ''} ·{' '}
            {[order.contact.name, order.contact.phone, order.contact.email].filter(Boolean).join(' · ')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {t('purpose', { purpose: order.purpose })}
          </Text>
          <section aria-labelledby="order-items-title">
            <Title order={3} size="h6" id="order-items-title">
              {t('items', { count: order.itemCount, ready: order.readyCount, failed: order.failedCount })}
            </Title>
            <Table.ScrollContainer minWidth={520} mah={320}>
              <Table striped fz="sm" stickyHeader>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('item.fileName')}</Table.Th>
                    <Table.Th>{t('item.satellite')}</Table.Th>
                    <Table.Th>{t('item.status')}</Table.Th>
                    <Table.Th>{t('item.downloads')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {order.items.map((item) => (
                    <Table.Tr key={item.id}>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.fileName}</Table.Td>
                      <Table.Td>
                        {item.satellite}
                        {item.online ? '' : ` · ${t('item.offline')}`}
                      </Table.Td>
                      <Table.Td>{item.statusName}</Table.Td>
                      <Table.Td>{item.downloads}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {order.itemCount > order.items.length ? (
              <Text size="xs" c="gray.7">
                {t('itemsShown', { shown: order.items.length, count: order.itemCount })}
              </Text>
            ) : null}
          </section>
          <StatusHistorySection id="order-history-title" title={t('history')} entries={order.history} chain={order.chain} />
          <StatusForm key={`${order.id}-${order.status}`} order={order} />
        </Stack>
      )}
    </DetailModal>
  );
}
