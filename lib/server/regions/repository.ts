import 'server-only';
/** All SQL for regions: China's administrative regions and the countries of the world. */
import type { Locale } from '../../../i18n/routing';
import type {
  GlobalRegion,
  MultiPolygonGeometry,
  Region,
  RegionExtent,
  RegionFeature,
  RegionFeatureCollection,
  RegionLod,
  RegionShort,
} from '../../shared/contracts/regions';
import { WORLD_GLOBAL_CODE, type RegionLevel } from '../../shared/regions/codes';
import type { Queryable } from '../db/types';
import { nameSql } from './names';

/** Bounding box and label point columns, shared by region and country rows. */
interface BoxRow {
  min_lon: number;
  min_lat: number;
  max_lon: number;
  max_lat: number;
  cx: number;
  cy: number;
}

interface RegionRow extends BoxRow {
  code: string;
  name_zh: string;
  name_en: string | null;
  level: RegionLevel;
  parent_code: string | null;
  has_children: boolean;
  area_km2: number;
}

/** The boundary column of a level of detail, on the alias `r` of `regions` (the map layers draw by it too). */
export const GEOMETRY_COLUMN: Readonly<Record<RegionLod, string>> = { lo: 'r.geom_lo', mid: 'r.geom_mid', hi: 'r.geom_hi' };
/** Decimals of GeoJSON output per level of detail (4 ≈ 11 m, 5 ≈ 1 m). */
const GEOJSON_DECIMALS: Record<RegionLod, number> = { lo: 4, mid: 5, hi: 5 };

const REGION_COLUMNS = `
  r.code, r.name_zh, r.name_en, r.level, r.parent_code,
  EXISTS (SELECT 1 FROM regions c WHERE c.parent_code = r.code) AS has_children,
  r.min_lon, r.min_lat, r.max_lon, r.max_lat, ST_X(r.label_point) AS cx, ST_Y(r.label_point) AS cy, r.area_km2`;

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

function toRegion(row: RegionRow, locale: Locale): Region {
  return {
    id: row.code,
    code: row.code,
    name: locale === 'en' ? (row.name_en ?? row.name_zh) : row.name_zh,
    nameZh: row.name_zh,
    nameEn: row.name_en,
    level: row.level,
    parentRegionId: row.parent_code,
    hasChildren: row.has_children,
    bbox: [round(row.min_lon, 5), round(row.min_lat, 5), round(row.max_lon, 5), round(row.max_lat, 5)],
    center: [round(row.cx, 5), round(row.cy, 5)],
    areaKm2: round(row.area_km2, 2),
  };
}

function toFeature(row: RegionRow & { geojson: string }, locale: Locale): RegionFeature {
  return { type: 'Feature', id: row.code, properties: toRegion(row, locale), geometry: JSON.parse(row.geojson) as MultiPolygonGeometry };
}

/** Children of `pid`, or with `level` every descendant at that level (by the parent chain, not the code). */
function childrenWhere(level: RegionLevel | undefined): string {
  if (!level) return 'r.parent_code = $1';
  return `r.level = $2 AND r.code IN (
    WITH RECURSIVE tree AS (
      SELECT code FROM regions WHERE parent_code = $1
      UNION ALL SELECT c.code FROM regions c JOIN tree t ON c.parent_code = t.code
    ) SELECT code FROM tree)`;
}

export async function findRegion(db: Queryable, code: string, locale: Locale): Promise<Region | null> {
  const rows = await db.query<RegionRow>(`SELECT ${REGION_COLUMNS} FROM regions r WHERE r.code = $1`, [code]);
  return rows[0] ? toRegion(rows[0], locale) : null;
}

export async function findRegionFeature(db: Queryable, code: string, lod: RegionLod, locale: Locale): Promise<RegionFeature | null> {
  const rows = await db.query<RegionRow & { geojson: string }>(
    `SELECT ${REGION_COLUMNS}, ST_AsGeoJSON(${GEOMETRY_COLUMN[lod]}, ${GEOJSON_DECIMALS[lod]}) AS geojson
     FROM regions r WHERE r.code = $1`,
    [code],
  );
  return rows[0] ? toFeature(rows[0], locale) : null;
}

export async function regionExists(db: Queryable, code: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM regions WHERE code = $1', [code])).length > 0;
}

