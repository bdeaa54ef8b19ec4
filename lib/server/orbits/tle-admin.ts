import 'server-only';
/**
 * Element sets for administrators: an uploaded three-line TLE file checked as the shipped one is (layout, both
 * checksums) and stored as the new current set in one transaction; the stored sets listed; an older set made
 * current again. Older sets are kept. Satellites the portal's satellite data does not describe are reported and
 * stored too (a prediction naming their NORAD numbers can use them). A satellite given twice keeps its newest epoch.
 */
import type { Locale } from '../../../i18n/routing';
import { API_CODES } from '../../shared/contracts/api';
import { TLE_UPLOAD_LIMITS, type TleSetPage, type TleSetSummary, type UploadedTleSet } from '../../shared/contracts/tle-admin';
import { elementAgeDays, isStaleAge, positionUncertaintyKm } from '../../shared/orbits/uncertainty';
import { checkTles, type Tle, type TleProblem } from '../../shared/satellites/tle';
import { ApiError } from '../api/errors';
import { multipartFile, type UploadedFile } from '../api/upload';
import { markLoaded } from '../db/dataset-version';
import { datasetsChanged } from '../db/data-cache';
import type { Database, Queryable } from '../db/types';
import { translateMessage } from '../i18n';
import { epochOf, insertTleSet } from './elements';

/** Bumped whenever the current set changes, so answers kept per dataset version (data-cache.ts) are recomputed. */
const CURRENT_SET_DATASET = 'orbit-elements-current';

const refuse = (key: string, values: Record<string, string | number> = {}, status = 200) =>
  new ApiError(status === 413 ? API_CODES.TOO_LARGE : API_CODES.INVALID_INPUT, `TleAdmin.errors.${key}`, values, status);

/** The `file` field of the upload, within the size limit. */
export function uploadedTleFile(request: Request, maxBodyBytes: number): Promise<UploadedFile> {
  const tooLarge = () => refuse('tooLarge', { mb: TLE_UPLOAD_LIMITS.maxFileBytes / 1024 / 1024 }, 413);
  return multipartFile(
    request,
    { maxBodyBytes, maxFileBytes: TLE_UPLOAD_LIMITS.maxFileBytes },
    { badForm: () => refuse('noFile'), noFile: () => refuse('noFile'), tooLarge },
  );
}

/** Active Chinese land-observation satellites of the satellite pages (the prediction's default selection). */
const CHINESE_NORADS = `SELECT m.norad FROM satellite_members m JOIN satellites s ON s.slug = m.satellite_slug
  WHERE s.area = 'cn' AND m.status = 'active' AND m.norad IS NOT NULL`;

interface SetRow {
  id: string;
  source: string;
  uploaded_by: string | null;
  created_at: Date;
  epoch_min: Date;
  epoch_max: Date;
  satellites: number;
  current: boolean;
  chinese_covered: number;
  chinese_total: number;
}

const SET_COLUMNS = `s.id::text AS id, s.source, u.username AS uploaded_by, s.created_at, s.epoch_min, s.epoch_max, s.satellites,
  s.current,
  (SELECT count(*)::int FROM orbit_elements e WHERE e.set_id = s.id AND e.norad IN (${CHINESE_NORADS})) AS chinese_covered,
  (SELECT count(DISTINCT c.norad)::int FROM (${CHINESE_NORADS}) c) AS chinese_total`;
const SET_FROM = `FROM tle_sets s LEFT JOIN users u ON u.id = s.uploaded_by`;

function toSummary(row: SetRow, nowMs: number): TleSetSummary {
  const oldestAgeDays = elementAgeDays(row.epoch_min.getTime(), nowMs);
  return {
    id: row.id,
    source: row.source,
    uploadedBy: row.uploaded_by,
    createdAt: row.created_at.toISOString(),
    epochMin: row.epoch_min.toISOString(),
    epochMax: row.epoch_max.toISOString(),
    satellites: row.satellites,
    current: row.current,
    chineseCovered: row.chinese_covered,
    chineseTotal: row.chinese_total,
    oldestAgeDays: Math.round(oldestAgeDays * 10) / 10,
    stale: isStaleAge(oldestAgeDays),
    oldestUncertaintyKm: positionUncertaintyKm(oldestAgeDays),
  };
}

async function setById(db: Queryable, id: string): Promise<SetRow | null> {
  const [row] = await db.query<SetRow>(`SELECT ${SET_COLUMNS} ${SET_FROM} WHERE s.id = $1::bigint`, [id]);
  return row ?? null;
}

/** "line 4 (GAOFEN-1): checksum …" for the first problems, in the reader's language. */
function problemList(locale: Locale, problems: readonly TleProblem[]): string {
  const shown = problems.slice(0, TLE_UPLOAD_LIMITS.problemsShown).map((p) =>
    translateMessage(locale, `TleAdmin.problems.${p.kind === 'checksum' ? 'checksum' : 'format'}`, {
      line: p.line,
      name: p.name ?? '',
    }),
  );
  return shown.join(translateMessage(locale, 'TleAdmin.problems.separator'));
}

