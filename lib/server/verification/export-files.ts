import 'server-only';
/**
 * The rows and files of a verification export (issue 33.6): one table of columns fills every format the same way —
 * CSV (the catalogue's writer: UTF-8 with BOM, formulas defused), GeoJSON (RFC 7946, properties under the column
 * keys) and a zipped shapefile (lib/server/files/shapefile.ts; DBF names of at most 10 characters). Headers and names
 * in cells are in the export's language. Rows are read in pages over the caller's range and filters (the case list's
 * SQL, `caseClauses`), so a progress report can follow each page.
 */
import type { Locale } from '../../../i18n/routing';
import type { CaseExportFormat, CaseFilters } from '../../shared/contracts/verification';
import { csvLine, UTF8_BOM } from '../catalogue';
import type { Queryable, SqlParam } from '../db/types';
import { shapefileZip, type MultiPolygonGeometry } from '../files/shapefile';
import { translateMessage } from '../i18n';
import { nameSql } from '../regions/names';
import type { VerificationActor } from './cases';
import { caseClauses } from './queries';

type Cell = string | number | null;

export interface ExportRow {
  id: string;
  spot_no: string;
  quarter: string;
  batch_name: string;
  xzqdm: string;
  county_name: string | null;
  source: string;
  change_type: string;
  change_type_name: string | null;
  area_m2: number;
  farmland_m2: number;
  basic_farmland_m2: number;
  eco_redline_m2: number;
  status: string;
  status_name: string | null;
  verdict: string | null;
  verdict_name: string | null;
  reason_code: string | null;
  reason_name: string | null;
  approval_no: string | null;
  builder: string | null;
  build_date: string | null;
  remarks: string | null;
  stage_due: string | null;
  before_date: string | null;
  after_date: string | null;
  updated_at: string;
  lon: number;
  lat: number;
  geometry: string;
  demo: boolean;
}

interface Column {
  /** Message key under VerificationReport.columns (also the GeoJSON property name). */
  key: string;
  /** DBF field name (≤ 10 ASCII). */
  dbf: string;
  type: 'C' | 'N';
  length: number;
  decimals?: number;
  value: (r: ExportRow, locale: Locale) => Cell;
}

const num = (v: number | string) => Math.round(Number(v) * 10) / 10;

