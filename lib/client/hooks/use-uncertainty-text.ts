'use client';
import { useLocale, useTranslations } from 'next-intl';
import { UNCERTAINTY_MODEL } from '@/lib/shared/orbits/uncertainty';

export interface UncertaintyText {
  /** `±197 km` / `±197 千米`: the figure as every screen states it. */
  value: (km: number) => string;
  /** The model behind it, e.g. `1 km at the epoch + 2 km per day of age`. */
  model: string;
}

/**
 * The position uncertainty of orbital elements in the reader's language, worded once for the prediction's banner,
 * passes and map and the element-set administration (lib/shared/orbits/uncertainty.ts computes the figure).
 */
export function useUncertaintyText(): UncertaintyText {
  const t = useTranslations('Orbits.uncertainty');
  const locale = useLocale();
  const nf = new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en', { maximumFractionDigits: 0 });
  return {
    value: (km) => t('value', { km: nf.format(km) }),
    model: t('model', { atEpochKm: UNCERTAINTY_MODEL.atEpochKm, perDayKm: UNCERTAINTY_MODEL.perDayKm }),
  };
}
