import 'server-only';
/**
 * Batch exports of verification cases as jobs (issue 33.6): asking counts the cases under the case list's filters
 * over the caller's range, refuses more than CASE_EXPORT_LIMITS.maxRows (saying how many matched; nothing is
 * created), and otherwise records the export and queues its job in one transaction. The job (kind
 * 'verification.export') reads the cases page by page with the caller's range as it is when it runs, reports its
 * progress, stores the file in the files store and records it with the export. The export's state — and, when done,
 * a signed download link — is for the user who asked only: the link's signature covers the export, the user and
 * the expiry, and the download checks it against the signed-in user.
 */
import type { Locale } from '../../../i18n/routing';
import { API_CODES } from '../../shared/contracts/api';
import {
  CASE_EXPORT_LIMITS,
  type CaseExportFormat,
  type CaseFilters,
  type ExportJob,
  type CaseSource,
} from '../../shared/contracts/verification';
import type zh from '../../../messages/zh.json';
import { ApiError, notFound, rangeNotSatisfiable } from '../api/errors';
import type { Database, Queryable } from '../db/types';
import { fileUrlSecret, getFileStore, saveFile, findFile, type FileStore } from '../files';
import { contentDisposition } from '../files/content-disposition';
import { datedName } from '../files/file-response';
import { checkOwnedLink, signOwnedLink } from '../files/signed-url';
import { answerStoredFile } from '../files/stored-file';
import { translateMessage } from '../i18n';
import { enqueueJob } from '../jobs/enqueue';
import { readJobState, reportJobProgress } from '../jobs/progress';
import { PermanentJobError, type ClaimedJob, type JobHandler, type JobHandlers } from '../jobs/runner';
import { log } from '../log';
import { actorOfUser, type VerificationActor } from './cases';
import { countExport, EXPORT_TYPES, exportPage, exportWriter } from './export-files';

export const EXPORT_JOB = 'verification.export';
export const EXPORT_PATH = '/api/process-spot-bjhs/v1/process/export';
/** Cases read per page (one progress report each). */
const PAGE_ROWS = 1000;
/** The link's scope in its signature (a link to another kind of file never opens an export). */
const LINK_SCOPE = 'verification-export';

type VerificationErrorKey = keyof (typeof zh)['Verification']['errors'];
const refused = (
  key: VerificationErrorKey,
  values: Record<string, string | number> = {},
  status = 200,
  code: number = API_CODES.INVALID_INPUT,
) => new ApiError(code, `Verification.errors.${key}`, values, status);

/** A failure the job records with the export (a message key under Verification.errors). */
class ExportFailure extends PermanentJobError {
  constructor(readonly key: VerificationErrorKey) {
    super(key);
  }
}

export interface ExportRequest {
  filters: CaseFilters;
  format: CaseExportFormat;
  lang: Locale;
  /** A batch export's source (the path's family). */
  source?: CaseSource;
}

