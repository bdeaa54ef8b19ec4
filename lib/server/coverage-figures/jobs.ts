import 'server-only';
/**
 * The job that keeps the coverage figures (./cells.ts) after a load of new scenes: its first run queues the
 * (region, month) keys the load's scenes meet, then every run recomputes queued keys for DRAIN_BUDGET_MS and comes
 * back (`later`, after DRAIN_PAUSE_MS) while any are left, so one large load is many short runs and never one long
 * hold of the database.
 * Keys queued by deleted scenes (or a rebuild) are drained by the same runs, and by the periodic task when no load comes.
 */
import { PermanentJobError, type JobHandler, type PeriodicTask } from '../jobs/runner';
import { log } from '../log';
import { drainCoverage, queueLoadKeys } from './cells';

export const COVERAGE_LOAD_JOB = 'coverage.load';

/** How long one run recomputes keys before handing the worker back. */
export const DRAIN_BUDGET_MS = 5_000;
/**
 * The pause before the next run: a whole catalogue's first build (every key of every month) is hours of short
 * transactions on the embedded database, and the worker's other jobs and the requests get this gap each time.
 */
export const DRAIN_PAUSE_MS = 1_000;

export const coverageLoadHandler: JobHandler = {
  async run(db, job) {
    const loadId = String(job.payload.loadId ?? '');
    if (!/^[1-9]\d{0,17}$/.test(loadId)) throw new PermanentJobError(`bad load id ${loadId}`);
    if (job.payload.queued !== true) {
      const keys = await queueLoadKeys(db, loadId);
      log.info('coverage figures: load queued', { loadId, keys });
    }
    const { refreshed, left } = await drainCoverage(db, DRAIN_BUDGET_MS);
    return left ? { later: { runAt: new Date(Date.now() + DRAIN_PAUSE_MS), payload: { ...job.payload, queued: true, refreshed } } } : {};
  },
};

/** Keys queued without a load (deleted scenes, a rebuild): drained a little on every pass of the worker. */
export const COVERAGE_PERIODIC_TASKS: readonly PeriodicTask[] = [
  {
    name: 'coverage.pending',
    async run(db) {
      const [row] = await db.query<{ any: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM coverage_pending) OR EXISTS (SELECT 1 FROM coverage_pending_months) AS any`,
      );
      return row?.any ? drainCoverage(db, DRAIN_BUDGET_MS) : null;
    },
  },
];
