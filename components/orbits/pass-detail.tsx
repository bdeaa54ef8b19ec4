'use client';

import { Anchor, CloseButton, Group, Paper, Text, Title } from '@mantine/core';
import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { Prediction, PredictedPass } from '@/lib/shared/contracts/orbits';
import { satellitePath } from '@/lib/shared/satellites/model';
import { formatChinaTime, formatUtc, numberFormat, satelliteLabel } from './format';
import classes from './orbits.module.css';
import { usePassStatusText } from './use-pass-status';
import { useUncertaintyText } from '@/lib/client/hooks/use-uncertainty-text';

/** The selected pass's figures (its swath is drawn on the map). */
export function PassDetail({ prediction, pass, onClose }: { prediction: Prediction; pass: PredictedPass | null; onClose: () => void }) {
  const t = useTranslations('OrbitalPredict.detail');
  const tw = useTranslations('OrbitalPredict.words');
  const locale = useLocale();
  const nf = numberFormat(locale, 1);
  const nf2 = numberFormat(locale, 2);
  const uncertainty = useUncertaintyText();
  const statusText = usePassStatusText(prediction);
  const sensorText = (s: Prediction['satellites'][number]) => {
    if (s.swathKm === null) return s.sensor ?? '';
    if (s.mode && s.resolutionM !== null)
      return t('sensorModeValue', { sensor: s.sensor ?? '', mode: s.mode.name, resolution: nf.format(s.resolutionM), swath: nf.format(s.swathKm) });
    return t('sensorValue', { sensor: s.sensor ?? '', swath: nf.format(s.swathKm) });
  };
  if (!pass)
    return (
      <Text size="xs" c="dimmed" data-testid="pass-detail-none">
        {t('none')}
      </Text>
    );
  const satellite = prediction.satellites.find((s) => s.norad === pass.norad);
  const when = (iso: string) => `${formatChinaTime(iso)} (${formatUtc(iso)} UTC)`;
  const rows: [string, string][] = [
    [t('start'), when(pass.start)],
    [t('end'), when(pass.end)],
    [t('closest'), when(pass.closest)],
    [t('direction'), pass.ascending ? tw('ascending') : tw('descending')],
    [t('sun'), t('sunValue', { light: pass.daylight ? tw('daylight') : tw('night'), deg: nf.format(pass.sunElevationDeg) })],
    [t('offNadir'), t('offNadirValue', { deg: nf.format(pass.offNadirDeg), side: pass.side, km: nf.format(pass.crossTrackKm) })],
    [t('uncertainty'), t('uncertaintyValue', { value: uncertainty.value(pass.uncertaintyKm), model: uncertainty.model })],
    [t('covered'), t('coveredValue', { km2: nf.format(pass.coveredKm2), pct: nf2.format(pass.sharePct) })],
    [t('status'), statusText(pass)],
  ];
  if (satellite?.sensor) rows.unshift([t('sensor'), sensorText(satellite)]);

  return (
    <Paper withBorder p="xs" data-testid="pass-detail" data-status={pass.status} aria-live="polite" aria-labelledby="pass-detail-title">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Title order={2} size="h6" id="pass-detail-title">
          {t('title')}: {satelliteLabel(satellite, pass.norad)}
        </Title>
        <CloseButton size="sm" aria-label={t('clear')} onClick={onClose} />
      </Group>
      <dl className={classes.figures}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {satellite?.satellite ? (
        <Anchor component={Link} href={satellitePath('cn', satellite.satellite)} size="xs">
          {t('page')}
        </Anchor>
      ) : null}
    </Paper>
  );
}
