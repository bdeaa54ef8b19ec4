'use client';

import { Stack, Table, Text, Title } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { MapView, type OutlineLayer, type WmsLayer } from '@/components/map';
import { apiFetch } from '@/lib/client/api';
import { useRegionGeometry } from '@/lib/client/queries/regions';
import { spotKeys } from '@/lib/client/queries/spots';
import { spotStatisticsContract, spotStatisticsSchema } from '@/lib/shared/contracts/spots';
import { COUNTRY_CODE } from '@/lib/shared/regions/codes';
import { formatCount, formatHectares } from './format';
import { MAP_HEIGHT, ModuleLayout } from './module-layout';
import type { ModuleProps } from './monitor-context';
import { detailRegion, regionCql, SEQUENCE_LENGTH } from './monitor-state';
import classes from './monitor.module.css';
import { QueryState } from './query-state';

/** Sequence (login + range): the last five batches side by side, per child region of the scope. */
export function SequenceModule({ theme, config, batches, state, ranges, mapLabel }: ModuleProps) {
  const t = useTranslations('Monitor');
  const locale = useLocale();
  // The scope (spec §4): the region when a range covers it, else the user's (first) assigned range.
  const region = detailRegion(ranges, state.region) ?? ranges[0] ?? COUNTRY_CODE;
  const last = useMemo(() => batches.slice(-SEQUENCE_LENGTH), [batches]);
  const results = useQueries({
    queries: last.map((b) => ({
      queryKey: [...spotKeys.locale(locale, theme.id), 'statistics', b.id, region] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiFetch(spotStatisticsContract.path.replace('{x}', b.id), {
          query: { theme: theme.id, regionId: region },
          schema: spotStatisticsSchema,
          signal,
        }),
      staleTime: 60_000,
    })),
  });
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
  const cql = [`theme = '${theme.id}'`, `batch IN (${last.map((b) => b.id).join(', ') || '-1'})`, ...regionCql(region)].join(' AND ');
  const wmsLayers = useMemo<WmsLayer[]>(
    () => [{ id: 'sequence', title: t('spotLayer'), layers: theme.spotLayer, cqlFilter: cql }],
    [cql, t, theme.spotLayer],
  );
  const outlines = useMemo<OutlineLayer[]>(
    () => (outline.data ? [{ id: `seq-${region}`, data: outline.data, emphasis: 'primary', fit: true }] : []),
    [outline.data, region],
  );

  const map = <MapView config={config} label={mapLabel} wmsLayers={wmsLayers} outlines={outlines} height={MAP_HEIGHT} />;
  return (
    <ModuleLayout map={map}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('sequenceTitle', { count: last.length })}
        </Title>
        <QueryState loading={loading} error={error} empty={last.length === 0} emptyText={t('noBatches')}>
          <div className={classes.tableScroll}>
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
          </div>
          <Text size="xs" c="dimmed">
            {t('sequenceNote')}
          </Text>
        </QueryState>
      </Stack>
    </ModuleLayout>
  );
}