export async function listChildren(db: Queryable, pid: string, level: RegionLevel | undefined, locale: Locale): Promise<Region[]> {
  const rows = await db.query<RegionRow>(
    `SELECT ${REGION_COLUMNS} FROM regions r WHERE ${childrenWhere(level)} ORDER BY r.code`,
    level ? [pid, level] : [pid],
  );
  return rows.map((row) => toRegion(row, locale));
}

export async function listChildrenShort(
  db: Queryable,
  pid: string,
  level: RegionLevel | undefined,
  locale: Locale,
): Promise<RegionShort[]> {
  const rows = await db.query<{ code: string; name: string }>(
    `SELECT r.code, ${nameSql(locale, 'r')} AS name
     FROM regions r WHERE ${childrenWhere(level)} ORDER BY r.code`,
    level ? [pid, level] : [pid],
  );
  return rows;
}

export async function listChildrenFeatures(
  db: Queryable,
  pid: string,
  level: RegionLevel | undefined,
  lod: RegionLod,
  locale: Locale,
): Promise<RegionFeatureCollection> {
  const rows = await db.query<RegionRow & { geojson: string }>(
    `SELECT ${REGION_COLUMNS}, ST_AsGeoJSON(${GEOMETRY_COLUMN[lod]}, ${GEOJSON_DECIMALS[lod]}) AS geojson
     FROM regions r WHERE ${childrenWhere(level)} ORDER BY r.code`,
    level ? [pid, level] : [pid],
  );
  return { type: 'FeatureCollection', features: rows.map((row) => toFeature(row, locale)) };
}

export async function findExtent(db: Queryable, code: string): Promise<RegionExtent | null> {
  const rows = await db.query<RegionRow>(`SELECT ${REGION_COLUMNS} FROM regions r WHERE r.code = $1`, [code]);
  if (!rows[0]) return null;
  const { bbox, center } = toRegion(rows[0], 'zh');
  return { code, bbox, center };
}

/** Regions containing the point, country first (uses the detailed outline so borders are exact). */
export async function findRegionsAt(db: Queryable, lon: number, lat: number, locale: Locale): Promise<Region[]> {
  const rows = await db.query<RegionRow>(
    `SELECT ${REGION_COLUMNS} FROM regions r
     WHERE r.geom_hi && ST_SetSRID(ST_MakePoint($1, $2), 4326)
       AND ST_Intersects(r.geom_hi, ST_SetSRID(ST_MakePoint($1, $2), 4326))
     ORDER BY array_position(ARRAY['country', 'province', 'city', 'county'], r.level), r.code`,
    [lon, lat],
  );
  return rows.map((row) => toRegion(row, locale));
}

interface GlobalRow extends BoxRow {
  code: string;
  iso_a3: string | null;
  name_zh: string;
  name_en: string;
  parent_code: string;
  geojson: string;
}

export async function listGlobalChildrenShort(db: Queryable, pid: string, locale: Locale): Promise<RegionShort[]> {
  if (pid !== WORLD_GLOBAL_CODE) return [];
  return db.query<{ code: string; name: string }>(
    `SELECT code, ${locale === 'en' ? 'name_en' : 'name_zh'} AS name FROM global_regions WHERE parent_code = $1
     ORDER BY ${locale === 'en' ? 'name_en' : 'code'}`,
    [pid],
  );
}

export async function findGlobalRegionFeature(
  db: Queryable,
  code: string,
  locale: Locale,
): Promise<{ type: 'Feature'; id: string; properties: GlobalRegion; geometry: MultiPolygonGeometry } | null> {
  const rows = await db.query<GlobalRow>(
    `SELECT code, iso_a3, name_zh, name_en, parent_code, min_lon, min_lat, max_lon, max_lat,
            ST_X(label_point) AS cx, ST_Y(label_point) AS cy, ST_AsGeoJSON(geom, 4) AS geojson
     FROM global_regions WHERE code = $1`,
    [code],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    type: 'Feature',
    id: row.code,
    properties: {
      code: row.code,
      name: locale === 'en' ? row.name_en : row.name_zh,
      nameZh: row.name_zh,
      nameEn: row.name_en,
      isoA3: row.iso_a3,
      parentRegionId: row.parent_code,
      bbox: [round(row.min_lon, 5), round(row.min_lat, 5), round(row.max_lon, 5), round(row.max_lat, 5)],
      center: [round(row.cx, 5), round(row.cy, 5)],
    },
    geometry: JSON.parse(row.geojson) as MultiPolygonGeometry,
  };
}
