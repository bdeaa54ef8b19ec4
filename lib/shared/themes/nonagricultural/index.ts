/**
 * Non-agricultural and non-grain use of farmland (MOD_068): spots where farmland was built on, paved, dug
 * into ponds or afforested (non-agricultural use) or turned to orchards, nursery stock, fish ponds or
 * non-grain crops (non-grain use), as the State Council's 2020 notices on curbing the two draw the line.
 * Found each quarter, then verified and rectified; all five modules, with a finer grid than land cover.
 */
import { PERMISSIONS } from '../../permissions';
import type { ThemeDefinition } from '../types';

export const FARMLAND_USE_GROUPS = [
  { value: 'nonagri', zh: '耕地非农化', en: 'Non-agricultural use', color: '#c92a2a' },
  { value: 'nongrain', zh: '耕地非粮化', en: 'Non-grain use', color: '#f59f00' },
] as const;

/** Dark colours for non-agricultural use, lighter ones for non-grain use: the groups differ in lightness too. */
export const NONAGRICULTURAL_KINDS = [
  { value: 'building', zh: '非农建设占用', en: 'Non-agricultural construction', color: '#a61e4d', group: 'nonagri' },
  { value: 'road', zh: '道路及硬化', en: 'Roads and paving', color: '#495057', group: 'nonagri' },
  { value: 'pond', zh: '挖湖造景', en: 'Lakes dug for landscaping', color: '#1864ab', group: 'nonagri' },
  { value: 'greening', zh: '绿化造林', en: 'Greening and afforestation', color: '#2b8a3e', group: 'nonagri' },
  { value: 'orchard', zh: '种植果树', en: 'Orchards', color: '#e8590c', group: 'nongrain' },
  { value: 'nursery', zh: '苗木花卉草皮', en: 'Nursery stock, flowers and turf', color: '#94d82d', group: 'nongrain' },
  { value: 'fishpond', zh: '挖塘养殖', en: 'Fish ponds', color: '#74c0fc', group: 'nongrain' },
  { value: 'cash_crop', zh: '非粮作物', en: 'Non-grain crops', color: '#ffd43b', group: 'nongrain' },
] as const;

/** Dictionary "non-agricultural meta stage" (spec §3): a spot is found, verified in the field, then rectified. */
export const NONAGRICULTURAL_STAGES = [
  { value: '1', zh: '待核查', en: 'Found, to be verified', color: '#fab005' },
  { value: '2', zh: '核实违规', en: 'Verified as violation', color: '#e03131' },
  { value: '3', zh: '整改中', en: 'Being rectified', color: '#f76707' },
  { value: '4', zh: '已整改复耕', en: 'Rectified, farmed again', color: '#2f9e44' },
  { value: '5', zh: '核实合规', en: 'Verified as lawful', color: '#868e96' },
] as const;

/** The farmland a spot was taken from: permanent basic farmland is the protected red line. */
export const FARMLAND_CLASSES = [
  { value: 'permanent', zh: '永久基本农田', en: 'Permanent basic farmland', color: '#c92a2a' },
  { value: 'general', zh: '一般耕地', en: 'Other farmland', color: '#ffa8a8' },
] as const;

export const NONAGRICULTURAL = {
  id: 'nonagricultural',
  permission: PERMISSIONS.NON_AGRICULTURAL,
  path: '/monitor/nonagricultural',
  api: '/api/nonagricultural/v1',
  modules: ['statistics', 'detail', 'grid', 'sequence', 'trend'],
  measures: ['count', 'area'],
  capacityUnit: null,
  ramp: 'red',
  geometries: ['polygon'],
  kinds: { dictionary: 'NONAGRICULTURAL_META_TYPE', items: NONAGRICULTURAL_KINDS },
  kindGroups: { dictionary: 'NONAGRICULTURAL_USE_GROUP', items: FARMLAND_USE_GROUPS },
  snapshots: false,
  counted: null,
  // A spot verified as lawful (approved construction, a permitted adjustment) is no loss of farmland.
  retired: ['5'],
  restored: ['4'],
  speaksOf: 'spots',
  stages: { dictionary: 'NONAGRICULTURAL_META_STAGE', items: NONAGRICULTURAL_STAGES },
  changeTypes: null,
  landuse: {
    dictionary: 'NONAGRICULTURAL_FARMLAND_CLASS',
    items: FARMLAND_CLASSES,
    label: { zh: '所占耕地类别', en: 'Farmland taken' },
  },
  extras: ['landuse_type'],
  layers: {
    features: [
      {
        name: 'nonagricultural_nongrain_meta',
        styleBy: 'tblx',
        outline: false,
        title: { zh: '耕地非农化非粮化图斑', en: 'Non-agricultural and non-grain use of farmland' },
        abstract: {
          zh: '耕地非农化、非粮化监测图斑（演示数据），按类型着色，含所占耕地类别与核查整改阶段。需非农化监测权限，按用户权限范围过滤。',
          en: 'Spots of non-agricultural and non-grain use of farmland (demo data) coloured by kind, with the farmland class taken and the verification stage. Non-agricultural monitoring permission required; limited to the caller’s area ranges.',
        },
      },
    ],
    grid: 'nonagricultural_grid',
    zones: null,
  },
  // Level 14 (cells of about 2 km): these spots are farmland parcels of well under a hectare clustered at
  // village edges, so land cover's level-13 cells (about 4 km) would merge a township's clusters into one.
  gridLevel: 14,
  routeName: 'Nonagricultural',
} as const satisfies ThemeDefinition<'nonagricultural'>;
