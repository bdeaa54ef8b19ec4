/**
 * Scene lists of the image query (spec §4 mode FILE 5, upload types FLIE_NAMES 1, OPR 2, PR 3; spec §7
 * `normalmeta/upload/file/v2/{x}`, `template/filenames/v2`, `template/pathandrows/v2`, `template/pr/v2`,
 * `offlinebyids`). Public, like the search: an uploaded list is named by its unguessable id while it
 * lives (CATALOGUE_LIMITS.uploadTtlHours).
 *
 * A list file is UTF-8 text (with or without BOM; GB18030/GBK is read when the bytes are not UTF-8), CSV
 * or an Excel .xlsx (first sheet). One entry per line (per row): cells separated by tab, comma, space or
 * semicolon (full-width ，；、 too). Blank lines and lines starting with `#` are skipped, and so is the
 * first line when it holds no digit at all (a header such as the templates' "文件名" / "Orbit,Path,Row").
 *
 * - FLIE_NAMES (1): one scene file name per line, exactly as the catalogue names it
 *   (e.g. `GF1_PMS1_E114.6_N38.1_20250312_L1A0004623312`); the name is compared whole, case and all.
 * - OPR (2): orbit, path, row — three whole numbers. The ORBIT is the satellite's absolute revolution
 *   number (the scene detail's "orbit", counted since launch); PATH and ROW are the mission's reference
 *   grid: WRS-2 path/row for Landsat, and for CRESDA missions (GF, ZY, CBERS, HJ) the ground track's
 *   index in the repeat cycle and the frame's index along the orbit from the ascending node. One OPR line
 *   names the scene(s) of that frame on that one revolution; a PR line names every revolution over that
 *   frame. Sentinel-2 carries its relative orbit as path but no row, and Sentinel-1 and the commercial
 *   missions (Jilin-1, SuperView, Beijing-2) no path/row at all: lists by path/row do not select them.
 * - PR (3): path, row — two whole numbers, as above.
 *
 * A line holds exactly the values of its type (more cells is an error: it usually means the wrong list
 * type was chosen). The search by a list applies the other filters too (satellites, dates, cloud, …):
 * with none set, a file-name list returns exactly the scenes named. The "unmatched" answer lists the
 * lines that select no scene within those filters and says for each whether the catalogue has it at all.
 */
import { z } from 'zod';
import type zh from '../../../messages/zh.json';
import { defineContract, localizedIssue } from './api';
import { CATALOGUE_LIMITS, sceneFilterSchema, uploadIdSchema } from './catalogue';

/** Spec §4 upload types (the spec's spelling FLIE_NAMES kept). */
export const UPLOAD_TYPES = { FLIE_NAMES: 1, OPR: 2, PR: 3 } as const;
export type UploadType = (typeof UPLOAD_TYPES)[keyof typeof UPLOAD_TYPES];
export const UPLOAD_TYPE_NAMES = ['FLIE_NAMES', 'OPR', 'PR'] as const;
export type UploadTypeName = (typeof UPLOAD_TYPE_NAMES)[number];

export const SCENE_LIST_LIMITS = {
  /** Largest list file accepted. */
  maxBytes: 2 * 1024 * 1024,
  /** Entries (non-blank lines, header and comments aside) in one list. */
  maxLines: 10_000,
  /** Characters of one line as kept and shown. */
  maxLineChars: 1000,
  maxFileNameChars: 255,
  maxOrbit: 9_999_999,
  maxPathRow: 9_999,
  /** Entries echoed back after an upload (the whole list stays on the server). */
  previewEntries: 10,
  /** Bad lines reported in one answer (the count says how many there were). */
  invalidShown: 200,
  /** Unmatched lines reported in one answer (the count says how many there were). */
  unmatchedShown: 1000,
  /** Characters of an uploaded file's name kept. */
  maxNameChars: 255,
} as const;

type SceneListErrorKey = keyof (typeof zh)['SceneList']['errors'];
const issue = (key: SceneListErrorKey) => ({ error: localizedIssue(`SceneList.errors.${key}`) });

/** `1`, `2`, `3` or the spec's names `FLIE_NAMES`, `OPR`, `PR` (FILE_NAMES is accepted too). */
export const uploadTypeParamSchema = z
  .string(issue('badListType'))
  .transform((x) => x.trim().toUpperCase())
  .pipe(
    z.union(
      [
        z.enum(['1', 'FLIE_NAMES', 'FILE_NAMES']).transform(() => UPLOAD_TYPES.FLIE_NAMES),
        z.enum(['2', 'OPR']).transform(() => UPLOAD_TYPES.OPR),
        z.enum(['3', 'PR']).transform(() => UPLOAD_TYPES.PR),
      ],
      issue('badListType'),
    ),
  );

export const uploadTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** Why a line was not taken (SceneList.reasons.*). */
export const LINE_REASONS = [
  'notNumber',
  'negative',
  'tooLarge',
  'missingValues',
  'extraValues',
  'lineTooLong',
  'nameTooLong',
  'badName',
] as const;
export type LineReason = (typeof LINE_REASONS)[number];

export const sceneListEntrySchema = z.object({
  line: z.number().int(),
  text: z.string(),
  fileName: z.string().nullable(),
  orbit: z.number().int().nullable(),
  path: z.number().int().nullable(),
  row: z.number().int().nullable(),
});
export type SceneListEntry = z.infer<typeof sceneListEntrySchema>;

