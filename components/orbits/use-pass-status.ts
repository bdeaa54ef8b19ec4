'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useUncertaintyText } from '@/lib/client/hooks/use-uncertainty-text';
import type { Prediction, PredictedPass } from '@/lib/shared/contracts/orbits';
import { OPTICAL_MIN_SUN_ELEVATION_DEG } from '@/lib/shared/satellites/model';
import { numberFormat } from './format';

/**
 * Whether a pass counts toward the coverage, and why not, in the reader's language: "Counted: 12.5 %", "Possible
 * only: ±197 km reaches half the swath (45 km)", "Not counted: optical, sun −50° (needs ≥ 10°)".
 */
export function usePassStatusText(prediction: Prediction): (pass: PredictedPass) => string {
  const t = useTranslations('OrbitalPredict.status');
  const uncertainty = useUncertaintyText();
  const locale = useLocale();
  const nf1 = numberFormat(locale, 1);
  const nf2 = numberFormat(locale, 2);
  const swaths = new Map(prediction.satellites.map((s) => [s.norad, s.swathKm]));
  return (pass) => {
    switch (pass.status) {
      case 'counted':
        return t('counted', { pct: nf2.format(pass.countedPct) });
      case 'possible':
        return t('possible', { uncertainty: uncertainty.value(pass.uncertaintyKm), half: nf1.format((swaths.get(pass.norad) ?? 0) / 2) });
      case 'lowSun':
        return t('lowSun', { deg: nf1.format(pass.sunElevationDeg), min: OPTICAL_MIN_SUN_ELEVATION_DEG });
    }
  };
}
