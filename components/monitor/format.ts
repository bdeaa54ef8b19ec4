/** Number formats of the monitoring screens: counts as integers, areas in hectares with two decimals. */

export const SQUARE_METRES_PER_HECTARE = 10_000;

export function hectares(squareMetres: number): number {
  return Math.round((squareMetres / SQUARE_METRES_PER_HECTARE) * 100) / 100;
}

export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-GB').format(value);
}

export function formatHectares(squareMetres: number, locale: string): string {
  return new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    hectares(squareMetres),
  );
}

/** `20250315` → `2025-03-15` for display. */
export function showCompactDate(text: string): string {
  return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
}
