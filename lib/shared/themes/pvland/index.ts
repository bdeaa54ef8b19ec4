/**
 * Photovoltaic land (MOD_058): PV plants as polygons with their area and the land they stand on; plants
 * on farmland are drawn in the strongest colour, so occupied farmland stands out; suitability zones.
 */
import { PERMISSIONS } from '../../permissions';
import type { ThemeDefinition } from '../types';

export const PVLAND_KINDS = [
  { value: 'ground', zh: '集中式光伏电站', en: 'Utility-scale plant', color: '#e67700' },
  { value: 'distributed', zh: '分布式光伏', en: 'Distributed PV', color: '#fab005' },
] as const;

export const PVLAND_STAGES = [
  { value: '1', zh: '在建', en: 'Under construction' },
  { value: '2', zh: '已建成', en: 'Built' },
] as const;

/** The land under the panels; farmland first in the legend, in red, because it is what the theme watches. */
export const PVLAND_LANDUSE = [
  { value: 'farmland', zh: '耕地', en: 'Farmland', color: '#e03131' },
  { value: 'desert', zh: '沙漠戈壁', en: 'Desert and Gobi', color: '#d9a441' },
  { value: 'grassland', zh: '草地', en: 'Grassland', color: '#66a80f' },
  { value: 'water', zh: '水面', en: 'Water surface', color: '#1c7ed6' },
  { value: 'roof', zh: '建筑屋顶', en: 'Roofs', color: '#868e96' },
  { value: 'other', zh: '其他用地', en: 'Other land', color: '#ae3ec9' },
] as const;

export const PV_ZONE_CLASSES = [
  { value: '1', zh: '最适宜区', en: 'Most suitable', color: '#f76707' },
  { value: '2', zh: '适宜区', en: 'Suitable', color: '#ffa94d' },
  { value: '3', zh: '较适宜区', en: 'Less suitable', color: '#ffe8cc' },
] as const;

export const PVLAND = {
  id: 'pvland',
  permission: PERMISSIONS.PVLAND,
  path: '/monitor/pvland',
  api: '/api/pvland/v1',
  modules: ['statistics', 'detail'],
  measures: ['count', 'area'],
  capacityUnit: null,
  ramp: 'yellowRed',
  geometries: ['polygon'],
  kinds: { dictionary: 'PVLAND_META_TYPE', items: PVLAND_KINDS },
  snapshots: true,
  counted: null,
  retired: null,
  stages: { dictionary: 'PVLAND_META_STAGE', items: PVLAND_STAGES },
  changeTypes: null,
  landuse: { dictionary: 'PVLAND_LANDUSE_TYPE', items: PVLAND_LANDUSE },
  extras: ['landuse_type', 'name'],
  layers: {
    features: [
      {
        name: 'pvland_meta',
        styleBy: 'landuse_type',
        outline: false,
        title: { zh: '光伏用地', en: 'Photovoltaic land' },
        abstract: {
          zh: '光伏电站用地（演示数据），按占用地类着色，占用耕地为红色。需光伏权限，按用户权限范围过滤。',
          en: 'Photovoltaic plant land (demo data) coloured by the land it occupies; farmland in red. Photovoltaic permission required; limited to the caller’s area ranges.',
        },
      },
    ],
    grid: null,
    zones: {
      name: 'pvland_adaptive_zone',
      classes: { dictionary: 'PVLAND_ZONE_CLASS', items: PV_ZONE_CLASSES },
      title: { zh: '光伏适宜区', en: 'Photovoltaic suitability zones' },
    },
  },
  gridLevel: 13,
  routeName: 'Pvland',
} as const satisfies ThemeDefinition<'pvland'>;
