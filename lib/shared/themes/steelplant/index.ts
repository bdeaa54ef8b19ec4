/** Steel capacity (MOD_060): plants as points and sites with capacity (Mt/a), process and life-cycle stage. */
import { PERMISSIONS } from '../../permissions';
import type { ThemeDefinition } from '../types';

export const STEEL_PROCESSES = [
  { value: 'bf', zh: '高炉-转炉长流程', en: 'Blast furnace (BF-BOF)', color: '#5f3dc4' },
  { value: 'eaf', zh: '电弧炉短流程', en: 'Electric arc furnace', color: '#0c8599' },
] as const;

/** Steel plant meta stage (spec §3 dictionary). */
export const STEEL_STAGES = [
  { value: '1', zh: '在产', en: 'Operating', color: '#2b8a3e' },
  { value: '2', zh: '停产', en: 'Idle', color: '#f08c00' },
  { value: '3', zh: '已拆除', en: 'Demolished', color: '#868e96' },
  { value: '4', zh: '在建', en: 'Under construction', color: '#1c7ed6' },
] as const;

export const STEELPLANT = {
  id: 'steelplant',
  permission: PERMISSIONS.STEELPLANT,
  path: '/monitor/steelplant',
  api: '/api/steelplant/v2',
  modules: ['statistics', 'detail'],
  measures: ['count', 'capacity'],
  capacityUnit: 'Mta',
  ramp: 'orange',
  geometries: ['point', 'polygon'],
  kinds: { dictionary: 'STEELPLANT_META_PROCESS', items: STEEL_PROCESSES },
  snapshots: true,
  counted: null,
  retired: ['3'],
  stages: { dictionary: 'STEELPLANT_META_STAGE', items: STEEL_STAGES },
  changeTypes: null,
  landuse: null,
  extras: ['capacity', 'name'],
  layers: {
    features: [
      {
        name: 'steelplant_meta',
        styleBy: 'stage',
        outline: false,
        title: { zh: '钢铁产能', en: 'Steel plants' },
        abstract: {
          zh: '钢铁企业厂址与厂区（演示数据），按生产状态着色，含产能（百万吨/年）与工艺。需钢铁产能权限，按用户权限范围过滤。',
          en: 'Steel plants and their sites (demo data) coloured by stage, with capacity (Mt/year) and process. Steel capacity permission required; limited to the caller’s area ranges.',
        },
      },
    ],
    grid: null,
    zones: null,
  },
  gridLevel: 13,
  routeName: 'Steelplant',
} as const satisfies ThemeDefinition<'steelplant'>;
