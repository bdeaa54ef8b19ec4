'use client';

import { Alert, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ApiClientError } from '@/lib/client/api';
import { applicationKeys, useOwnApplication, withdrawApplication } from '@/lib/client/queries/applications';
import { REQUEST_STATUS } from '@/lib/shared/orders/model';
import { ApplicationDetails } from './application-details';

/** One of the user's applications in full; while it waits for review it can be withdrawn (after a confirmation). */
export function ApplicationDialog({ id, onClose, onChanged }: { id: string | null; onClose: () => void; onChanged: () => void }) {
  const t = useTranslations('Applications');
  const client = useTranslations('Client');
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const queryClient = useQueryClient();
  const query = useOwnApplication(id);
  const request = id && query.data?.id === id ? query.data : null;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setConfirming(false);
    setFailure(null);
    onClose();
  };

  async function withdraw() {
    if (!request || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const updated = await withdrawApplication(request.id);
      queryClient.setQueryData(applicationKeys.one(request.id), updated);
      setConfirming(false);
      onChanged();
    } catch (error) {
      if (error instanceof ApiClientError && error.silent) return;
      setFailure(error instanceof Error && error.message ? error.message : client('unknownError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened={id !== null}
      onClose={close}
      size="xl"
      fullScreen={narrow}
      title={request ? request.project : t('loading')}
      styles={{ title: { overflowWrap: 'anywhere', fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {query.isError && !request ? (
        <Alert color="red" role="alert">
          {query.error.message || t('loadFailed')}
        </Alert>
      ) : !request ? (
        <Stack gap="sm" role="status" aria-label={t('loading')}>
          <Skeleton h={80} />
          <Skeleton h={140} />
        </Stack>
      ) : (
        <Stack gap="md">
          <ApplicationDetails request={request} />
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          {request.status === REQUEST_STATUS.PENDING ? (
            confirming ? (
              <Stack gap="xs" role="group" aria-label={t('withdrawConfirmTitle')}>
                <Text size="sm">{t('withdrawConfirm')}</Text>
                <Group gap="sm">
                  <Button color="red" loading={busy} onClick={() => void withdraw()} data-testid="withdraw-confirm">
                    {t('withdrawYes')}
                  </Button>
                  <Button variant="default" onClick={() => setConfirming(false)} disabled={busy}>
                    {t('withdrawNo')}
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Group>
                <Button variant="outline" color="red" onClick={() => setConfirming(true)} data-testid="withdraw">
                  {t('withdraw')}
                </Button>
              </Group>
            )
          ) : null}
        </Stack>
      )}
    </Modal>
  );
}