/** The file's sets, one per satellite (the newest epoch wins), or a refusal naming the first broken lines. */
function readSets(text: string, known: ReadonlySet<number>, locale: Locale) {
  // A bound before the check: a set is three non-blank lines.
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '').length;
  if (lines > 3 * TLE_UPLOAD_LIMITS.maxSatellites) throw refuse('tooManySatellites', { max: TLE_UPLOAD_LIMITS.maxSatellites });
  const { tles, problems } = checkTles(text, known);
  const broken = problems.filter((p) => p.kind !== 'unknown');
  if (broken.length > 0) throw refuse('badLines', { count: broken.length, problems: problemList(locale, broken) });
  if (tles.length === 0) throw refuse('empty');
  const newest = new Map<number, { tle: Tle; epochMs: number }>();
  for (const tle of tles) {
    const epochMs = epochOf(tle.line1);
    const seen = newest.get(tle.norad);
    if (!seen || epochMs > seen.epochMs) newest.set(tle.norad, { tle, epochMs });
  }
  const unknown = problems.filter((p) => p.kind === 'unknown');
  // The same satellite given twice is reported once.
  const unknownFirst = [...new Map(unknown.map((p) => [p.norad!, p])).values()];
  return { sets: [...newest.values()], duplicates: tles.length - newest.size, unknown: unknownFirst };
}

/** Checks an uploaded file and, when every set is sound, stores it as the current element set. */
export async function uploadTleSet(
  db: Database,
  input: { file: UploadedFile; label: string | undefined; userId: string; locale: Locale },
): Promise<UploadedTleSet> {
  const text = new TextDecoder('utf-8').decode(input.file.bytes);
  const known = new Set(
    (await db.query<{ norad: number }>(`SELECT norad FROM satellite_members WHERE norad IS NOT NULL`)).map((r) => r.norad),
  );
  const { sets, duplicates, unknown } = readSets(text, known, input.locale);
  const source = (input.label ?? (input.file.name.trim() || 'TLE')).slice(0, TLE_UPLOAD_LIMITS.labelMax);
  const id = await db.transaction(async (tx) => {
    // One writer at a time: two uploads at once would both clear the old current set and then collide on the new one.
    await tx.query(`LOCK TABLE tle_sets IN SHARE ROW EXCLUSIVE MODE`);
    await tx.query(`UPDATE tle_sets SET current = false WHERE current`);
    const setId = await insertTleSet(tx, {
      source,
      uploadedBy: input.userId,
      current: true,
      elements: sets.map(({ tle, epochMs }) => ({
        norad: tle.norad,
        name: tle.name.slice(0, 80) || String(tle.norad),
        epoch: new Date(epochMs),
        line1: tle.line1,
        line2: tle.line2,
      })),
    });
    await markLoaded(tx, CURRENT_SET_DATASET, setId);
    return setId;
  });
  datasetsChanged();
  const set = await setById(db, id);
  return {
    set: toSummary(set!, Date.now()),
    unknown: unknown
      .slice(0, TLE_UPLOAD_LIMITS.unknownShown)
      .map((p) => ({ norad: p.norad!, name: (p.name ?? '').slice(0, 80), line: p.line })),
    unknownCount: unknown.length,
    duplicates,
  };
}

/** The stored sets, newest first. */
export async function listTleSets(db: Queryable, page: { pageNum: number; pageSize: number }): Promise<TleSetPage> {
  const rows = await db.query<SetRow>(`SELECT ${SET_COLUMNS} ${SET_FROM} ORDER BY s.created_at DESC, s.id DESC LIMIT $1 OFFSET $2`, [
    page.pageSize,
    (page.pageNum - 1) * page.pageSize,
  ]);
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM tle_sets`);
  const now = Date.now();
  return { list: rows.map((r) => toSummary(r, now)), total: count?.n ?? 0, pageNum: page.pageNum, pageSize: page.pageSize };
}

/** Makes a stored set the current one (nothing changes when it already is). */
export async function makeTleSetCurrent(db: Database, id: string): Promise<TleSetSummary> {
  const found = await db.transaction(async (tx) => {
    await tx.query(`LOCK TABLE tle_sets IN SHARE ROW EXCLUSIVE MODE`);
    const [row] = await tx.query<{ current: boolean }>(`SELECT current FROM tle_sets WHERE id = $1::bigint`, [id]);
    if (!row) return false;
    if (!row.current) {
      await tx.query(`UPDATE tle_sets SET current = false WHERE current`);
      await tx.query(`UPDATE tle_sets SET current = true WHERE id = $1::bigint`, [id]);
      await markLoaded(tx, CURRENT_SET_DATASET, id);
    }
    return true;
  });
  if (!found) throw new ApiError(API_CODES.NOT_FOUND, 'TleAdmin.errors.notFound');
  datasetsChanged();
  return toSummary((await setById(db, id))!, Date.now());
}
