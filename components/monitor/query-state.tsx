'use client';

import { Alert, Center, Loader, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';

/** Loading, error and empty states of a monitoring panel, in the reader's language. */
export function QueryState({
  loading,
  error,
  empty,
  emptyText,
  children,
}: {
  loading: boolean;
  error: unknown;
  empty?: boolean;
  emptyText?: string;
  children: ReactNode;
}) {
  const t = useTranslations('Monitor');
  if (loading)
    return (
      <Center py="lg" role="status" aria-live="polite">
        <Loader size="sm" mr="xs" />
        <Text size="sm" c="dimmed">
          {t('loading')}
        </Text>
      </Center>
    );
  if (error)
    return (
      <Alert color="red" role="alert" title={t('errorTitle')}>
        {error instanceof Error && error.message ? error.message : t('errorText')}
      </Alert>
    );
  if (empty)
    return (
      <Text c="dimmed" py="md" role="status">
        {emptyText ?? t('empty')}
      </Text>
    );
  return children;
}
