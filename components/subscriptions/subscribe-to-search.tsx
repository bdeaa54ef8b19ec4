'use client';
/**
 * "Subscribe to this search" on the image query (issue 35.4): saves the submitted filters and area as a
 * subscription of the signed-in user; the server checks it as it checks a search.
 */
import { Anchor, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Link } from '@/i18n/navigation';
import { ApiClientError } from '@/lib/client/api';
import { useCreateSubscription } from '@/lib/client/queries/subscriptions';
import { submittedFilter } from '@/lib/client/stores/selection-request';
import { selectUser } from '@/lib/client/stores/selectors';
import { useSelectionStore } from '@/lib/client/stores/selection-store';
import { useSessionStore } from '@/lib/client/stores/session-store';
import { SUBSCRIPTION_LIMITS } from '@/lib/shared/contracts/subscriptions';
import { DeliveryFields, deliveryBody, type DeliveryValue } from './delivery-fields';

export const MY_SUBSCRIPTIONS_PATH = '/personal/personalCenter/mySubscription';

export function SubscribeToSearch() {
  const t = useTranslations('Subscriptions.subscribe');
  const signedIn = useSessionStore((s) => selectUser(s) !== null);
  const submitted = useSelectionStore((s) => s.submitted);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [delivery, setDelivery] = useState<DeliveryValue>({ delivery: 'email', frequency: 'daily', webhookUrl: '' });
  const create = useCreateSubscription();
  if (!signedIn || !submitted) return null;
  const start = () => {
    create.reset();
    setName(t('defaultName', { date: new Date().toISOString().slice(0, 10) }));
    setOpen(true);
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    create.mutate({ name: name.trim(), query: { filter: submittedFilter(submitted) }, ...deliveryBody(delivery) });
  };
  const error = create.error instanceof ApiClientError ? create.error.message : create.error ? String(create.error) : null;
  return (
    <>
      <Button size="xs" variant="light" onClick={start} data-testid="subscribe-search">
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
                {t('intro')}
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
