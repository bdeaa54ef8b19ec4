/**
 * The measures of a theme's statistics (lib/shared/themes: count, area, length, capacity) as the
 * screens show them: the value a region is coloured and ranked by, its legend top, its label and unit.
 */
import type { SpotStatistics } from '@/lib/shared/contracts/spots';
import type { ThemeMeasure } from '@/lib/shared/themes';
import { formatCount, formatHectares, hectares } from './format';
import type { MonitorTheme } from './theme';

type Figures = { count: number; area: number; length?: number; capacity?: number };

/** The value a region is coloured and ranked by: count, hectares, km or capacity. */
export function measureValue(item: Figures, measure: ThemeMeasure): number {
  if (measure === 'count') return item.count;
  if (measure === 'area') return hectares(item.area);
  return item[measure] ?? 0;
}

/** The raw figure a share is computed from (areas in m², as stored). */
export const shareBasis = (item: Figures, measure: ThemeMeasure) => (measure === 'area' ? item.area : measureValue(item, measure));

export const measureMax = (data: SpotStatistics | undefined, measure: ThemeMeasure) => (data ? measureValue(data.max, measure) : null);

export function formatMeasure(item: Figures, measure: ThemeMeasure, locale: string): string {
  if (measure === 'count') return formatCount(item.count, locale);
  if (measure === 'area') return formatHectares(item.area, locale);
  return new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    item[measure] ?? 0,
  );
}

/** The theme's measure the URL names, or its first. */
export const activeMeasure = (theme: MonitorTheme, legend: string): ThemeMeasure =>
  theme.measures.find((m) => m === legend) ?? theme.measures[0]!;

/** Message key (Monitor.measure.*) of a measure's column label, with its unit. */
export function measureKey(
  theme: MonitorTheme,
  measure: ThemeMeasure,
): 'count' | 'measure.count' | 'areaHa' | 'lengthKm' | 'capacityMW' | 'capacityMta' {
  // The spec's spot theme counts spots; the other themes count what their noun says (turbines, plants, segments).
  if (measure === 'count') return theme.spotTerms ? 'count' : 'measure.count';
  if (measure === 'area') return 'areaHa';
  if (measure === 'length') return 'lengthKm';
  return theme.capacityUnit === 'Mta' ? 'capacityMta' : 'capacityMW';
}
