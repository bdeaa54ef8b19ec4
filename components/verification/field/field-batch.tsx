'use client';

/** The spots of a downloaded batch (issue 34.2): on the map and in a list, each with what the device holds for it. */
import { Badge, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { Feature, FeatureCollection } from 'geojson';
import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useMemo, useState } from 'react';
import { MapView, type BBox, type MapClientConfig, type OutlineLayer } from '@/components/map';
import { casesOf, type QueueItem, type StoredCase, type StoredPackage } from '@/lib/client/field/store';
import classes from './field.module.css';

export function unionBox(cases: readonly { bbox: readonly number[] }[]): BBox | null {
  if (!cases.length) return null;
  return [
    Math.min(...cases.map((c) => c.bbox[0]!)),
    Math.min(...cases.map((c) => c.bbox[1]!)),
    Math.max(...cases.map((c) => c.bbox[2]!)),
    Math.max(...cases.map((c) => c.bbox[3]!)),
  ];
}

export function stageName(pack: StoredPackage | null, status: string): string {
  return pack?.dictionaries.stages.find((s) => s.value === status)?.name ?? status;
}

export function FieldBatch({
  batchId,
  pack,
  queue,
  config,
  onOpen,
}: {
  batchId: string;
  pack: StoredPackage | null;
  queue: QueueItem[];
  config: MapClientConfig;
  onOpen: (caseId: string) => void;
}) {
  const t = useTranslations('VerifyField');
  const format = useFormatter();
  const [cases, setCases] = useState<StoredCase[] | null>(null);
  useEffect(() => {
    let live = true;
    void casesOf(batchId).then((list) => live && setCases(list.sort((a, b) => (a.spotNo < b.spotNo ? -1 : 1))));
    return () => {
      live = false;
    };
  }, [batchId, queue]);

  const outlines = useMemo<OutlineLayer[]>(() => {
    if (!cases?.length) return [];
    const data: FeatureCollection = {
      type: 'FeatureCollection',
      features: cases.map((c): Feature => ({ type: 'Feature', id: c.id, properties: { name: c.spotNo }, geometry: c.outline })),
    };
    return [{ id: 'spots', data, emphasis: 'primary', onFeatureClick: onOpen }];
  }, [cases, onOpen]);
  const view = useMemo(() => (cases ? unionBox(cases) : null), [cases]);
  const queuedOf = (id: string) => queue.filter((q) => q.caseId === id);

  if (!pack) return <Text role="alert">{t('batch.missing')}</Text>;
  return (
    <Stack gap="sm" data-testid="field-batch-view">
      <Title order={2} size="h4">
        {pack.batch.name}
      </Title>
      {cases === null ? (
        <Text size="sm" role="status">
          {t('loading')}
        </Text>
      ) : (
        <>
          <MapView
            config={config}
            label={t('batch.mapLabel', { name: pack.batch.name })}
            fitBounds={view}
            outlines={outlines}
            height={280}
          />
          <Text size="sm">{t('batch.count', { count: cases.length, total: pack.count })}</Text>
          <ul className={classes.spotList} aria-label={t('batch.listLabel')}>
            {cases.map((c) => {
              const work = queuedOf(c.id);
              return (
                <li key={c.id}>
                  <UnstyledButton
                    className={classes.spotItem}
                    onClick={() => onOpen(c.id)}
                    data-testid="field-spot-item"
                    data-spot={c.spotNo}
                  >
                    <Paper withBorder p="xs">
                      <Group justify="space-between" wrap="nowrap" gap="xs">
                        <Text fw={600} size="sm">
                          {c.spotNo}
                        </Text>
                        <Badge variant="light">{stageName(pack, c.localStatus)}</Badge>
                      </Group>
                      <Text size="xs" c="gray.7">
                        {c.countyName} · {c.changeTypeName} · {format.number(c.areaM2 / 10_000, { maximumFractionDigits: 2 })}{' '}
                        {t('hectares')}
                        {c.stageDue ? ` · ${t('due', { date: format.dateTime(new Date(`${c.stageDue}T00:00:00`), 'day') })}` : ''}
                      </Text>
                      {work.length || c.draft ? (
                        <Text size="xs" c="blue.8">
                          {[work.length ? t('batch.queued', { count: work.length }) : null, c.draft ? t('batch.draft') : null]
                            .filter(Boolean)
                            .join(' · ')}
                        </Text>
                      ) : null}
                    </Paper>
                  </UnstyledButton>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </Stack>
  );
}
