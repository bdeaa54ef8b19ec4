import 'server-only';
/**
 * Runs pass jobs on worker threads (./worker.mjs): the propagation of 25 satellites over a week is a second
 * of CPU, so it leaves the request thread free and spreads over the cores — the satellites of one prediction
 * are split into one job per thread. Where threads cannot start (or keep dying), jobs run on the request
 * thread instead; a job that outlives its deadline is abandoned and its thread replaced.
 */
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { runPassJob, type JobResult, type PassJob } from '../../shared/orbits/job';
import { getEnv } from '../env';
import { log } from '../log';

const WORKER_FILE = path.join(process.cwd(), 'lib/server/orbits/worker.mjs');
/** Consecutive losses after which jobs run on the request thread from then on. */
const MAX_LOSSES = 3;

export class JobTimeout extends Error {}
class WorkerLost extends Error {}

interface Pending {
  resolve: (result: JobResult) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
}

class PassPool {
  private readonly threads: Thread[] = [];
  private nextId = 1;
  losses = 0;

  constructor(readonly size: number) {}

  private spawn(): Thread {
    const worker = new Worker(WORKER_FILE);
    const thread: Thread = { worker, pending: new Map() };
    worker.on('message', (message: { id?: number; result?: JobResult; error?: string; ready?: boolean }) => {
      if (message.ready) {
        this.losses = 0;
        return;
      }
      const job = message.id === undefined ? undefined : thread.pending.get(message.id);
      if (!job || message.id === undefined) return;
      thread.pending.delete(message.id);
      clearTimeout(job.timer);
      if (thread.pending.size === 0) worker.unref();
      if (message.result) job.resolve(message.result);
      else job.reject(new Error(message.error ?? 'pass job failed'));
    });
    const fail = (error: Error) => {
      const index = this.threads.indexOf(thread);
      if (index < 0) return;
      this.threads.splice(index, 1);
      this.losses++;
      for (const job of thread.pending.values()) {
        clearTimeout(job.timer);
        job.reject(new WorkerLost(error.message));
      }
      thread.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`orbit worker exited (${code})`)));
    worker.unref();
    this.threads.push(thread);
    return thread;
  }

  private pick(): Thread {
    let best = this.threads[0];
    for (const t of this.threads) if (best && t.pending.size < best.pending.size) best = t;
    if (!best || (best.pending.size > 0 && this.threads.length < this.size)) return this.spawn();
    return best;
  }

  run(job: PassJob, deadlineMs: number): Promise<JobResult> {
    const thread = this.pick();
    const id = this.nextId++;
    return new Promise<JobResult>((resolve, reject) => {
      if (thread.pending.size === 0) thread.worker.ref();
      const timer = setTimeout(() => {
        thread.pending.delete(id);
        reject(new JobTimeout());
        // The thread is busy with work nobody waits for: replace it.
        const index = this.threads.indexOf(thread);
        if (index >= 0) this.threads.splice(index, 1);
        for (const other of thread.pending.values()) {
          clearTimeout(other.timer);
          other.reject(new JobTimeout());
        }
        void thread.worker.terminate();
      }, deadlineMs);
      thread.pending.set(id, { resolve, reject, timer });
      thread.worker.postMessage({ id, job });
    });
  }
}

let pool: PassPool | null | undefined;

function getPool(): PassPool | null {
  if (pool !== undefined) return pool;
  const size = getEnv().ORBIT_THREADS ?? Math.min(4, os.availableParallelism());
  pool = size > 0 ? new PassPool(size) : null;
  return pool;
}

/** Splits the satellites into one job per thread, runs them in parallel, and joins the passes. */
export async function runPassJobs(job: PassJob, deadlineMs: number): Promise<JobResult> {
  const threads = getPool();
  if (!threads || job.satellites.length <= 1) return runPassJob(job);
  const parts = Math.min(threads.size, job.satellites.length);
  // Round-robin, so each part gets a similar mix of swaths and orbits.
  const jobs: PassJob[] = Array.from({ length: parts }, (_, i) => ({
    ...job,
    satellites: job.satellites.filter((_, k) => k % parts === i),
  }));
  try {
    const results = await Promise.all(jobs.map((j) => threads.run(j, deadlineMs)));
    return { passes: results.flatMap((r) => r.passes), failed: results.flatMap((r) => r.failed) };
  } catch (error) {
    if (!(error instanceof WorkerLost)) throw error;
    log.warn('orbit worker lost; predicting on the request thread', { error: error.message });
    if (threads.losses >= MAX_LOSSES) {
      log.error('orbit workers keep failing; predicting on the request thread from now on', {});
      pool = null;
    }
    return runPassJob(job);
  }
}
