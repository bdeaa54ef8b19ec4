'use client';

/**
 * Personal centre → Shopping (issue 19): the cart with its footprints on a small map (loaded lazily),
 * totals, offline scenes marked as taking longer, remove / clear, and the checkout (purpose + contact)
 * that orders the checked scenes or the whole cart. The submit key is minted once per checkout, so a
 * double click or a retry after a lost answer finds the same order.
 */
import { Alert, Badge, Button, Checkbox, Group, Pagination, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo, useState, type FormEvent } from 'react';
import { MapView, type MapClientConfig, type SelectableFeatures } from '@/components/map';
import { Link, useRouter } from '@/i18n/navigation';
import { LoadFailed, LoadingRows } from '@/components/ui/load-states';
import { ApiClientError } from '@/lib/client/api';
import { useUserDetail } from '@/lib/client/queries/profile';
import { CART_PAGE_SIZE, useCartPage, useRemoveFromCart, useSubmitOrder } from '@/lib/client/queries/orders';
import { useIssueText } from '@/lib/client/use-issue-text';
import { createOrderBodySchema, type CartItem } from '@/lib/shared/contracts/orders';
import { ORDER_LIMITS } from '@/lib/shared/orders/model';
import { formatAcquired, formatNumber } from '@/lib/shared/catalogue/scene-format';
import { useCanOrder } from './add-to-cart';
import classes from './orders.module.css';

const errorText = (error: unknown, fallback: string) => (error instanceof ApiClientError && error.message ? error.message : fallback);

function CartRow({
  item,
  checked,
  onCheck,
  onRemove,
}: {
  item: CartItem;
  checked: boolean;
  onCheck: (on: boolean) => void;
  onRemove: () => void;
}) {
  const t = useTranslations('Orders.cart');
  const locale = useLocale();
  return (
    <li className={classes.row} data-testid="cart-row" data-scene-id={item.sceneId}>
      <Checkbox checked={checked} onChange={(e) => onCheck(e.currentTarget.checked)} aria-label={t('check', { name: item.fileName })} />
      {item.quicklook?.startsWith('/') ? (
        // eslint-disable-next-line @next/next/no-img-element -- a per-scene image of the API
        <img className={classes.thumb} src={item.quicklook} alt="" width={56} height={56} loading="lazy" />
      ) : (
        <span className={classes.thumb} />
      )}
      <div>
        <div className={classes.name}>{item.fileName}</div>
        <div className={classes.meta}>
          <span>
            {item.satellite} {item.sensor}
          </span>
          <span>{formatAcquired(item.acquiredAt)}</span>
          <span>{item.cloudPct === null ? t('noCloud') : t('cloud', { value: formatNumber(item.cloudPct, locale) })}</span>
          {item.sizeMb !== null ? <span>{t('size', { value: formatNumber(item.sizeMb, locale) })}</span> : null}
          {item.online ? (
            <Badge size="xs" color="green" variant="light">
              {t('online')}
            </Badge>
          ) : (
            <Badge size="xs" color="orange" variant="light" title={t('offlineHint')} data-testid="cart-offline">
              {t('offline')}
            </Badge>
          )}
        </div>
      </div>
      <Button size="compact-xs" variant="subtle" color="red" onClick={onRemove} aria-label={t('removeOne', { name: item.fileName })}>
        {t('remove')}
      </Button>
    </li>
  );
}

function CartMap({ items, config }: { items: readonly CartItem[]; config: MapClientConfig }) {
  const t = useTranslations('Orders.cart');
  const selectable = useMemo<SelectableFeatures>(
    () => ({
      data: {
        type: 'FeatureCollection',
        features: items.map((i) => ({ type: 'Feature', id: i.sceneId, properties: {}, geometry: i.footprint })),
      },
      labels: Object.fromEntries(items.map((i) => [i.sceneId, i.fileName])),
    }),
    [items],
  );
  const bounds = useMemo(() => {
    if (items.length === 0) return null;
    return [
      Math.min(...items.map((i) => i.bbox[0])),
      Math.min(...items.map((i) => i.bbox[1])),
      Math.max(...items.map((i) => i.bbox[2])),
      Math.max(...items.map((i) => i.bbox[3])),
    ] as [number, number, number, number];
  }, [items]);
  return <MapView config={config} label={t('mapLabel')} height={240} selectable={selectable} fitBounds={bounds} />;
}

