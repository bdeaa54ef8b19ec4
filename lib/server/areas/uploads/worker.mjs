// @ts-check
/**
 * An area-upload worker thread (pooled by ./index.ts through lib/server/compute/thread-pool.ts): prepares each
 * uploaded file it is sent (./prepare.ts: read, bound, check) and answers with the outcome. The module is
 * TypeScript, loaded through tsx's loader from the project directory (under Next.js this file runs as a chunk in
 * .next), with the react-server condition the pool passes so its server-only imports load.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';

if (!parentPort) throw new Error('worker.mjs runs as a worker thread');
const port = parentPort;
const { tsImport } = await import('tsx/esm/api');
/** @type {{ prepareArea: (job: unknown) => Promise<unknown> }} */
const { prepareArea } = await tsImport(
  pathToFileURL(path.join(process.cwd(), 'lib/server/areas/uploads/prepare.ts')).href,
  import.meta.url,
);

port.on('message', async (/** @type {{ id: number, job: unknown }} */ { id, job }) => {
  try {
    port.postMessage({ id, result: await prepareArea(job) });
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
port.postMessage({ ready: true });
