import 'server-only';
/** Reads a layer's features for drawing, feature info and WFS, through the one filter builder. */
import type { Queryable, SqlParam } from '../db/types';
import type { RegionLod } from '../../shared/contracts/regions';
import type { Bbox } from './crs';
import type { FeatureStyle, MapLayer } from './layers';
import { buildWhere, type FeatureFilter } from './query';
import type { DrawItem } from './render';

/**
 * Most features one image draws; beyond this the request is too coarse for the layer, and the image
 * shows only the first in draw order. A density must not depend on that: density styles count per
 * cell instead (./coverage.ts).
 */
export const MAX_DRAWN_FEATURES = 50_000;

/** The level of detail for a resolution in degrees of longitude per pixel. */
export function lodFor(degreesPerPixel: number): RegionLod {
  if (degreesPerPixel > 0.004) return 'lo';
  if (degreesPerPixel > 0.0006) return 'mid';
  return 'hi';
}

function attributeSql(layer: MapLayer, name: string): string {
  const attribute = layer.attributes.find((a) => a.name === name);
  if (!attribute) throw new Error(`Layer ${layer.name} has no attribute ${name}`);
  return attribute.sql;
}

export async function fetchDrawItems(
  db: Queryable,
  layer: MapLayer,
  style: FeatureStyle,
  bbox: Bbox,
  degreesPerPixel: number,
  filter: FeatureFilter,
): Promise<DrawItem[]> {
  const geometry = layer.geometry(lodFor(degreesPerPixel));
  const params: SqlParam[] = [];
  let where = buildWhere(layer, geometry, { ...filter, bbox }, params);
  const levels = style.levels?.(degreesPerPixel);
  if (levels) {
    params.push(levels as string[]);
    where += ` AND ${attributeSql(layer, 'level')} = ANY ($${params.length}::text[])`;
  }
  // Clip to the image plus a margin (in degrees) so strokes run on past the edge and huge outlines
  // are not shipped whole for a small tile.
  const margin = degreesPerPixel * 4;
  params.push(bbox[0] - margin, bbox[1] - margin, bbox[2] + margin, bbox[3] + margin);
  const p = params.length;
  const reads = style.reads.map((name, i) => `${attributeSql(layer, name)} AS a${i}`);
  const rows = await db.query<Record<string, unknown> & { wkb: Uint8Array }>(
    `SELECT ${[...reads, `ST_AsBinary(ST_ClipByBox2D(${geometry}, ST_MakeEnvelope($${p - 3}, $${p - 2}, $${p - 1}, $${p}, 4326))) AS wkb`].join(', ')}
     FROM ${layer.from} WHERE ${where} ORDER BY ${layer.drawOrder} LIMIT ${MAX_DRAWN_FEATURES}`,
    params,
  );
  const items: DrawItem[] = [];
  for (const row of rows) {
    const values = Object.fromEntries(style.reads.map((name, i) => [name, row[`a${i}`]]));
    const paint = style.paint(values, degreesPerPixel);
    if (!paint || !row.wkb) continue;
    items.push({ wkb: row.wkb, style: paint });
  }
  return items;
}

export interface FeatureRecord {
  id: string;
  properties: Record<string, unknown>;
  geojson: string | null;
}

export interface FeatureQueryOptions {
  lod: RegionLod;
  filter: FeatureFilter;
  /** Only features touching this geometry (EWKT-free: lon, lat, radius in degrees). */
  near?: { lon: number; lat: number; radius: number } | null;
  limit: number;
  offset: number;
  /** Output geometry: GeoJSON (lon/lat) or GML 3.2 (URN CRS, lat/lon for EPSG:4326), or none. */
  geometry: { format: 'geojson' | 'gml'; decimals: number; srid: 4326 | 3857 } | null;
  orderBy?: string;
}

function geometryOutput(column: string, id: string, output: NonNullable<FeatureQueryOptions['geometry']>): string {
  const source = output.srid === 3857 ? `ST_Transform(${column}, 3857)` : column;
  const decimals = Math.trunc(output.decimals);
  if (output.format === 'geojson') return `ST_AsGeoJSON(${source}, ${decimals})`;
  // Options: 1 = URN CRS name; 16 = EPSG:4326 axis order (latitude first); 'gml' prefix, gml:id.
  return `ST_AsGML(3, ${source}, ${decimals}, ${output.srid === 4326 ? 17 : 1}, 'gml', 'g.' || ${id})`;
}

export async function queryFeatures(db: Queryable, layer: MapLayer, options: FeatureQueryOptions): Promise<FeatureRecord[]> {
  const geometry = layer.geometry(options.lod);
  const params: SqlParam[] = [];
  let where = buildWhere(layer, geometry, options.filter, params);
  if (options.near) {
    params.push(options.near.lon, options.near.lat, options.near.radius);
    const p = params.length;
    where += ` AND ST_DWithin(${geometry}, ST_SetSRID(ST_MakePoint($${p - 2}, $${p - 1}), 4326), $${p})`;
  }
  const columns = layer.attributes.map((a, i) => `${a.sql} AS a${i}`);
  const geo = options.geometry ? geometryOutput(geometry, layer.id, options.geometry) : 'NULL';
  params.push(options.limit, options.offset);
  const rows = await db.query<Record<string, unknown> & { fid: string; geojson: string | null }>(
    `SELECT ${layer.id} AS fid, ${[...columns, `${geo} AS geojson`].join(', ')}
     FROM ${layer.from} WHERE ${where} ORDER BY ${options.orderBy ?? layer.id} LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return rows.map((row) => ({
    id: String(row.fid),
    properties: Object.fromEntries(layer.attributes.map((a, i) => [a.name, row[`a${i}`] ?? null])),
    geojson: row.geojson,
  }));
}

export async function countFeatures(db: Queryable, layer: MapLayer, lod: RegionLod, filter: FeatureFilter): Promise<number> {
  const params: SqlParam[] = [];
  const where = buildWhere(layer, layer.geometry(lod), filter, params);
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${layer.from} WHERE ${where}`, params);
  return row?.n ?? 0;
}

/**
 * Vertices the geometries of one page of a query hold (the same rows, order, limit and offset as
 * queryFeatures): what an answer will weigh, known before any of it is serialised.
 */
export async function countVertices(
  db: Queryable,
  layer: MapLayer,
  options: Pick<FeatureQueryOptions, 'lod' | 'filter' | 'limit' | 'offset' | 'orderBy'>,
): Promise<number> {
  const geometry = layer.geometry(options.lod);
  const params: SqlParam[] = [];
  const where = buildWhere(layer, geometry, options.filter, params);
  params.push(options.limit, options.offset);
  const [row] = await db.query<{ n: number }>(
    `SELECT COALESCE(sum(n), 0)::bigint::float8 AS n FROM (
       SELECT ST_NPoints(${geometry}) AS n FROM ${layer.from} WHERE ${where}
        ORDER BY ${options.orderBy ?? layer.id} LIMIT $${params.length - 1} OFFSET $${params.length}) page`,
    params,
  );
  return Number(row?.n ?? 0);
}
