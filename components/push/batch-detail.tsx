'use client';
/**
 * One push batch (issue 35.2): its figures, a coverage map of the batch against my regions (bold: my regions; thin:
 * the footprints; shaded: what the batch leaves uncovered) and its scenes, paged.
 */
import { Alert, Anchor, Pagination, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import type { Feature, FeatureCollection } from 'geojson';
import { useFormatter, useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { MapView, type MapClientConfig, type OutlineLayer } from '@/components/map';
import { LoadFailed, LoadingRows } from '@/components/ui/load-states';
import { Link } from '@/i18n/navigation';
import { BATCH_SCENES_PAGE_SIZE, useBatchCoverage, useBatchDetail, useBatchFootprints } from '@/lib/client/queries/push';
import { BatchDownloads } from './batch-downloads';
import { MY_PUSH_PATH } from './my-pushes';

const UNCOVERED_FILL = { uncovered: '#f59f00' } as const;

function CoverageMap({ id, config }: { id: string; config: MapClientConfig }) {
  const t = useTranslations('Push.mine');
  const coverage = useBatchCoverage(id);
  const footprints = useBatchFootprints(id);
  const outlines = useMemo<OutlineLayer[]>(() => {
    const layers: OutlineLayer[] = [];
    const c = coverage.data;
    if (c?.uncovered)
      layers.push({
        id: 'uncovered',
        data: { type: 'Feature', id: 'uncovered', properties: {}, geometry: c.uncovered } satisfies Feature,
        emphasis: 'context',
        fillColors: UNCOVERED_FILL,
        interactive: false,
      });
    if (footprints.data) layers.push({ id: 'footprints', data: footprints.data satisfies FeatureCollection, emphasis: 'context' });
    if (c?.regionGeometry)
      layers.push({
        id: 'regions',
        data: {
          type: 'Feature',
          id: 'regions',
          properties: { name: c.regions.map((r) => r.name).join(', ') },
          geometry: c.regionGeometry,
        } satisfies Feature,
        emphasis: 'primary',
        fit: true,
        interactive: false,
      });
    return layers;
  }, [coverage.data, footprints.data]);
  const loaded = Boolean(coverage.data && footprints.data);
  return (
    <section aria-labelledby="push-map-title">
      <Title order={2} size="h4" id="push-map-title" mb="xs">
        {t('map')}
      </Title>
      <div data-testid="push-coverage-map" data-loaded={loaded ? 'true' : 'false'} data-footprints={footprints.data?.features.length ?? 0}>
        <MapView config={config} label={t('map')} outlines={outlines} height={380} />
      </div>
      <Text size="xs" c="gray.7" mt={4}>
        {t('mapLegend')}
      </Text>
      {footprints.data?.truncated ? (
        <Text size="xs" c="gray.7">
          {t('truncated', { shown: footprints.data.features.length, total: footprints.data.total })}
        </Text>
      ) : null}
    </section>
  );
}

export function BatchDetailScreen({ id, config }: { id: string; config: MapClientConfig }) {
  const t = useTranslations('Push.mine');
  const list = useTranslations('Push.list');
  const downloads = useTranslations('Push.exports');
  const format = useFormatter();
  const [page, setPage] = useState(1);
  const detail = useBatchDetail(id, page);
  const data = detail.data;
  if (detail.isPending) return <LoadingRows label={list('loading')} count={3} height={80} radius="md" />;
  if (!data)
    return <LoadFailed title={list('loadFailed')} message={detail.error?.message ?? ''} retry={list('retry')} onRetry={detail.refetch} />;
  const b = data.batch;
  const pages = Math.max(1, Math.ceil(data.scenes.total / BATCH_SCENES_PAGE_SIZE));
  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} href={MY_PUSH_PATH} size="sm">
          {t('back')}
        </Anchor>
        <Title order={1} mt="xs">
          {t('detailTitle', { id: b.id })}
        </Title>
      </div>
      {b.source === 'demo' ? (
        <Alert color="yellow" variant="light">
          {t('demoNote')}
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="push-figures-title">
        <Title order={2} size="h4" id="push-figures-title">
          {t('figures')}
        </Title>
        <Text mt="xs">{format.dateTime(new Date(b.createdAt), 'moment')}</Text>
        <Text mt={4}>
          {t('figureLine', {
            scenes: b.sceneCount,
            km2: format.number(b.footprintKm2, { maximumFractionDigits: 0 }),
            size: t('mb', { value: format.number(b.sizeMb, { maximumFractionDigits: 0 }) }),
          })}
        </Text>
        <Text mt={4} data-testid="push-detail-coverage">
          {t('coverageLine', {
            covered: format.number(b.coveredKm2, { maximumFractionDigits: 0 }),
            region: format.number(b.regionKm2, { maximumFractionDigits: 0 }),
            pct: format.number(b.coveredPct, { maximumFractionDigits: 1 }),
            uncovered: format.number(Math.max(0, b.regionKm2 - b.coveredKm2), { maximumFractionDigits: 0 }),
          })}
        </Text>
        <Text mt={4}>{t('regions', { regions: data.regions.map((r) => r.name).join('、') })}</Text>
      </Paper>
      <section aria-labelledby="push-downloads-title">
        <Title order={2} size="h4" id="push-downloads-title" mb="xs">
          {downloads('title')}
        </Title>
        <BatchDownloads batchId={b.id} sceneCount={b.sceneCount} />
      </section>
      <CoverageMap id={id} config={config} />
      <section aria-labelledby="push-scenes-title">
        <Title order={2} size="h4" id="push-scenes-title" mb="xs">
          {t('scenes')}
        </Title>
        <ScrollArea type="auto">
          <Table striped withTableBorder miw={640} data-testid="push-scenes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('sceneColumns.id')}</Table.Th>
                <Table.Th>{t('sceneColumns.satellite')}</Table.Th>
                <Table.Th>{t('sceneColumns.level')}</Table.Th>
                <Table.Th>{t('sceneColumns.acquired')}</Table.Th>
                <Table.Th>{t('sceneColumns.cloud')}</Table.Th>
                <Table.Th>{t('sceneColumns.area')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.scenes.list.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{s.id}</Table.Td>
                  <Table.Td>
                    {s.satellite} / {s.sensor}
                  </Table.Td>
                  <Table.Td>{s.productLevel}</Table.Td>
                  <Table.Td>{format.dateTime(new Date(s.acquiredAt), 'day')}</Table.Td>
                  <Table.Td>{s.cloudPct === null ? '—' : `${format.number(s.cloudPct, { maximumFractionDigits: 0 })}%`}</Table.Td>
                  <Table.Td>{format.number(s.areaKm2, { maximumFractionDigits: 0 })}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        {pages > 1 ? <Pagination mt="sm" total={pages} value={page} onChange={setPage} aria-label={list('pages')} /> : null}
      </section>
    </Stack>
  );
}
