import 'server-only';
/**
 * Scene lists kept for the image query's FILE mode: one `catalogue_uploads` row (kind 'scenes') and one
 * `catalogue_upload_lines` row per entry; the bad lines are kept in the upload's details to be shown
 * again when a shared URL restores the list. The search itself selects by the lines in
 * ../query.ts (sceneListCondition); `unmatchedLines` says which lines select nothing.
 */
import { randomUUID } from 'node:crypto';
import type { Locale } from '../../../../i18n/routing';
import { API_CODES } from '../../../shared/contracts/api';
import { CATALOGUE_LIMITS, type SceneFilter } from '../../../shared/contracts/catalogue';
import {
  SCENE_LIST_LIMITS,
  UPLOAD_TYPES,
  type InvalidLine,
  type LineReason,
  type SceneList,
  type SceneListEntry,
  type Unmatched,
  type UploadType,
} from '../../../shared/contracts/scene-lists';
import type { Database, Queryable, SqlParam } from '../../db/types';
import { translateMessage } from '../../i18n';
import { sceneConditions } from '../query';
import { readSceneListFile, sceneListError } from './read';

const notFound = () => sceneListError('notFound', {}, API_CODES.NOT_FOUND);

/** Rows per INSERT statement (7 parameters a row, well below PostgreSQL's 65,535). */
const INSERT_BATCH = 1000;

interface StoredDetails {
  encoding: string;
  invalid: { line: number; text: string; reason: LineReason }[];
  invalidCount: number;
}

const reasonMessage = (locale: Locale, reason: LineReason) => translateMessage(locale, `SceneList.reasons.${reason}`);

function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, SCENE_LIST_LIMITS.maxNameChars);
  return clean || 'list.txt';
}

export interface UploadInput {
  bytes: Uint8Array;
  fileName: string;
  type: UploadType;
  userId: string | null;
  locale: Locale;
}

/** Reads and stores a list; nothing is stored when the file is refused. */
export async function uploadSceneList(db: Database, input: UploadInput): Promise<SceneList> {
  const name = cleanName(input.fileName);
  const read = await readSceneListFile(input.bytes, name, input.type);
  if (read.entries.length === 0) {
    const first = read.invalid[0]!;
    throw sceneListError('noEntries', { line: first.line, reason: reasonMessage(input.locale, first.reason) });
  }
  const id = randomUUID();
  const details: StoredDetails = {
    encoding: read.encoding,
    invalid: read.invalid.slice(0, SCENE_LIST_LIMITS.invalidShown),
    invalidCount: read.invalid.length,
  };
  await db.transaction(async (tx) => {
    // Lists past their time go when new ones come (their lines with them).
    await tx.query(`DELETE FROM catalogue_uploads WHERE expires_at < now()`);
    await tx.query(
      `INSERT INTO catalogue_uploads (id, kind, name, user_id, expires_at, list_type, details)
       VALUES ($1::uuid, 'scenes', $2, $3, now() + make_interval(hours => $4::int), $5, $6::jsonb)`,
      [id, name, input.userId, CATALOGUE_LIMITS.uploadTtlHours, input.type, JSON.stringify(details)],
    );
    for (let i = 0; i < read.entries.length; i += INSERT_BATCH) {
      const batch = read.entries.slice(i, i + INSERT_BATCH);
      const params: SqlParam[] = [id];
      const rows = batch.map((e) => {
        params.push(e.line, e.text.slice(0, SCENE_LIST_LIMITS.maxLineChars), e.fileName, e.orbit, e.path, e.row);
        const n = params.length;
        return `($1::uuid, $${n - 5}::int, $${n - 4}, $${n - 3}, $${n - 2}::int, $${n - 1}::int, $${n}::int)`;
      });
      await tx.query(`INSERT INTO catalogue_upload_lines (upload_id, line_no, text, file_name, orbit, path, "row") VALUES ${rows.join(', ')}`, params);
    }
  });
  return sceneListInfo(db, id, input.locale);
}

