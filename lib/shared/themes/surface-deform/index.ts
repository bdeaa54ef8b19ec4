/**
 * Surface deformation (MOD_076, ADR 0015): InSAR deformation products (Sentinel-1 and LuTan-1 stacks, one
 * frame and pass each, over a date range) as a searchable set, and deformation rates (mm/year) on a grid of
 * level-14 cells with each cell's displacement time series. Not a feature theme: no statistics or detail
 * modules; its own tables, API (/api/surface-deformation/v1) and layers, declared under `rateGrid`.
 */
import { PERMISSIONS } from '../../permissions';
import type { ThemeDefinition } from '../types';

/** The stack's orbit pass (stored as the product's `pass`), coloured on the footprint layer. */
export const DEFORM_PASSES = [
  { value: 'ASC', zh: '升轨', en: 'Ascending', color: '#1971c2' },
  { value: 'DESC', zh: '降轨', en: 'Descending', color: '#e8590c' },
] as const;

/** The mission of a stack (stored as the product's `mission`). */
export const DEFORM_MISSIONS = [
  { value: 'S1', zh: '哨兵一号', en: 'Sentinel-1' },
  { value: 'LT1', zh: '陆地探测一号', en: 'LuTan-1' },
] as const;

/** Rate classes (mm/a), ColorBrewer RdBu: subsidence red, stable near white, uplift blue. */
export const DEFORM_RATE_CLASSES = [
  { from: -200, to: -80, color: '#67001f' },
  { from: -80, to: -50, color: '#b2182b' },
  { from: -50, to: -30, color: '#d6604d' },
  { from: -30, to: -15, color: '#f4a582' },
  { from: -15, to: -5, color: '#fddbc7' },
  { from: -5, to: 5, color: '#f7f7f7' },
  { from: 5, to: 15, color: '#d1e5f0' },
  { from: 15, to: 30, color: '#92c5de' },
  { from: 30, to: 200, color: '#2166ac' },
] as const;

export const SURFACE_DEFORM = {
  id: 'surface_deform',
  permission: PERMISSIONS.SURFACE_DEFORM,
  path: '/monitor/surfaceDeform',
  api: '/api/surface-deformation/v1',
  modules: ['products', 'rates'],
  measures: ['count'],
  capacityUnit: null,
  ramp: 'yellowRed',
  geometries: ['polygon'],
  kinds: { dictionary: 'SURFACE_DEFORM_PASS', items: DEFORM_PASSES },
  snapshots: false,
  counted: null,
  retired: null,
  stages: { dictionary: 'SURFACE_DEFORM_MISSION', items: DEFORM_MISSIONS },
  changeTypes: null,
  landuse: null,
  extras: [],
  layers: { features: [], grid: null, zones: null },
  // Level 14 (≈ 1.9 km at 40° N): a subsidence bowl tens of km wide spans 10–30 cells, so its shape and
  // centre show, while one city's window stays within ~2,000 cells and a time series each.
  gridLevel: 14,
  routeName: 'Earthsurface',
  rateGrid: {
    productLayer: 'surface_deform_product',
    rateLayer: 'surface_deform_rate',
    unit: 'mm/a',
    classes: DEFORM_RATE_CLASSES,
    cellLevel: 14,
  },
  ownApi: true,
} as const satisfies ThemeDefinition<'surface_deform'>;
