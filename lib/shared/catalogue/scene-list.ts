/**
 * Reading a scene list (spec §4 upload types FLIE_NAMES 1, OPR 2, PR 3): bytes to text (UTF-8 with or
 * without BOM, else GB18030, the superset of GBK that Chinese spreadsheets save), text or spreadsheet rows
 * to entries, each with its line number and original text, and the lines that cannot be read with the
 * reason. Pure: the server runs it on uploads, the tests on files they make. The rules are documented in
 * lib/shared/contracts/scene-lists.ts.
 */
import {
  SCENE_LIST_LIMITS,
  UPLOAD_TYPES,
  type LineReason,
  type SceneListEntry,
  type UploadType,
} from '../contracts/scene-lists';

export interface RawLine {
  /** 1-based line (or spreadsheet row) number. */
  line: number;
  /** The line as it was, for messages. */
  text: string;
  /** Its cells; for text lines split here, for spreadsheet rows the row's cells. */
  cells?: string[];
}

export interface ParsedLineError {
  line: number;
  text: string;
  reason: LineReason;
}

export interface ParsedSceneList {
  entries: SceneListEntry[];
  invalid: ParsedLineError[];
  /** The line skipped as a header, if any. */
  header: number | null;
}

export type DecodedEncoding = 'utf-8' | 'gb18030';

/** Text of a list file: UTF-8 (BOM dropped) when the bytes are valid UTF-8, GB18030 otherwise. */
export function decodeListBytes(bytes: Uint8Array): { text: string; encoding: DecodedEncoding } {
  try {
    // `fatal` refuses invalid UTF-8 instead of replacing it; ignoreBOM false drops a leading BOM.
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('gb18030').decode(bytes), encoding: 'gb18030' };
  }
}

/** Cell separators: tab, comma, space, semicolon and their full-width forms (，；、 and the ideographic space). */
const SEPARATORS = /[\t,; \u3000\uff0c\uff1b\u3001]+/;

export function splitCells(text: string): string[] {
  return text
    .split(SEPARATORS)
    .map((c) => c.trim().replace(/^["'](.*)["']$/, '$1').trim())
    .filter((c) => c !== '');
}

/** Non-blank lines of a text, numbered from 1 as an editor numbers them. */
export function textLines(text: string): RawLine[] {
  const out: RawLine[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  lines.forEach((raw, i) => {
    if (raw.trim() !== '') out.push({ line: i + 1, text: raw });
  });
  return out;
}

const VALUES_PER_TYPE: Record<UploadType, number> = { [UPLOAD_TYPES.FLIE_NAMES]: 1, [UPLOAD_TYPES.OPR]: 3, [UPLOAD_TYPES.PR]: 2 };

function readNumber(cell: string, max: number): number | LineReason {
  // Spreadsheets may hand numbers back as "12.0".
  const m = /^([+-]?)(\d+)(?:\.0+)?$/.exec(cell);
  if (!m) return /^-\d/.test(cell) ? 'negative' : 'notNumber';
  if (m[1] === '-' && Number(m[2]) !== 0) return 'negative';
  const n = Number(m[2]);
  if (!Number.isSafeInteger(n) || n > max) return 'tooLarge';
  return n;
}

/** Control characters never belong in a file name (they would also break the line they sit on). */
const CONTROL = /[\u0000-\u001f\u007f]/;

function readLine(raw: RawLine, type: UploadType): SceneListEntry | LineReason {
  if (raw.text.length > SCENE_LIST_LIMITS.maxLineChars) return 'lineTooLong';
  const cells = raw.cells ?? splitCells(raw.text);
  const want = VALUES_PER_TYPE[type];
  if (cells.length < want) return 'missingValues';
  if (cells.length > want) return 'extraValues';
  const entry: SceneListEntry = { line: raw.line, text: raw.text.trim(), fileName: null, orbit: null, path: null, row: null };
  if (type === UPLOAD_TYPES.FLIE_NAMES) {
    const name = cells[0]!;
    if (name.length > SCENE_LIST_LIMITS.maxFileNameChars) return 'nameTooLong';
    if (CONTROL.test(name)) return 'badName';
    return { ...entry, fileName: name };
  }
  const numbers: number[] = [];
  for (let i = 0; i < want; i++) {
    const n = readNumber(cells[i]!, type === UPLOAD_TYPES.OPR && i === 0 ? SCENE_LIST_LIMITS.maxOrbit : SCENE_LIST_LIMITS.maxPathRow);
    if (typeof n === 'string') return n;
    numbers.push(n);
  }
  if (type === UPLOAD_TYPES.OPR) return { ...entry, orbit: numbers[0]!, path: numbers[1]!, row: numbers[2]! };
  return { ...entry, path: numbers[0]!, row: numbers[1]! };
}

/**
 * Entries and bad lines of a list. Lines starting with `#` are comments; the first line is a header when
 * it holds no digit (no scene name, orbit, path or row lacks one).
 */
export function parseSceneLines(lines: readonly RawLine[], type: UploadType): ParsedSceneList {
  const entries: SceneListEntry[] = [];
  const invalid: ParsedLineError[] = [];
  let header: number | null = null;
  let first = true;
  for (const raw of lines) {
    const trimmed = raw.text.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    if (first) {
      first = false;
      if (!/\d/.test(trimmed)) {
        header = raw.line;
        continue;
      }
    }
    const read = readLine(raw, type);
    const text = raw.text.length > SCENE_LIST_LIMITS.maxLineChars ? `${raw.text.slice(0, SCENE_LIST_LIMITS.maxLineChars - 1)}…` : raw.text.trim();
    if (typeof read === 'string') invalid.push({ line: raw.line, text, reason: read });
    else entries.push(read);
  }
  return { entries, invalid, header };
}

/** A text list file (already decoded). */
export function parseSceneListText(text: string, type: UploadType): ParsedSceneList {
  return parseSceneLines(textLines(text), type);
}

/** Lines that count against SCENE_LIST_LIMITS.maxLines (non-blank, comments and the header aside). */
export const countedLines = (parsed: ParsedSceneList) => parsed.entries.length + parsed.invalid.length;
