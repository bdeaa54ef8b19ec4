'use client';

/**
 * Personal centre → My orders (issue 19): the user's orders with a status filter (the ORDER_STATUS
 * dictionary) and a search by order code, purpose or file name, paged; each links to its detail. The
 * CSV export holds every order, one line per scene, in the page's language.
 */
import { Anchor, Button, Group, Modal, Pagination, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Link } from '@/i18n/navigation';
import { LoadFailed, LoadingRows } from '@/components/ui/load-states';
import { ApiClientError } from '@/lib/client/api';
import { fetchAllLinks, ORDERS_PAGE_SIZE, useOwnOrders } from '@/lib/client/queries/orders';
import type { DownloadLink } from '@/lib/shared/contracts/orders';
import type { OrderStatus } from '@/lib/shared/orders/model';
import classes from './orders.module.css';
import { StatusBadge, useStatusOptions } from './status-badge';

export function MyOrdersScreen() {
  const t = useTranslations('Orders.list');
  const locale = useLocale();
  const format = useFormatter();
  const [pageNum, setPageNum] = useState(1);
  const [status, setStatus] = useState<OrderStatus | null>(null);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const orders = useOwnOrders(pageNum, status, q);
  const options = useStatusOptions();
  const [links, setLinks] = useState<{ list: DownloadLink[]; capped: boolean } | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const showLinks = () => {
    setLinkError(null);
    fetchAllLinks().then(
      (r) => setLinks({ list: r.links, capped: r.capped }),
      (e: unknown) => setLinkError(e instanceof ApiClientError && e.message ? e.message : t('linksFailed')),
    );
  };
  const data = orders.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / ORDERS_PAGE_SIZE)) : 1;

  let body;
  if (orders.isError && !data) {
    body = <LoadFailed title={t('errorTitle')} retry={t('retry')} onRetry={orders.refetch} />;
  } else if (!data) {
    body = <LoadingRows label={t('loading')} count={3} height={56} gap="xs" />;
  } else if (data.total === 0) {
    body = (
      <Stack gap={4} role="status" data-testid="orders-empty">
        <Text fw={600}>{status || q ? t('noMatch') : t('empty')}</Text>
        {status || q ? null : (
          <Button component={Link} href="/normal" size="xs" variant="light" style={{ alignSelf: 'flex-start' }}>
            {t('toSearch')}
          </Button>
        )}
      </Stack>
    );
  } else {
    body = (
      <Stack gap="xs">
        <ul
          className={classes.list}
          aria-label={t('listLabel', { page: pageNum, pages })}
          aria-busy={orders.isFetching}
          data-testid="orders-list"
        >
          {data.list.map((order) => (
            <li key={order.id} className={classes.orderRow} data-testid="order-row" data-order-id={order.id}>
              <div>
                <Link href={`/personal/personalCenter/myOrder/${order.id}`} className={classes.name} data-testid="order-link">
                  {order.code}
                </Link>
                <div className={classes.meta}>
                  <span>{format.dateTime(new Date(order.createdAt), 'moment')}</span>
                  <span>{order.purpose.length > 60 ? `${order.purpose.slice(0, 60)}…` : order.purpose}</span>
                </div>
              </div>
              <div className={classes.meta}>
                <span>{t('items', { count: order.itemCount })}</span>
                <span>{t('ready', { count: order.readyCount })}</span>
                {order.failedCount > 0 ? (
                  <span style={{ color: 'var(--mantine-color-red-7)' }}>{t('failed', { count: order.failedCount })}</span>
                ) : null}
              </div>
              <StatusBadge status={order.status} />
            </li>
          ))}
        </ul>
        {pages > 1 ? (
          <Pagination
            size="sm"
            total={pages}
            value={pageNum}
            onChange={setPageNum}
            aria-label={t('pages')}
            getItemProps={(n) => ({ 'aria-label': t('pageN', { n }) })}
          />
        ) : null}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t('status')}
          placeholder={t('allStatuses')}
          data={options}
          value={status === null ? null : String(status)}
          onChange={(v) => {
            setStatus(v ? (Number(v) as OrderStatus) : null);
            setPageNum(1);
          }}
          clearable
          w={200}
          data-testid="orders-status"
        />
        <TextInput
          label={t('search')}
          placeholder={t('searchHint')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPageNum(1);
          }}
          w={260}
          data-testid="orders-search"
        />
        <Button component="a" href={`/api/order/v3/order/own/export?lang=${locale}`} variant="default" download data-testid="orders-csv">
          {t('csv')}
        </Button>
        <Button variant="default" onClick={showLinks} data-testid="orders-all-links">
          {t('allLinks')}
        </Button>
      </Group>
      {linkError ? (
        <Text size="sm" c="red" role="alert">
          {linkError}
        </Text>
      ) : null}
      <Modal opened={links !== null} onClose={() => setLinks(null)} title={t('allLinks')} size="lg">
        <Stack gap="xs">
          <Text size="sm">{links && links.list.length === 0 ? t('noLinks') : t('linksHint')}</Text>
          {links?.capped ? <Text size="sm">{t('linksCapped', { count: links.list.length })}</Text> : null}
          {(links?.list ?? []).map((l) => (
            <Anchor key={l.itemId} href={l.url} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {l.orderCode} · {l.fileName}
            </Anchor>
          ))}
        </Stack>
      </Modal>
      <Text size="sm" role="status" aria-live="polite">
        {data ? t('total', { count: data.total }) : ''}
      </Text>
      {body}
    </Stack>
  );
}
