'use client';

import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useLocale, useTranslations } from 'next-intl';
import { saveBlob } from '@/lib/client/download-export';
import type { Prediction } from '@/lib/shared/contracts/orbits';
import { CSV_COLUMNS, exportFileName, passesCsv, swathsGeoJson, swathsKml, type ExportLabels } from '@/lib/shared/orbits/exports';
import { countStatuses } from '@/lib/shared/orbits/counting';
import { milestones } from '@/lib/shared/orbits/progress';
import { OPTICAL_MIN_SUN_ELEVATION_DEG } from '@/lib/shared/satellites/model';
import { formatChinaTime, numberFormat } from './format';

/** The figures of a prediction (window, area, passes, union, remainder), the satellites left out, and the exports. */
export function PredictionSummary({ prediction }: { prediction: Prediction }) {
  const t = useTranslations('OrbitalPredict');
  const locale = useLocale();
  const nf = numberFormat(locale, 1);
  const nf2 = numberFormat(locale, 2);
  const skipped = prediction.satellites.filter((s) => s.skipped !== null);
  const statusCounts = countStatuses(prediction.passes);

  const labels = (): ExportLabels => ({
    columns: Object.fromEntries(CSV_COLUMNS.map((c) => [c, t(`exports.columns.${c}`)])) as ExportLabels['columns'],
    ascending: t('words.ascending'),
    descending: t('words.descending'),
    daylight: t('words.daylight'),
    night: t('words.night'),
    left: t('words.left'),
    right: t('words.right'),
    statuses: { counted: t('words.statuses.counted'), possible: t('words.statuses.possible'), lowSun: t('words.statuses.lowSun') },
    rules: t('summary.rules', { min: OPTICAL_MIN_SUN_ELEVATION_DEG }),
    title: t('exports.title'),
    predictedNote: t('predictedNote'),
  });
  const download = (format: 'csv' | 'geojson' | 'kml') => {
    const l = labels();
    const [text, type] =
      format === 'csv'
        ? [passesCsv(prediction, l), 'text/csv;charset=utf-8']
        : format === 'geojson'
          ? [swathsGeoJson(prediction, l), 'application/geo+json']
          : [swathsKml(prediction, l), 'application/vnd.google-earth.kml+xml'];
    saveBlob(new Blob([text], { type }), exportFileName(prediction, format));
  };

  return (
    <Stack gap={6} data-testid="prediction-summary">
      <Text size="sm" fw={600} data-testid="summary-passes">
        {t('summary.passes', { count: prediction.passes.length })} ·{' '}
        {t('summary.window', { start: formatChinaTime(prediction.window.start).slice(0, 16), end: formatChinaTime(prediction.window.end).slice(0, 16) })}
      </Text>
      <Text size="xs">
        {t('summary.area', { km2: nf.format(prediction.area.km2) })} · <span data-testid="summary-union">{t('summary.union', { pct: nf2.format(prediction.union.sharePct), km2: nf.format(prediction.union.km2) })}</span> ·{' '}
        <span data-testid="summary-uncovered">{t('summary.uncovered', { km2: nf.format(prediction.uncovered.km2), pct: nf2.format(prediction.uncovered.sharePct) })}</span>
      </Text>
      {prediction.passes.length > 0 ? (
        <>
          <Text size="xs" data-testid="summary-counting">
            {t('summary.counting', {
              total: prediction.passes.length,
              counted: statusCounts.counted,
              possible: statusCounts.possible,
              lowSun: statusCounts.lowSun,
              min: OPTICAL_MIN_SUN_ELEVATION_DEG,
            })}
          </Text>
          <Text size="xs" c="dimmed" data-testid="summary-rules">
            {t('summary.rules', { min: OPTICAL_MIN_SUN_ELEVATION_DEG })}
          </Text>
          <Milestones prediction={prediction} />
        </>
      ) : null}
      <Text size="xs" c="dimmed">
        {t('summary.compute', { ms: Math.round(prediction.computeMs), cached: String(prediction.cached) })}
      </Text>
      {prediction.passes.length === 0 ? (
        <Alert color="gray" variant="light" p="xs" data-testid="prediction-empty">
          <Text size="sm">{t('summary.empty')}</Text>
        </Alert>
      ) : (
        <Group gap="xs" role="group" aria-label={t('exports.label')}>
          <Text size="xs" fw={600}>
            {t('exports.label')}:
          </Text>
          <Button size="compact-xs" variant="light" onClick={() => download('csv')} data-testid="export-csv">
            {t('exports.csv')}
          </Button>
          <Button size="compact-xs" variant="light" onClick={() => download('geojson')} data-testid="export-geojson">
            {t('exports.geojson')}
          </Button>
          <Button size="compact-xs" variant="light" onClick={() => download('kml')} data-testid="export-kml">
            {t('exports.kml')}
          </Button>
        </Group>
      )}
      {skipped.length > 0 ? (
        <div data-testid="skipped">
          <Text size="xs" fw={600}>
            {t('skipped.title')}
          </Text>
          <List size="xs">
            {skipped.map((s) => (
              <List.Item key={s.norad}>
                {t('skipped.item', { name: s.name, reason: t(`skipped.${s.skipped ?? 'noSwath'}`) })}
              </List.Item>
            ))}
          </List>
        </div>
      ) : null}
    </Stack>
  );
}

/** Shares of the area the passes will have imaged, and by when (China time): how soon most of it is covered. */
const MILESTONES = [50, 80, 95] as const;

function Milestones({ prediction }: { prediction: Prediction }) {
  const t = useTranslations('OrbitalPredict');
  const steps = prediction.progress.map((s) => ({ atMs: Date.parse(s.at), sharePct: s.sharePct }));
  const reached = milestones(steps, MILESTONES);
  return (
    <div data-testid="summary-progress">
      <Text size="xs" fw={600}>
        {t('summary.progressTitle')}
      </Text>
      <List size="xs">
        {reached.map((m) => (
          <List.Item key={m.pct}>
            {m.atMs === null
              ? t('summary.progressNever', { pct: m.pct })
              : t('summary.progressBy', { pct: m.pct, time: formatChinaTime(new Date(m.atMs).toISOString()).slice(0, 16) })}
          </List.Item>
        ))}
      </List>
    </div>
  );
}
