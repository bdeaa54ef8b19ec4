'use client';

import { Stack, Table, Text, Title } from '@mantine/core';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { createViewLink, MapView, type MapClientConfig, type OutlineLayer, type ViewLink, type WmsLayer } from '@/components/map';
import { useRegionGeometry } from '@/lib/client/queries/regions';
import { useSpotStatisticsOfBatches } from '@/lib/client/queries/spots';
import type { SpotBatch } from '@/lib/shared/contracts/spots';
import { COUNTRY_CODE } from '@/lib/shared/regions/codes';
import { formatCount, formatHectares } from './format';
import type { ModuleProps } from './monitor-context';
import { detailRegion, regionCql, SEQUENCE_LENGTH } from './monitor-state';
import classes from './monitor.module.css';
import { QueryState } from './query-state';
import { TableRegion } from './table-region';
import { spotLayerOf } from './theme';

/** Height of one small map. */
const SMALL_MAP_HEIGHT = 260;

/**
 * Renders `children` only while the box is on screen (or close to it), so maps scrolled out of
 * view, in the page or in the phone strip, neither start Leaflet nor load tiles. A map that comes
 * back starts at the linked view.
 */
export function WhileVisible({ height, children }: { height: number; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => setVisible(entries.some((e) => e.isIntersecting)), { rootMargin: '120px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} style={{ height }} className={classes.sequenceMapBox}>
      {visible ? children : null}
    </div>
  );
}

/** One batch of the sequence: its quarter, count and area, and its spots (CQL `batch = id`) over the scope's outline. */
function SequenceMap({
  batch,
  total,
  cql,
  ready,
  outlines,
  link,
  config,
  spotLayer,
}: {
  batch: SpotBatch;
  total: { count: number; area: number } | null;
  cql: string;
  ready: boolean;
  outlines: OutlineLayer[];
  link: ViewLink;
  config: MapClientConfig;
  spotLayer: string;
}) {
  const t = useTranslations('Monitor');
  const locale = useLocale();
  const titleId = useId();
  const wmsLayers = useMemo<WmsLayer[]>(
    () => [{ id: `batch-${batch.id}`, title: t('spotLayer'), layers: spotLayer, cqlFilter: cql }],
    [batch.id, cql, spotLayer, t],
  );
  return (
    <li className={classes.sequenceItem} aria-labelledby={titleId} data-testid="sequence-map" data-batch={batch.id}>
      <div className={classes.sequenceHead}>
        <Text id={titleId} fw={600} size="sm" title={batch.typeName}>
          {batch.quarter}
        </Text>
        <Text size="xs" c="dimmed">
          {total ? t('sequenceFigures', { count: formatCount(total.count, locale), area: formatHectares(total.area, locale) }) : '—'}
        </Text>
      </div>
      <WhileVisible height={SMALL_MAP_HEIGHT}>
        {ready ? (
          <MapView
            config={config}
            label={t('sequenceMapLabel', { batch: batch.typeName })}
            wmsLayers={wmsLayers}
            outlines={outlines}
            viewLink={link}
            baseSwitch={false}
            height={SMALL_MAP_HEIGHT}
          />
        ) : null}
      </WhileVisible>
    </li>
  );
}

/** The five small maps, oldest first, sharing one view. */
function SequenceStrip({
  batches,
  totals,
  regionCql,
  ready,
  outlines,
  config,
  theme,
}: {
  batches: SpotBatch[];
  totals: ({ count: number; area: number } | null)[];
  regionCql: string[];
  ready: boolean;
  outlines: OutlineLayer[];
  config: MapClientConfig;
  theme: ModuleProps['theme'];
}) {
  const t = useTranslations('Monitor');
  const [link] = useState(createViewLink);
  return (
    <ol className={classes.sequenceStrip} aria-label={t('sequenceMaps')} data-testid="sequence-maps">
      {batches.map((b, i) => (
        <SequenceMap
          key={b.id}
          batch={b}
          total={totals[i] ?? null}
          cql={[`theme = '${theme.id}'`, `batch = ${b.id}`, ...regionCql].join(' AND ')}
          ready={ready}
          outlines={outlines}
          link={link}
          config={config}
          spotLayer={spotLayerOf(theme)}
        />
      ))}
    </ol>
  );
}

/** Sequence (login + range): the last five batches side by side, per child region of the scope. */
export function SequenceModule({ theme, config, batches, state, ranges }: ModuleProps) {
  const t = useTranslations('Monitor');
  const locale = useLocale();
  // The scope (spec §4): the region when a range covers it, else the user's (first) assigned range.
  const region = detailRegion(ranges, state.region) ?? ranges[0] ?? COUNTRY_CODE;
  const last = useMemo(() => batches.slice(-SEQUENCE_LENGTH), [batches]);
  const batchIds = useMemo(() => last.map((b) => b.id), [last]);
  const results = useSpotStatisticsOfBatches(theme, batchIds, region);
  const loading = results.some((r) => r.isPending);
  const error = results.find((r) => r.error)?.error ?? null;
  const rows = useMemo(() => {
    const byCode = new Map<string, { name: string; counts: number[] }>();
    results.forEach((r, i) => {
      for (const item of r.data?.items ?? []) {
        const row = byCode.get(item.code) ?? { name: item.name, counts: Array<number>(last.length).fill(0) };
        row.counts[i] = item.count;
        byCode.set(item.code, row);
      }
    });
    return [...byCode.entries()]
      .filter(([, r]) => r.counts.some((c) => c > 0))
      .sort((a, b) => b[1].counts.at(-1)! - a[1].counts.at(-1)! || a[0].localeCompare(b[0]));
  }, [results, last.length]);

  const outline = useRegionGeometry(region === COUNTRY_CODE ? null : region, 'mid');
  const outlines = useMemo<OutlineLayer[]>(
    () => (outline.data ? [{ id: `seq-${region}`, data: outline.data, emphasis: 'primary', fit: true }] : []),
    [outline.data, region],
  );
  // The maps wait for the outline, so they all fit to it once and never jump afterwards.
  const outlineReady = region === COUNTRY_CODE || outline.data !== undefined || outline.isError;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('sequenceTitle', { count: last.length })}
      </Title>
      <QueryState loading={loading} error={error} empty={last.length === 0} emptyText={t('noBatches')}>
        <Text size="xs" c="dimmed" className={classes.sequenceHint}>
          {t('sequenceSwipe')}
        </Text>
        {/* Keyed by the scope: a new scope starts with a new shared view, fitted to its outline. */}
        <SequenceStrip
          key={region}
          batches={last}
          totals={results.map((r) => r.data?.total ?? null)}
          regionCql={regionCql(region)}
          ready={outlineReady}
          outlines={outlines}
          config={config}
          theme={theme}
        />
        <TableRegion table="sequence">
          <Table striped fz="sm" stickyHeader data-testid="sequence-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('region')}</Table.Th>
                {last.map((b) => (
                  <Table.Th key={b.id} title={b.typeName} style={{ whiteSpace: 'nowrap' }}>
                    {b.quarter}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
                  {results[0]?.data?.region.name ?? t('total')}
                </Table.Th>
                {results.map((r, i) => (
                  <Table.Td key={last[i]!.id} fw={600}>
                    {r.data ? formatCount(r.data.total.count, locale) : '—'}
                    <Text size="xs" c="dimmed">
                      {r.data ? `${formatHectares(r.data.total.area, locale)} ${t('unitHectares')}` : ''}
                    </Text>
                  </Table.Td>
                ))}
              </Table.Tr>
              {rows.map(([code, row]) => (
                <Table.Tr key={code}>
                  <Table.Th scope="row" fw={400} style={{ whiteSpace: 'nowrap' }}>
                    {row.name}
                  </Table.Th>
                  {row.counts.map((c, i) => (
                    <Table.Td key={last[i]!.id}>{formatCount(c, locale)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableRegion>
        <Text size="xs" c="dimmed">
          {t('sequenceNote')}
        </Text>
      </QueryState>
    </Stack>
  );
}
