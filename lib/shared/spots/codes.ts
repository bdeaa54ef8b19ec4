/**
 * Code lists of the monitoring spots (spec §3): change types with their map colours, spot types
 * (`tblx`), processing stages (`stage`) and the land-use types of the land-cover theme. The dictionary
 * endpoint (`/api/system/v1/dic/code/{CODE}/item/s`) serves the same lists from the database; the seed
 * writes them from here, and request validation accepts only these values.
 */

import { COUNTRY_CODE, provinceOfCode } from '../regions/codes';
import { THEME_IDS, type ThemeId } from '../themes/ids';

/** Every declared theme (lib/shared/themes): the `theme` of spots, batches and map-layer filters. */
export const SPOT_THEMES = THEME_IDS;
export type SpotTheme = ThemeId;

export interface CodeItem {
  value: string;
  zh: string;
  en: string;
}

/** Change types 0–3 (spec §3): colours are distinct in hue and lightness, so they survive greyscale. */
export const CHANGE_TYPES = [
  { value: '0', zh: '未变化', en: 'Unchanged', color: '#2f9e44' },
  { value: '1', zh: '扩建', en: 'Expansion', color: '#e8590c' },
  { value: '2', zh: '拆除', en: 'Demolition', color: '#1c7ed6' },
  { value: '3', zh: '部分拆除', en: 'Partial demolition', color: '#9c36b5' },
] as const satisfies readonly (CodeItem & { color: string })[];

/** Spot types (`tblx`) of the land-cover theme: what the land turned into, from what. */
export const SPOT_TYPES = [
  { value: '101', zh: '耕地转建设用地', en: 'Cropland to built-up land', color: '#e03131' },
  { value: '102', zh: '林地转建设用地', en: 'Forest to built-up land', color: '#f08c00' },
  { value: '103', zh: '草地转建设用地', en: 'Grassland to built-up land', color: '#ffd43b' },
  { value: '104', zh: '水域转建设用地', en: 'Water to built-up land', color: '#1971c2' },
  { value: '105', zh: '未利用地转建设用地', en: 'Unused land to built-up land', color: '#868e96' },
  { value: '201', zh: '耕地转其他农用地', en: 'Cropland to other farmland', color: '#66a80f' },
] as const satisfies readonly (CodeItem & { color: string })[];

/** Processing stages (`stage`) a spot passes through. */
export const SPOT_STAGES = [
  { value: '1', zh: '自动提取', en: 'Automatic extraction' },
  { value: '2', zh: '人工解译', en: 'Visual interpretation' },
  { value: '3', zh: '外业核查', en: 'Field verified' },
] as const satisfies readonly CodeItem[];

/** Land-use types of the land-cover theme (spec §3 legend). */
export const LANDUSE_TYPES = [
  { value: '1', zh: '种植园用地', en: 'Planting orchard land' },
  { value: '2', zh: '绿色通道', en: 'Green corridor' },
  { value: '3', zh: '挖湖造景', en: 'Lake excavation for landscaping' },
  { value: '4', zh: '挖塘', en: 'Pond excavation' },
  { value: '5', zh: '未耕种', en: 'Uncultivated' },
] as const satisfies readonly CodeItem[];

export const BATCH_STATUSES = [
  { value: 'processing', zh: '处理中', en: 'Processing' },
  { value: 'published', zh: '已发布', en: 'Published' },
] as const satisfies readonly CodeItem[];

export const STAGE_VALUES: readonly string[] = SPOT_STAGES.map((s) => s.value);
export const SPOT_TYPE_VALUES: readonly string[] = SPOT_TYPES.map((s) => s.value);
export const CHANGE_TYPE_VALUES: readonly number[] = CHANGE_TYPES.map((c) => Number(c.value));

/**
 * Provinces outside the land-use monitoring programme: Taiwan, Hong Kong and Macao. No spots are
 * recorded there, so their figures are "no data" (grey on the maps), not zero.
 */
export const UNMONITORED_PROVINCES: ReadonlySet<string> = new Set(['710000', '810000', '820000']);

/** Whether the monitoring programme covers a region (the country does, as a whole). */
export function isMonitoredRegion(code: string): boolean {
  return code === COUNTRY_CODE || !UNMONITORED_PROVINCES.has(provinceOfCode(code));
}
