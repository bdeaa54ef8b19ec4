/**
 * Planting structure (MOD_069): the sown area of each crop per county, season and year (the structure table),
 * and crop parcels of sample areas as the detail's features (spots: one row per parcel, season and year; the
 * kind is the crop, the stage the season). A batch is one crop year; its statistics are the crop areas and
 * shares per region, the dominant crop drawn as a categorical choropleth.
 *
 * Seasons: a crop is counted in the season its bulk is harvested. The summer harvest (夏收, May–July) holds
 * the overwintering crops — winter wheat (with the smaller spring wheat), rapeseed — and other summer crops;
 * the autumn harvest (秋收, August–October) holds maize, rice, soybean, cotton and other autumn crops. A field
 * of the North China Plain grows wheat, then maize in the same year; one of the Yangtze basin rapeseed, then
 * rice. The year's structure is the sum of both seasons, so a field double-cropped counts twice (sown area).
 */
import { PERMISSIONS } from '../../permissions';
import type { ThemeDefinition } from '../types';

/** Crops, coloured apart in hue and in lightness (L* 93 → 28), so the map reads in greyscale beside its labels. */
export const PLANTING_CROPS = [
  { value: 'wheat', zh: '小麦', en: 'Wheat', color: '#f59f00' },
  { value: 'maize', zh: '玉米', en: 'Maize', color: '#f76707' },
  { value: 'rice', zh: '水稻', en: 'Rice', color: '#2b8a3e' },
  { value: 'soybean', zh: '大豆', en: 'Soybean', color: '#9c36b5' },
  { value: 'rapeseed', zh: '油菜', en: 'Rapeseed', color: '#ffec99' },
  { value: 'cotton', zh: '棉花', en: 'Cotton', color: '#a5d8ff' },
  { value: 'other', zh: '其他作物', en: 'Other crops', color: '#603813' },
] as const;
export type PlantingCrop = (typeof PLANTING_CROPS)[number]['value'];

export const PLANTING_SEASONS = [
  { value: 'summer', zh: '夏收', en: 'Summer harvest' },
  { value: 'autumn', zh: '秋收', en: 'Autumn harvest' },
] as const;
export type PlantingSeason = (typeof PLANTING_SEASONS)[number]['value'];

export const PLANTINGSTRUCTURE = {
  id: 'plantingstructure',
  permission: PERMISSIONS.PLANTING_STRUCTURE,
  path: '/monitor/plantingstructure',
  api: '/api/plantingstructure/v1',
  modules: ['statistics', 'detail', 'sequence', 'trend'],
  measures: ['count', 'area'],
  capacityUnit: null,
  ramp: 'orange',
  geometries: ['polygon'],
  kinds: { dictionary: 'PLANTINGSTRUCTURE_CROP', items: PLANTING_CROPS },
  // A batch is a crop year: the sample parcels are mapped again every year, so the detail shows one year.
  snapshots: true,
  counted: null,
  retired: null,
  stages: { dictionary: 'PLANTINGSTRUCTURE_SEASON', items: PLANTING_SEASONS },
  changeTypes: null,
  landuse: null,
  extras: [],
  layers: {
    features: [
      {
        name: 'plantingstructure_meta',
        styleBy: 'tblx',
        outline: false,
        title: { zh: '作物地块', en: 'Crop parcels' },
        abstract: {
          zh: '样区作物地块（演示数据），按作物类型着色，含收获季（夏收、秋收）与年份。需种植结构权限，按用户权限范围过滤。',
          en: 'Crop parcels of sample areas (demo data) coloured by crop, with harvest season (summer, autumn) and year. Planting structure permission required; limited to the caller’s area ranges.',
        },
      },
    ],
    grid: null,
    zones: null,
  },
  gridLevel: 13,
  routeName: 'Plantingstructure',
  structure: {
    seasons: [
      { season: 'summer', crops: ['wheat', 'rapeseed', 'other'] },
      { season: 'autumn', crops: ['maize', 'rice', 'soybean', 'cotton', 'other'] },
    ],
  },
} as const satisfies ThemeDefinition<'plantingstructure'>;
