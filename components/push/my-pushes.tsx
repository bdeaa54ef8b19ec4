'use client';
/** Personal centre → My pushes (issue 35.2): what has been pushed to me, and my batches with their delivery status, newest first. */
import { Badge, Group, Paper, Text, Title } from '@mantine/core';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { ListSection } from '@/components/ui/list-section';
import { PagedList } from '@/components/ui/paged-list';
import { usePushListLabels } from './list-labels';
import { Link } from '@/i18n/navigation';
import { usePushStatistics } from '@/lib/client/queries/push';
import { DELIVERY_PAGE_SIZE, useDeliveries } from '@/lib/client/queries/push-delivery';
import type { DeliveredBatch } from '@/lib/shared/contracts/push';
import { BatchDownloads } from './batch-downloads';
import { DeliveryStatus } from './delivery-status';

export const MY_PUSH_PATH = '/personal/personalCenter/myPush';

function BatchRow({ batch }: { batch: DeliveredBatch }) {
  const t = useTranslations('Push.mine');
  const format = useFormatter();
  const headingId = `push-batch-${batch.id}`;
  return (
    <Paper withBorder radius="md" p="md" component="li" aria-labelledby={headingId} data-testid="push-batch-row">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Title order={3} size="h5" id={headingId}>
          <Link href={`${MY_PUSH_PATH}/${batch.id}`} aria-label={t('open', { id: batch.id })} data-testid="push-batch-link">
            {t('detailTitle', { id: batch.id })}
          </Link>
        </Title>
        <Badge color={batch.source === 'demo' ? 'yellow' : 'blue'} variant="light" tt="none">
          {t(`sources.${batch.source}`)}
        </Badge>
      </Group>
      <Text size="sm" c="gray.7" mt={4}>
        {format.dateTime(new Date(batch.createdAt), 'moment')}
      </Text>
      <Text size="sm" mt={4}>
        {t('figureLine', {
          scenes: batch.sceneCount,
          km2: format.number(batch.footprintKm2, { maximumFractionDigits: 0 }),
          size: t('mb', { value: format.number(batch.sizeMb, { maximumFractionDigits: 0 }) }),
        })}
      </Text>
      <Text size="sm" mt={4} data-testid="push-batch-coverage">
        {t('coverageLine', {
          covered: format.number(batch.coveredKm2, { maximumFractionDigits: 0 }),
          region: format.number(batch.regionKm2, { maximumFractionDigits: 0 }),
          pct: format.number(batch.coveredPct, { maximumFractionDigits: 1 }),
          uncovered: format.number(Math.max(0, batch.regionKm2 - batch.coveredKm2), { maximumFractionDigits: 0 }),
        })}
      </Text>
      <DeliveryStatus delivery={batch.delivery} />
      <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
        <BatchDownloads batchId={batch.id} sceneCount={batch.sceneCount} />
      </div>
    </Paper>
  );
}

export function MyPushes() {
  const t = useTranslations('Push.mine');
  const listLabels = usePushListLabels();
  const format = useFormatter();
  const [page, setPage] = useState(1);
  const stats = usePushStatistics();
  const batches = useDeliveries(page, 'all');
  return (
    <ListSection
      id="push-batches-title"
      title={t('batches')}
      count={
        stats.data
          ? t('stats', {
              batches: stats.data.batches,
              scenes: stats.data.scenes,
              km2: format.number(stats.data.footprintKm2, { maximumFractionDigits: 0 }),
              size: t('mb', { value: format.number(stats.data.sizeMb, { maximumFractionDigits: 0 }) }),
            })
          : null
      }
      countTestId="push-statistics"
    >
      <PagedList
        query={batches}
        data={batches.data}
        page={page}
        pageSize={DELIVERY_PAGE_SIZE}
        onPage={setPage}
        labels={listLabels}
        empty={<Text c="gray.7">{t('emptyBatches')}</Text>}
        row={(batch) => <BatchRow key={batch.id} batch={batch} />}
        listTestId="push-batches"
      />
    </ListSection>
  );
}
