// @ts-check
/**
 * An orbital prediction worker thread (pooled by ./pool.ts): runs each pass job it is sent
 * (lib/shared/orbits/job.ts) and answers with the passes. The job module is TypeScript, loaded through
 * tsx's loader, so the prediction core has one source for the request thread, the tests and the workers.
 */
import { parentPort } from 'node:worker_threads';

if (!parentPort) throw new Error('worker.mjs runs as a worker thread');
const port = parentPort;
const { tsImport } = await import('tsx/esm/api');
/** @type {{ runPassJob: (job: unknown) => unknown }} */
const { runPassJob } = await tsImport('../../shared/orbits/job.ts', import.meta.url);

port.on('message', (/** @type {{ id: number, job: unknown }} */ { id, job }) => {
  try {
    port.postMessage({ id, result: runPassJob(job) });
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
port.postMessage({ ready: true });
