import 'server-only';
/**
 * The spot layers of the map services (spec §7 layer names): spots styled by change type
 * (`spot_meta`, `spot_meta_v2`), by spot type (`spot_meta_style_spot_type`), and level-13 grid cells
 * counting them (`grid_statistics_default`). All are land-cover detail data: only callers holding the
 * land-cover permission see features, and only within their area ranges, as on /api/spot/v2
 * (enforced by lib/server/map/query.ts). Registered by lib/server/composition/map-layers.ts.
 */
import type { LayerAccess, LayerAttribute, MapLayer } from '../map/layers';
import type { LayerStyle } from '../map/styles';
import { PERMISSIONS } from '../../shared/permissions';
import { CHANGE_TYPES, SPOT_TYPES } from '../../shared/spots/codes';
import { gridCellColor } from '../../shared/spots/grid';

const CHINA: MapLayer['extent'] = [73, 3, 136, 54];

const regionAttributes = (code: string): LayerAttribute[] => [
  { name: 'xzqdm', sql: code, type: 'text', xsd: 'string' },
  { name: 'province', sql: `(left(${code}, 2) || '0000')`, type: 'text', xsd: 'string' },
  { name: 'city', sql: `(left(${code}, 4) || '00')`, type: 'text', xsd: 'string' },
  { name: 'county', sql: code, type: 'text', xsd: 'string' },
];

const SPOT_ATTRIBUTES: readonly LayerAttribute[] = [
  { name: 'id', sql: 's.id', type: 'number', xsd: 'int' },
  { name: 'theme', sql: 's.theme', type: 'text', xsd: 'string' },
  { name: 'batch', sql: 's.batch_id', type: 'number', xsd: 'int' },
  { name: 'quarter', sql: 'b.quarter', type: 'text', xsd: 'string' },
  ...regionAttributes('s.xzqdm'),
  { name: 'stage', sql: 's.stage', type: 'text', xsd: 'string' },
  { name: 'tblx', sql: 's.tblx', type: 'text', xsd: 'string' },
  { name: 'change_type', sql: 's.change_type', type: 'number', xsd: 'int' },
  { name: 'landuse_type', sql: 's.landuse_type', type: 'text', xsd: 'string' },
  { name: 'filename', sql: 's.filename', type: 'text', xsd: 'string' },
  { name: 'area', sql: 'round(s.area_m2::numeric, 2)::float8', type: 'number', xsd: 'double' },
  { name: 'detected_on', sql: 's.detected_on', type: 'date', xsd: 'date' },
];

/** Land-cover detail: the permission of /api/spot/v2, rows limited to the caller's area ranges by county code. */
const landCoverAccess = (regionCode: string): LayerAccess => ({ kind: 'restricted', permission: PERMISSIONS.LANDCOVER, regionCode });

const CHANGE_COLORS = new Map<number, string>(CHANGE_TYPES.map((c) => [Number(c.value), c.color]));
const TYPE_COLORS = new Map<string, string>(SPOT_TYPES.map((t) => [t.value, t.color]));

