/** Land cover (MOD_056): change spots of every land-use change, all five modules, green statistics. */
import { PERMISSIONS } from '../../permissions';
import { CHANGE_TYPES, LANDUSE_TYPES, SPOT_STAGES, SPOT_TYPES } from '../../spots/codes';
import type { ThemeDefinition } from '../types';

export const LANDCOVER = {
  id: 'landcover',
  permission: PERMISSIONS.LANDCOVER,
  path: '/monitor/landcover',
  api: '/api/spot/v2',
  modules: ['statistics', 'detail', 'grid', 'sequence', 'trend'],
  measures: ['count', 'area'],
  capacityUnit: null,
  ramp: 'green',
  geometries: ['polygon'],
  kinds: { dictionary: 'SPOT_META_TYPE', items: SPOT_TYPES },
  snapshots: false,
  counted: null,
  retired: null,
  stages: { dictionary: 'SPOT_META_STAGE', items: SPOT_STAGES },
  changeTypes: { dictionary: 'SPOT_CHANGE_TYPE', items: CHANGE_TYPES },
  landuse: { dictionary: 'LANDCOVER_LANDUSE_TYPE', items: LANDUSE_TYPES },
  extras: ['change_type', 'landuse_type'],
  layers: {
    features: [
      {
        name: 'spot_meta',
        styleBy: 'change_type',
        outline: false,
        title: { zh: '监测图斑', en: 'Monitoring spots' },
        abstract: {
          zh: '土地覆盖变化监测图斑（演示数据），按变化类型着色：0 未变化、1 扩建、2 拆除、3 部分拆除。需土地覆盖权限，按用户权限范围过滤。',
          en: 'Land-cover change spots (demo data) coloured by change type: 0 unchanged, 1 expansion, 2 demolition, 3 partial demolition. Land-cover permission required; limited to the caller’s area ranges.',
        },
      },
      {
        name: 'spot_meta_v2',
        styleBy: 'change_type',
        outline: true,
        title: { zh: '监测图斑（第二版）', en: 'Monitoring spots (v2)' },
        abstract: {
          zh: '与 spot_meta 相同的图斑，半透明填充加粗边线，适合叠加在影像上。需土地覆盖权限，按用户权限范围过滤。',
          en: 'The spots of spot_meta with a light fill and bold outline, for use over imagery. Land-cover permission required; limited to the caller’s area ranges.',
        },
      },
      {
        name: 'spot_meta_style_spot_type',
        styleBy: 'tblx',
        outline: false,
        title: { zh: '监测图斑（按图斑类型）', en: 'Monitoring spots by spot type' },
        abstract: {
          zh: '按图斑类型（tblx）着色的监测图斑。需土地覆盖权限，按用户权限范围过滤。',
          en: 'Monitoring spots coloured by spot type (tblx). Land-cover permission required; limited to the caller’s area ranges.',
        },
      },
    ],
    grid: 'grid_statistics_default',
    zones: null,
  },
  gridLevel: 13,
  routeName: 'SpotStatistics',
  speaksOf: 'spots',
  spotTerms: true,
  ownApi: true,
} as const satisfies ThemeDefinition<'landcover'>;
