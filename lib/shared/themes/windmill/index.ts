/**
 * Wind power (MOD_059): turbines as points and wind farms as polygons, counted and summed by turbine
 * (a farm only groups them), with capacity in MW, commissioning batch and status; suitability zones.
 */
import { PERMISSIONS } from '../../permissions';
import type { ThemeDefinition } from '../types';

export const WINDMILL_KINDS = [
  { value: 'turbine', zh: '风电机组', en: 'Wind turbine', color: '#1864ab' },
  { value: 'farm', zh: '风电场', en: 'Wind farm', color: '#74c0fc' },
] as const;

export const WINDMILL_STAGES = [
  { value: '1', zh: '在建', en: 'Under construction', color: '#f08c00' },
  { value: '2', zh: '已并网运行', en: 'In operation', color: '#1864ab' },
  { value: '3', zh: '已退役', en: 'Decommissioned', color: '#868e96' },
] as const;

export const WIND_ZONE_CLASSES = [
  { value: '1', zh: '最适宜区', en: 'Most suitable', color: '#1c7ed6' },
  { value: '2', zh: '适宜区', en: 'Suitable', color: '#74c0fc' },
  { value: '3', zh: '较适宜区', en: 'Less suitable', color: '#d0ebff' },
] as const;

export const WINDMILL = {
  id: 'windmill',
  permission: PERMISSIONS.WINDMILL,
  path: '/monitor/windmill',
  api: '/api/windmill/v1',
  modules: ['statistics', 'detail'],
  measures: ['count', 'capacity'],
  capacityUnit: 'MW',
  ramp: 'blue',
  geometries: ['point', 'polygon'],
  kinds: { dictionary: 'WINDMILL_META_TYPE', items: WINDMILL_KINDS },
  snapshots: true,
  counted: ['turbine'],
  retired: ['3'],
  stages: { dictionary: 'WINDMILL_META_STAGE', items: WINDMILL_STAGES },
  changeTypes: null,
  landuse: null,
  extras: ['capacity', 'name'],
  layers: {
    features: [
      {
        name: 'windmill_meta',
        styleBy: 'stage',
        outline: false,
        title: { zh: '风电机组与风电场', en: 'Wind turbines and farms' },
        abstract: {
          zh: '风电机组（点）与风电场（面，演示数据），按状态着色，含装机容量（兆瓦）。需风电权限，按用户权限范围过滤。',
          en: 'Wind turbines (points) and wind farms (polygons; demo data) coloured by status, with capacity in MW. Wind power permission required; limited to the caller’s area ranges.',
        },
      },
    ],
    grid: null,
    zones: {
      name: 'windmill_adaptive_zone',
      classes: { dictionary: 'WINDMILL_ZONE_CLASS', items: WIND_ZONE_CLASSES },
      title: { zh: '风电适宜区', en: 'Wind power suitability zones' },
    },
  },
  gridLevel: 13,
  routeName: 'Windmill',
} as const satisfies ThemeDefinition<'windmill'>;
