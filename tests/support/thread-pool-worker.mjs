// @ts-check
/** A worker for lib/server/compute/thread-pool.test.ts: echoes, computes for a while, fails, or dies, as asked. */
import { parentPort, threadId } from 'node:worker_threads';

if (!parentPort) throw new Error('runs as a worker thread');
const port = parentPort;
port.on('message', (/** @type {{ id: number, job: { kind: string, ms?: number, value?: number } }} */ { id, job }) => {
  if (job.kind === 'die') process.exit(3);
  if (job.kind === 'fail') return port.postMessage({ id, error: 'asked to fail' });
  if (job.kind === 'busy') {
    const until = Date.now() + (job.ms ?? 0);
    while (Date.now() < until);
  }
  port.postMessage({ id, result: { value: (job.value ?? 0) * 2, threadId } });
});
port.postMessage({ ready: true });
