import 'server-only';
/**
 * The map layers of every declared theme (spec §7 layer names), made from the declarations in
 * lib/shared/themes: each theme's detail layers (land cover's `spot_meta`, `spot_meta_v2`,
 * `spot_meta_style_spot_type`; `windmill_meta`, `pvland_meta`, `road_meta`, `steelplant_meta`), its grid
 * cells (`grid_statistics_default`) and its suitability zones (`windmill_adaptive_zone`,
 * `pvland_adaptive_zone`). A layer holds only its own theme's rows; the detail and grid layers need the
 * theme's permission and are limited to the caller's area ranges, as the theme's API is (enforced by
 * lib/server/map/query.ts), zones as well. Registered by lib/server/composition/map-layers.ts.
 */
import type { GeometryKind, LayerAccess, LayerAttribute, LayerStyle, MapLayer } from '../map/layers';
import { withAlpha } from '../map/styles';
import { gridCellColor } from '../../shared/spots/grid';
import { THEMES, type ColoredCode, type FeatureExtra, type FeatureLayer, type ThemeDefinition } from '../../shared/themes';

const CHINA: MapLayer['extent'] = [73, 3, 136, 54];

const regionAttributes = (code: string): LayerAttribute[] => [
  { name: 'xzqdm', sql: code, type: 'text', xsd: 'string' },
  { name: 'province', sql: `(left(${code}, 2) || '0000')`, type: 'text', xsd: 'string' },
  { name: 'city', sql: `(left(${code}, 4) || '00')`, type: 'text', xsd: 'string' },
  { name: 'county', sql: code, type: 'text', xsd: 'string' },
];

const COMMON_ATTRIBUTES: readonly LayerAttribute[] = [
  { name: 'id', sql: 's.id', type: 'number', xsd: 'int' },
  { name: 'theme', sql: 's.theme', type: 'text', xsd: 'string' },
  { name: 'batch', sql: 's.batch_id', type: 'number', xsd: 'int' },
  { name: 'quarter', sql: 'b.quarter', type: 'text', xsd: 'string' },
  ...regionAttributes('s.xzqdm'),
  { name: 'stage', sql: 's.stage', type: 'text', xsd: 'string' },
  { name: 'tblx', sql: 's.tblx', type: 'text', xsd: 'string' },
];

/** The extra attributes a theme declares (its whitelist), after the common ones. */
const EXTRA_ATTRIBUTES: Readonly<Record<FeatureExtra, readonly LayerAttribute[]>> = {
  change_type: [{ name: 'change_type', sql: 's.change_type', type: 'number', xsd: 'int' }],
  landuse_type: [{ name: 'landuse_type', sql: 's.landuse_type', type: 'text', xsd: 'string' }],
  capacity: [{ name: 'capacity', sql: 'round(s.capacity::numeric, 2)::float8', type: 'number', xsd: 'double' }],
  length: [{ name: 'length', sql: 'round((s.length_m / 1000)::numeric, 3)::float8', type: 'number', xsd: 'double' }],
  name: [
    { name: 'name_zh', sql: 's.name_zh', type: 'text', xsd: 'string' },
    { name: 'name_en', sql: 's.name_en', type: 'text', xsd: 'string' },
  ],
};

const TAIL_ATTRIBUTES: readonly LayerAttribute[] = [
  { name: 'filename', sql: 's.filename', type: 'text', xsd: 'string' },
  { name: 'area', sql: 'round(s.area_m2::numeric, 2)::float8', type: 'number', xsd: 'double' },
  { name: 'detected_on', sql: 's.detected_on', type: 'date', xsd: 'date' },
];

/** The code list a detail layer colours by. */
function paletteOf(
  theme: ThemeDefinition,
  by: FeatureLayer['styleBy'],
): readonly (ColoredCode | { value: string; color?: string; width?: number })[] {
  if (by === 'change_type') return theme.changeTypes?.items ?? [];
  if (by === 'landuse_type') return theme.landuse?.items ?? [];
  if (by === 'stage') return theme.stages.items;
  return theme.kinds.items;
}

/** Colour by the declared attribute; polygons filled (lightly with a bold edge for an outline layer), lines at their grade's width, points as dots. */
function featureStyle(theme: ThemeDefinition, layer: FeatureLayer): LayerStyle {
  const palette = new Map(paletteOf(theme, layer.styleBy).map((c) => [c.value, c]));
  const fillAlpha = layer.outline ? 0.2 : 0.55;
  const lineWidth = layer.outline ? 2 : 1.2;
  return {
    reads: [layer.styleBy],
    paint: (row, degreesPerPixel) => {
      const code = palette.get(String(row[layer.styleBy]));
      const color = code?.color ?? '#495057';
      return {
        stroke: color,
        // Lines keep their grade's width; points shrink a little on country-wide views.
        lineWidth: code?.width ?? lineWidth,
        fill: withAlpha(color, fillAlpha),
        radius: degreesPerPixel > 0.02 ? 2.5 : 4,
      };
    },
  };
}

function geometryKindOf(theme: ThemeDefinition): GeometryKind {
  if (theme.geometries.length > 1) return 'Geometry';
  return theme.geometries[0] === 'point' ? 'Point' : theme.geometries[0] === 'line' ? 'MultiLineString' : 'MultiPolygon';
}

