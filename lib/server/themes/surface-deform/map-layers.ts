import 'server-only';
/**
 * The map layers of surface deformation (ADR 0015), registered by lib/server/composition/map-layers.ts:
 * - `surface_deform_rate`: the level-14 rate cells coloured by the diverging ramp (lib/shared/themes/surface-deform/ramp.ts);
 * - `surface_deform_product`: the InSAR products' frame footprints, outlined by pass.
 * Both need MOD_076, as the theme's API does; the cells are limited to the caller's area ranges by county
 * code (as the spot layers are), the footprints span provinces and are not (the product search is not either).
 */
import { rateColor } from '../../../shared/themes/surface-deform/ramp';
import { SURFACE_DEFORM } from '../../../shared/themes/surface-deform';
import type { LayerAttribute, MapLayer } from '../../map/layers';

const CHINA: MapLayer['extent'] = [73, 3, 136, 54];
const grid = SURFACE_DEFORM.rateGrid;

const regionAttributes = (code: string): LayerAttribute[] => [
  { name: 'xzqdm', sql: code, type: 'text', xsd: 'string' },
  { name: 'province', sql: `(left(${code}, 2) || '0000')`, type: 'text', xsd: 'string' },
  { name: 'city', sql: `(left(${code}, 4) || '00')`, type: 'text', xsd: 'string' },
  { name: 'county', sql: code, type: 'text', xsd: 'string' },
];

const passColor = new Map<string, string>(SURFACE_DEFORM.kinds.items.map((k) => [k.value, k.color]));

export const DEFORMATION_LAYERS: readonly MapLayer[] = [
  {
    name: grid.rateLayer,
    title: { zh: '地表形变速率', en: 'Surface deformation rate' },
    abstract: {
      zh: `InSAR 年均形变速率（毫米/年，负值为沉降），第 ${grid.cellLevel} 级网格（演示数据）：红色沉降、蓝色抬升。需地表形变权限，按用户权限范围过滤。`,
      en: `InSAR mean deformation rate (mm/year, negative = subsidence) on level-${grid.cellLevel} grid cells (demo data): red subsidence, blue uplift. Surface deformation permission required; limited to the caller’s area ranges.`,
    },
    from: 'deform_cells c',
    id: `(c.x || '.' || c.y)`,
    geometry: () => 'c.geom',
    geometryKind: 'MultiPolygon',
    attributes: [
      { name: 'x', sql: 'c.x', type: 'number', xsd: 'int' },
      { name: 'y', sql: 'c.y', type: 'number', xsd: 'int' },
      ...regionAttributes('c.xzqdm'),
      { name: 'rate', sql: 'c.rate::float8', type: 'number', xsd: 'double' },
      { name: 'coherence', sql: 'c.coherence::float8', type: 'number', xsd: 'double' },
    ],
    drawOrder: 'c.y, c.x',
    access: { kind: 'restricted', permission: SURFACE_DEFORM.permission, regionCode: 'c.xzqdm' },
    styles: {
      [grid.rateLayer]: {
        reads: ['rate'],
        // Fill only: cells of a class fill as one path, so neighbours meet without seams.
        paint: (row) => ({ fill: rateColor(Number(row.rate)) }),
      },
    },
    extent: CHINA,
  },
  {
    name: grid.productLayer,
    title: { zh: '地表形变产品范围', en: 'Surface deformation product frames' },
    abstract: {
      zh: 'InSAR 形变产品（哨兵一号、陆地探测一号时序堆栈，演示数据）的覆盖范围，按升降轨着色。需地表形变权限。',
      en: 'Frames of the InSAR deformation products (Sentinel-1 and LuTan-1 stacks; demo data), coloured by pass. Surface deformation permission required.',
    },
    from: 'deform_products s',
    id: 's.id',
    geometry: () => 's.footprint',
    geometryKind: 'MultiPolygon',
    attributes: [
      { name: 'id', sql: 's.id', type: 'text', xsd: 'string' },
      { name: 'filename', sql: 's.file_name', type: 'text', xsd: 'string' },
      { name: 'mission', sql: 's.mission', type: 'text', xsd: 'string' },
      { name: 'pass', sql: 's.pass', type: 'text', xsd: 'string' },
      { name: 'track', sql: 's.track::int', type: 'number', xsd: 'int' },
      { name: 'date_start', sql: 's.date_start', type: 'date', xsd: 'date' },
      { name: 'date_end', sql: 's.date_end', type: 'date', xsd: 'date' },
    ],
    drawOrder: 's.date_end, s.id',
    access: { kind: 'restricted', permission: SURFACE_DEFORM.permission, regionCode: null },
    styles: {
      [grid.productLayer]: {
        reads: ['pass'],
        paint: (row) => {
          const color = passColor.get(String(row.pass)) ?? '#495057';
          return { stroke: color, lineWidth: 1.5, fill: 'rgba(0, 0, 0, 0)' };
        },
      },
    },
    extent: CHINA,
  },
];
