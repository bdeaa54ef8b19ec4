'use client';

/**
 * One order (issue 19): its status (refreshed while in production), contact, every item with its own
 * status, failure reason and download, the status history with who and when, and the actions the
 * model allows the owner: cancel while submitted (or failed), retry just the failed items. Download
 * links are signed and expire, so each is asked for when clicked.
 */
import { Alert, Anchor, Button, Group, Loader, Modal, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Link } from '@/i18n/navigation';
import { ApiClientError } from '@/lib/client/api';
import { useStatusNames } from '@/lib/client/queries/order-statuses';
import { fetchItemLink, fetchOrderLinks, useCancelOrder, useOrderDetail, useRetryOrder } from '@/lib/client/queries/orders';
import type { DownloadLink, OrderItem } from '@/lib/shared/contracts/orders';
import { ORDER_ITEM_STATUS, ORDER_STATUS } from '@/lib/shared/orders/model';
import { formatAcquired, formatNumber } from '@/lib/shared/catalogue/scene-format';
import { ChainStatus } from '@/components/workflow/status-history';
import { StatusBadge } from './status-badge';
import classes from './orders.module.css';

const errorText = (error: unknown, fallback: string) => (error instanceof ApiClientError && error.message ? error.message : fallback);

function startDownload(url: string) {
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

function ItemDownload({ item, onError }: { item: OrderItem; onError: (message: string) => void }) {
  const t = useTranslations('Orders.detail');
  const [busy, setBusy] = useState(false);
  if (item.status !== ORDER_ITEM_STATUS.READY) return null;
  return (
    <Button
      size="compact-xs"
      variant="light"
      loading={busy}
      aria-label={t('downloadOne', { name: item.fileName })}
      data-testid="item-download"
      onClick={() => {
        setBusy(true);
        fetchItemLink(item.id)
          .then(
            (link) => startDownload(link.url),
            (e: unknown) => onError(errorText(e, t('downloadFailed'))),
          )
          .finally(() => setBusy(false));
      }}
    >
      {t('download')}
    </Button>
  );
}

function ItemStatus({ item }: { item: OrderItem }) {
  return (
    <>
      <StatusBadge status={item.status} kind="item" />
      {item.failure ? (
        <Text size="xs" c="red.8" data-testid="item-failure">
          {item.failure}
        </Text>
      ) : null}
    </>
  );
}

function ItemPackage({ item, onError }: { item: OrderItem; onError: (message: string) => void }) {
  const t = useTranslations('Orders.detail');
  const locale = useLocale();
  return (
    <Group gap={6} wrap="nowrap">
      <ItemDownload item={item} onError={onError} />
      {item.packageBytes !== null ? <Text size="xs">{t('kb', { value: formatNumber(item.packageBytes / 1024, locale, 0) })}</Text> : null}
      {item.downloads > 0 ? (
        <Text size="xs" c="dimmed">
          {t('downloads', { count: item.downloads })}
        </Text>
      ) : null}
    </Group>
  );
}

export function OrderDetailScreen({ id }: { id: number }) {
  const t = useTranslations('Orders.detail');
  const locale = useLocale();
  const format = useFormatter();
  const order = useOrderDetail(id);
  const statusNames = useStatusNames('ORDER_STATUS');
  const cancel = useCancelOrder();
  const retry = useRetryOrder();
  const [message, setMessage] = useState<string | null>(null);
  const [links, setLinks] = useState<DownloadLink[] | null>(null);
  // Phones get one card per scene instead of a table wider than the screen.
  const narrow = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });

  if (order.isError && !order.data) {
    const missing = order.error instanceof ApiClientError && order.error.kind === 'ignored';
    return (
      <Alert color={missing ? 'gray' : 'red'} role="alert" data-testid="order-missing">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{missing ? t('notFound') : t('errorText')}</Text>
          <Button component={Link} href="/personal/personalCenter/myOrder" size="xs" variant="light">
            {t('back')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const d = order.data;
  if (!d) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text size="sm">{t('loading')}</Text>
      </Group>
    );
  }
  const act = (action: typeof cancel, done: string) => {
    setMessage(null);
    action.mutateAsync(d.id).then(
      () => setMessage(done),
      (e: unknown) => setMessage(errorText(e, t('actionFailed'))),
    );
  };
  const name = (status: number | null) => (status === null ? '—' : (statusNames.data?.get(status) ?? String(status)));
  const inProgress = d.status === ORDER_STATUS.SUBMITTED || d.status === ORDER_STATUS.IN_PRODUCTION;

  return (
    <Stack gap="md" data-testid="order-detail">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1} size="h3">
            {t('title', { code: d.code })}
          </Title>
          <Text size="sm" c="dimmed">
            {t('submittedAt', { time: format.dateTime(new Date(d.createdAt), 'moment') })}
          </Text>
        </div>
        <Group gap="xs">
          <StatusBadge status={d.status} />
          {inProgress ? <Loader size="xs" aria-label={t('refreshing')} /> : null}
        </Group>
      </Group>
      <Text size="sm" role="status" aria-live="polite" data-testid="order-message">
        {message ?? ''}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Paper withBorder p="sm">
          <Stack gap={2}>
            <Text size="sm">{t('progress', { ready: d.readyCount, total: d.itemCount, failed: d.failedCount })}</Text>
            {d.expiresAt ? <Text size="sm">{t('expires', { time: format.dateTime(new Date(d.expiresAt), 'moment') })}</Text> : null}
            <Text size="sm">{t('purpose', { purpose: d.purpose })}</Text>
          </Stack>
        </Paper>
        <Paper withBorder p="sm">
          <Stack gap={2}>
            <Text size="sm">{t('contact', { name: d.contactName })}</Text>
            {d.contactPhone ? <Text size="sm">{d.contactPhone}</Text> : null}
            {d.contactEmail ? <Text size="sm">{d.contactEmail}</Text> : null}
            {d.organization ? <Text size="sm">{d.organization}</Text> : null}
          </Stack>
        </Paper>
      </SimpleGrid>
      <Group gap="xs" wrap="wrap">
        {d.readyCount > 0 ? (
          <Button
            size="xs"
            onClick={() =>
              fetchOrderLinks(d.id).then(
                (r) => setLinks(r.links),
                (e: unknown) => setMessage(errorText(e, t('downloadFailed'))),
              )
            }
            data-testid="order-links"
          >
            {t('allLinks', { count: d.readyCount })}
          </Button>
        ) : null}
        {d.failedCount > 0 && (d.status === ORDER_STATUS.READY || d.status === ORDER_STATUS.FAILED) ? (
          <Button
            size="xs"
            variant="light"
            color="orange"
            loading={retry.isPending}
            onClick={() => act(retry, t('retried'))}
            data-testid="order-retry"
          >
            {t('retry', { count: d.failedCount })}
          </Button>
        ) : null}
        {d.status === ORDER_STATUS.SUBMITTED || d.status === ORDER_STATUS.FAILED ? (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            loading={cancel.isPending}
            onClick={() => {
              if (window.confirm(t('cancelConfirm'))) act(cancel, t('cancelled'));
            }}
            data-testid="order-cancel"
          >
            {t('cancel')}
          </Button>
        ) : null}
      </Group>

      <Title order={2} size="h4">
        {t('items')}
      </Title>
      {narrow ? (
        <ul className={classes.list} aria-label={t('items')} data-testid="order-items">
          {d.items.map((item) => (
            <li key={item.id} className={classes.itemCard} data-testid="order-item" data-item-id={item.id}>
              <div className={classes.name}>{item.fileName}</div>
              <div className={classes.meta}>
                <span>{formatAcquired(item.acquiredAt)}</span>
                {!item.online ? <span style={{ color: 'var(--mantine-color-orange-8)' }}>{t('offline')}</span> : null}
              </div>
              <ItemStatus item={item} />
              <ItemPackage item={item} onError={setMessage} />
            </li>
          ))}
        </ul>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped verticalSpacing="xs" data-testid="order-items">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fileName')}</Table.Th>
                <Table.Th>{t('acquired')}</Table.Th>
                <Table.Th>{t('status')}</Table.Th>
                <Table.Th>{t('package')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.items.map((item) => (
                <Table.Tr key={item.id} data-testid="order-item" data-item-id={item.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {item.fileName}
                    {!item.online ? (
                      <Text size="xs" c="orange.8">
                        {t('offline')}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{formatAcquired(item.acquiredAt)}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={item.status} kind="item" />
                    {item.failure ? (
                      <Text size="xs" c="red.8" data-testid="item-failure">
                        {item.failure}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <ItemDownload item={item} onError={setMessage} />
                      {item.packageBytes !== null ? (
                        <Text size="xs">{t('kb', { value: formatNumber(item.packageBytes / 1024, locale, 0) })}</Text>
                      ) : null}
                      {item.downloads > 0 ? (
                        <Text size="xs" c="dimmed">
                          {t('downloads', { count: item.downloads })}
                        </Text>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Title order={2} size="h4">
        {t('history')}
      </Title>
      <ol className={classes.history} data-testid="order-history">
        {d.history.map((h, i) => (
          <li key={i}>
            {t('historyEntry', {
              from: name(h.fromStatus),
              to: name(h.toStatus),
              who: h.changedBy ?? t('system'),
              time: format.dateTime(new Date(h.changedAt), 'moment'),
            })}
            {h.note ? ` — ${h.note}` : ''}
          </li>
        ))}
      </ol>
      <ChainStatus chain={d.chain} />
      <Button component={Link} href="/personal/personalCenter/myOrder" variant="subtle" size="xs" style={{ alignSelf: 'flex-start' }}>
        {t('back')}
      </Button>

      <Modal opened={links !== null} onClose={() => setLinks(null)} title={t('linksTitle')} size="lg">
        <Stack gap="xs" data-testid="links-list">
          <Text size="sm">{t('linksHint')}</Text>
          {(links ?? []).map((l) => (
            <Anchor key={l.itemId} href={l.url} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {l.fileName}
            </Anchor>
          ))}
        </Stack>
      </Modal>
    </Stack>
  );
}
