'use client';
/**
 * One spot push batch (issue 35.3): its figures, its spots on a map and as a table (paged here), and the Excel
 * download. Reading the spots as the owner marks the batch fetched (the API does).
 */
import { Alert, Anchor, Button, Group, Pagination, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import type { FeatureCollection } from 'geojson';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { MapView, type MapClientConfig, type OutlineLayer } from '@/components/map';
import { LoadFailed, LoadingRows } from '@/components/ui/load-states';
import { Link } from '@/i18n/navigation';
import { SPOT_ROWS_PAGE_SIZE, spotBatchExcelHref, useSpotBatchVector } from '@/lib/client/queries/spot-batches';
import { MY_PUSH_PATH } from './my-pushes';
import { DeliveryBadge, SpotBatchFigures } from './my-spot-batches';

export function SpotBatchDetailScreen({ id, config }: { id: string; config: MapClientConfig }) {
  const t = useTranslations('Push.spotBatches');
  const list = useTranslations('Push.list');
  const format = useFormatter();
  const locale = useLocale() === 'en' ? 'en' : 'zh';
  const [page, setPage] = useState(1);
  const vector = useSpotBatchVector(id);
  const data = vector.data;
  const outlines = useMemo<OutlineLayer[]>(
    () =>
      data
        ? [
            {
              id: 'spots',
              data: {
                type: 'FeatureCollection',
                features: data.features.map((f) => ({ ...f, properties: { name: `${f.id} ${f.properties.kindName}` } })),
              } as FeatureCollection,
              emphasis: 'primary',
              fit: true,
            },
          ]
        : [],
    [data],
  );
  if (vector.isPending) return <LoadingRows label={list('loading')} count={3} height={80} radius="md" />;
  if (!data)
    return <LoadFailed title={list('loadFailed')} message={vector.error?.message ?? ''} retry={list('retry')} onRetry={vector.refetch} />;
  const b = data.batch;
  const pages = Math.max(1, Math.ceil(data.features.length / SPOT_ROWS_PAGE_SIZE));
  const rows = data.features.slice((page - 1) * SPOT_ROWS_PAGE_SIZE, page * SPOT_ROWS_PAGE_SIZE);
  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} href={MY_PUSH_PATH} size="sm">
          {t('back')}
        </Anchor>
        <Title order={1} mt="xs" style={{ overflowWrap: 'anywhere' }}>
          {t('detailTitle', { id: b.id })} · {t('batchTitle', { quarter: b.quarter, type: b.spotTypeName })}
        </Title>
      </div>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="spot-figures-title">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Title order={2} size="h4" id="spot-figures-title">
            {t('figures')}
          </Title>
          <DeliveryBadge batch={b} />
        </Group>
        <SpotBatchFigures batch={b} />
        <Group mt="md" gap="sm" align="center" wrap="wrap">
          <Button component="a" href={spotBatchExcelHref(b.id, locale)} download data-testid="spot-batch-excel">
            {t('download')}
          </Button>
          <Text size="xs" c="gray.7">
            {t('downloadHint')}
          </Text>
        </Group>
      </Paper>
      {data.truncated ? (
        <Alert color="yellow" variant="light">
          {t('truncated', { shown: format.number(data.features.length), total: format.number(data.total) })}
        </Alert>
      ) : null}
      <section aria-labelledby="spot-map-title">
        <Title order={2} size="h4" id="spot-map-title" mb="xs">
          {t('map')}
        </Title>
        <div data-testid="spot-batch-map" data-features={data.features.length}>
          <MapView config={config} label={t('map')} outlines={outlines} height={380} />
        </div>
        <Text size="xs" c="gray.7" mt={4}>
          {t('mapLegend')}
        </Text>
      </section>
      <section aria-labelledby="spot-table-title">
        <Title order={2} size="h4" id="spot-table-title" mb="xs">
          {t('table')}
        </Title>
        <ScrollArea type="auto">
          <Table striped withTableBorder miw={680} data-testid="spot-batch-table" aria-labelledby="spot-table-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.id')}</Table.Th>
                <Table.Th>{t('columns.label')}</Table.Th>
                <Table.Th>{t('columns.region')}</Table.Th>
                <Table.Th>{t('columns.kindName')}</Table.Th>
                <Table.Th>{t('columns.stage')}</Table.Th>
                <Table.Th>{t('columns.areaM2')}</Table.Th>
                <Table.Th>{t('columns.detectedOn')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((f) => (
                <Table.Tr key={f.id}>
                  <Table.Td>{f.id}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{f.properties.label}</Table.Td>
                  <Table.Td>{f.properties.regionName}</Table.Td>
                  <Table.Td>{f.properties.kindName}</Table.Td>
                  <Table.Td>{f.properties.stage}</Table.Td>
                  <Table.Td>{format.number(f.properties.areaM2, { maximumFractionDigits: 0 })}</Table.Td>
                  <Table.Td>{f.properties.detectedOn ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        {pages > 1 ? <Pagination mt="sm" total={pages} value={page} onChange={setPage} aria-label={t('pages')} /> : null}
      </section>
    </Stack>
  );
}
