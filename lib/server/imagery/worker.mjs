// @ts-check
/** An imagery worker thread (pooled by ./tiles.ts): draws tiles and computes stretches off the request thread. */
import { parentPort } from 'node:worker_threads';
import { computeStretch, renderTile } from './cog.mjs';

if (!parentPort) throw new Error('worker.mjs runs as a worker thread');
const port = parentPort;

port.on('message', async (/** @type {{ id: number, job: import('./cog.d.mts').ImageryJob }} */ { id, job }) => {
  try {
    if (job.kind === 'tile') {
      const result = await renderTile(job);
      port.postMessage({ id, result }, [result.png.buffer]);
    } else port.postMessage({ id, result: await computeStretch(job) });
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
