'use client';

import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { DetailModal } from '@/components/ui/detail-modal';
import { ApiClientError } from '@/lib/client/api';
import { applicationKeys, useOwnApplication, withdrawApplication } from '@/lib/client/queries/applications';
import { REQUEST_STATUS } from '@/lib/shared/orders/model';
import { ApplicationDetails } from './application-details';

/** One of the user's applications in full; while it waits for review it can be withdrawn (after a confirmation). */
export function ApplicationDialog({ id, onClose, onChanged }: { id: string | null; onClose: () => void; onChanged: () => void }) {
  const t = useTranslations('Applications');
  const client = useTranslations('Client');
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
    <DetailModal
      id={id}
      onClose={close}
      query={query}
      title={(request) => request.project}
      labels={{ loading: t('loading'), close: t('close'), loadFailed: t('loadFailed') }}
    >
      {(request) => (
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
    </DetailModal>
  );
}
