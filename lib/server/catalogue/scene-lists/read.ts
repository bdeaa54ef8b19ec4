import 'server-only';
/**
 * An uploaded list file to entries: the kind is told by the bytes (a zip is an .xlsx workbook, anything
 * else is text), never by the name alone; every bound is checked before the work it protects.
 */
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { API_CODES } from '../../../shared/contracts/api';
import { SCENE_LIST_LIMITS, type UploadType } from '../../../shared/contracts/scene-lists';
import { countedLines, decodeListBytes, parseSceneLines, textLines, type ParsedSceneList, type RawLine } from '../../../shared/catalogue/scene-list';
import { ApiError } from '../../api/errors';

export const sceneListError = (key: string, values: Record<string, string | number> = {}, code: number = API_CODES.INVALID_INPUT) =>
  new ApiError(code, `SceneList.errors.${key}`, values);

const tooManyLines = () => sceneListError('tooManyLines', { max: SCENE_LIST_LIMITS.maxLines });

/** A workbook's parts may not unpack to more than this (an .xlsx of 2 MB is far below it). */
const XLSX_MAX_UNPACKED = 50 * 1024 * 1024;

const isZip = (bytes: Uint8Array) => bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** Control or NUL bytes that text never holds: a binary file (a .xls, a .doc, an image). */
function looksBinary(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 4096);
  for (let i = 0; i < n; i++) if (bytes[i] === 0) return true;
  return false;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    return '';
  }
  return String(value).trim();
}

/** The rows of the first sheet, each with its non-empty cells (in column order). */
export async function workbookLines(bytes: Uint8Array): Promise<RawLine[]> {
  let unpacked = 0;
  try {
    // Sizes from the zip directory, nothing inflated: refuses a zip bomb before ExcelJS opens it.
    unzipSync(bytes, {
      filter: (file) => {
        unpacked += file.originalSize;
        return false;
      },
    });
  } catch {
    throw sceneListError('unreadableXlsx');
  }
  if (unpacked > XLSX_MAX_UNPACKED) throw sceneListError('unreadableXlsx');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    throw sceneListError('unreadableXlsx');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw sceneListError('unreadableXlsx');
  const lines: RawLine[] = [];
  let tooMany = false;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (tooMany) return;
    const cells: string[] = [];
    row.eachCell({ includeEmpty: false }, (cell) => {
      const text = cellText(cell.value);
      if (text !== '') cells.push(text);
    });
    if (cells.length === 0) return;
    lines.push({ line: rowNumber, text: cells.join('\t'), cells });
    // Header and comment rows aside, a few more rows than the limit already settle it.
    if (lines.length > SCENE_LIST_LIMITS.maxLines + 50) tooMany = true;
  });
  if (tooMany) throw tooManyLines();
  return lines;
}

export interface ReadList extends ParsedSceneList {
  encoding: 'utf-8' | 'gb18030' | 'xlsx';
}

/** Reads a list file of the given type; refuses what cannot be a list, or one over the bounds. */
export async function readSceneListFile(bytes: Uint8Array, fileName: string, type: UploadType): Promise<ReadList> {
  if (bytes.byteLength > SCENE_LIST_LIMITS.maxBytes) throw sceneListError('tooLarge', { max: SCENE_LIST_LIMITS.maxBytes / 1024 / 1024 }, API_CODES.TOO_LARGE);
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  if (!['txt', 'csv', 'xlsx', 'tsv', 'text', ''].includes(extension)) throw sceneListError('wrongType');
  let lines: RawLine[];
  let encoding: ReadList['encoding'];
  if (isZip(bytes)) {
    lines = await workbookLines(bytes);
    encoding = 'xlsx';
  } else {
    if (extension === 'xlsx' || looksBinary(bytes)) throw sceneListError(extension === 'xlsx' ? 'unreadableXlsx' : 'wrongType');
    const decoded = decodeListBytes(bytes);
    lines = textLines(decoded.text);
    encoding = decoded.encoding;
  }
  if (lines.length > SCENE_LIST_LIMITS.maxLines + 50) throw tooManyLines();
  const parsed = parseSceneLines(lines, type);
  if (countedLines(parsed) > SCENE_LIST_LIMITS.maxLines) throw tooManyLines();
  if (countedLines(parsed) === 0) throw sceneListError('empty');
  return { ...parsed, encoding };
}