export const invalidLineSchema = z.object({
  line: z.number().int(),
  text: z.string(),
  reason: z.enum(LINE_REASONS),
  /** The reason in the caller's language. */
  message: z.string(),
});
export type InvalidLine = z.infer<typeof invalidLineSchema>;

export const sceneListSchema = z.object({
  id: z.string(),
  /** The uploaded file's name. */
  name: z.string(),
  listType: uploadTypeSchema,
  /** Entries taken (valid lines). */
  lines: z.number().int(),
  /** The first entries, as read. */
  entries: z.array(sceneListEntrySchema),
  /** Lines not taken, in file order (at most SCENE_LIST_LIMITS.invalidShown). */
  invalid: z.array(invalidLineSchema),
  invalidCount: z.number().int(),
  /** `utf-8`, `gb18030` or `xlsx`. */
  encoding: z.string(),
  /** ISO 8601: the list is forgotten after this. */
  expiresAt: z.string(),
});
export type SceneList = z.infer<typeof sceneListSchema>;

export const unmatchedLineSchema = z.object({
  line: z.number().int(),
  text: z.string(),
  /** True when some scene of the catalogue matches the line but the filters exclude it. */
  inCatalogue: z.boolean(),
});
export type UnmatchedLine = z.infer<typeof unmatchedLineSchema>;

export const unmatchedSchema = z.object({
  /** Entries of the list. */
  lines: z.number().int(),
  /** Entries that select no scene within the filters. */
  count: z.number().int(),
  /** Those entries in file order, at most SCENE_LIST_LIMITS.unmatchedShown. */
  list: z.array(unmatchedLineSchema),
});
export type Unmatched = z.infer<typeof unmatchedSchema>;

export const uploadIdParamsSchema = z.object({ id: uploadIdSchema });

export const uploadSceneListContract = defineContract({
  method: 'POST',
  path: '/api/normal/v5/normalmeta/upload/file/v2/{x}',
  summary: `Upload a scene list (multipart field "file": .txt/.csv UTF-8 or GB18030, or .xlsx; ≤ ${SCENE_LIST_LIMITS.maxBytes / 1024 / 1024} MB, ≤ ${SCENE_LIST_LIMITS.maxLines} lines). x: 1|FLIE_NAMES, 2|OPR (orbit, path, row), 3|PR (path, row)`,
  tag: 'Catalogue',
  access: 'public',
  params: z.object({ x: uploadTypeParamSchema }),
  response: sceneListSchema,
  formBody: {
    files: [{ field: 'file', contentType: 'application/octet-stream', required: true, description: 'The scene list (see the summary)' }],
  },
});

export const getSceneListContract = defineContract({
  method: 'GET',
  path: '/api/normal/v5/normalmeta/upload/file/v2/id/{id}',
  summary: 'An uploaded scene list while it lives: its name, type, entry count and bad lines (to restore a shared URL)',
  tag: 'Catalogue',
  access: 'public',
  params: uploadIdParamsSchema,
  response: sceneListSchema,
});

export const unmatchedBodySchema = z.object({ filter: sceneFilterSchema.default({}) });

export const sceneListUnmatchedContract = defineContract({
  method: 'POST',
  path: '/api/normal/v5/normalmeta/upload/file/v2/id/{id}/unmatched',
  summary: "The list's lines that select no scene within the search's filters (the filter's area is ignored: the list is the area)",
  tag: 'Catalogue',
  access: 'public',
  params: uploadIdParamsSchema,
  body: unmatchedBodySchema,
  response: unmatchedSchema,
  maxBodyBytes: 64 * 1024,
});

export const TEMPLATE_KINDS = { filenames: UPLOAD_TYPES.FLIE_NAMES, pathandrows: UPLOAD_TYPES.OPR, pr: UPLOAD_TYPES.PR } as const;
export type TemplateKind = keyof typeof TEMPLATE_KINDS;
/** The template path of each list type. */
export const TEMPLATE_PATHS: Record<UploadType, string> = {
  1: '/api/normal/v5/normalmeta/template/filenames/v2',
  2: '/api/normal/v5/normalmeta/template/pathandrows/v2',
  3: '/api/normal/v5/normalmeta/template/pr/v2',
};

export const templateQuerySchema = z.object({
  lang: z.enum(['zh', 'en'], issue('badLang')).optional(),
  format: z.enum(['xlsx', 'txt'], issue('badFormat')).default('xlsx'),
});

export const offlineByIdsBodySchema = z.object({
  ids: z
    .array(z.string(issue('badIds')).min(1, issue('badIds')).max(200, issue('badIds')), issue('badIds'))
    .max(CATALOGUE_LIMITS.allIdsCap, issue('tooManyIds')),
});

export const offlineByIdsContract = defineContract({
  method: 'POST',
  path: '/api/normal/v5/normalmeta/offlinebyids',
  summary: `Which of the given scene ids (at most ${CATALOGUE_LIMITS.allIdsCap}) are archived offline (not immediately downloadable)`,
  tag: 'Catalogue',
  access: 'public',
  body: offlineByIdsBodySchema,
  response: z.object({ offline: z.array(z.string()) }),
  maxBodyBytes: CATALOGUE_LIMITS.maxBodyBytes,
});

export const SCENE_LIST_CONTRACTS = [uploadSceneListContract, getSceneListContract, sceneListUnmatchedContract, offlineByIdsContract];
