import 'server-only';
/**
 * Putting work on the database job queue (table `jobs`, migration 0018_orders). Call it inside the
 * transaction that creates the work's reason (an order, a retry), so the job exists exactly when that
 * commits. A job with a `dedupeKey` that is already queued is not queued twice.
 */
import type { Queryable } from '../db/types';

export interface NewJob {
  /** What to do, e.g. 'order.produce_item' (lowercase, dots and underscores). */
  kind: string;
  payload: Record<string, string | number | boolean | null>;
  /** One job per key, ever: a second enqueue with the same key is ignored. */
  dedupeKey?: string;
  /** Not before this time (default: now). */
  runAt?: Date;
  maxAttempts?: number;
}

/** Queues the jobs; returns how many were new. */
export async function enqueueJobs(tx: Queryable, jobs: readonly NewJob[]): Promise<number> {
  if (jobs.length === 0) return 0;
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO jobs (kind, payload, dedupe_key, run_at, max_attempts)
     SELECT j.kind, j.payload, j.dedupe_key, coalesce(j.run_at, now()), coalesce(j.max_attempts, 5)
       FROM jsonb_to_recordset($1::jsonb) AS j(kind text, payload jsonb, dedupe_key text, run_at timestamptz, max_attempts int)
     ON CONFLICT (dedupe_key) DO NOTHING
     RETURNING id`,
    [
      JSON.stringify(
        jobs.map((j) => ({
          kind: j.kind,
          payload: j.payload,
          dedupe_key: j.dedupeKey ?? null,
          run_at: j.runAt?.toISOString() ?? null,
          max_attempts: j.maxAttempts ?? null,
        })),
      ),
    ],
  );
  return rows.length;
}

/** Queues one job and returns its id (null when its dedupe key was already used). */
export async function enqueueJob(tx: Queryable, job: NewJob): Promise<number | null> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO jobs (kind, payload, dedupe_key, run_at, max_attempts)
     VALUES ($1, $2::jsonb, $3, coalesce($4::timestamptz, now()), coalesce($5::int, 5))
     ON CONFLICT (dedupe_key) DO NOTHING
     RETURNING id::text AS id`,
    [job.kind, JSON.stringify(job.payload), job.dedupeKey ?? null, job.runAt?.toISOString() ?? null, job.maxAttempts ?? null],
  );
  return row ? Number(row.id) : null;
}