export const EXPORT_COLUMNS: readonly Column[] = [
  { key: 'id', dbf: 'CASE_ID', type: 'C', length: 20, value: (r) => r.id },
  { key: 'spotNo', dbf: 'SPOT_NO', type: 'C', length: 40, value: (r) => r.spot_no },
  { key: 'quarter', dbf: 'QUARTER', type: 'C', length: 6, value: (r) => r.quarter },
  { key: 'batch', dbf: 'BATCH', type: 'C', length: 100, value: (r) => r.batch_name },
  { key: 'county', dbf: 'XZQDM', type: 'C', length: 6, value: (r) => r.xzqdm },
  { key: 'countyName', dbf: 'XZQMC', type: 'C', length: 60, value: (r) => r.county_name ?? r.xzqdm },
  {
    key: 'source',
    dbf: 'SOURCE',
    type: 'C',
    length: 40,
    value: (r, l) => translateMessage(l, `VerificationReport.sources.${r.source === 'key_change' ? 'key_change' : 'auto'}`),
  },
  { key: 'changeType', dbf: 'BHLX', type: 'C', length: 20, value: (r) => r.change_type },
  { key: 'changeTypeName', dbf: 'BHLXMC', type: 'C', length: 60, value: (r) => r.change_type_name ?? r.change_type },
  { key: 'areaM2', dbf: 'AREA_M2', type: 'N', length: 16, decimals: 1, value: (r) => num(r.area_m2) },
  { key: 'farmlandM2', dbf: 'GD_M2', type: 'N', length: 16, decimals: 1, value: (r) => num(r.farmland_m2) },
  { key: 'basicFarmlandM2', dbf: 'YJJBNT_M2', type: 'N', length: 16, decimals: 1, value: (r) => num(r.basic_farmland_m2) },
  { key: 'ecoRedlineM2', dbf: 'STHX_M2', type: 'N', length: 16, decimals: 1, value: (r) => num(r.eco_redline_m2) },
  { key: 'status', dbf: 'STAGE', type: 'C', length: 20, value: (r) => r.status },
  { key: 'statusName', dbf: 'STAGE_MC', type: 'C', length: 40, value: (r) => r.status_name ?? r.status },
  { key: 'verdict', dbf: 'VERDICT', type: 'C', length: 20, value: (r) => r.verdict },
  { key: 'verdictName', dbf: 'VERDICT_MC', type: 'C', length: 60, value: (r) => (r.verdict ? (r.verdict_name ?? r.verdict) : null) },
  { key: 'reason', dbf: 'REASON', type: 'C', length: 100, value: (r) => (r.reason_code ? (r.reason_name ?? r.reason_code) : null) },
  { key: 'approvalNo', dbf: 'APPROVAL', type: 'C', length: 100, value: (r) => r.approval_no },
  { key: 'builder', dbf: 'BUILDER', type: 'C', length: 200, value: (r) => r.builder },
  { key: 'buildDate', dbf: 'BUILD_DATE', type: 'C', length: 10, value: (r) => r.build_date },
  { key: 'remarks', dbf: 'REMARKS', type: 'C', length: 254, value: (r) => r.remarks },
  { key: 'stageDue', dbf: 'STAGE_DUE', type: 'C', length: 10, value: (r) => r.stage_due },
  { key: 'beforeDate', dbf: 'QSX_DATE', type: 'C', length: 10, value: (r) => r.before_date },
  { key: 'afterDate', dbf: 'HSX_DATE', type: 'C', length: 10, value: (r) => r.after_date },
  { key: 'updatedAt', dbf: 'UPDATED', type: 'C', length: 20, value: (r) => r.updated_at },
  { key: 'lon', dbf: 'LON', type: 'N', length: 12, decimals: 6, value: (r) => Math.round(Number(r.lon) * 1e6) / 1e6 },
  { key: 'lat', dbf: 'LAT', type: 'N', length: 12, decimals: 6, value: (r) => Math.round(Number(r.lat) * 1e6) / 1e6 },
  {
    key: 'demo',
    dbf: 'DEMO',
    type: 'C',
    length: 20,
    value: (r, l) => (r.demo ? translateMessage(l, 'VerificationReport.demo') : null),
  },
];

const dict = (locale: Locale, alias: string) => (locale === 'en' ? `${alias}.name_en` : `${alias}.name_zh`);

/** The SQL of the cases an export holds: the case list's scope and filters, then id order (keyset pages). */
function exportQuery(actor: VerificationActor, filters: CaseFilters, locale: Locale) {
  const params: SqlParam[] = [];
  const where = caseClauses(actor, filters, params).join(' AND ');
  return { where, params, dict: (alias: string) => dict(locale, alias) };
}

