import 'server-only';
/**
 * How far a job has got, and where it stands, for whoever waits for its result (an export's screen polls it).
 * A handler reports progress while it works; the write names the claim (attempt), so a worker that lost its
 * lease cannot move the bar of the worker that has the job now. The state is read from the queue row itself.
 */
import type { Queryable } from '../db/types';
import type { ClaimedJob } from './runner';

/** Records that `job` is `fraction` (0–1) done; ignored once the job is finished or claimed again. */
export async function reportJobProgress(db: Queryable, job: Pick<ClaimedJob, 'id' | 'attempts'>, fraction: number): Promise<void> {
  const value = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
  await db.query(`UPDATE jobs SET progress = $2 WHERE id = $1 AND attempts = $3 AND done_at IS NULL AND failed_at IS NULL`, [
    job.id,
    value,
    job.attempts,
  ]);
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobState {
  status: JobStatus;
  /** 0–1: 1 when done, 0 while queued, the handler's last report while running. */
  progress: number;
  attempts: number;
}

/** Where job `id` stands (null when there is no such job). */
export async function readJobState(db: Queryable, id: number | string): Promise<JobState | null> {
  const [row] = await db.query<{ done: boolean; failed: boolean; running: boolean; progress: number | null; attempts: number }>(
    `SELECT done_at IS NOT NULL AS done, failed_at IS NOT NULL AS failed, coalesce(locked_until > now(), false) AS running,
            progress, attempts
       FROM jobs WHERE id = $1`,
    [String(id)],
  );
  if (!row) return null;
  const status: JobStatus = row.done ? 'done' : row.failed ? 'failed' : row.running ? 'running' : 'queued';
  const progress = status === 'done' ? 1 : status === 'queued' && row.attempts === 0 ? 0 : Number(row.progress ?? 0);
  return { status, progress, attempts: row.attempts };
}
