// @ts-check
/** A render worker thread (pooled by ../render.ts): draws each job it is sent and answers with the PNG. */
import { parentPort } from 'node:worker_threads';
import { renderJob } from './renderer.mjs';

if (!parentPort) throw new Error('worker.mjs runs as a worker thread');
const port = parentPort;

port.on('message', async (/** @type {{ id: number, job: import('./renderer.d.mts').RenderJob }} */ { id, job }) => {
  try {
    // A worker has its thread to itself: deflate here rather than queue behind libuv's shared pool.
    const png = await renderJob(job, { blocking: true });
    port.postMessage({ id, result: png }, [png.buffer]);
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
