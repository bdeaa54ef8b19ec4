import 'server-only';
/**
 * One pool of worker threads for CPU-bound work that must not run on the request thread (issue 32.2): map images
 * (lib/server/map/render.ts), orbital passes (lib/server/orbits/pool.ts) and the preparation of uploaded areas
 * (lib/server/areas/uploads/index.ts). While a job computes, the request thread keeps answering everything else.
 *
 * A worker file answers each `{ id, job }` with `{ id, result }` or `{ id, error }` (and may say `{ ready: true }`
 * once loaded). The pool starts threads as work arrives, up to its size, and sends each job to the least busy one.
 * A job that outlives its deadline rejects with `JobTimeout` and its thread is replaced (it is busy with work nobody
 * waits for). A thread that dies rejects its jobs with `WorkerLost`; after `maxLosses` losses in a row `runOffThread`
 * stops using threads and runs jobs inline, so a machine where threads cannot start still answers.
 */
import { Worker, type Transferable } from 'node:worker_threads';
import { log } from '../log';

export class JobTimeout extends Error {}
export class WorkerLost extends Error {}

interface Pending<R> {
  resolve: (result: R) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
}

interface Thread<R> {
  worker: Worker;
  pending: Map<number, Pending<R>>;
}

export interface ThreadPoolOptions<J> {
  /** For log lines: "render", "orbit"… */
  name: string;
  /** The worker file (an absolute path; a bundler sees it as a worker entry). */
  file: string;
  size: number;
  /** Node options for the threads (e.g. `--conditions=react-server` so server-only modules load). */
  execArgv?: string[];
  /** Buffers of the job handed over rather than copied (the job must not use them afterwards). */
  transfer?: (job: J) => readonly Transferable[];
}

type Message<R> = { id?: number; result?: R; error?: string; ready?: boolean };

export class ThreadPool<J, R> {
  private readonly threads: Thread<R>[] = [];
  private nextId = 1;
  /** Threads lost in a row (reset by any answer). */
  losses = 0;

  constructor(readonly options: ThreadPoolOptions<J>) {}

  get size(): number {
    return this.options.size;
  }

  private spawn(): Thread<R> {
    const worker = new Worker(this.options.file, this.options.execArgv ? { execArgv: this.options.execArgv } : undefined);
    const thread: Thread<R> = { worker, pending: new Map() };
    worker.on('message', (message: Message<R>) => {
      if (message.ready) {
        this.losses = 0;
        return;
      }
      const job = message.id === undefined ? undefined : thread.pending.get(message.id);
      if (!job || message.id === undefined) return;
      thread.pending.delete(message.id);
      clearTimeout(job.timer);
      if (thread.pending.size === 0) worker.unref();
      this.losses = 0;
      if (message.error === undefined) job.resolve(message.result as R);
      else job.reject(new Error(message.error || `${this.options.name} job failed`));
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
    worker.on('exit', (code) => fail(new Error(`${this.options.name} worker exited (${code})`)));
    // Idle threads must not keep the process (or a test run) alive. After the listeners: attaching a
    // 'message' listener refs the worker's port again.
    worker.unref();
    this.threads.push(thread);
    return thread;
  }

  /** The least busy thread, starting another while the pool is below its size. */
  private pick(): Thread<R> {
    let best = this.threads[0];
    for (const t of this.threads) if (best && t.pending.size < best.pending.size) best = t;
    if (!best || (best.pending.size > 0 && this.threads.length < this.options.size)) return this.spawn();
    return best;
  }

  /** Replaces a thread busy with work nobody waits for any more: its other jobs time out with it. */
  private abandon(thread: Thread<R>): void {
    const index = this.threads.indexOf(thread);
    if (index >= 0) this.threads.splice(index, 1);
    for (const other of thread.pending.values()) {
      clearTimeout(other.timer);
      other.reject(new JobTimeout());
    }
    thread.pending.clear();
    void thread.worker.terminate();
  }

  run(job: J, deadlineMs?: number): Promise<R> {
    const thread = this.pick();
    const id = this.nextId++;
    return new Promise<R>((resolve, reject) => {
      // Busy threads keep the process alive until they answer; idle ones do not.
      if (thread.pending.size === 0) thread.worker.ref();
      const pending: Pending<R> = { resolve, reject };
      if (deadlineMs !== undefined)
        pending.timer = setTimeout(() => {
          thread.pending.delete(id);
          reject(new JobTimeout());
          this.abandon(thread);
        }, deadlineMs);
      thread.pending.set(id, pending);
      thread.worker.postMessage({ id, job }, this.options.transfer?.(job) ?? []);
    });
  }

  /** Tests: stops every thread. */
  async close(): Promise<void> {
    const threads = this.threads.splice(0);
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }
}

/** Consecutive losses after which a pool is given up and its jobs run inline. */
const MAX_LOSSES = 3;

/**
 * A lazily started pool with an inline fallback: `run` sends the job to a thread, or runs `inline` when the pool
 * has size 0 (configured so), or when a thread was lost under the job (then the job is run inline once more, so it
 * costs the caller nothing but time), or from the third loss in a row on.
 */
export class OffThread<J, R> {
  private pool: ThreadPool<J, R> | null | undefined;

  constructor(
    private readonly options: () => ThreadPoolOptions<J>,
    private readonly inline: (job: J) => R | Promise<R>,
  ) {}

  /** The pool (started on first use), or null when jobs run inline. */
  threads(): ThreadPool<J, R> | null {
    if (this.pool === undefined) {
      const options = this.options();
      this.pool = options.size > 0 ? new ThreadPool<J, R>(options) : null;
    }
    return this.pool;
  }

  /** `job` for the thread; `again` rebuilds it for the inline retry when the thread took its transferred buffers. */
  async run(job: J, deadlineMs?: number, again: () => J = () => job): Promise<R> {
    const pool = this.threads();
    if (!pool) return this.inline(job);
    try {
      return await pool.run(job, deadlineMs);
    } catch (error) {
      if (!(error instanceof WorkerLost)) throw error;
      log.warn(`${pool.options.name} worker lost; working on the request thread`, { error: error.message });
      if (pool.losses >= MAX_LOSSES) {
        log.error(`${pool.options.name} workers keep failing; working on the request thread from now on`, {});
        this.pool = null;
      }
      return this.inline(again());
    }
  }

  /** Tests: stops the threads; the next run starts a new pool from the options as they are then. */
  async reset(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.close();
  }
}
