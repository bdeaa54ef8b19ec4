/**
 * The one pool of worker threads (issue 32.2): jobs run on other threads (the request thread stays free while
 * they compute), a job past its deadline rejects and its thread is replaced, a thread that dies falls back to
 * the inline function, and size 0 runs inline.
 */
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { JobTimeout, OffThread, ThreadPool } from './thread-pool';
import { longestStall } from '../../../tests/support/stall';

type Job = { kind: 'echo' | 'busy' | 'fail' | 'die'; ms?: number; value?: number };
type Result = { value: number; threadId: number };
const file = path.join(process.cwd(), 'tests/support/thread-pool-worker.mjs');

describe('ThreadPool', () => {
  let pool: ThreadPool<Job, Result>;
  beforeEach(() => {
    pool = new ThreadPool<Job, Result>({ name: 'test', file, size: 2 });
  });
  afterEach(() => pool.close());

  it('runs a job on another thread while this one keeps ticking', async () => {
    const { result, stallMs } = await longestStall(() => pool.run({ kind: 'busy', ms: 600, value: 21 }));
    expect(result.value).toBe(42);
    expect(result.threadId).not.toBe(threadId);
    // The same 600 ms computed here would stall the timer for 600 ms.
    expect(stallMs).toBeLessThan(300);
  });

  it('spreads simultaneous jobs over its threads, no more than its size', async () => {
    const results = await Promise.all([1, 2, 3, 4].map((value) => pool.run({ kind: 'busy', ms: 100, value })));
    expect(results.map((r) => r.value)).toEqual([2, 4, 6, 8]);
    expect(new Set(results.map((r) => r.threadId)).size).toBe(2);
  });

  it('rejects a job past its deadline and replaces the busy thread', async () => {
    await expect(pool.run({ kind: 'busy', ms: 3000 }, 200)).rejects.toBeInstanceOf(JobTimeout);
    const after = await pool.run({ kind: 'echo', value: 5 }, 2000);
    expect(after.value).toBe(10);
  });

  it("passes on a job's own error", async () => {
    await expect(pool.run({ kind: 'fail' })).rejects.toThrow('asked to fail');
  });
});

describe('OffThread', () => {
  it('runs the job inline when a thread dies under it, and keeps using threads', async () => {
    const inline = jest.fn((job: Job): Result => ({ value: (job.value ?? 0) * 2, threadId }));
    const off = new OffThread<Job, Result>(() => ({ name: 'test', file, size: 1 }), inline);
    try {
      expect((await off.run({ kind: 'die', value: 1 })).value).toBe(2);
      expect(inline).toHaveBeenCalledTimes(1);
      expect((await off.run({ kind: 'echo', value: 4 })).threadId).not.toBe(threadId);
    } finally {
      await off.reset();
    }
  });

  it('gives threads up after three that could not start, and works inline from then on', async () => {
    const inline = jest.fn((job: Job): Result => ({ value: job.value ?? 0, threadId }));
    const off = new OffThread<Job, Result>(
      () => ({ name: 'test', file: path.join(process.cwd(), 'tests/support/no-such-worker.mjs'), size: 1 }),
      inline,
    );
    for (let i = 0; i < 3; i++) expect((await off.run({ kind: 'echo', value: i })).value).toBe(i);
    expect(off.threads()).toBeNull();
    await off.run({ kind: 'echo', value: 9 });
    expect(inline).toHaveBeenCalledTimes(4);
  });

  it('runs inline when configured with no threads', async () => {
    const off = new OffThread<Job, Result>(
      () => ({ name: 'test', file, size: 0 }),
      (job) => ({ value: job.value ?? 0, threadId }),
    );
    expect(off.threads()).toBeNull();
    expect(await off.run({ kind: 'echo', value: 3 })).toEqual({ value: 3, threadId });
  });
});
