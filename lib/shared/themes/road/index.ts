/** Roads (MOD_057): new or changed road segments as lines with grade and length (km); width by grade. */
import { PERMISSIONS } from '../../permissions';
import type { ThemeDefinition } from '../types';

/** Road grades, widest first: the map draws each grade at its own width (pixels) as well as colour. */
export const ROAD_GRADES = [
  { value: 'expressway', zh: '高速公路', en: 'Expressway', color: '#c92a2a', width: 4 },
  { value: 'national', zh: '国道', en: 'National road', color: '#e8590c', width: 3.2 },
  { value: 'provincial', zh: '省道', en: 'Provincial road', color: '#f59f00', width: 2.5 },
  { value: 'county', zh: '县道', en: 'County road', color: '#5c940d', width: 1.8 },
  { value: 'rural', zh: '乡村道路', en: 'Rural road', color: '#495057', width: 1.2 },
] as const;

export const ROAD_STAGES = [
  { value: 'new', zh: '新建', en: 'New' },
  { value: 'upgraded', zh: '改扩建', en: 'Upgraded' },
  { value: 'building', zh: '在建', en: 'Under construction' },
] as const;

export const ROAD = {
  id: 'road',
  permission: PERMISSIONS.ROAD,
  path: '/monitor/road',
  api: '/api/road/v1',
  modules: ['statistics', 'detail'],
  measures: ['count', 'length'],
  capacityUnit: null,
  ramp: 'purple',
  geometries: ['line'],
  kinds: { dictionary: 'ROAD_META_GRADE', items: ROAD_GRADES },
  snapshots: false,
  counted: null,
  retired: null,
  stages: { dictionary: 'ROAD_META_STAGE', items: ROAD_STAGES },
  changeTypes: null,
  landuse: null,
  extras: ['length', 'name'],
  layers: {
    features: [
      {
        name: 'road_meta',
        styleBy: 'tblx',
        outline: false,
        title: { zh: '道路监测', en: 'Road monitoring' },
        abstract: {
          zh: '新建及改扩建道路路段（演示数据），按道路等级着色并以线宽区分，含长度。需道路权限，按用户权限范围过滤。',
          en: 'New and upgraded road segments (demo data), coloured and sized by grade, with their length. Road permission required; limited to the caller’s area ranges.',
        },
      },
    ],
    grid: null,
    zones: null,
  },
  gridLevel: 13,
  routeName: 'Road',
} as const satisfies ThemeDefinition<'road'>;
