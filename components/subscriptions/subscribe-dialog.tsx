'use client';
/**
 * The one "subscribe" button and dialog (issue 35.4): a name, the delivery, and the answer — used for a search on
 * the image query (./subscribe-to-search.tsx) and for a theme and region on the monitoring screens
 * (./subscribe-to-theme.tsx). The caller says what is saved (`body`) and how it is worded.
 */
import { Anchor, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from '@/i18n/navigation';
import { ApiClientError } from '@/lib/client/api';
import { useCreateSubscription } from '@/lib/client/queries/subscriptions';
import { SUBSCRIPTION_LIMITS, type CreateSubscriptionBody } from '@/lib/shared/contracts/subscriptions';
import { DeliveryFields, deliveryBody, type DeliveryValue } from './delivery-fields';

export const MY_SUBSCRIPTIONS_PATH = '/personal/personalCenter/mySubscription';

export interface SubscribeLabels {
  button: string;
  title: string;
  intro: string;
  name: string;
  submit: string;
  created: string;
  manage: string;
}

export function SubscribeDialog({
  labels,
  testId,
  defaultName,
  body,
}: {
  labels: SubscribeLabels;
  /** The button's test id. */
  testId: string;
  /** The name offered when the dialog opens. */
  defaultName: () => string;
  /** What is saved, from the name and the delivery chosen. */
  body: (name: string, delivery: ReturnType<typeof deliveryBody>) => CreateSubscriptionBody;
}) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [delivery, setDelivery] = useState<DeliveryValue>({ delivery: 'email', frequency: 'daily', webhookUrl: '' });
  const create = useCreateSubscription();
  const start = () => {
    create.reset();
    setName(defaultName().slice(0, SUBSCRIPTION_LIMITS.nameMax));
    setOpen(true);
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    create.mutate(body(name.trim(), deliveryBody(delivery)));
  };
  const error = create.error instanceof ApiClientError ? create.error.message : create.error ? String(create.error) : null;
  return (
    <>
      <Button size="xs" variant="light" onClick={start} data-testid={testId}>
        {labels.button}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={labels.title} centered zIndex={1200}>
        {create.isSuccess ? (
          <Stack gap="sm">
            <Text role="status" data-testid="subscribe-done">
              {labels.created}
            </Text>
            <Anchor component={Link} href={MY_SUBSCRIPTIONS_PATH} data-testid="subscribe-manage">
              {labels.manage}
            </Anchor>
          </Stack>
        ) : (
          <form onSubmit={submit}>
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {labels.intro}
              </Text>
              <TextInput
                label={labels.name}
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
                {labels.submit}
              </Button>
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );
}
