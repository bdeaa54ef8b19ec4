'use client';

/**
 * The work waiting on the device (issue 34.2), oldest first: each item with its state, and what the user can do
 * about one the server refused — a conflict (the case moved on meanwhile) is resolved by taking the case as it is
 * now and sending the same work again, or by discarding it (asked first); nothing is dropped otherwise.
 */
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { ApiClientError } from '@/lib/client/api';
import { dropQueued, type QueueItem } from '@/lib/client/field/store';
import { retakeCase, retryItem } from '@/lib/client/field/sync';
import type { PhotoViewKind } from '@/lib/shared/verification/photos';
import type { FieldStore } from './use-field';

export function FieldQueue({ store }: { store: FieldStore }) {
  const t = useTranslations('VerifyField.queue');
  const kinds = useTranslations('VerifyPhotos.kinds');
  const tk = (kind: PhotoViewKind) => kinds(kind);
  const format = useFormatter();
  const [error, setError] = useState<string | null>(null);
  const act = async (fn: () => Promise<void>) => {
    setError(null);
    try {
      await fn();
      await store.refresh();
      if (store.online) await store.sync();
    } catch (e) {
      setError(e instanceof ApiClientError && e.message ? e.message : t('actionFailed'));
    }
  };
  const what = (item: QueueItem) =>
    item.kind === 'move' ? t('move', { stage: item.toName }) : t('photo', { kind: tk(item.viewKind as PhotoViewKind) });

  return (
    <Stack gap="sm" data-testid="field-queue">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4">
          {t('title')}
        </Title>
        <Button
          size="compact-sm"
          onClick={() => void store.sync()}
          loading={store.syncing}
          disabled={!store.online || store.queue.length === 0}
          data-testid="field-sync"
        >
          {t('syncNow')}
        </Button>
      </Group>
      <Text size="sm" c="gray.7" role="status" data-testid="field-queue-summary">
        {store.queue.length === 0
          ? t('empty')
          : store.online
            ? t('waitingOnline', { count: store.queue.length })
            : t('waitingOffline', { count: store.queue.length })}
        {store.lastSync?.signedOut ? ` ${t('signedOut')}` : ''}
      </Text>
      {error ? (
        <Alert color="red" p="xs" role="alert">
          {error}
        </Alert>
      ) : null}
      {store.queue.map((item) => (
        <Paper key={item.seq} withBorder p="xs" data-testid="field-queue-item" data-state={item.state} data-kind={item.kind}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" fw={600}>
              {item.spotNo} · {what(item)}
            </Text>
            <Badge color={item.state === 'pending' ? 'blue' : item.state === 'conflict' ? 'orange' : 'red'} variant="light">
              {t(`states.${item.state}`)}
            </Badge>
          </Group>
          <Text size="xs" c="gray.7">
            {t('queuedAt', { when: format.dateTime(new Date(item.createdAt), 'moment') })}
            {item.attempts ? ` · ${t('attempts', { count: item.attempts })}` : ''}
          </Text>
          {item.error && item.state !== 'pending' ? (
            <Text size="sm" c={item.state === 'conflict' ? 'orange.9' : 'red.8'} mt={4}>
              {item.state === 'conflict' ? t('conflictExplained') : ''} {item.error}
            </Text>
          ) : null}
          {item.state !== 'pending' ? (
            <Group gap="xs" mt={6}>
              {item.state === 'conflict' ? (
                <Button
                  size="compact-xs"
                  onClick={() => void act(() => retakeCase(item))}
                  disabled={!store.online}
                  data-testid="field-retake"
                >
                  {t('retake')}
                </Button>
              ) : (
                <Button size="compact-xs" onClick={() => void act(() => retryItem(item))} disabled={!store.online}>
                  {t('retry')}
                </Button>
              )}
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                onClick={() => {
                  if (window.confirm(t('discardConfirm'))) void act(() => dropQueued(item.seq!));
                }}
              >
                {t('discard')}
              </Button>
            </Group>
          ) : null}
        </Paper>
      ))}
    </Stack>
  );
}