interface CheckoutProps {
  checked: readonly string[];
  total: number;
  onOrdered: (orderId: number) => void;
}

function Checkout({ checked, total, onOrdered }: CheckoutProps) {
  const t = useTranslations('Orders.checkout');
  const issueText = useIssueText();
  const profile = useUserDetail();
  const submit = useSubmitOrder();
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [form, setForm] = useState({ purpose: '', name: '', phone: '', email: '', organization: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [prefilled, setPrefilled] = useState(false);

  // The profile fills the contact once it arrives (adjusting state while rendering, not in an effect).
  if (!prefilled && profile.data) {
    const p = profile.data;
    const plain = (v: string | undefined) => (v && !v.includes('*') ? v : '');
    setPrefilled(true);
    setForm((f) => ({
      ...f,
      name: f.name || p.realName || '',
      organization: f.organization || p.organization || '',
      email: f.email || plain(p.email?.value),
    }));
  }

  const count = checked.length > 0 ? checked.length : total;
  const tooMany = count > ORDER_LIMITS.maxItemsPerOrder;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const body = {
      sceneIds: checked.length > 0 ? [...checked] : undefined,
      purpose: form.purpose,
      contact: { name: form.name, phone: form.phone, email: form.email, organization: form.organization },
      idempotencyKey: key,
    };
    const parsed = createOrderBodySchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[issue.path.length - 1] ?? 'form');
        if (!next[field]) next[field] = issueText(issue);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const placed = await submit.mutateAsync(body);
      setKey(crypto.randomUUID());
      onOrdered(placed.orderId);
    } catch (e) {
      setFailure(errorText(e, t('failed')));
    }
  };

  const set = (field: keyof typeof form) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setForm((f) => ({ ...f, [field]: value }));
  };
  return (
    <Paper
      withBorder
      p="md"
      component="form"
      onSubmit={(e: FormEvent) => void onSubmit(e)}
      noValidate
      aria-labelledby="checkout-title"
      data-testid="checkout"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="checkout-title">
          {t('title')}
        </Title>
        <Text size="sm">{checked.length > 0 ? t('checkedCount', { count }) : t('allCount', { count })}</Text>
        {tooMany ? (
          <Alert color="orange" role="alert">
            {t('tooMany', { max: ORDER_LIMITS.maxItemsPerOrder })}
          </Alert>
        ) : null}
        <Textarea
          label={t('purpose')}
          description={t('purposeHint')}
          required
          autosize
          minRows={2}
          value={form.purpose}
          onChange={set('purpose')}
          error={errors.purpose}
          data-testid="checkout-purpose"
        />
        <TextInput
          label={t('name')}
          required
          value={form.name}
          onChange={set('name')}
          error={errors.name}
          autoComplete="name"
          data-testid="checkout-name"
        />
        <TextInput label={t('phone')} value={form.phone} onChange={set('phone')} error={errors.phone} autoComplete="tel" type="tel" />
        <TextInput label={t('email')} value={form.email} onChange={set('email')} error={errors.email} autoComplete="email" type="email" />
        <TextInput
          label={t('organization')}
          value={form.organization}
          onChange={set('organization')}
          error={errors.organization}
          autoComplete="organization"
        />
        {failure ? (
          <Alert color="red" role="alert" data-testid="checkout-error">
            {failure}
          </Alert>
        ) : null}
        <Button type="submit" loading={submit.isPending} disabled={count === 0 || tooMany} data-testid="checkout-submit">
          {checked.length > 0 ? t('submitChecked', { count }) : t('submitAll', { count })}
        </Button>
      </Stack>
    </Paper>
  );
}

