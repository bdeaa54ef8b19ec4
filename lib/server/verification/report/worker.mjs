// @ts-check
/**
 * A report worker thread (pooled by ./index.ts through lib/server/compute/thread-pool.ts): lays out each report it
 * is sent (./compose.ts, pdfkit with an embedded CJK font: CPU-bound font subsetting) and answers with the PDF. The
 * module is TypeScript, loaded through tsx's loader from the project directory (under Next.js this file runs as a
 * chunk in .next).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';

if (!parentPort) throw new Error('worker.mjs runs as a worker thread');
const port = parentPort;
const { tsImport } = await import('tsx/esm/api');
/** @type {{ composeReport: (job: unknown) => Promise<Uint8Array> }} */
const { composeReport } = await tsImport(
  pathToFileURL(path.join(process.cwd(), 'lib/server/verification/report/compose.ts')).href,
  import.meta.url,
);

port.on('message', async (/** @type {{ id: number, job: unknown }} */ { id, job }) => {
  try {
    const pdf = await composeReport(job);
    port.postMessage({ id, result: pdf }, [pdf.buffer]);
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
port.postMessage({ ready: true });
