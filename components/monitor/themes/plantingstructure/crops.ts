/**
 * The crops of a theme with a structure, as its declaration names and colours them (kinds), and the
 * choropleth fill of a region: its dominant crop's colour, deeper with a larger share of the sown area.
 */
import type { CodeItem, ColoredCode } from '@/lib/shared/themes';
import type { MonitorTheme } from '../../theme';

export function cropOf(theme: MonitorTheme, value: string | null): ColoredCode | null {
  return theme.kinds.items.find((k) => k.value === value) ?? null;
}

export const nameOf = (item: CodeItem | null, locale: string) => (item ? (locale === 'zh' ? item.zh : item.en) : '—');

/** The crops of one season (its declared crops, in the order of the kinds), or every crop for the whole year. */
export function seasonCrops(theme: MonitorTheme, season: string | null): string[] {
  const all = theme.kinds.items.map((k) => k.value);
  const held = season ? theme.structure?.seasons.find((s) => s.season === season)?.crops : null;
  return held ? all.filter((c) => held.includes(c)) : all;
}

/** Opacity of a region's fill: a bare plurality (≤ 30 %) light, a monoculture (100 %) full. */
export function shareAlpha(share: number | null): number {
  if (share === null) return 0;
  return Math.min(1, Math.max(0.4, 0.4 + (0.6 * (share - 30)) / 70));
}

export function cropFill(color: string, share: number | null): string {
  const n = Number.parseInt(color.slice(1), 16);
  return `rgba(${(n >> 16) & 0xff}, ${(n >> 8) & 0xff}, ${n & 0xff}, ${shareAlpha(share).toFixed(2)})`;
}

export function formatHa(value: number, locale: string): string {
  return new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', { maximumFractionDigits: 0 }).format(value);
}

export function formatShare(value: number | null, locale: string): string {
  if (value === null) return '—';
  return `${new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value)}%`;
}