interface UploadRow {
  id: string;
  name: string;
  list_type: UploadType;
  details: StoredDetails;
  expires_at: string;
  lines: number;
}

async function liveList(db: Queryable, id: string): Promise<UploadRow> {
  const [row] = await db.query<UploadRow>(
    `SELECT u.id::text, u.name, u.list_type, u.details,
            to_char(u.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS expires_at,
            (SELECT count(*)::int FROM catalogue_upload_lines l WHERE l.upload_id = u.id) AS lines
       FROM catalogue_uploads u WHERE u.id = $1::uuid AND u.kind = 'scenes' AND u.expires_at > now()`,
    [id],
  );
  if (!row) throw notFound();
  return row;
}

/** A live list: name, type, entry count, the first entries and the bad lines (in the caller's language). */
export async function sceneListInfo(db: Queryable, id: string, locale: Locale): Promise<SceneList> {
  const row = await liveList(db, id);
  const entries = await db.query<SceneListEntry>(
    `SELECT line_no AS line, text, file_name AS "fileName", orbit, path, "row"
       FROM catalogue_upload_lines WHERE upload_id = $1::uuid ORDER BY line_no LIMIT $2`,
    [id, SCENE_LIST_LIMITS.previewEntries],
  );
  const invalid: InvalidLine[] = row.details.invalid.map((l) => ({ ...l, message: reasonMessage(locale, l.reason) }));
  return {
    id: row.id,
    name: row.name,
    listType: row.list_type,
    lines: row.lines,
    entries,
    invalid,
    invalidCount: row.details.invalidCount,
    encoding: row.details.encoding,
    expiresAt: row.expires_at,
  };
}

/** A line's scenes, on alias `s` of scenes and `l` of the lines (each form on its own index). */
function lineMatchSql(type: UploadType): string {
  switch (type) {
    case UPLOAD_TYPES.FLIE_NAMES:
      return `s.file_name = l.file_name`;
    case UPLOAD_TYPES.PR:
      return `s.path = l.path AND s."row" = l."row"`;
    case UPLOAD_TYPES.OPR:
      return `s.path = l.path AND s."row" = l."row" AND s.orbit_number = l.orbit`;
  }
}

/**
 * The lines of a list that select no scene within `filter` (its area is ignored: the list is the area),
 * each with whether the catalogue holds a matching scene at all.
 */
export async function unmatchedLines(db: Queryable, id: string, filter: SceneFilter): Promise<Unmatched> {
  const list = await liveList(db, id);
  const params: SqlParam[] = [id];
  const conditions = sceneConditions({ filter: { ...filter, area: undefined } }, params);
  const match = lineMatchSql(list.list_type);
  const within = [match, ...conditions].join(' AND ');
  params.push(SCENE_LIST_LIMITS.unmatchedShown);
  const rows = await db.query<{ line: number; text: string; in_catalogue: boolean; total: number }>(
    `WITH missing AS (
       SELECT l.line_no, l.text, EXISTS (SELECT 1 FROM scenes s WHERE ${match}) AS in_catalogue
         FROM catalogue_upload_lines l
        WHERE l.upload_id = $1::uuid AND NOT EXISTS (SELECT 1 FROM scenes s WHERE ${within}))
     SELECT line_no AS line, text, in_catalogue, count(*) OVER ()::int AS total
       FROM missing ORDER BY line_no LIMIT $${params.length}`,
    params,
  );
  return {
    lines: list.lines,
    count: rows[0]?.total ?? 0,
    list: rows.map((r) => ({ line: r.line, text: r.text, inCatalogue: r.in_catalogue })),
  };
}

/** Which of `ids` are archived offline, in the order given (unknown ids are not reported). */
export async function offlineByIds(db: Queryable, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<{ id: string }>(
    `SELECT s.id FROM unnest($1::text[]) WITH ORDINALITY AS i(id, n) JOIN scenes s ON s.id = i.id WHERE NOT s.online ORDER BY i.n`,
    [[...new Set(ids)]],
  );
  return rows.map((r) => r.id);
}