function withAlpha(hex: string, alpha: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 0xff}, ${(n >> 8) & 0xff}, ${n & 0xff}, ${alpha})`;
}

const byChangeType = (fillAlpha: number, lineWidth: number): LayerStyle => ({
  reads: ['change_type'],
  paint: (row) => {
    const color = CHANGE_COLORS.get(Number(row.change_type)) ?? '#495057';
    return { stroke: color, lineWidth, fill: withAlpha(color, fillAlpha) };
  },
});

const bySpotType: LayerStyle = {
  reads: ['tblx'],
  paint: (row) => {
    const color = TYPE_COLORS.get(String(row.tblx)) ?? '#495057';
    return { stroke: color, lineWidth: 1.2, fill: withAlpha(color, 0.55) };
  },
};

/** Cells coloured by their spots-per-cell class (the legend beside the grid map uses the same classes). */
const byCount: LayerStyle = {
  reads: ['count'],
  paint: (row) => ({
    stroke: 'rgba(33, 37, 41, 0.7)',
    lineWidth: 0.8,
    fill: withAlpha(gridCellColor(Number(row.count)), 0.8),
  }),
};

const SPOT_STYLES = {
  spot_meta: byChangeType(0.55, 1.2),
  spot_meta_v2: byChangeType(0.2, 2),
  spot_meta_style_spot_type: bySpotType,
} as const;

const spotLayer = (name: keyof typeof SPOT_STYLES, title: MapLayer['title'], abstract: MapLayer['abstract']): MapLayer => ({
  name,
  title,
  abstract,
  from: 'spots s JOIN spot_batches b ON b.id = s.batch_id',
  id: 's.id::text',
  geometry: () => 's.geom',
  geometryKind: 'MultiPolygon',
  attributes: SPOT_ATTRIBUTES,
  // Small spots on top of large ones.
  drawOrder: 's.area_m2 DESC, s.id',
  access: landCoverAccess('s.xzqdm'),
  styles: { [name]: SPOT_STYLES[name] },
  extent: CHINA,
});

export const GRID_LEVEL = 13;

/** Grid cells per batch and county (a cell on a county border is split), from the spots' inner points. */
const GRID_FROM = `(
  SELECT s.theme, s.batch_id, s.xzqdm, t.x, t.y, count(*)::int AS spot_count, sum(s.area_m2) AS area_m2,
         ST_Transform(ST_TileEnvelope(${GRID_LEVEL}, t.x, t.y), 4326) AS geom
  FROM spots s
  CROSS JOIN LATERAL (
    SELECT web_mercator_tile_x(ST_X(s.center), ${2 ** GRID_LEVEL}) AS x, web_mercator_tile_y(ST_Y(s.center), ${2 ** GRID_LEVEL}) AS y
  ) t
  GROUP BY s.theme, s.batch_id, s.xzqdm, t.x, t.y
) g`;

export const SPOT_LAYERS: readonly MapLayer[] = [
  spotLayer(
    'spot_meta',
    { zh: '监测图斑', en: 'Monitoring spots' },
    {
      zh: '土地覆盖变化监测图斑（演示数据），按变化类型着色：0 未变化、1 扩建、2 拆除、3 部分拆除。需土地覆盖权限，按用户权限范围过滤。',
      en: 'Land-cover change spots (demo data) coloured by change type: 0 unchanged, 1 expansion, 2 demolition, 3 partial demolition. Land-cover permission required; limited to the caller’s area ranges.',
    },
  ),
  spotLayer(
    'spot_meta_v2',
    { zh: '监测图斑（第二版）', en: 'Monitoring spots (v2)' },
    {
      zh: '与 spot_meta 相同的图斑，半透明填充加粗边线，适合叠加在影像上。需土地覆盖权限，按用户权限范围过滤。',
      en: 'The spots of spot_meta with a light fill and bold outline, for use over imagery. Land-cover permission required; limited to the caller’s area ranges.',
    },
  ),
  spotLayer(
    'spot_meta_style_spot_type',
    { zh: '监测图斑（按图斑类型）', en: 'Monitoring spots by spot type' },
    {
      zh: '按图斑类型（tblx）着色的监测图斑。需土地覆盖权限，按用户权限范围过滤。',
      en: 'Monitoring spots coloured by spot type (tblx). Land-cover permission required; limited to the caller’s area ranges.',
    },
  ),
  {
    name: 'grid_statistics_default',
    title: { zh: '图斑格网统计', en: 'Spot grid statistics' },
    abstract: {
      zh: `第 ${GRID_LEVEL} 级网格（Web 墨卡托瓦片）内的图斑数量与面积，按批次和区县统计。需土地覆盖权限，按用户权限范围过滤。`,
      en: `Spot counts and areas in level-${GRID_LEVEL} grid cells (Web-Mercator tiles) per batch and county. Land-cover permission required; limited to the caller’s area ranges.`,
    },
    from: GRID_FROM,
    id: `(g.batch_id || '.' || g.xzqdm || '.' || g.x || '.' || g.y)`,
    geometry: () => 'g.geom',
    geometryKind: 'MultiPolygon',
    attributes: [
      { name: 'theme', sql: 'g.theme', type: 'text', xsd: 'string' },
      { name: 'batch', sql: 'g.batch_id', type: 'number', xsd: 'int' },
      ...regionAttributes('g.xzqdm'),
      { name: 'x', sql: 'g.x', type: 'number', xsd: 'int' },
      { name: 'y', sql: 'g.y', type: 'number', xsd: 'int' },
      { name: 'count', sql: 'g.spot_count', type: 'number', xsd: 'int' },
      { name: 'area', sql: 'round(g.area_m2::numeric, 2)::float8', type: 'number', xsd: 'double' },
    ],
    drawOrder: 'g.spot_count, g.x, g.y',
    access: landCoverAccess('g.xzqdm'),
    styles: { grid_statistics_default: byCount },
    extent: CHINA,
  },
];
