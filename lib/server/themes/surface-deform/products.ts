import 'server-only';
/**
 * The InSAR products of surface deformation (ADR 0015), searched like the image query's scenes: the area
 * conditions, area checks and uploads come from lib/server/areas (`areaCondition`, `checkArea`), the union
 * from the catalogue's coverage analysis (`unionAreaOf`); only the table (`deform_products`, alias `s`) and the
 * product filters are this module's. Every value is a parameter.
 */
import type { AllIds } from '../../../shared/contracts/catalogue';
import { CATALOGUE_LIMITS } from '../../../shared/contracts/catalogue';
import type { UnionArea } from '../../../shared/contracts/coverage';
import type { DeformFilter, DeformProduct, DeformProductPage, ProductSearch } from '../../../shared/contracts/surface-deform';
import { areaCondition, checkArea } from '../../areas';
import { unionAreaOf, type FootprintSource } from '../../catalogue';
import { whereSql } from '../../db/where';
import type { Database, Queryable, SqlParam } from '../../db/types';

const push = (params: SqlParam[], value: SqlParam): string => {
  params.push(value);
  return `$${params.length}`;
};

/** An uploaded file-name list names products whole, as it names scenes (catalogue_upload_lines). */
function fileNameListCondition(uploadId: string, params: SqlParam[]): string {
  return `s.file_name IN (SELECT l.file_name FROM catalogue_upload_lines l
                           WHERE l.upload_id = ${push(params, uploadId)}::uuid AND l.file_name IS NOT NULL)`;
}

/** The WHERE clauses of a product search on alias `s` (deform_products). */
export function productConditions(filter: DeformFilter, params: SqlParam[], ids?: readonly string[]): string[] {
  const out: string[] = [];
  if (filter.missions?.length) out.push(`s.mission = ANY (${push(params, filter.missions)}::text[])`);
  if (filter.passes?.length) out.push(`s.pass = ANY (${push(params, filter.passes)}::text[])`);
  // A stack meets the window when its span does.
  if (filter.dateFrom) out.push(`s.date_end >= ${push(params, filter.dateFrom)}::date`);
  if (filter.dateTo) out.push(`s.date_start <= ${push(params, filter.dateTo)}::date`);
  if (filter.area) out.push(areaCondition(filter.area, params, fileNameListCondition));
  if (ids) out.push(`s.id = ANY (${push(params, ids)}::text[])`);
  return out;
}

const PRODUCT_COLUMNS = `s.id, s.file_name, s.mission, s.satellite, s.pass, s.track, s.frame,
  to_char(s.date_start, 'YYYY-MM-DD') AS date_start, to_char(s.date_end, 'YYYY-MM-DD') AS date_end, s.epochs,
  ST_AsGeoJSON(s.footprint, 6)::text AS footprint,
  ST_XMin(s.footprint) AS min_lon, ST_YMin(s.footprint) AS min_lat, ST_XMax(s.footprint) AS max_lon, ST_YMax(s.footprint) AS max_lat,
  s.area_km2, s.size_mb, s.demo`;

