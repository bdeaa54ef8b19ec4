'use client';
/**
 * Personal centre → My subscriptions (issue 35.4): each saved search, or theme and region, with its kind, delivery,
 * status and matched count;
 * edit, pause/resume, test, the delivery log (with re-send) and delete (confirmed); the feed address and the
 * webhook's signing secret to copy.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Modal,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useFormatter, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Link } from '@/i18n/navigation';
import { ApiClientError } from '@/lib/client/api';
import {
  DELIVERY_PAGE_SIZE,
  useDeleteSubscription,
  useDeliveries,
  useResendDelivery,
  useSubscriptions,
  useTestSubscription,
  useUpdateSubscription,
} from '@/lib/client/queries/subscriptions';
import { SELECT_MODES } from '@/lib/shared/contracts/catalogue';
import { SUBSCRIPTION_LIMITS, type Subscription } from '@/lib/shared/contracts/subscriptions';
import { themeById } from '@/lib/shared/themes';
import { DeliveryFields, deliveryBody, type DeliveryValue } from './delivery-fields';

const errorText = (error: unknown) => (error instanceof ApiClientError ? error.message : error ? String(error) : null);
const STATUS_COLOR = { active: 'green', paused: 'gray', disabled: 'red' } as const;
const DELIVERY_KEYS = { email: 'deliveryEmail', feed: 'deliveryFeed', webhook: 'deliveryWebhook' } as const;

function Copyable({ label, value, testId }: { label: string; value: string; testId: string }) {
  const t = useTranslations('Subscriptions.screen');
  return (
    <Stack gap={2}>
      <Text size="xs" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code style={{ overflowWrap: 'anywhere', flex: 1, minWidth: 0 }} data-testid={testId}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="light" onClick={copy} aria-label={`${t('copy')}: ${label}`}>
              {copied ? t('copied') : t('copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

function SearchSummary({ sub }: { sub: Extract<Subscription, { kind: 'search' }> }) {
  const t = useTranslations('Subscriptions.screen');
  const f = sub.query.filter;
  const area = f.area;
  const parts = [
    !area
      ? t('anyArea')
      : area.mode === SELECT_MODES.REGION
        ? t('regions', { count: area.regionCodes.length })
        : area.mode === SELECT_MODES.EXTENT
          ? t('extent')
          : t('drawn'),
    f.dateFrom || f.dateTo ? `${f.dateFrom ?? '…'} – ${f.dateTo ?? '…'}` : null,
    f.cloudMax !== undefined ? `☁ ≤ ${f.cloudMax}%` : null,
    f.collections?.length ? f.collections.slice(0, 3).join(', ') + (f.collections.length > 3 ? ' …' : '') : null,
  ].filter(Boolean);
  return (
    <Text size="sm">
      <Text span fw={600}>
        {t('filters')}:
      </Text>{' '}
      {parts.join(' · ')}
    </Text>
  );
}

/** A theme subscription: its theme (a link to the theme's screen on the region) and its region's name. */
function ThemeSummary({ sub }: { sub: Extract<Subscription, { kind: 'theme' }> }) {
  const t = useTranslations('Subscriptions.screen');
  const themes = useTranslations('Themes');
  const theme = themeById(sub.query.theme);
  return (
    <Text size="sm" data-testid="subscription-theme">
      <Text span fw={600}>
        {t('theme')}:
      </Text>{' '}
      <Anchor component={Link} href={`${theme.path}?region=${sub.query.regionCode}`} size="sm">
        {themes(`${theme.id}.title`)}
      </Anchor>
      {' · '}
      <Text span fw={600}>
        {t('region')}:
      </Text>{' '}
      {sub.regionName}
    </Text>
  );
}

