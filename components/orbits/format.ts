/** Numbers and times of the orbital prediction screen, in the page's language. */
import { formatChinaTime, formatUtc } from '@/lib/shared/orbits/exports';
import type { Prediction } from '@/lib/shared/contracts/orbits';

export const numberFormat = (locale: string, digits = 1) =>
  new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en', { maximumFractionDigits: digits, minimumFractionDigits: 0 });

/** `08-22 10:31:05` (the year is the window's). */
export const shortChina = (iso: string) => formatChinaTime(iso).slice(5);
export const shortUtc = (iso: string) => formatUtc(iso).slice(5);
export { formatChinaTime, formatUtc };

type PredictedSatellite = Prediction['satellites'][number];

/**
 * The spacecraft's name in the page's language (`高分五号01A星`, `GF-5 01A`) as the server gives it from the
 * satellite data, or the element set's name for a satellite the portal does not describe.
 */
export const satelliteLabel = (s: PredictedSatellite | undefined, norad: number) => (s ? s.name : String(norad));
