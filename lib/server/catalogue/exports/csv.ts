import 'server-only';
/**
 * CSV as spreadsheets open it (RFC 4180): UTF-8 with a byte-order mark (without it Excel reads Chinese
 * as the ANSI code page), CRLF line ends, a field quoted when it holds a comma, quote, CR or LF, quotes
 * doubled. Text that a spreadsheet would run as a formula (starting with = + - @, or a tab / CR that
 * some readers strip first) is prefixed with an apostrophe (OWASP "CSV injection"); numbers are
 * written as numbers, so a negative longitude stays a number.
 */
import type { Cell } from './columns';

export const UTF8_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;

/** Text that cannot start a formula. */
export function defuse(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One field: numbers as they are (finite), null empty, text defused and quoted when needed. */
export function csvField(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const text = defuse(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly Cell[]): string => cells.map(csvField).join(',');

/** The whole file: BOM, header line, one line per row, each ended by CRLF. */
export function csvDocument(headers: readonly string[], rows: readonly (readonly Cell[])[]): string {
  let out = UTF8_BOM + csvLine(headers) + '\r\n';
  for (const row of rows) out += csvLine(row) + '\r\n';
  return out;
}
