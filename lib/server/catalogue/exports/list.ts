import 'server-only';
/** `exports?format=csv|xlsx`: the result list with headers in the language asked for. */
import type { z } from 'zod';
import { EXPORT_LIMITS, type listExportQuerySchema } from '../../../shared/contracts/exports';
import { translateMessage } from '../../i18n';
import { exportCells, exportHeaders, exportWords } from './columns';
import { csvDocument } from './csv';
import { datedName, fileResponse } from '../../files/file-response';
import type { ExportContext } from './respond';
import { exportScenes } from './rows';
import { xlsxDocument } from './xlsx';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function listExport({ db, body, lang, query }: ExportContext<z.output<typeof listExportQuerySchema>>): Promise<Response> {
  const scenes = await exportScenes(db, body, EXPORT_LIMITS.maxRows, 'Export.errors.tooManyRows');
  const words = exportWords(lang);
  const headers = exportHeaders(lang);
  const rows = scenes.map((s) => exportCells(s, words));
  const base = translateMessage(lang, 'Export.files.list');
  const extra = { 'x-export-rows': String(rows.length) };
  if (query.format === 'xlsx') {
    const bytes = await xlsxDocument(translateMessage(lang, 'Export.files.sheet'), headers, rows);
    return fileResponse(bytes, XLSX_TYPE, datedName(base, 'xlsx'), extra);
  }
  return fileResponse(csvDocument(headers, rows), 'text/csv; charset=utf-8', datedName(base, 'csv'), extra);
}
