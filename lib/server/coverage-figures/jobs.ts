import 'server-only';
/**
 * The job that keeps the coverage figures (./cells.ts) after a load of new scenes: its first run queues the
 * (region, month) keys the load's scenes meet, then recomputes queued keys in turns (`drainInTurns`) for up to
 * DRAIN_BUDGET_MS and comes back (`later`) while any are left. Keys queued by deleted scenes (or a rebuild) are drained
 * by the same runs, and by the periodic task when no load comes.
 *
 * The duty bound (docs/adr/0032-coverage-figures.md): the embedded database runs one statement at a time for everyone,
 * and a first build of a large catalogue is hours of work. So the work goes in turns of at most
 * COVERAGE_FIGURES_TURN_MS (a few short statements), each followed by a pause that keeps it to
 * COVERAGE_FIGURES_SHARE per cent of the time — 250 ms then ≥ 750 ms by default. The turns of the job and of the
 * periodic task share one schedule per process, so together they keep the share.
 */
import { getEnv } from '../env';
import { PermanentJobError, type JobHandler, type PeriodicTask } from '../jobs/runner';
import { log } from '../log';
import type { Database } from '../db/types';
import { drainCoverage, queueLoadKeys, type DrainResult } from './cells';

export const COVERAGE_LOAD_JOB = 'coverage.load';

/** How long (wall time, turns and pauses) one run works before handing the worker back. */
export const DRAIN_BUDGET_MS = 5_000;

export interface CoverageDuty {
  /** Longest turn (ms). */
  turnMs: number;
  /** Most of the time the turns may take, per cent. */
  share: number;
}

export const coverageDuty = (): CoverageDuty => {
  const env = getEnv();
  return { turnMs: env.COVERAGE_FIGURES_TURN_MS, share: env.COVERAGE_FIGURES_SHARE };
};

/** When this process's next turn may start (performance.now() time). */
const schedule = { nextTurnAt: 0 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface TurnsResult extends DrainResult {
  /** Time spent in turns (ms). */
  busyMs: number;
  /** Until the next turn may start (ms; 0: now). */
  nextTurnInMs: number;
}

/** One turn of work: at most about `turnMs`; whether any is left. */
type Turn = (turnMs: number) => Promise<{ refreshed: number; left: boolean }>;

/**
 * Runs `turn` in turns for up to `wallMs`: each turn at most `duty.turnMs` (the work sizes its last statement to end
 * within it), then a pause of turn × (100 − share) / share before the next — in this process, whoever runs the turns.
 * Returns early when nothing is left.
 */
async function inTurns(wallMs: number, duty: CoverageDuty, turn: Turn): Promise<TurnsResult> {
  const end = performance.now() + wallMs;
  let refreshed = 0;
  let busyMs = 0;
  let left = true;
  for (;;) {
    const wait = schedule.nextTurnAt - performance.now();
    if (wait > 0) {
      if (performance.now() + wait >= end) break;
      await sleep(wait);
    }
    const started = performance.now();
    const done = await turn(duty.turnMs);
    const took = performance.now() - started;
    busyMs += took;
    refreshed += done.refreshed;
    left = done.left;
    schedule.nextTurnAt = performance.now() + (took * (100 - duty.share)) / duty.share;
    if (!left || performance.now() >= end) break;
  }
  return { refreshed, left, busyMs, nextTurnInMs: Math.max(0, schedule.nextTurnAt - performance.now()) };
}

/** Drains queued keys (`drainCoverage`) in turns for up to `wallMs` (see `inTurns`). */
export const drainInTurns = (db: Database, wallMs: number, duty: CoverageDuty = coverageDuty()): Promise<TurnsResult> =>
  inTurns(wallMs, duty, (turnMs) => drainCoverage(db, turnMs));

export const coverageLoadHandler: JobHandler = {
  async run(db, job) {
    const loadId = String(job.payload.loadId ?? '');
    if (!/^[1-9]\d{0,17}$/.test(loadId)) throw new PermanentJobError(`bad load id ${loadId}`);
    const duty = coverageDuty();
    const end = performance.now() + DRAIN_BUDGET_MS;
    let after = typeof job.payload.queuedAfter === 'string' ? job.payload.queuedAfter : '';
    // First the load's keys, a chunk of its scenes per statement, in turns as well.
    if (job.payload.queued !== true) {
      let keys = 0;
      const queuing = await inTurns(DRAIN_BUDGET_MS, duty, async (turnMs) => {
        const turnEnd = performance.now() + turnMs;
        for (;;) {
          const chunk = await queueLoadKeys(db, loadId, after);
          keys += chunk.keys;
          if (chunk.last === null) return { refreshed: 0, left: false };
          after = chunk.last;
          if (performance.now() >= turnEnd) return { refreshed: 0, left: true };
        }
      });
      log.info('coverage figures: load queued', { loadId, keys, complete: !queuing.left });
      if (queuing.left)
        return { later: { runAt: new Date(Date.now() + queuing.nextTurnInMs), payload: { ...job.payload, queuedAfter: after } } };
    }
    const { refreshed, left, nextTurnInMs } = await drainInTurns(db, Math.max(0, end - performance.now()), duty);
    return left ? { later: { runAt: new Date(Date.now() + nextTurnInMs), payload: { ...job.payload, queued: true, refreshed } } } : {};
  },
};

/** Keys queued without a load (deleted scenes, a rebuild): drained in turns on every pass of the worker. */
export const COVERAGE_PERIODIC_TASKS: readonly PeriodicTask[] = [
  {
    name: 'coverage.pending',
    async run(db) {
      const [row] = await db.query<{ any: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM coverage_pending) OR EXISTS (SELECT 1 FROM coverage_pending_months) AS any`,
      );
      return row?.any ? drainInTurns(db, DRAIN_BUDGET_MS) : null;
    },
  },
];