/** How many cases an export under these filters would hold. */
export async function countExport(db: Queryable, actor: VerificationActor, filters: CaseFilters): Promise<number> {
  const { where, params } = exportQuery(actor, filters, 'zh');
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM verification_cases c JOIN verification_batches b ON b.id = c.batch_id WHERE ${where}`,
    params,
  );
  return row?.n ?? 0;
}

/** The cases after `afterId` (id order), at most `limit`. */
export async function exportPage(
  db: Queryable,
  actor: VerificationActor,
  filters: CaseFilters,
  locale: Locale,
  afterId: string,
  limit: number,
): Promise<ExportRow[]> {
  const { where, params, dict: d } = exportQuery(actor, filters, locale);
  params.push(afterId, limit);
  return db.query<ExportRow>(
    `SELECT c.id::text AS id, c.spot_no, b.quarter, ${locale === 'en' ? 'b.name_en' : 'b.name_zh'} AS batch_name, c.xzqdm,
            ${nameSql(locale, 'r')} AS county_name, c.source, c.change_type, ${d('dt')} AS change_type_name,
            c.area_m2::float8 AS area_m2, c.farmland_m2::float8 AS farmland_m2, c.basic_farmland_m2::float8 AS basic_farmland_m2,
            c.eco_redline_m2::float8 AS eco_redline_m2, c.status, ${d('ds')} AS status_name, c.verdict, ${d('dv')} AS verdict_name,
            c.reason_code, ${d('dr')} AS reason_name, c.approval_no, c.builder, to_char(c.build_date, 'YYYY-MM-DD') AS build_date,
            c.remarks, to_char(c.stage_due, 'YYYY-MM-DD') AS stage_due, to_char(c.before_date, 'YYYY-MM-DD') AS before_date,
            to_char(c.after_date, 'YYYY-MM-DD') AS after_date,
            to_char(c.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at,
            ST_X(c.center) AS lon, ST_Y(c.center) AS lat, ST_AsGeoJSON(ST_Multi(c.geom), 7) AS geometry, c.demo
       FROM verification_cases c
       JOIN verification_batches b ON b.id = c.batch_id
       LEFT JOIN regions r ON r.code = c.xzqdm
       LEFT JOIN dictionary_items dt ON dt.code = 'SPOT_META_TYPE' AND dt.item_value = c.change_type
       LEFT JOIN dictionary_items ds ON ds.code = 'VERIFY_STAGE' AND ds.item_value = c.status
       LEFT JOIN dictionary_items dv ON dv.code = 'VERIFY_VERDICT' AND dv.item_value = c.verdict
       LEFT JOIN dictionary_items dr ON dr.code = 'VERIFY_REASON' AND dr.item_value = c.reason_code
      WHERE ${where} AND c.id > $${params.length - 1}::bigint
      ORDER BY c.id LIMIT $${params.length}`,
    params,
  );
}

/** The shapefile's layer name (the files inside the zip): ASCII whatever the language. */
export const EXPORT_LAYER = 'verification_cases';

export const EXPORT_TYPES: Record<CaseExportFormat, { mime: string; ext: string }> = {
  csv: { mime: 'text/csv', ext: 'csv' },
  geojson: { mime: 'application/geo+json', ext: 'geojson' },
  shp: { mime: 'application/zip', ext: 'zip' },
};

/** Builds the file of one format from the rows, page by page. */
export interface ExportWriter {
  add(rows: readonly ExportRow[]): void;
  finish(): Uint8Array;
}

export function exportWriter(format: CaseExportFormat, locale: Locale): ExportWriter {
  const header = (c: Column) => translateMessage(locale, `VerificationReport.columns.${c.key}`);
  const encoder = new TextEncoder();
  if (format === 'csv') {
    const parts: string[] = [UTF8_BOM + csvLine(EXPORT_COLUMNS.map(header)) + '\r\n'];
    return {
      add: (rows) => void parts.push(rows.map((r) => csvLine(EXPORT_COLUMNS.map((c) => c.value(r, locale))) + '\r\n').join('')),
      finish: () => encoder.encode(parts.join('')),
    };
  }
  if (format === 'geojson') {
    const features: string[] = [];
    return {
      add: (rows) => {
        for (const r of rows)
          features.push(
            JSON.stringify({
              type: 'Feature',
              id: r.id,
              geometry: JSON.parse(r.geometry) as unknown,
              properties: Object.fromEntries(EXPORT_COLUMNS.map((c) => [c.key, c.value(r, locale)])),
            }),
          );
      },
      finish: () => encoder.encode(`{"type":"FeatureCollection","features":[${features.join(',')}]}`),
    };
  }
  const features: { geometry: MultiPolygonGeometry; properties: Record<string, Cell> }[] = [];
  return {
    add: (rows) => {
      for (const r of rows)
        features.push({
          geometry: JSON.parse(r.geometry) as MultiPolygonGeometry,
          properties: Object.fromEntries(EXPORT_COLUMNS.map((c) => [c.dbf, c.value(r, locale)])),
        });
    },
    finish: () =>
      shapefileZip({
        name: EXPORT_LAYER,
        fields: EXPORT_COLUMNS.map((c) => ({ name: c.dbf, type: c.type, length: c.length, decimals: c.decimals })),
        features,
      }),
  };
}
