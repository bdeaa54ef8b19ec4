/** How the image query and the orders label a scene: acquisition time, numbers, title (pure, for any screen). */
import type { Scene } from '../contracts/catalogue';

/** `2026-03-02 10:41 UTC`: acquisition times are UTC for everyone. */
export const formatAcquired = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export const formatNumber = (value: number, locale: string, digits = 1) =>
  new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'zh-CN', { maximumFractionDigits: digits }).format(value);

/**
 * How a result names its share of the search area: a footprint that only meets the area's edge (0 %) or a sliver
 * that would round to 0 says so, instead of "covers 0 %" beside a scene that matched.
 */
export function coverageLabel(pct: number): { key: 'touchesEdge' | 'coverageSliver' | 'coverage'; value?: number } {
  if (pct <= 0) return { key: 'touchesEdge' };
  if (pct < 0.05) return { key: 'coverageSliver' };
  return { key: 'coverage', value: pct };
}

/** `GF-1 PMS` from the scene's collection, for labels. */
export const sceneTitle = (scene: Pick<Scene, 'satellite' | 'sensor'>) => `${scene.satellite} ${scene.sensor}`;