export function CartScreen({ mapConfig }: { mapConfig: MapClientConfig }) {
  const t = useTranslations('Orders.cart');
  const locale = useLocale();
  const router = useRouter();
  const canOrder = useCanOrder();
  const [pageNum, setPageNum] = useState(1);
  const [checked, setChecked] = useState<string[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const page = useCartPage(pageNum);
  const remove = useRemoveFromCart();

  if (!canOrder) {
    return (
      <Alert color="orange" role="alert" data-testid="cart-no-permission">
        {t('noPermission')}
      </Alert>
    );
  }
  const data = page.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / CART_PAGE_SIZE)) : 1;
  if (data && pageNum > pages) setPageNum(pages);

  const removeIds = async (ids: string[] | 'all') => {
    setMessage(null);
    try {
      const result = await remove.mutateAsync(ids === 'all' ? { all: true } : { ids });
      setChecked((c) => (ids === 'all' ? [] : c.filter((id) => !ids.includes(id))));
      setMessage(t('removed', { count: result.removed }));
    } catch (e) {
      setMessage(errorText(e, t('failed')));
    }
  };

  let list;
  if (page.isError && !data) {
    list = <LoadFailed title={t('errorTitle')} retry={t('retry')} onRetry={page.refetch} />;
  } else if (!data) {
    list = <LoadingRows label={t('loading')} count={4} height={64} gap="xs" />;
  } else if (data.total === 0) {
    list = (
      <Stack gap="xs" role="status" data-testid="cart-empty">
        <Text fw={600}>{t('empty')}</Text>
        <Text size="sm" c="dimmed">
          {t('emptyHint')}
        </Text>
        <Button component={Link} href="/normal" variant="light" size="xs" style={{ alignSelf: 'flex-start' }}>
          {t('toSearch')}
        </Button>
      </Stack>
    );
  } else {
    const pageIds = data.list.map((i) => i.sceneId);
    list = (
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <Button size="compact-xs" variant="default" onClick={() => setChecked((c) => [...new Set([...c, ...pageIds])])}>
            {t('checkPage')}
          </Button>
          <Button size="compact-xs" variant="subtle" onClick={() => setChecked([])} disabled={checked.length === 0}>
            {t('uncheck')}
          </Button>
          <Button
            size="compact-xs"
            variant="light"
            color="red"
            onClick={() => void removeIds(checked)}
            disabled={checked.length === 0}
            data-testid="cart-remove-checked"
          >
            {t('removeChecked', { count: checked.length })}
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            onClick={() => {
              if (window.confirm(t('clearConfirm'))) void removeIds('all');
            }}
            data-testid="cart-clear"
          >
            {t('clear')}
          </Button>
        </Group>
        <ul className={classes.list} aria-label={t('listLabel', { page: pageNum, pages })} aria-busy={page.isFetching}>
          {data.list.map((item) => (
            <CartRow
              key={item.sceneId}
              item={item}
              checked={checked.includes(item.sceneId)}
              onCheck={(on) => setChecked((c) => (on ? [...c, item.sceneId] : c.filter((id) => id !== item.sceneId)))}
              onRemove={() => void removeIds([item.sceneId])}
            />
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
    <div className={classes.layout}>
      <Stack gap="sm">
        <Text size="sm" role="status" aria-live="polite" data-testid="cart-message">
          {message ?? ''}
        </Text>
        {list}
      </Stack>
      <Stack gap="md">
        {data && data.total > 0 ? (
          <Paper withBorder p="md" data-testid="cart-summary">
            <Stack gap={4}>
              <Title order={2} size="h4">
                {t('summary')}
              </Title>
              <Text size="sm" data-testid="cart-total">
                {t('totalScenes', { count: data.summary.count })}
              </Text>
              <Text size="sm">{t('totalSize', { value: formatNumber(data.summary.sizeMb, locale) })}</Text>
              <Text size="sm">{t('totalArea', { value: formatNumber(data.summary.areaKm2, locale, 0) })}</Text>
              {data.summary.offline > 0 ? (
                <Text size="sm" c="orange.8" data-testid="cart-offline-note">
                  {t('offlineNote', { count: data.summary.offline })}
                </Text>
              ) : null}
            </Stack>
          </Paper>
        ) : null}
        {data && data.total > 0 ? <CartMap items={data.list} config={mapConfig} /> : null}
        {data && data.total > 0 ? (
          <Checkout checked={checked} total={data.total} onOrdered={(id) => router.push(`/personal/personalCenter/myOrder/${id}`)} />
        ) : null}
      </Stack>
    </div>
  );
}
