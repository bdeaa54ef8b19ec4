'use client';
/**
 * Administrators → push (issue 35.2): every batch with its push user, scenes, time and delivery status, filtered by
 * status, and "Re-send" (after a confirmation) to list a fetched batch as new in its user's pull feed again.
 */
import { Button, Group, Modal, NativeSelect, Paper, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { ListSection } from '@/components/ui/list-section';
import { type Notice, ResultNotice } from '@/components/ui/result-notice';
import { PagedList } from '@/components/ui/paged-list';
import { usePushListLabels } from './list-labels';
import { ApiClientError } from '@/lib/client/api';
import { pushKeys } from '@/lib/client/queries/push';
import { DELIVERY_PAGE_SIZE, redeliverBatch, useDeliveries } from '@/lib/client/queries/push-delivery';
import { DELIVERY_FILTERS, type DeliveredBatch, type DeliveryFilter } from '@/lib/shared/contracts/push';
import { DeliveryStatus } from './delivery-status';

function DeliveryRow({ batch, onResend }: { batch: DeliveredBatch; onResend: () => void }) {
  const t = useTranslations('Push.delivery');
  const mine = useTranslations('Push.mine');
  const format = useFormatter();
  const headingId = `push-delivery-${batch.id}`;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="li"
      aria-labelledby={headingId}
      data-testid="push-delivery-row"
      data-batch={batch.id}
      data-username={batch.username}
    >
      <Title order={3} size="h5" id={headingId}>
        {mine('detailTitle', { id: batch.id })}
      </Title>
      <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
        {t('user', { name: batch.username })} · {t('scenes', { count: batch.sceneCount })}
      </Text>
      <Text size="sm" c="gray.7" mt={4}>
        {t('created', { date: format.dateTime(new Date(batch.createdAt), 'moment') })}
      </Text>
      <DeliveryStatus delivery={batch.delivery} />
      <Group gap="xs" mt="sm">
        <Button
          size="compact-md"
          variant="light"
          onClick={onResend}
          aria-label={t('resendLabel', { id: batch.id, name: batch.username })}
          data-testid="push-resend"
        >
          {t('resend')}
        </Button>
      </Group>
    </Paper>
  );
}

export function BatchDeliveries() {
  const t = useTranslations('Push.delivery');
  const list = useTranslations('Push.list');
  const listLabels = usePushListLabels();
  const client = useTranslations('Client');
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<DeliveryFilter>('all');
  const batches = useDeliveries(page, status);
  const [resending, setResending] = useState<DeliveredBatch | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  async function resend(batch: DeliveredBatch) {
    setNotice(null);
    setBusy(true);
    try {
      const result = await redeliverBatch(batch.id);
      setNotice({
        ok: true,
        text: result.changed
          ? t('resent', { id: batch.id, name: batch.username, count: result.delivery.redeliveryCount })
          : t('unchanged', { id: batch.id }),
      });
      await queryClient.invalidateQueries({ queryKey: pushKeys.all });
    } catch (failed) {
      if (failed instanceof ApiClientError && failed.silent) return;
      setNotice({ ok: false, text: failed instanceof Error && failed.message ? failed.message : client('unknownError') });
    } finally {
      setBusy(false);
      setResending(null);
    }
  }

  return (
    <ListSection
      id="push-deliveries-title"
      title={t('batchesTitle')}
      count={batches.data ? list('total', { total: batches.data.total }) : null}
      countTestId="push-deliveries-total"
    >
      <Text size="sm">{t('batchesIntro')}</Text>
      <NativeSelect
        label={t('status')}
        value={status}
        onChange={(e) => {
          setStatus(e.currentTarget.value as DeliveryFilter);
          setPage(1);
        }}
        data={DELIVERY_FILTERS.map((value) => ({ value, label: t(`filters.${value}`) }))}
        style={{ maxWidth: 280 }}
        data-testid="push-delivery-filter"
      />
      <ResultNotice notice={notice} testId="push-delivery-notice" />
      <PagedList
        query={batches}
        data={batches.data}
        page={page}
        pageSize={DELIVERY_PAGE_SIZE}
        onPage={setPage}
        labels={listLabels}
        empty={<Text c="gray.7">{t('empty')}</Text>}
        row={(batch) => <DeliveryRow key={batch.id} batch={batch} onResend={() => setResending(batch)} />}
        listTestId="push-deliveries"
      />
      {resending ? (
        <Modal opened onClose={() => setResending(null)} title={t('resendTitle', { id: resending.id })}>
          <Text>{t('resendConfirm', { id: resending.id, scenes: resending.sceneCount, name: resending.username })}</Text>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => setResending(null)}>
              {t('cancel')}
            </Button>
            <Button onClick={() => void resend(resending)} loading={busy} data-testid="push-resend-confirm">
              {t('resendAction')}
            </Button>
          </Group>
        </Modal>
      ) : null}
    </ListSection>
  );
}