/** Records an export and queues its job, or refuses when more cases match than one export may hold. */
export async function requestExport(db: Database, actor: VerificationActor, request: ExportRequest, locale: Locale): Promise<ExportJob> {
  const filters: CaseFilters = request.source ? { ...request.filters, source: request.source } : request.filters;
  const matched = await countExport(db, actor, filters);
  if (matched > CASE_EXPORT_LIMITS.maxRows) throw refused('tooManyRows', { matched, max: CASE_EXPORT_LIMITS.maxRows });
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO verification_exports (user_id, format, lang, filters, matched) VALUES ($1, $2, $3, $4::jsonb, $5) RETURNING id::text AS id`,
      [String(actor.userId), request.format, request.lang, JSON.stringify(filters), matched],
    );
    const exportId = row!.id;
    const jobId = await enqueueJob(tx, {
      kind: EXPORT_JOB,
      payload: { exportId },
      dedupeKey: `verification-export:${exportId}`,
      maxAttempts: 3,
    });
    await tx.query(`UPDATE verification_exports SET job_id = $2 WHERE id = $1`, [exportId, jobId]);
    return exportId;
  });
  return exportState(db, actor.userId, id, locale);
}

interface ExportRow {
  id: string;
  user_id: string;
  job_id: string | null;
  format: CaseExportFormat;
  lang: Locale;
  filters: CaseFilters;
  matched: number;
  row_count: number | null;
  file_id: string | null;
  failure: string | null;
  created_at: Date;
}

async function loadExport(db: Queryable, id: string): Promise<ExportRow | null> {
  const [row] = await db.query<ExportRow>(
    `SELECT id::text AS id, user_id::text AS user_id, job_id::text AS job_id, format, lang, filters, matched, row_count,
            file_id::text AS file_id, failure, created_at
       FROM verification_exports WHERE id = $1`,
    [id],
  );
  return row ?? null;
}

const fileNameOf = (row: Pick<ExportRow, 'format' | 'lang' | 'created_at'>) =>
  datedName(translateMessage(row.lang, 'VerificationReport.exportName'), EXPORT_TYPES[row.format].ext, new Date(row.created_at));

/** One of the user's exports as it stands (404 for another user's, or none). */
export async function exportState(
  db: Queryable,
  userId: string | number,
  id: string,
  locale: Locale,
  now = Date.now(),
): Promise<ExportJob> {
  const row = await loadExport(db, id);
  if (!row || row.user_id !== String(userId)) throw notFound();
  const job = row.job_id ? await readJobState(db, row.job_id) : null;
  const file = row.file_id ? await findFile(db, row.file_id) : null;
  const failed = row.failure !== null || job?.status === 'failed' || (!job && !file);
  const done = !failed && file !== null;
  // The file and the job's end commit together; a job marked done without a file is still finishing.
  const status: ExportJob['status'] = failed ? 'failed' : done ? 'done' : job?.status === 'done' ? 'running' : (job?.status ?? 'queued');
  let download: ExportJob['download'] = null;
  if (done) {
    const expires = Math.floor(now / 1000) + CASE_EXPORT_LIMITS.linkTtlSeconds;
    const sig = signOwnedLink(await fileUrlSecret(db), LINK_SCOPE, row.id, String(userId), expires);
    download = { url: `${EXPORT_PATH}/${row.id}/download?expires=${expires}&sig=${sig}`, expires };
  }
  return {
    id: row.id,
    format: row.format,
    status,
    progress: done ? 1 : (job?.progress ?? 0),
    matched: row.matched,
    rows: row.row_count,
    fileName: done ? fileNameOf(row) : null,
    bytes: file?.size ?? null,
    download,
    failure: failed ? translateMessage(locale, `Verification.errors.${(row.failure ?? 'exportFailed') as VerificationErrorKey}`) : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The file of a finished export, by its signed link, for the user who asked (GET or HEAD, one byte range). */
export async function downloadExport(
  db: Database,
  store: FileStore,
  request: Request,
  userId: string | number,
  id: string,
  query: { expires?: string; sig?: string },
): Promise<Response> {
  const check = checkOwnedLink(await fileUrlSecret(db), LINK_SCOPE, id, String(userId), query.expires ?? null, query.sig ?? null);
  if (check === 'invalid') throw refused('linkInvalid', {}, 403, API_CODES.FORBIDDEN);
  if (check === 'expired') throw refused('linkExpired', {}, 410, API_CODES.FORBIDDEN);
  const row = await loadExport(db, id);
  if (!row || row.user_id !== String(userId) || !row.file_id) throw notFound();
  const file = await findFile(db, row.file_id);
  if (!file) throw notFound();
  const answer = await answerStoredFile(request, store, file.storageKey, {
    'content-type': row.format === 'shp' ? file.mime : `${file.mime}; charset=utf-8`,
    'content-disposition': contentDisposition(file.originalName),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
  });
  if (answer.kind === 'missing') {
    log.error('export file missing', { exportId: id, key: file.storageKey });
    throw notFound();
  }
  if (answer.kind === 'unsatisfiable') throw rangeNotSatisfiable(answer.size);
  return answer.response;
}

export interface ExportJobOptions {
  store: FileStore;
  /** Cases per page (tests use small pages to see the progress move). */
  pageRows?: number;
}

/** The job: read the cases page by page (reporting progress), write the file, store it, record it. */
export function exportJobHandler(options: ExportJobOptions): JobHandler {
  return {
    async run(db: Database, job: ClaimedJob) {
      const row = await loadExport(db, String(job.payload.exportId));
      if (!row || row.file_id || row.failure) return {};
      const actor = await actorOfUser(db, row.user_id);
      if (!actor) throw new ExportFailure('exportFailed');
      const pageRows = options.pageRows ?? PAGE_ROWS;
      const writer = exportWriter(row.format, row.lang);
      let after = '0';
      let written = 0;
      for (;;) {
        const page = await exportPage(db, actor, row.filters, row.lang, after, pageRows);
        if (page.length === 0) break;
        written += page.length;
        if (written > CASE_EXPORT_LIMITS.maxRows) throw new ExportFailure('exportGrew');
        writer.add(page);
        after = page[page.length - 1]!.id;
        await reportJobProgress(db, job, Math.min(0.95, written / Math.max(1, row.matched)));
        if (page.length < pageRows) break;
      }
      const data = writer.finish();
      const type = EXPORT_TYPES[row.format];
      const file = await saveFile(db, options.store, { data, name: fileNameOf(row), mime: type.mime, createdBy: row.user_id });
      return {
        commit: async (tx) => {
          await tx.query(`UPDATE verification_exports SET file_id = $2, row_count = $3, finished_at = now() WHERE id = $1`, [
            row.id,
            file.id,
            written,
          ]);
        },
      };
    },
    async onFailure(tx, job, error) {
      const key: VerificationErrorKey = error instanceof ExportFailure ? error.key : 'exportFailed';
      await tx.query(`UPDATE verification_exports SET failure = $2, finished_at = now() WHERE id = $1 AND file_id IS NULL`, [
        String(job.payload.exportId),
        key,
      ]);
    },
  };
}

/** The verification exports' job handler (registered in lib/server/composition/jobs.ts). */
export function verificationExportJobHandlers(options: Partial<ExportJobOptions> = {}): JobHandlers {
  return { [EXPORT_JOB]: exportJobHandler({ store: options.store ?? getFileStore(), pageRows: options.pageRows }) };
}
