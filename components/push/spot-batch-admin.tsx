'use client';
/**
 * Administrators (issue 35.3): cut a quarter's spot batches for a spot type (queued; the list re-reads while the job
 * runs), and every user's spot batches with their delivery status (fetched by the owner or not).
 */
import { Button, Group, Paper, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useState, type FormEvent } from 'react';
import { ListSection } from '@/components/ui/list-section';
import { type Notice, ResultNotice } from '@/components/ui/result-notice';
import { PagedList } from '@/components/ui/paged-list';
import { usePushListLabels } from './list-labels';
import { Link } from '@/i18n/navigation';
import { ApiClientError } from '@/lib/client/api';
import { useSpotTypes } from '@/lib/client/queries/push';
import { cutSpotBatches, SPOT_BATCHES_PAGE_SIZE, spotBatchKeys, useManagerSpotBatches } from '@/lib/client/queries/spot-batches';
import { SPOT_TYPES, type SpotType } from '@/lib/shared/contracts/push';
import { QUARTER_PATTERN, type SpotBatchSummary } from '@/lib/shared/contracts/spot-batches';
import { DeliveryBadge, MY_SPOT_BATCH_PATH, SpotBatchFigures } from './my-spot-batches';

type Delivery = 'all' | 'fetched' | 'pending';
/** How long the list re-reads after a cut was queued. */
const POLL_MS = 60_000;

/** The quarter before today's (a quarter's spots are in once it has ended). */
function lastQuarter(now = new Date()): string {
  const q = Math.floor(now.getUTCMonth() / 3);
  return q === 0 ? `${now.getUTCFullYear() - 1}Q4` : `${now.getUTCFullYear()}Q${q}`;
}

function ManagerRow({ batch }: { batch: SpotBatchSummary }) {
  const t = useTranslations('Push.spotBatches');
  const headingId = `spot-batch-admin-${batch.id}`;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="li"
      aria-labelledby={headingId}
      data-testid="spot-batch-admin-row"
      data-username={batch.username}
      data-quarter={batch.quarter}
      data-type={batch.spotType}
    >
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <div style={{ minWidth: 0 }}>
          <Title order={3} size="h5" id={headingId}>
            <Link
              href={`${MY_SPOT_BATCH_PATH}/${batch.id}`}
              aria-label={t('open', { id: batch.id, quarter: batch.quarter, type: batch.spotTypeName })}
            >
              {t('batchTitle', { quarter: batch.quarter, type: batch.spotTypeName })}
            </Link>
          </Title>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('admin.user', { name: batch.username })}
          </Text>
        </div>
        <DeliveryBadge batch={batch} />
      </Group>
      <SpotBatchFigures batch={batch} />
    </Paper>
  );
}

export function SpotBatchAdmin() {
  const t = useTranslations('Push.spotBatches');
  const listLabels = usePushListLabels();
  const client = useTranslations('Client');
  const queryClient = useQueryClient();
  const types = useSpotTypes();
  const [quarter, setQuarter] = useState(lastQuarter);
  const [spotType, setSpotType] = useState<SpotType>('landcover');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pollUntil, setPollUntil] = useState(0);
  const [page, setPage] = useState(1);
  const [delivery, setDelivery] = useState<Delivery>('all');
  const polling = pollUntil > 0;
  const batches = useManagerSpotBatches(page, delivery, polling);
  useEffect(() => {
    if (!polling) return;
    const timer = setTimeout(() => setPollUntil(0), Math.max(0, pollUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [polling, pollUntil]);
  const quarterValid = QUARTER_PATTERN.test(quarter.trim());
  const typeName = (code: SpotType) => types.data?.find((x) => x.code === code)?.name ?? code;

  async function cut(event: FormEvent) {
    event.preventDefault();
    if (!quarterValid) return;
    setBusy(true);
    setNotice(null);
    try {
      const result = await cutSpotBatches({ quarter: quarter.trim(), spotType });
      const values = { quarter: result.quarter, type: result.spotTypeName, job: result.jobId };
      setNotice({ ok: true, text: result.alreadyQueued ? t('admin.alreadyQueued', values) : t('admin.queued', values) });
      setPollUntil(Date.now() + POLL_MS);
      await queryClient.invalidateQueries({ queryKey: spotBatchKeys.all });
    } catch (failed) {
      if (failed instanceof ApiClientError && failed.silent) return;
      setNotice({ ok: false, text: failed instanceof Error && failed.message ? failed.message : client('unknownError') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="lg" mt="xl">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="spot-cut-title">
        <Title order={2} size="h4" id="spot-cut-title">
          {t('admin.title')}
        </Title>
        <Text size="sm" mt="xs">
          {t('admin.intro')}
        </Text>
        <form onSubmit={cut} aria-labelledby="spot-cut-form-title" data-testid="spot-cut-form">
          <Title order={3} size="h5" id="spot-cut-form-title" mt="md">
            {t('admin.cutTitle')}
          </Title>
          <Group align="flex-start" gap="sm" mt="xs" wrap="wrap">
            <TextInput
              label={t('admin.quarter')}
              description={t('admin.quarterHint')}
              value={quarter}
              onChange={(e) => setQuarter(e.currentTarget.value)}
              error={quarter.trim() !== '' && !quarterValid ? t('errors.badQuarter') : undefined}
              maxLength={6}
              required
              style={{ flex: '1 1 140px' }}
              data-testid="spot-cut-quarter"
            />
            <Select
              label={t('admin.spotType')}
              description=" "
              data={SPOT_TYPES.map((code) => ({ value: code, label: typeName(code) }))}
              value={spotType}
              onChange={(v) => v && setSpotType(v as SpotType)}
              allowDeselect={false}
              required
              style={{ flex: '1 1 200px' }}
              data-testid="spot-cut-type"
            />
          </Group>
          <Group mt="sm" gap="sm">
            <Button type="submit" loading={busy} disabled={!quarterValid} data-testid="spot-cut-submit">
              {t('admin.cut')}
            </Button>
          </Group>
        </form>
        <ResultNotice notice={notice} testId="spot-cut-notice" mt="sm" variant="light" />
      </Paper>
      <ListSection
        id="spot-batches-admin-title"
        title={t('title')}
        count={batches.data ? t('count', { count: batches.data.total }) : null}
        countTestId="spot-batch-admin-count"
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="spot-delivery-label">
              {t('admin.delivery')}
            </Text>
            <SegmentedControl
              aria-labelledby="spot-delivery-label"
              value={delivery}
              onChange={(v) => {
                setDelivery(v as Delivery);
                setPage(1);
              }}
              data={[
                { value: 'all', label: t('admin.deliveryAll') },
                { value: 'fetched', label: t('admin.deliveryFetched') },
                { value: 'pending', label: t('admin.deliveryPending') },
              ]}
              data-testid="spot-delivery"
            />
          </Stack>
          <Button variant="default" onClick={() => void batches.refetch()} data-testid="spot-batch-refresh">
            {t('admin.refresh')}
          </Button>
        </Group>
        <PagedList
          query={batches}
          data={batches.data}
          page={page}
          pageSize={SPOT_BATCHES_PAGE_SIZE}
          onPage={setPage}
          labels={listLabels}
          empty={<Text c="gray.7">{t('empty')}</Text>}
          row={(batch) => <ManagerRow key={batch.id} batch={batch} />}
          listTestId="spot-batches-admin"
        />
      </ListSection>
    </Stack>
  );
}