/** A trusted literal: theme ids are declared constants matching ^[a-z][a-z0-9_]*$. */
function themeLiteral(theme: ThemeDefinition): string {
  if (!/^[a-z][a-z0-9_]{1,30}$/.test(theme.id)) throw new Error(`Bad theme id ${theme.id}`);
  return `'${theme.id}'`;
}

const detailAccess = (theme: ThemeDefinition, regionCode: string): LayerAccess => ({
  kind: 'restricted',
  permission: theme.permission,
  regionCode,
});

function featureLayer(theme: ThemeDefinition, layer: FeatureLayer): MapLayer {
  return {
    name: layer.name,
    title: layer.title,
    abstract: layer.abstract,
    from: 'spots s JOIN spot_batches b ON b.id = s.batch_id',
    where: `s.theme = ${themeLiteral(theme)}`,
    id: 's.id::text',
    geometry: () => 's.geom',
    geometryKind: geometryKindOf(theme),
    attributes: [...COMMON_ATTRIBUTES, ...theme.extras.flatMap((e) => EXTRA_ATTRIBUTES[e]), ...TAIL_ATTRIBUTES],
    // Small polygons on top of large ones, points and lines over polygons.
    drawOrder: 's.area_m2 DESC, s.id',
    access: detailAccess(theme, 's.xzqdm'),
    styles: { [layer.name]: featureStyle(theme, layer) },
    extent: CHINA,
  };
}

/** Cells coloured by their spots-per-cell class (the legend beside the grid map uses the same classes). */
const byCount: LayerStyle = {
  reads: ['count'],
  paint: (row) => ({
    stroke: 'rgba(33, 37, 41, 0.7)',
    lineWidth: 0.8,
    fill: withAlpha(gridCellColor(Number(row.count)), 0.8),
  }),
};

/** Grid cells per batch and county (a cell on a county border is split), from the features' inner points. */
function gridLayer(theme: ThemeDefinition, name: string): MapLayer {
  const level = theme.gridLevel;
  return {
    name,
    title: { zh: '图斑格网统计', en: 'Spot grid statistics' },
    abstract: {
      zh: `第 ${level} 级网格（Web 墨卡托瓦片）内的图斑数量与面积，按批次和区县统计。需专题权限，按用户权限范围过滤。`,
      en: `Spot counts and areas in level-${level} grid cells (Web-Mercator tiles) per batch and county. Theme permission required; limited to the caller’s area ranges.`,
    },
    from: `(
      SELECT s.theme, s.batch_id, s.xzqdm, t.x, t.y, count(*)::int AS spot_count, sum(s.area_m2) AS area_m2,
             ST_Transform(ST_TileEnvelope(${level}, t.x, t.y), 4326) AS geom
      FROM spots s
      CROSS JOIN LATERAL (
        SELECT web_mercator_tile_x(ST_X(s.center), ${2 ** level}) AS x, web_mercator_tile_y(ST_Y(s.center), ${2 ** level}) AS y
      ) t
      WHERE s.theme = ${themeLiteral(theme)}
      GROUP BY s.theme, s.batch_id, s.xzqdm, t.x, t.y
    ) g`,
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
    access: detailAccess(theme, 'g.xzqdm'),
    styles: { [name]: byCount },
    extent: CHINA,
  };
}

function zoneLayer(theme: ThemeDefinition, zones: NonNullable<ThemeDefinition['layers']['zones']>): MapLayer {
  const palette = new Map(zones.classes.items.map((c) => [c.value, c.color]));
  return {
    name: zones.name,
    title: zones.title,
    abstract: {
      zh: `${zones.title.zh}（演示数据），按适宜等级着色。需专题权限，按用户权限范围过滤。`,
      en: `${zones.title.en} (demo data), coloured by suitability class. Theme permission required; limited to the caller’s area ranges.`,
    },
    from: `theme_zones z`,
    where: `z.theme = ${themeLiteral(theme)}`,
    id: 'z.id::text',
    geometry: () => 'z.geom',
    geometryKind: 'MultiPolygon',
    attributes: [
      { name: 'theme', sql: 'z.theme', type: 'text', xsd: 'string' },
      { name: 'zone_class', sql: 'z.zone_class', type: 'text', xsd: 'string' },
      ...regionAttributes('z.xzqdm'),
      { name: 'area', sql: 'round(z.area_m2::numeric, 2)::float8', type: 'number', xsd: 'double' },
    ],
    drawOrder: 'z.zone_class DESC, z.id',
    access: detailAccess(theme, 'z.xzqdm'),
    styles: {
      [zones.name]: {
        reads: ['zone_class'],
        paint: (row) => {
          const color = palette.get(String(row.zone_class)) ?? '#adb5bd';
          return { stroke: withAlpha(color, 0.9), lineWidth: 0.6, fill: withAlpha(color, 0.45) };
        },
      },
    },
    extent: CHINA,
  };
}

export const SPOT_LAYERS: readonly MapLayer[] = THEMES.flatMap((theme) => [
  ...theme.layers.features.map((layer) => featureLayer(theme, layer)),
  ...(theme.layers.grid ? [gridLayer(theme, theme.layers.grid)] : []),
  ...(theme.layers.zones ? [zoneLayer(theme, theme.layers.zones)] : []),
]);
