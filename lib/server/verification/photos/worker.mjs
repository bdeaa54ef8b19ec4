// @ts-check
/** A caption worker thread (pooled by ./index.ts): decodes each photo it is sent and answers with its captioned copy. */
import { parentPort } from 'node:worker_threads';
import { captionPhoto } from './caption.mjs';

if (!parentPort) throw new Error('worker.mjs runs as a worker thread');
const port = parentPort;

port.on('message', async (/** @type {{ id: number, job: import('./caption.d.mts').CaptionJob }} */ { id, job }) => {
  try {
    const result = await captionPhoto(job, { blocking: true });
    port.postMessage({ id, result }, result.kind === 'image' ? [/** @type {ArrayBuffer} */ (result.display.data.buffer)] : []);
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
