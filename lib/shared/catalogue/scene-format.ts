/** How the image query and the orders label a scene: acquisition time, numbers, title (pure, for any screen). */
import type { Scene } from '../contracts/catalogue';

/** `2026-03-02 10:41 UTC`: acquisition times are UTC for everyone. */
export const formatAcquired = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export const formatNumber = (value: number, locale: string, digits = 1) =>
  new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'zh-CN', { maximumFractionDigits: digits }).format(value);

/** `GF-1 PMS` from the scene's collection, for labels. */
export const sceneTitle = (scene: Pick<Scene, 'satellite' | 'sensor'>) => `${scene.satellite} ${scene.sensor}`;
