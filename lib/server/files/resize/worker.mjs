// @ts-check
/** A resize worker thread (pooled by ../variants.ts): decodes each image it is sent and answers with its smaller copies. */
import { parentPort } from 'node:worker_threads';
import { resizeImage } from './resize.mjs';

if (!parentPort) throw new Error('worker.mjs runs as a worker thread');
const port = parentPort;

port.on('message', async (/** @type {{ id: number, job: import('./resize.d.mts').ResizeJob }} */ { id, job }) => {
  try {
    const result = await resizeImage(job, { blocking: true });
    port.postMessage({ id, result }, result.kind === 'image' ? result.variants.map((v) => /** @type {ArrayBuffer} */ (v.data.buffer)) : []);
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
