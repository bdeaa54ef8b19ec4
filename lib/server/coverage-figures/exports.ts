import 'server-only';
/**
 * The coverage figures as files (issue 36.1 exports): CSV (one row per region and a last row for the whole, headers in
 * the request's language; spreadsheets open it as UTF-8) and GeoJSON (one feature per region with its mid-resolution
 * boundary and the figures as properties; the whole and the period in the collection's `properties`). The same
 * numbers as the JSON answer: both are written from `coverageStatistics`.
 */
import type { Locale } from '../../../i18n/routing';
import type { CoverageMeasures, CoverageStatistics } from '../../shared/contracts/coverage-statistics';
import { API_CODES } from '../../shared/contracts/api';
import { ApiError } from '../api/errors';
import { csvDocument } from '../catalogue';
import type { Queryable } from '../db/types';
import { fileResponse } from '../files/file-response';
import { translateMessage } from '../i18n';
import { coverageStatistics, type CoverageQuery } from './figures';
import { coverageGridTiff } from './grid';

const MEASURES: ReadonlyArray<keyof CoverageMeasures> = [
  'areaKm2',
  'coveredKm2',
  'coveredPct',
  'effectiveKm2',
  'effectivePct',
  'scenes',
  'revisit',
  'duplicationPct',
  'uncoveredKm2',
  'uncoveredPct',
];

export type CoverageExportFormat = 'csv' | 'geojson' | 'geotiff';

const fileName = (s: CoverageStatistics, ext: string) =>
  `coverage-${s.region.code}-${s.level}-${s.period.from}${s.period.to === s.period.from ? '' : `_${s.period.to}`}.${ext}`;

function csvOf(s: CoverageStatistics, locale: Locale): string {
  const t = (key: string) => translateMessage(locale, `CoverageStats.columns.${key}`);
  const headers = [t('code'), t('name'), ...MEASURES.map(t)];
  const rows = s.items.map((i) => [i.code, i.name, ...MEASURES.map((m) => i[m])]);
  rows.push([s.region.code, `${s.region.name} (${t('total')})`, ...MEASURES.map((m) => s.total[m])]);
  return csvDocument(headers, rows);
}

async function geojsonOf(db: Queryable, s: CoverageStatistics): Promise<string> {
  const geometries = await db.query<{ code: string; g: string }>(
    `SELECT code, ST_AsGeoJSON(geom_mid, 6) AS g FROM regions WHERE code = ANY ($1::text[])`,
    [s.items.map((i) => i.code)],
  );
  const byCode = new Map(geometries.map((r) => [r.code, r.g]));
  const features = s.items.map((i) => `{"type":"Feature","geometry":${byCode.get(i.code) ?? 'null'},"properties":${JSON.stringify(i)}}`);
  const properties = JSON.stringify({ period: s.period, region: s.region, level: s.level, filters: s.filters, total: s.total });
  return `{"type":"FeatureCollection","properties":${properties},"features":[${features.join(',')}]}`;
}

/** The figures of `q` as a file. */
export async function coverageExport(
  db: Queryable,
  q: CoverageQuery,
  format: CoverageExportFormat,
  options: { cell?: number } = {},
): Promise<Response> {
  // The scene-count grid is counted from the scenes themselves, not from the figures.
  if (format === 'geotiff')
    return coverageGridTiff(db, { regionCode: q.regionCode, range: q.range, filters: q.filters, cell: options.cell, locale: q.locale });
  const s = await coverageStatistics(db, q);
  // A file is kept and passed on as final: none while some of its figures are still being computed.
  if (s.progress)
    throw new ApiError(API_CODES.UNAVAILABLE, 'CoverageStats.errors.computing', { ready: s.progress.ready, total: s.progress.total });
  if (format === 'csv') return fileResponse(csvOf(s, q.locale), 'text/csv; charset=utf-8', fileName(s, 'csv'));
  return fileResponse(await geojsonOf(db, s), 'application/geo+json', fileName(s, 'geojson'));
}
