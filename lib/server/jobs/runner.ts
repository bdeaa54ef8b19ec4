import 'server-only';
/**
 * The database job queue's runner (table `jobs`, migration 0018_orders; DESIGN.md "Orders"). A worker
 * claims one due job with FOR UPDATE SKIP LOCKED and holds it under a lease; the handler does its work
 * (which must be safe to repeat, e.g. writing content-addressed files) and hands back the job's effect,
 * which is written in the same transaction that marks the job done — and only while the lease is still
 * the worker's. A worker that dies leaves the job to be claimed again when the lease runs out: the work
 * is redone, its effect written once. Failures are retried with exponential backoff up to max_attempts;
 * then the handler's `onFailure` records the failure (also in that transaction).
 */
import { log } from '../log';
import type { Database, Queryable } from '../db/types';

export type JobPayload = Record<string, string | number | boolean | null>;

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: JobPayload;
  /** This claim included (1 on the first run). */
  attempts: number;
  maxAttempts: number;
}

export interface JobStep {
  /** The job's effect, written in the transaction that completes (or reschedules) the job. */
  commit?: (tx: Queryable) => Promise<void>;
  /** Not finished: run again at this time with this payload (not counted as a failed attempt). */
  later?: { runAt: Date; payload: JobPayload };
}

export interface JobHandler {
  run(db: Database, job: ClaimedJob): Promise<JobStep>;
  /** The last attempt failed: record it (in the transaction that marks the job failed). */
  onFailure?(tx: Queryable, job: ClaimedJob, error: unknown): Promise<void>;
}

/** Work a domain wants done on every pass of the worker (bounded, idempotent, safe in several processes). */
export interface PeriodicTask {
  name: string;
  run(db: Database): Promise<unknown>;
}

/** A failure that retrying will not fix: the job fails at once (onFailure records it). */
export class PermanentJobError extends Error {}

export type JobHandlers = Readonly<Record<string, JobHandler>>;

export interface RunnerOptions {
  /** Names this worker in `locked_by`. */
  workerId: string;
  leaseSeconds: number;
  /** First retry delay; doubled per attempt, at most an hour. */
  backoffSeconds: number;
}

interface JobRow {
  id: string;
  kind: string;
  payload: JobPayload;
  attempts: number;
  max_attempts: number;
}

/** Claims the next due job of the handled kinds (or one whose lease ran out); null when none is due. */
export async function claimJob(
  db: Queryable,
  kinds: readonly string[],
  options: Pick<RunnerOptions, 'workerId' | 'leaseSeconds'>,
): Promise<ClaimedJob | null> {
  const [row] = await db.query<JobRow>(
    `UPDATE jobs j SET locked_by = $1, locked_until = now() + make_interval(secs => $2), attempts = j.attempts + 1
      WHERE j.id = (SELECT id FROM jobs
                     WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= now() AND kind = ANY ($3::text[])
                       AND (locked_until IS NULL OR locked_until < now())
                     ORDER BY run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING j.id::text AS id, j.kind, j.payload, j.attempts, j.max_attempts`,
    [options.workerId, options.leaseSeconds, kinds],
  );
  return row ? { id: Number(row.id), kind: row.kind, payload: row.payload, attempts: row.attempts, maxAttempts: row.max_attempts } : null;
}

class LeaseLost extends Error {}

/** Marks the job (still leased by us) with `set`; throws LeaseLost when another worker has it now. */
async function release(
  tx: Queryable,
  job: ClaimedJob,
  workerId: string,
  set: string,
  params: readonly (string | number | null)[],
): Promise<void> {
  const rows = await tx.query(
    `UPDATE jobs SET locked_by = NULL, locked_until = NULL, ${set} WHERE id = $1 AND locked_by = $2 AND attempts = $3 RETURNING id`,
    [job.id, workerId, job.attempts, ...params],
  );
  if (rows.length === 0) throw new LeaseLost(`job ${job.id}: lease lost`);
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/** Runs one claimed job to its next state. Returns false when its lease was lost (nothing written). */
export async function runJob(db: Database, handlers: JobHandlers, job: ClaimedJob, options: RunnerOptions): Promise<boolean> {
  const handler = handlers[job.kind];
  try {
    if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
    // Claimed again after a crash on its last allowed attempt: it has had its chances.
    if (job.attempts > job.maxAttempts) throw new Error('attempts exhausted (worker lost)');
    const step = await handler.run(db, job);
    await db.transaction(async (tx) => {
      if (step.later) {
        await release(tx, job, options.workerId, 'run_at = $4::timestamptz, payload = $5::jsonb, attempts = attempts - 1', [
          step.later.runAt.toISOString(),
          JSON.stringify(step.later.payload),
        ]);
      } else {
        await release(tx, job, options.workerId, 'done_at = now(), last_error = NULL', []);
      }
      await step.commit?.(tx);
    });
    return true;
  } catch (error) {
    if (error instanceof LeaseLost) {
      log.warn('job lease lost', { jobId: job.id, kind: job.kind });
      return false;
    }
    const final = job.attempts >= job.maxAttempts || error instanceof PermanentJobError;
    log.warn('job failed', { jobId: job.id, kind: job.kind, attempt: job.attempts, final, error: errorText(error) });
    try {
      await db.transaction(async (tx) => {
        if (final) {
          await release(tx, job, options.workerId, 'failed_at = now(), last_error = $4', [errorText(error)]);
          await handler?.onFailure?.(tx, job, error);
        } else {
          const delay = Math.min(3600, options.backoffSeconds * 2 ** (job.attempts - 1));
          await release(tx, job, options.workerId, 'run_at = now() + make_interval(secs => $4), last_error = $5', [
            delay,
            errorText(error),
          ]);
        }
      });
    } catch (inner) {
      if (inner instanceof LeaseLost) return false;
      throw inner;
    }
    return true;
  }
}

/** Claims and runs due jobs one at a time until none is due or `max` ran; returns how many ran. */
export async function runDueJobs(db: Database, handlers: JobHandlers, options: RunnerOptions, max = 100): Promise<number> {
  const kinds = Object.keys(handlers);
  let ran = 0;
  while (ran < max) {
    const job = await claimJob(db, kinds, options);
    if (!job) break;
    await runJob(db, handlers, job, options);
    ran++;
  }
  return ran;
}
