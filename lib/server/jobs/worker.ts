import 'server-only';
/**
 * The server's job worker (started by instrumentation.ts unless JOB_WORKER=off): runs due jobs one at a
 * time, then the periodic tasks (orders past their retention expire, …), then sleeps JOB_POLL_MS. Several
 * server processes may each run one; the queue hands every job to one of them (FOR UPDATE SKIP LOCKED).
 * It knows no domain: the handlers and tasks come from the composition root (lib/server/composition/jobs.ts).
 * Tests do not start it: they call runDueJobs step by step.
 */
import { hostname } from 'node:os';
import { getDb } from '../db';
import { getEnv } from '../env';
import { log } from '../log';
import { runDueJobs, type JobHandlers, type PeriodicTask } from './runner';

export interface JobWorkerSetup {
  /** Built once when the worker starts (handlers read their settings then). */
  handlers: () => JobHandlers;
  periodic: readonly PeriodicTask[];
}

const holder = globalThis as typeof globalThis & { __portalJobWorker?: { stop(): void } };

export function startJobWorker(setup: JobWorkerSetup): void {
  const env = getEnv();
  if (env.JOB_WORKER === 'off' || holder.__portalJobWorker) return;
  const options = { workerId: `${hostname()}:${process.pid}`, leaseSeconds: env.JOB_LEASE_SECONDS, backoffSeconds: 30 };
  const handlers = setup.handlers();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    try {
      const db = await getDb();
      await runDueJobs(db, handlers, options, 20);
      for (const task of setup.periodic) {
        try {
          await task.run(db);
        } catch (error) {
          log.warn('periodic task failed', { task: task.name, error: error instanceof Error ? error.message : String(error) });
        }
      }
    } catch (error) {
      log.warn('job worker pass failed', { error: error instanceof Error ? error.message : String(error) });
    }
    if (!stopped) {
      timer = setTimeout(() => void tick(), env.JOB_POLL_MS);
      timer.unref();
    }
  };
  holder.__portalJobWorker = {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
  timer = setTimeout(() => void tick(), env.JOB_POLL_MS);
  timer.unref();
  log.info('job worker started', {
    workerId: options.workerId,
    pollMs: env.JOB_POLL_MS,
    leaseSeconds: env.JOB_LEASE_SECONDS,
    kinds: Object.keys(handlers),
    periodic: setup.periodic.map((t) => t.name),
  });
}