function EditModal({ sub, onClose }: { sub: Subscription; onClose: () => void }) {
  const t = useTranslations('Subscriptions.screen');
  const update = useUpdateSubscription();
  const [name, setName] = useState(sub.name);
  const [delivery, setDelivery] = useState<DeliveryValue>({
    delivery: sub.delivery,
    frequency: sub.frequency ?? 'daily',
    webhookUrl: sub.webhookUrl ?? '',
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    update.mutate({ id: sub.id, body: { name: name.trim(), ...deliveryBody(delivery) } }, { onSuccess: onClose });
  };
  const error = errorText(update.error);
  return (
    <Modal opened onClose={onClose} title={t('edit')} centered>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <TextInput
            label={t('name')}
            required
            maxLength={SUBSCRIPTION_LIMITS.nameMax}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            data-autofocus
          />
          <DeliveryFields value={delivery} onChange={setDelivery} />
          {error ? (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={update.isPending} data-testid="edit-save">
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function DeliveryLog({ sub, onClose }: { sub: Subscription; onClose: () => void }) {
  const t = useTranslations('Subscriptions.screen');
  const format = useFormatter();
  const [page, setPage] = useState(1);
  const log = useDeliveries(sub.id, page);
  const resend = useResendDelivery();
  const data = log.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / DELIVERY_PAGE_SIZE)) : 1;
  return (
    <Modal opened onClose={onClose} title={t('logTitle', { name: sub.name })} size="lg" centered>
      <Stack gap="sm">
        {log.error ? <Alert color="red">{errorText(log.error)}</Alert> : null}
        {data && data.list.length === 0 ? <Text c="dimmed">{t('logEmpty')}</Text> : null}
        {data && data.list.length > 0 ? (
          <Table.ScrollContainer minWidth={480}>
            <Table striped data-testid="delivery-log">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('when')}</Table.Th>
                  <Table.Th>{t('kind')}</Table.Th>
                  <Table.Th>{t('scenes')}</Table.Th>
                  <Table.Th>{t('result')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.list.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td>{format.dateTime(new Date(d.createdAt), 'moment')}</Table.Td>
                    <Table.Td>{t(`kind_${d.kind}`)}</Table.Td>
                    <Table.Td>{d.itemCount}</Table.Td>
                    <Table.Td>
                      <Stack gap={0}>
                        <Text size="sm">
                          {t(`state_${d.status}`)}
                          {d.responseStatus ? ` · HTTP ${d.responseStatus}` : ''}
                          {d.attempts > 1 ? ` · ${t('attempts', { count: d.attempts })}` : ''}
                        </Text>
                        {d.lastError ? (
                          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                            {d.lastError}
                          </Text>
                        ) : null}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      {d.resendable && sub.status === 'active' ? (
                        <Button
                          size="compact-xs"
                          variant="light"
                          loading={resend.isPending && resend.variables?.deliveryId === d.id}
                          onClick={() => resend.mutate({ id: sub.id, deliveryId: d.id })}
                        >
                          {t('resend')}
                        </Button>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        <Text size="sm" role="status" aria-live="polite" c={resend.error ? 'red' : undefined}>
          {resend.error ? errorText(resend.error) : resend.isSuccess ? t('resent') : ''}
        </Text>
        {pages > 1 ? <Pagination size="sm" total={pages} value={page} onChange={setPage} /> : null}
      </Stack>
    </Modal>
  );
}

function SubscriptionCard({ sub, highlighted }: { sub: Subscription; highlighted: boolean }) {
  const t = useTranslations('Subscriptions.screen');
  const format = useFormatter();
  const update = useUpdateSubscription();
  const test = useTestSubscription();
  const remove = useDeleteSubscription();
  const [dialog, setDialog] = useState<'edit' | 'log' | 'delete' | null>(null);
  const testOutcome = test.data
    ? test.data.status === 'delivered'
      ? t('testDelivered')
      : t('testFailed', { error: test.data.lastError ?? '' })
    : errorText(test.error);
  const changeError = errorText(update.error) ?? errorText(remove.error);
  return (
    <Card
      withBorder
      padding="md"
      id={`subscription-${sub.id}`}
      data-testid="subscription-card"
      style={highlighted ? { borderColor: 'var(--mantine-color-blue-6)' } : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {sub.name}
          </Text>
          <Group gap={6}>
            <Badge color={STATUS_COLOR[sub.status]} variant="light" data-testid="subscription-status">
              {t(`status_${sub.status}`)}
            </Badge>
            <Badge variant="light" color="indigo" data-testid="subscription-kind">
              {t(sub.kind === 'theme' ? 'kindTheme' : 'kindSearch')}
            </Badge>
            <Badge variant="outline">
              {t(DELIVERY_KEYS[sub.delivery])}
              {sub.frequency ? ` · ${t(sub.frequency)}` : ''}
            </Badge>
          </Group>
        </Group>
        {sub.kind === 'theme' ? <ThemeSummary sub={sub} /> : <SearchSummary sub={sub} />}
        <Text size="sm" c="dimmed">
          {t(sub.kind === 'theme' ? 'spotsMatched' : 'items', { count: sub.itemCount })} ·{' '}
          {t('created', { date: format.dateTime(new Date(sub.createdAt), 'day') })}
        </Text>
        {sub.status === 'disabled' && sub.disabledReason ? (
          <Alert color="red" p="xs">
            {t('disabledBecause', { reason: sub.disabledReason })}
          </Alert>
        ) : null}
        {sub.delivery === 'feed' ? (
          <>
            <Copyable label={t('feedUrl')} value={sub.feedUrl} testId="feed-url" />
            <Text size="xs" c="dimmed">
              {t('feedHelp')}
            </Text>
          </>
        ) : null}
        {sub.delivery === 'webhook' ? (
          <>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {sub.webhookUrl}
            </Text>
            <Copyable label={t('secret')} value={sub.webhookSecret} testId="webhook-secret" />
          </>
        ) : null}
        <Group gap="xs" wrap="wrap" role="group" aria-label={t('actions', { name: sub.name })}>
          <Button size="xs" variant="default" onClick={() => setDialog('edit')}>
            {t('edit')}
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={update.isPending && !dialog}
            onClick={() => update.mutate({ id: sub.id, body: { status: sub.status === 'active' ? 'paused' : 'active' } })}
            data-testid="subscription-toggle"
          >
            {sub.status === 'active' ? t('pause') : t('resume')}
          </Button>
          <Button size="xs" variant="default" loading={test.isPending} onClick={() => test.mutate(sub.id)} data-testid="subscription-test">
            {t('test')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setDialog('log')} data-testid="subscription-log">
            {t('log')}
          </Button>
          <Button size="xs" variant="light" color="red" onClick={() => setDialog('delete')} data-testid="subscription-delete">
            {t('delete')}
          </Button>
        </Group>
        <Text
          size="sm"
          role="status"
          aria-live="polite"
          c={changeError || (test.data && test.data.status !== 'delivered') ? 'red' : undefined}
          data-testid="subscription-outcome"
        >
          {changeError ?? testOutcome ?? ''}
        </Text>
      </Stack>
      {dialog === 'edit' ? <EditModal sub={sub} onClose={() => setDialog(null)} /> : null}
      {dialog === 'log' ? <DeliveryLog sub={sub} onClose={() => setDialog(null)} /> : null}
      <Modal opened={dialog === 'delete'} onClose={() => setDialog(null)} title={t('deleteTitle')} centered>
        <Stack gap="md">
          <Text>{t('deleteConfirm', { name: sub.name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)} data-autofocus>
              {t('cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(sub.id, { onSuccess: () => setDialog(null) })}
              data-testid="subscription-delete-confirm"
            >
              {t('delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

export function MySubscriptionsScreen() {
  const t = useTranslations('Subscriptions.screen');
  const { data, error, isPending } = useSubscriptions();
  const highlighted = useSearchParams().get('id');
  useEffect(() => {
    if (highlighted && data) document.getElementById(`subscription-${highlighted}`)?.scrollIntoView({ block: 'start' });
  }, [highlighted, data]);
  if (error) return <Alert color="red">{errorText(error)}</Alert>;
  if (isPending || !data) return <Text c="dimmed">…</Text>;
  return (
    <Stack gap="md" data-testid="my-subscriptions">
      <Group justify="space-between" gap="xs">
        <Text c="dimmed">{t('intro')}</Text>
        <Badge variant="light">{t('count', { count: data.list.length, max: data.max })}</Badge>
      </Group>
      {data.list.length === 0 ? (
        <Stack gap="xs" data-testid="subscriptions-empty">
          <Text>{t('empty')}</Text>
          <Anchor component={Link} href="/normal">
            {t('openQuery')}
          </Anchor>
        </Stack>
      ) : (
        data.list.map((sub) => <SubscriptionCard key={sub.id} sub={sub} highlighted={sub.id === highlighted} />)
      )}
    </Stack>
  );
}
