'use client';
/**
 * "Subscribe to new spots here" on a monitoring theme's screen (issue 35.4): saves the theme and the region being
 * viewed as a theme subscription of the signed-in user. Offered where the user sees the theme's spots in that region
 * (its permission and an area range reaching the region: the detail screens' rule); the server checks it again.
 */
import { Anchor, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Link } from '@/i18n/navigation';
import { ApiClientError } from '@/lib/client/api';
import { useRegion } from '@/lib/client/queries/regions';
import { useCreateSubscription } from '@/lib/client/queries/subscriptions';
import { selectUser } from '@/lib/client/stores/selectors';
import { useSessionStore } from '@/lib/client/stores/session-store';
import { SPOT_SUBSCRIPTION_THEMES, SUBSCRIPTION_LIMITS } from '@/lib/shared/contracts/subscriptions';
import { COUNTRY_CODE, rangePrefixesOf } from '@/lib/shared/regions/codes';
import { scopePrefixes } from '@/lib/shared/spots/scope';
import type { ThemeDefinition, ThemeId } from '@/lib/shared/themes';
import { DeliveryFields, deliveryBody, type DeliveryValue } from './delivery-fields';
import { MY_SUBSCRIPTIONS_PATH } from './subscribe-to-search';

export function SubscribeToTheme({
  theme,
  region,
  ranges,
}: {
  theme: ThemeDefinition<ThemeId>;
  region: string;
  ranges: readonly string[];
}) {
  const t = useTranslations('Subscriptions.subscribeTheme');
  const themes = useTranslations('Themes');
  const monitor = useTranslations('Monitor');
  const user = useSessionStore(selectUser);
  const regionQuery = useRegion(region === COUNTRY_CODE ? null : region);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [delivery, setDelivery] = useState<DeliveryValue>({ delivery: 'email', frequency: 'daily', webhookUrl: '' });
  const create = useCreateSubscription();
  const sees =
    user !== null &&
    user.permissions.includes(theme.permission) &&
    ranges.length > 0 &&
    scopePrefixes(rangePrefixesOf(ranges), region)?.length !== 0;
  if (!sees || !(SPOT_SUBSCRIPTION_THEMES as readonly string[]).includes(theme.id)) return null;
  const themeName = themes(`${theme.id}.title`);
  const regionName = region === COUNTRY_CODE ? monitor('country') : (regionQuery.data?.name ?? region);
  const start = () => {
    create.reset();
    setName(t('defaultName', { theme: themeName, region: regionName }).slice(0, SUBSCRIPTION_LIMITS.nameMax));
    setOpen(true);
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    create.mutate({ kind: 'theme', name: name.trim(), query: { theme: theme.id, regionCode: region }, ...deliveryBody(delivery) });
  };
  const error = create.error instanceof ApiClientError ? create.error.message : create.error ? String(create.error) : null;
  return (
    <>
      <Button size="xs" variant="light" onClick={start} data-testid="subscribe-theme">
        {t('button')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('title')} centered zIndex={1200}>
        {create.isSuccess ? (
          <Stack gap="sm">
            <Text role="status" data-testid="subscribe-done">
              {t('created')}
            </Text>
            <Anchor component={Link} href={MY_SUBSCRIPTIONS_PATH} data-testid="subscribe-manage">
              {t('manage')}
            </Anchor>
          </Stack>
        ) : (
          <form onSubmit={submit}>
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {t('intro', { theme: themeName, region: regionName })}
              </Text>
              <TextInput
                label={t('name')}
                required
                maxLength={SUBSCRIPTION_LIMITS.nameMax}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                data-testid="subscription-name"
                data-autofocus
              />
              <DeliveryFields value={delivery} onChange={setDelivery} />
              {error ? (
                <Text size="sm" c="red" role="alert" data-testid="subscribe-error">
                  {error}
                </Text>
              ) : null}
              <Button type="submit" loading={create.isPending} data-testid="subscribe-submit">
                {t('submit')}
              </Button>
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );
}
