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

/** `高分二号 (GAOFEN-2)`, or the element set's name alone. */
export const satelliteLabel = (s: PredictedSatellite | undefined, norad: number) =>
  s ? (s.satelliteName ? `${s.satelliteName} (${s.name})` : s.name) : String(norad);
