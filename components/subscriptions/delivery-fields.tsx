'use client';
/** How a subscription is delivered: e-mail digest (daily or weekly), Atom feed or webhook (https address). */
import { Radio, Select, Stack, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import {
  DIGEST_FREQUENCIES,
  SUBSCRIPTION_DELIVERIES,
  SUBSCRIPTION_LIMITS,
  type DigestFrequency,
  type SubscriptionDelivery,
} from '@/lib/shared/contracts/subscriptions';

export interface DeliveryValue {
  delivery: SubscriptionDelivery;
  frequency: DigestFrequency;
  webhookUrl: string;
}

const LABEL_KEYS = { email: 'deliveryEmail', feed: 'deliveryFeed', webhook: 'deliveryWebhook' } as const;

export function DeliveryFields({ value, onChange }: { value: DeliveryValue; onChange: (value: DeliveryValue) => void }) {
  const t = useTranslations('Subscriptions.screen');
  return (
    <Stack gap="sm">
      <Radio.Group
        label={t('delivery')}
        value={value.delivery}
        onChange={(d) => onChange({ ...value, delivery: d as SubscriptionDelivery })}
      >
        <Stack gap={6} mt={6}>
          {SUBSCRIPTION_DELIVERIES.map((d) => (
            <Radio key={d} value={d} label={t(LABEL_KEYS[d])} data-testid={`delivery-${d}`} />
          ))}
        </Stack>
      </Radio.Group>
      {value.delivery === 'email' ? (
        <Select
          label={t('frequency')}
          data={DIGEST_FREQUENCIES.map((f) => ({ value: f, label: t(f) }))}
          value={value.frequency}
          allowDeselect={false}
          onChange={(f) => f && onChange({ ...value, frequency: f as DigestFrequency })}
          data-testid="digest-frequency"
        />
      ) : null}
      {value.delivery === 'webhook' ? (
        <TextInput
          label={t('webhookUrl')}
          description={t('webhookHelp')}
          type="url"
          required
          maxLength={SUBSCRIPTION_LIMITS.webhookUrlMax}
          placeholder="https://"
          value={value.webhookUrl}
          onChange={(e) => onChange({ ...value, webhookUrl: e.currentTarget.value })}
          data-testid="webhook-url"
        />
      ) : null}
    </Stack>
  );
}

/** The body fields of a delivery choice (only what the choice needs). */
export function deliveryBody(value: DeliveryValue) {
  return {
    delivery: value.delivery,
    ...(value.delivery === 'email' ? { frequency: value.frequency } : {}),
    ...(value.delivery === 'webhook' ? { webhookUrl: value.webhookUrl.trim() } : {}),
  };
}
