import 'server-only';
/**
 * Uploaded areas of the image query (SHP mode, spec §4/§7 `normalmeta/upload/shp`): see
 * lib/shared/contracts/uploads.ts for the formats, coordinate systems and limits.
 */
import os from 'node:os';
import path from 'node:path';
import { AREA_UPLOAD_LIMITS, type UploadedArea } from '../../../shared/contracts/uploads';
import { multipartFile, type UploadedFile } from '../../api/upload';
import { JobTimeout, OffThread } from '../../compute/thread-pool';
import type { Database } from '../../db/types';
import { getEnv } from '../../env';
import { prepareArea, type PreparedArea, type PrepareJob, type PrepareOutcome } from './prepare';
import { UploadRefused } from './refusal';
import { storeArea } from './store';

export { getUploadedArea } from './store';
export { UploadRefused, type Refusal } from './refusal';

/** The file of a multipart upload (field `file`). */
export function uploadedFile(request: Request, maxBodyBytes: number): Promise<UploadedFile> {
  return multipartFile(
    request,
    { maxBodyBytes, maxFileBytes: AREA_UPLOAD_LIMITS.maxFileBytes },
    {
      badForm: () => new UploadRefused('noFile'),
      noFile: () => new UploadRefused('noFile'),
      tooLarge: () => new UploadRefused('tooLarge'),
    },
  );
}

/** Longest a file may take to read and check; beyond it the upload is refused as too costly (Upload.errors.tooSlow). */
export const PREPARE_DEADLINE_MS = 30_000;

/**
 * Reading and checking run on their own threads (./prepare.ts, ./worker.mjs): seconds of CPU for a large file
 * that must not hold up the request thread. AREA_UPLOAD_THREADS=0 runs them inline (tests, or where threads fail).
 */
const preparation = new OffThread<PrepareJob, PrepareOutcome>(
  () => ({
    name: 'area upload',
    file: path.join(process.cwd(), 'lib/server/areas/uploads/worker.mjs'),
    size: getEnv().AREA_UPLOAD_THREADS ?? Math.min(2, os.availableParallelism()),
    execArgv: ['--conditions=react-server'],
  }),
  prepareArea,
);

/** Tests: the threads of the preparation (started on first use), or null when it runs inline. */
export const preparationThreads = () => preparation.threads();
/** Tests: stops the preparation's threads; the next upload starts them from the environment as it is then. */
export const resetPreparation = () => preparation.reset();

/**
 * Reads and checks an uploaded file off the request thread: the area to dissolve, or the refusal thrown. At most
 * `maxVertices` are kept (simplified within AREA_UPLOAD_LIMITS.maxAreaChange, else refused).
 */
export async function prepareUploadedArea(file: UploadedFile, maxVertices: number = AREA_UPLOAD_LIMITS.maxVertices): Promise<PreparedArea> {
  let outcome: PrepareOutcome;
  try {
    // A copy is sent (structured clone): the file's bytes may share a buffer with the request's body.
    outcome = await preparation.run({ name: file.name, bytes: file.bytes, maxVertices }, PREPARE_DEADLINE_MS);
  } catch (error) {
    if (error instanceof JobTimeout) throw new UploadRefused('tooSlow', { seconds: PREPARE_DEADLINE_MS / 1000 });
    throw error;
  }
  if (!outcome.ok) throw new UploadRefused(outcome.reason, outcome.values);
  return outcome.area;
}

/**
 * Reads, checks, dissolves and stores an uploaded area; nothing is stored when it is refused. The embedded database
 * keeps at most AREA_UPLOAD_LIMITS.embeddedMaxVertices, so that none of the statements storing it holds that database
 * (and every other request) long.
 */
export async function uploadArea(db: Database, file: UploadedFile): Promise<UploadedArea> {
  const maxVertices = db.kind === 'pglite' ? AREA_UPLOAD_LIMITS.embeddedMaxVertices : AREA_UPLOAD_LIMITS.maxVertices;
  return storeArea(db, file.name, await prepareUploadedArea(file, maxVertices));
}
