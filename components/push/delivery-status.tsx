'use client';
/** A push batch's delivery status (issue 35.2): not fetched yet, or acknowledged at a time; re-delivered how often. */
import { Badge, Group, Text } from '@mantine/core';
import { useFormatter, useTranslations } from 'next-intl';
import type { BatchDelivery } from '@/lib/shared/contracts/push';

export function DeliveryStatus({ delivery }: { delivery: BatchDelivery }) {
  const t = useTranslations('Push.delivery');
  const format = useFormatter();
  const moment = (iso: string) => format.dateTime(new Date(iso), 'moment');
  const acknowledged = delivery.acknowledgedAt !== null;
  return (
    <Group gap="xs" mt={4} wrap="wrap" data-testid="push-delivery-status" data-status={acknowledged ? 'acknowledged' : 'pending'}>
      <Text size="sm" fw={500} component="span">
        {t('status')}:
      </Text>
      <Badge color={acknowledged ? 'teal' : 'orange'} variant="light" tt="none" data-testid="push-delivery-badge">
        {acknowledged ? t('acknowledgedAt', { date: moment(delivery.acknowledgedAt!) }) : t('pending')}
      </Badge>
      {delivery.redeliveryCount > 0 && delivery.redeliveredAt ? (
        <Text size="sm" c="gray.7" component="span" data-testid="push-delivery-redelivered">
          {t('redelivered', { count: delivery.redeliveryCount, date: moment(delivery.redeliveredAt) })}
        </Text>
      ) : null}
    </Group>
  );
}