interface ProductRow {
  id: string;
  file_name: string;
  mission: string;
  satellite: string;
  pass: 'ASC' | 'DESC';
  track: number;
  frame: number;
  date_start: string;
  date_end: string;
  epochs: number;
  footprint: string;
  min_lon: number;
  min_lat: number;
  max_lon: number;
  max_lat: number;
  area_km2: number;
  size_mb: number;
  demo: boolean;
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

function toProduct(r: ProductRow): DeformProduct {
  return {
    id: r.id,
    fileName: r.file_name,
    mission: r.mission,
    satellite: r.satellite,
    pass: r.pass,
    track: r.track,
    frame: r.frame,
    dateStart: r.date_start,
    dateEnd: r.date_end,
    epochs: r.epochs,
    footprint: JSON.parse(r.footprint) as DeformProduct['footprint'],
    bbox: [r.min_lon, r.min_lat, r.max_lon, r.max_lat].map((n) => round(n, 6)) as DeformProduct['bbox'],
    areaKm2: round(r.area_km2, 1),
    sizeMb: round(r.size_mb, 1),
    demo: r.demo,
  };
}

/** Refuses an unknown region, an empty drawn area or an upload that is gone, as the image query does. */
const check = (db: Queryable, filter: DeformFilter) => checkArea(db, { area: filter.area });

/** A page of products, newest stack end first (or oldest), with the total, in one statement. */
export async function searchProducts(db: Queryable, search: ProductSearch): Promise<DeformProductPage> {
  const { filter, order, pageNum, pageSize } = search;
  await check(db, filter);
  const params: SqlParam[] = [];
  const where = whereSql(productConditions(filter, params));
  const dir = order === 'asc' ? 'ASC' : 'DESC';
  params.push(pageSize, (pageNum - 1) * pageSize);
  const rows = await db.query<ProductRow & { total: number }>(
    `SELECT ${PRODUCT_COLUMNS}, count(*) OVER ()::int AS total FROM deform_products s ${where}
      ORDER BY s.date_end ${dir}, s.id ${dir} LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && pageNum > 1) {
    // Past the end: the window function saw no row, so count separately.
    const countParams: SqlParam[] = [];
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM deform_products s ${whereSql(productConditions(filter, countParams))}`,
      countParams,
    );
    total = row?.n ?? 0;
  }
  return { list: rows.map(toProduct), total, pageNum, pageSize };
}

/** Every matching id, newest first, at most the image query's cap. */
export async function allProductIds(db: Queryable, filter: DeformFilter): Promise<AllIds> {
  await check(db, filter);
  const params: SqlParam[] = [];
  const where = whereSql(productConditions(filter, params));
  const rows = await db.query<{ id: string; total: number }>(
    `SELECT s.id, count(*) OVER ()::int AS total FROM deform_products s ${where}
      ORDER BY s.date_end DESC, s.id DESC LIMIT ${push(params, CATALOGUE_LIMITS.allIdsCap)}`,
    params,
  );
  const total = rows[0]?.total ?? 0;
  return { ids: rows.map((r) => r.id), total, cap: CATALOGUE_LIMITS.allIdsCap, capped: total > CATALOGUE_LIMITS.allIdsCap };
}

/** The products as the coverage analysis reads footprints (stack end as their time, no cloud). */
const productSource = (filter: DeformFilter, ids?: readonly string[]): FootprintSource => ({
  from: 'deform_products s',
  columns: `s.id, s.file_name, s.date_end::timestamptz AS acquired_at, NULL::real AS cloud_pct, s.footprint`,
  conditions: (params) => productConditions(filter, params, ids),
});

/** The union of the products' footprints and its km² inside the area (the image query's union). */
export function productUnion(db: Database, input: { filter: DeformFilter; ids?: readonly string[] }): Promise<UnionArea> {
  return unionAreaOf(db, input.filter.area, productSource(input.filter, input.ids));
}

/** Rows of an export: the products matching, or the checked ids among them, newest first. */
export async function productsForExport(db: Queryable, filter: DeformFilter, ids: readonly string[] | undefined, max: number) {
  await check(db, filter);
  const params: SqlParam[] = [];
  const where = whereSql(productConditions(filter, params, ids && ids.length > 0 ? ids : undefined));
  const rows = await db.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} FROM deform_products s ${where} ORDER BY s.date_end DESC, s.id DESC LIMIT ${push(params, max + 1)}`,
    params,
  );
  return { products: rows.slice(0, max).map(toProduct), more: rows.length > max };
}

/** The newest product file names: examples of the file-name list template. */
export async function exampleFileNames(db: Queryable, n = 3): Promise<string[][]> {
  const rows = await db.query<{ file_name: string }>(`SELECT file_name FROM deform_products ORDER BY date_end DESC, id DESC LIMIT $1`, [n]);
  return rows.map((r) => [r.file_name]);
}
