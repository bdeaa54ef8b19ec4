import 'server-only';
/**
 * The result list as an Excel workbook (exceljs): one sheet, a bold frozen header row in the language
 * asked for, an auto-filter, numbers as numbers. Text goes in as text cells (never formulas), so a file
 * name starting with "=" stays a name.
 */
import ExcelJS from 'exceljs';
import { EXPORT_COLUMNS, type Cell } from './columns';

export async function xlsxDocument(sheetName: string, headers: readonly string[], rows: readonly (readonly Cell[])[]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'portal';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = EXPORT_COLUMNS.map((c, i) => ({ header: headers[i] ?? c.key, key: c.key, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row.map((cell) => (cell === null ? null : cell)));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: EXPORT_COLUMNS.length } };
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}
