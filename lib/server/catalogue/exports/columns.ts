import 'server-only';
/**
 * The columns of the result-list exports (CSV, Excel) and the attributes of the footprint exports
 * (shapefile, GeoJSON): one table, so every export names and fills them the same way. Headers and
 * the words in cells (online/offline, demo/imported) come from the `Export` messages of the language
 * asked for; numbers stay numbers.
 */
import type { Locale } from '../../../../i18n/routing';
import type { Scene } from '../../../shared/contracts/catalogue';
import { translateMessage } from '../../i18n';

export type Cell = string | number | null;

export interface ExportColumn {
  /** Message key under `Export.columns`. */
  key: string;
  /** Shapefile (DBF) field name: at most 10 ASCII characters. */
  dbf: string;
  type: 'C' | 'N';
  /** DBF width and decimals of numbers / width of text. */
  length: number;
  decimals?: number;
  /** Excel column width in characters. */
  width: number;
  value: (scene: Scene, words: ExportWords) => Cell;
}

/** The translated words that appear in cells. */
export interface ExportWords {
  online: string;
  offline: string;
  demo: string;
  imported: string;
}

export function exportWords(locale: Locale): ExportWords {
  const t = (key: string) => translateMessage(locale, `Export.values.${key}`);
  return { online: t('online'), offline: t('offline'), demo: t('demo'), imported: t('imported') };
}

/** ISO UTC instant as `YYYY-MM-DD HH:MM:SS` (spreadsheets read it as a date and time). */
export const utcText = (iso: string) => iso.replace('T', ' ').replace(/Z$/, '');

export const EXPORT_COLUMNS: readonly ExportColumn[] = [
  { key: 'fileName', dbf: 'FILE_NAME', type: 'C', length: 254, width: 48, value: (s) => s.fileName },
  { key: 'satellite', dbf: 'SATELLITE', type: 'C', length: 40, width: 12, value: (s) => s.satellite },
  { key: 'sensor', dbf: 'SENSOR', type: 'C', length: 40, width: 10, value: (s) => s.sensor },
  { key: 'level', dbf: 'LEVEL', type: 'C', length: 32, width: 10, value: (s) => s.productLevel },
  { key: 'resolution', dbf: 'RES_M', type: 'N', length: 10, decimals: 2, width: 12, value: (s) => s.resolutionM },
  { key: 'acquiredUtc', dbf: 'TIME_UTC', type: 'C', length: 19, width: 20, value: (s) => utcText(s.acquiredAt) },
  { key: 'cloud', dbf: 'CLOUD_PCT', type: 'N', length: 6, decimals: 1, width: 12, value: (s) => s.cloudPct },
  { key: 'orbit', dbf: 'ORBIT', type: 'N', length: 10, decimals: 0, width: 10, value: (s) => s.orbitNumber },
  { key: 'path', dbf: 'PATH', type: 'N', length: 6, decimals: 0, width: 8, value: (s) => s.path },
  { key: 'row', dbf: 'ROW', type: 'N', length: 6, decimals: 0, width: 8, value: (s) => s.row },
  { key: 'centreLon', dbf: 'CENTRE_LON', type: 'N', length: 11, decimals: 5, width: 14, value: (s) => s.centre[0] },
  { key: 'centreLat', dbf: 'CENTRE_LAT', type: 'N', length: 10, decimals: 5, width: 14, value: (s) => s.centre[1] },
  { key: 'area', dbf: 'AREA_KM2', type: 'N', length: 12, decimals: 1, width: 14, value: (s) => s.areaKm2 },
  { key: 'online', dbf: 'ONLINE', type: 'C', length: 40, width: 16, value: (s, w) => (s.online ? w.online : w.offline) },
  { key: 'source', dbf: 'SOURCE', type: 'C', length: 80, width: 30, value: (s, w) => (s.source === 'demo' ? w.demo : w.imported) },
  { key: 'id', dbf: 'SCENE_ID', type: 'C', length: 200, width: 40, value: (s) => s.id },
];

/** The column headers in `locale`. */
export const exportHeaders = (locale: Locale): string[] => EXPORT_COLUMNS.map((c) => translateMessage(locale, `Export.columns.${c.key}`));

/** The cells of one scene, in column order. */
export const exportCells = (scene: Scene, words: ExportWords): Cell[] => EXPORT_COLUMNS.map((c) => c.value(scene, words));
