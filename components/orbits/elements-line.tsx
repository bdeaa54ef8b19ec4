'use client';

import { Alert, Stack, Text } from '@mantine/core';
import { useLocale, useTranslations } from 'next-intl';
import { useTleSourceLabel } from '@/lib/client/hooks/use-tle-source-label';
import { useUncertaintyText } from '@/lib/client/hooks/use-uncertainty-text';
import type { Prediction, SatellitesNow } from '@/lib/shared/contracts/orbits';
import { formatUtc, numberFormat } from './format';

/**
 * The orbital elements used (always shown) and the position uncertainty they give — the same model and figures as
 * every pass (lib/shared/orbits/uncertainty.ts) — as a warning when they are stale.
 */
export function ElementsLine({ prediction, now }: { prediction: Prediction | undefined; now: SatellitesNow | undefined }) {
  const t = useTranslations('OrbitalPredict.elements');
  const set = prediction?.tleSet ?? now?.tleSet;
  const sourceLabel = useTleSourceLabel();
  const uncertainty = useUncertaintyText();
  const locale = useLocale();
  const nf = numberFormat(locale, 1);
  const oldestNow = now?.satellites.reduce<SatellitesNow['satellites'][number] | null>((a, b) => (a === null || b.ageDays > a.ageDays ? b : a), null);
  let warning: string | null = null;
  let note: string | null = null;
  if (prediction) {
    const values = {
      days: nf.format(prediction.uncertainty.ageDays),
      min: uncertainty.value(prediction.uncertainty.minKm),
      max: uncertainty.value(prediction.uncertainty.maxKm),
      model: uncertainty.model,
    };
    if (prediction.stale) warning = t('stale', values);
    else note = t('uncertainty', values);
  } else if (oldestNow?.stale)
    warning = t('staleNow', { days: nf.format(oldestNow.ageDays), uncertainty: uncertainty.value(oldestNow.uncertaintyKm), model: uncertainty.model });
  return (
    <Stack gap={4}>
      <Text size="xs" data-testid="tle-epoch">
        <strong>{t('label')}:</strong>{' '}
        {set ? t('epochs', { source: sourceLabel(set.source), from: formatUtc(set.epochMin).slice(0, 16), to: formatUtc(set.epochMax).slice(0, 16) }) : t('loading')}
      </Text>
      {note ? (
        <Text size="xs" data-testid="tle-uncertainty">
          {note}
        </Text>
      ) : null}
      {warning ? (
        <Alert color="orange" variant="light" p="xs" role="alert" data-testid="tle-stale">
          <Text size="xs">⚠ {warning}</Text>
        </Alert>
      ) : null}
    </Stack>
  );
}
