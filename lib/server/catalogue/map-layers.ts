import 'server-only';
/**
 * The catalogue's layer of the map services: `scene_density`, every footprint matching a search counted
 * per pixel cell and shaded faintly per scene, so where many scenes overlap the map darkens — where data
 * exists, before any paging. Counted in SQL on a grid fixed per zoom (lib/server/map/coverage.ts), not
 * drawn, so a tile's density depends only on the data and the zoom, however many scenes it covers. The
 * search travels as the vendor parameter SCENE_FILTER (the JSON `filter` of /api/normal/v5/normalmeta/base)
 * and becomes SQL through the same query builder as the search, so the map shows exactly the scenes the
 * search counts. CQL_FILTER works too, over the attributes below. Public, like the search.
 * Registered by lib/server/composition/map-layers.ts.
 */
import { CATALOGUE_LIMITS, sceneFilterSchema } from '../../shared/contracts/catalogue';
import type { SqlParam } from '../db/types';
import type { LayerAttribute, MapLayer, VendorFilter } from '../map/layers';
import { sceneConditions } from './query';

const ATTRIBUTES: readonly LayerAttribute[] = [
  { name: 'id', sql: 's.id', type: 'text', xsd: 'string' },
  { name: 'file_name', sql: 's.file_name', type: 'text', xsd: 'string' },
  { name: 'collection', sql: 's.collection', type: 'text', xsd: 'string' },
  { name: 'satellite', sql: 's.satellite', type: 'text', xsd: 'string' },
  { name: 'sensor', sql: 's.sensor', type: 'text', xsd: 'string' },
  { name: 'product_level', sql: 's.product_level', type: 'text', xsd: 'string' },
  { name: 'resolution', sql: 's.resolution_m::float8', type: 'number', xsd: 'double' },
  { name: 'cloud', sql: 's.cloud_pct::float8', type: 'number', xsd: 'double' },
  { name: 'acquired', sql: `(s.acquired_at AT TIME ZONE 'UTC')::date`, type: 'date', xsd: 'date' },
  { name: 'source', sql: 's.source', type: 'text', xsd: 'string' },
];

export const sceneFilterParam: VendorFilter = {
  param: 'SCENE_FILTER',
  sql: (value: string, params: SqlParam[]) => {
    if (value.length > CATALOGUE_LIMITS.sceneFilterMaxChars) return { error: `longer than ${CATALOGUE_LIMITS.sceneFilterMaxChars} characters` };
    let json: unknown;
    try {
      json = JSON.parse(value);
    } catch {
      return { error: 'not JSON' };
    }
    const parsed = sceneFilterSchema.safeParse(json);
    if (!parsed.success) return { error: `invalid filter (${parsed.error.issues[0]?.path.join('.') || 'filter'})` };
    const conditions = sceneConditions({ filter: parsed.data }, params);
    return { sql: conditions.length ? conditions.join(' AND ') : 'TRUE' };
  },
};

export const CATALOGUE_LAYERS: readonly MapLayer[] = [
  {
    name: 'scene_density',
    title: { zh: '影像覆盖密度', en: 'Scene coverage density' },
    abstract: {
      zh: '符合检索条件的全部影像足迹，叠加越多颜色越深（含演示数据）：按缩放级别固定的全球像元网格统计覆盖每个像元的影像数（以足迹外包矩形计），一个像元的颜色相当于该数量的足迹各以 8% 不透明度叠加，与所在瓦片无关、不设条数上限。检索条件用 SCENE_FILTER 参数传入（与影像查询接口的 filter 相同）。',
      en: 'Every scene footprint matching a search, darker where more overlap (includes demo data): the scenes covering each cell of a global pixel grid fixed per zoom level are counted (by footprint bounding box), and a cell is shaded as that many footprints at 8% opacity over each other — the same whatever the tile, with no cap on scenes. Pass the search as SCENE_FILTER (the filter of the image query API).',
    },
    from: 'scenes s',
    id: 's.id',
    geometry: () => 'ST_Multi(s.footprint)',
    boundsColumn: 's.footprint',
    geometryKind: 'MultiPolygon',
    attributes: ATTRIBUTES,
    drawOrder: 's.acquired_at, s.id',
    access: { kind: 'public' },
    styles: {
      // Counted per cell, not drawn: drawing stops at MAX_DRAWN_FEATURES, so a dense tile showed only
      // its oldest scenes while its neighbour showed all of its own — a seam at the tile edge.
      scene_density: { coverage: { rgb: [28, 126, 214], opacity: 0.08 } },
    },
    vendorFilter: sceneFilterParam,
    extent: [60, 0, 150, 60],
  },
];
