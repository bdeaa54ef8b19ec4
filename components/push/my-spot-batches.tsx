'use client';
/**
 * Personal centre → My pushes → Spot batches (issue 35.3): the quarters' monitoring and verification spots pushed to
 * me, one batch per quarter and spot type, with their counts per kind and city and whether I have fetched them.
 */
import { Badge, Group, Paper, Text, Title } from '@mantine/core';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { ListSection } from '@/components/ui/list-section';
import { PagedList } from '@/components/ui/paged-list';
import { usePushListLabels } from './list-labels';
import { Link } from '@/i18n/navigation';
import { SPOT_BATCHES_PAGE_SIZE, useOwnSpotBatches } from '@/lib/client/queries/spot-batches';
import type { SpotBatchSummary, SpotBatchSummaryV3 } from '@/lib/shared/contracts/spot-batches';

export const MY_SPOT_BATCH_PATH = '/personal/personalCenter/myPush/spot';

/** Whether the owner has fetched the batch: a badge with the time in its title line. */
export function DeliveryBadge({ batch }: { batch: SpotBatchSummary }) {
  const t = useTranslations('Push.spotBatches');
  return batch.fetchedAt ? (
    <Badge color="teal" variant="light" tt="none" data-testid="spot-batch-delivery" data-fetched="true">
      {t('fetched')}
    </Badge>
  ) : (
    <Badge color="gray" variant="light" tt="none" data-testid="spot-batch-delivery" data-fetched="false">
      {t('pending')}
    </Badge>
  );
}

/** The figure lines of a batch (counts, kinds, cities, regions, delivery), shared by the list and the detail. */
export function SpotBatchFigures({
  batch,
}: {
  batch: SpotBatchSummary & Partial<Pick<SpotBatchSummaryV3, 'kindCounts' | 'regionCounts'>>;
}) {
  const t = useTranslations('Push.spotBatches');
  const format = useFormatter();
  const join = (items: readonly { name: string; count: number }[]) =>
    items
      .slice(0, 6)
      .map((k) => `${k.name} ${format.number(k.count)}`)
      .join(' · ');
  return (
    <>
      <Text size="sm" mt={4}>
        {t('figureLine', { count: batch.spotCount, area: format.number(batch.areaHa, { maximumFractionDigits: 1 }) })}
      </Text>
      {batch.kindCounts?.length ? (
        <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
          {t('kindsLine', { kinds: join(batch.kindCounts) })}
        </Text>
      ) : null}
      {batch.regionCounts?.length ? (
        <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
          {t('citiesLine', { cities: join(batch.regionCounts) })}
        </Text>
      ) : null}
      <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
        {t('regions', { regions: batch.regions.map((r) => r.name).join('、') })}
      </Text>
      <Text size="sm" c="gray.7" mt={4}>
        {t('cutAt', { date: format.dateTime(new Date(batch.createdAt), 'moment') })}
        {batch.fetchedAt
          ? ` · ${t('fetchedAt', { date: format.dateTime(new Date(batch.fetchedAt), 'moment'), count: batch.fetchCount })}`
          : ''}
      </Text>
    </>
  );
}

function SpotBatchRow({ batch }: { batch: SpotBatchSummaryV3 }) {
  const t = useTranslations('Push.spotBatches');
  const headingId = `spot-batch-${batch.id}`;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="li"
      aria-labelledby={headingId}
      data-testid="spot-batch-row"
      data-quarter={batch.quarter}
      data-type={batch.spotType}
    >
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Title order={3} size="h5" id={headingId}>
          <Link
            href={`${MY_SPOT_BATCH_PATH}/${batch.id}`}
            aria-label={t('open', { id: batch.id, quarter: batch.quarter, type: batch.spotTypeName })}
            data-testid="spot-batch-link"
          >
            {t('batchTitle', { quarter: batch.quarter, type: batch.spotTypeName })}
          </Link>
        </Title>
        <DeliveryBadge batch={batch} />
      </Group>
      <SpotBatchFigures batch={batch} />
    </Paper>
  );
}

export function MySpotBatches() {
  const t = useTranslations('Push.spotBatches');
  const listLabels = usePushListLabels();
  const [page, setPage] = useState(1);
  const batches = useOwnSpotBatches(page);
  return (
    <ListSection
      id="spot-batches-title"
      title={t('title')}
      count={batches.data ? t('count', { count: batches.data.total }) : null}
      countTestId="spot-batch-count"
    >
      <Text size="sm">{t('intro')}</Text>
      <PagedList
        query={batches}
        data={batches.data}
        page={page}
        pageSize={SPOT_BATCHES_PAGE_SIZE}
        onPage={setPage}
        labels={listLabels}
        empty={<Text c="gray.7">{t('empty')}</Text>}
        row={(batch) => <SpotBatchRow key={batch.id} batch={batch} />}
        listTestId="spot-batches"
      />
    </ListSection>
  );
}
