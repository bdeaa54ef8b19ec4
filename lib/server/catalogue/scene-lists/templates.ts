import 'server-only';
/**
 * The list templates (spec §7 `template/filenames/v2`, `template/pathandrows/v2` (OPR), `template/pr/v2`):
 * an Excel workbook (first sheet: a header in the reader's language and example lines; second sheet: the
 * notes) or a UTF-8 text file (notes as `#` comments, header, examples). The examples are the newest
 * scenes of the catalogue, so a template uploaded as it is finds scenes; an empty catalogue gets fixed
 * examples in the missions' real naming.
 */
import ExcelJS from 'exceljs';
import type { Locale } from '../../../../i18n/routing';
import { API_CODES, localizedIssueKey } from '../../../shared/contracts/api';
import { SCENE_LIST_LIMITS, templateQuerySchema, UPLOAD_TYPES, type UploadType } from '../../../shared/contracts/scene-lists';
import { getDb } from '../../db';
import type { Queryable } from '../../db/types';
import { contentDisposition } from '../../files/content-disposition';
import { localeOfRequest, translateMessage } from '../../i18n';
import { log } from '../../log';

const EXAMPLES = 3;

/** Used when the catalogue has no scene to take examples from (real missions' naming and grids). */
const FALLBACK: Record<UploadType, string[][]> = {
  [UPLOAD_TYPES.FLIE_NAMES]: [
    ['GF1_PMS1_E114.6_N38.1_20250312_L1A0004623312'],
    ['GF2_PMS2_E116.4_N39.9_20250318_L1A0004631207'],
    ['LC09_L1TP_123033_20250312_20250320_02_T1'],
  ],
  [UPLOAD_TYPES.OPR]: [
    ['31522', '123', '33'],
    ['31522', '123', '34'],
    ['31537', '124', '33'],
  ],
  [UPLOAD_TYPES.PR]: [
    ['123', '33'],
    ['123', '34'],
    ['124', '33'],
  ],
};

async function examples(db: Queryable, type: UploadType): Promise<string[][]> {
  let rows: string[][];
  if (type === UPLOAD_TYPES.FLIE_NAMES) {
    const found = await db.query<{ file_name: string }>(`SELECT file_name FROM scenes ORDER BY acquired_at DESC, id DESC LIMIT ${EXAMPLES}`);
    rows = found.map((r) => [r.file_name]);
  } else {
    // Newest first on the time index; scenes without a grid position (radar, commercial) are passed over.
    const found = await db.query<{ orbit_number: number; path: number; row: number }>(
      `SELECT orbit_number, path, "row" FROM scenes
        WHERE path IS NOT NULL AND "row" IS NOT NULL AND orbit_number IS NOT NULL
        ORDER BY acquired_at DESC, id DESC LIMIT ${EXAMPLES}`,
    );
    rows = found.map((r) => (type === UPLOAD_TYPES.OPR ? [r.orbit_number, r.path, r.row] : [r.path, r.row]).map(String));
  }
  return rows.length > 0 ? rows : FALLBACK[type];
}

function header(locale: Locale, type: UploadType): string[] {
  const t = (key: string) => translateMessage(locale, `SceneList.template.${key}`);
  if (type === UPLOAD_TYPES.FLIE_NAMES) return [t('fileName')];
  if (type === UPLOAD_TYPES.OPR) return [t('orbit'), t('path'), t('row')];
  return [t('path'), t('row')];
}

function notes(locale: Locale, type: UploadType): string[] {
  return [
    translateMessage(locale, `SceneList.template.notes.${type}`),
    translateMessage(locale, 'SceneList.template.notes.common', {
      maxLines: SCENE_LIST_LIMITS.maxLines,
      maxMb: SCENE_LIST_LIMITS.maxBytes / 1024 / 1024,
    }),
  ];
}

export interface TemplateFile {
  bytes: Uint8Array;
  name: string;
  mime: string;
}

/** A list template; `given`: the example lines of another product set (surface deformation's file names). */
export async function sceneListTemplate(
  db: Queryable,
  type: UploadType,
  locale: Locale,
  format: 'xlsx' | 'txt',
  given?: readonly string[][],
): Promise<TemplateFile> {
  const rows = given && given.length > 0 ? given : await examples(db, type);
  const head = header(locale, type);
  const base = translateMessage(locale, `SceneList.template.file.${type}`);
  if (format === 'txt') {
    const text = [...notes(locale, type).map((n) => `# ${n}`), head.join(','), ...rows.map((r) => r.join(','))].join('\r\n') + '\r\n';
    // A BOM, so that Windows editors and spreadsheets take the text as UTF-8.
    return { bytes: new TextEncoder().encode(`\uFEFF${text}`), name: `${base}.txt`, mime: 'text/plain; charset=utf-8' };
  }
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'portal';
  const sheet = workbook.addWorksheet(translateMessage(locale, 'SceneList.template.sheet'));
  sheet.columns = head.map((h) => ({ header: h, width: type === UPLOAD_TYPES.FLIE_NAMES ? 60 : 14 }));
  sheet.getRow(1).font = { bold: true };
  // Text cells: orbit/path/row keep their leading zeros if a user types them so.
  for (const r of rows) sheet.addRow(r);
  const notesSheet = workbook.addWorksheet(translateMessage(locale, 'SceneList.template.notesSheet'));
  notesSheet.getColumn(1).width = 120;
  for (const n of notes(locale, type)) notesSheet.addRow([n]).alignment = { wrapText: true };
  const buffer = await workbook.xlsx.writeBuffer();
  return {
    bytes: new Uint8Array(buffer as ArrayBuffer),
    name: `${base}.xlsx`,
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  };
}

export function templateResponse(file: TemplateFile): Response {
  return new Response(Buffer.from(file.bytes), {
    status: 200,
    headers: {
      'content-type': file.mime,
      'content-length': String(file.bytes.byteLength),
      'content-disposition': contentDisposition(file.name),
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    },
  });
}

/**
 * GET handler of one template: `?lang=zh|en` (default: the request's language), `?format=xlsx|txt`
 * (default xlsx). A bad parameter answers the JSON envelope in the caller's language.
 */
export function templateHandler(type: UploadType) {
  return async (request: Request): Promise<Response> => {
    const requestLocale = localeOfRequest(request);
    const url = new URL(request.url);
    const parsed = templateQuerySchema.safeParse({
      lang: url.searchParams.get('lang') ?? undefined,
      format: url.searchParams.get('format') ?? undefined,
    });
    if (!parsed.success) {
      const key = localizedIssueKey(parsed.error.issues[0]?.message ?? '') ?? 'SceneList.errors.badFormat';
      return Response.json(
        { code: API_CODES.INVALID_INPUT, message: translateMessage(requestLocale, key), data: null },
        { status: 200, headers: { 'cache-control': 'no-store' } },
      );
    }
    const file = await sceneListTemplate(await getDb(), type, parsed.data.lang ?? requestLocale, parsed.data.format);
    log.info('scene list template', { type, lang: parsed.data.lang ?? requestLocale, format: parsed.data.format });
    return templateResponse(file);
  };
}
