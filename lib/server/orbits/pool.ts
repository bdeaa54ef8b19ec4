import 'server-only';
/**
 * Runs pass jobs on worker threads (./worker.mjs): the propagation of 25 satellites over a week is a second
 * of CPU, so it leaves the request thread free and spreads over the cores — the satellites of one prediction
 * are split into one job per thread. Where threads cannot start (or keep dying), jobs run on the request
 * thread instead; a job that outlives its deadline is abandoned and its thread replaced (../compute/thread-pool.ts).
 */
import os from 'node:os';
import path from 'node:path';
import { runPassJob, type JobResult, type PassJob } from '../../shared/orbits/job';
import { JobTimeout, OffThread } from '../compute/thread-pool';
import { getEnv } from '../env';

export { JobTimeout };

const passes = new OffThread<PassJob, JobResult>(
  () => ({
    name: 'orbit',
    file: path.join(process.cwd(), 'lib/server/orbits/worker.mjs'),
    size: getEnv().ORBIT_THREADS ?? Math.min(4, os.availableParallelism()),
  }),
  runPassJob,
);

/** Splits the satellites into one job per thread, runs them in parallel, and joins the passes. */
export async function runPassJobs(job: PassJob, deadlineMs: number): Promise<JobResult> {
  const threads = passes.threads();
  if (!threads || job.satellites.length <= 1) return runPassJob(job);
  const parts = Math.min(threads.size, job.satellites.length);
  // Round-robin, so each part gets a similar mix of swaths and orbits.
  const jobs: PassJob[] = Array.from({ length: parts }, (_, i) => ({
    ...job,
    satellites: job.satellites.filter((_, k) => k % parts === i),
  }));
  const results = await Promise.all(jobs.map((j) => passes.run(j, deadlineMs)));
  return { passes: results.flatMap((r) => r.passes), failed: results.flatMap((r) => r.failed) };
}
