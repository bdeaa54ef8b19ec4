import 'server-only';
/**
 * The embedded database on a thread of its own (./pglite-worker.mjs). PGlite is PostgreSQL compiled to
 * WebAssembly: on the request thread, a statement that computes for 12 s (a country-wide coverage analysis) stopped
 * every other request for 12 s, cached pages included (issue 32.2). Here the request thread only posts statements and
 * receives rows, so it keeps answering whatever needs no database while PGlite works.
 *
 * The interface is the one every service uses (./types.ts): statements, transactions (the worker keeps the
 * transaction open between the statements the caller sends, as PGlite's own `transaction` does), scripts. Errors
 * come back with PostgreSQL's fields (`code` above all: unique violations, statement timeouts). If the thread dies
 * (out of memory, a crash inside PostgreSQL), what was waiting fails as "database unavailable" (503 with
 * Retry-After, ./unavailable.ts) and the next statement opens the database again on a new thread, so one bad
 * request no longer leaves the portal broken until a restart.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { log } from '../log';
import { trimmedBundle } from './postgis-bundle';
import type { Database, Queryable, SqlParam } from './types';

const WORKER_FILE = path.join(process.cwd(), 'lib/server/db/pglite-worker.mjs');

type Request =
  | { op: 'query'; sql: string; params?: readonly SqlParam[]; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'exec'; sql: string }
  | { op: 'close' };

interface Reply {
  id?: number;
  rows?: object[];
  tx?: number;
  error?: { message: string } & Record<string, unknown>;
  ready?: boolean;
  fatal?: { message: string } & Record<string, unknown>;
}

/** A PostgreSQL error from the worker, with its fields (code, detail, constraint…) as the pg driver has them. */
export class EmbeddedDatabaseError extends Error {
  constructor(fields: { message: string } & Record<string, unknown>) {
    super(fields.message);
    this.name = 'DatabaseError';
    for (const [key, value] of Object.entries(fields)) if (key !== 'message' && key !== 'name') Object.assign(this, { [key]: value });
  }
}

/** The thread stopped: what was waiting cannot be answered. SQLSTATE 57P01 (admin shutdown) marks it an outage. */
function threadLost(reason: string): EmbeddedDatabaseError {
  return new EmbeddedDatabaseError({ message: `the embedded database thread stopped (${reason})`, code: '57P01' });
}

/** PostGIS trimmed to what the portal runs, prepared here once so the thread only loads it (./postgis-bundle.ts). */
function postgisBundle(): string | undefined {
  try {
    const entry = createRequire(path.join(process.cwd(), 'package.json')).resolve('@electric-sql/pglite-postgis');
    const source = path.join(path.dirname(entry), 'postgis.tar.gz');
    return existsSync(source) ? trimmedBundle(source) : undefined;
  } catch (error) {
    log.warn('PostGIS bundle not trimmed: the thread loads it whole', { error: error instanceof Error ? error.message : String(error) });
    return undefined;
  }
}

interface Thread {
  worker: Worker;
  ready: Promise<void>;
  pending: Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>;
  lost?: Error;
}

/** Opens (creating on first use) the embedded PostgreSQL + PostGIS in `dataDir`, on its own thread. */
export async function createPgliteThreadDatabase(
  dataDir: string,
  /** Tests: sees each thread as it starts (to stop one as a crash would). */
  onThread?: (worker: Worker) => void,
): Promise<Database> {
  const bundle = postgisBundle();
  let nextId = 1;
  let thread: Thread | null = null;
  let closed = false;

  const spawn = (): Thread => {
    const worker = new Worker(WORKER_FILE, { workerData: { dataDir, bundle } });
    const pending: Thread['pending'] = new Map();
    let settleReady: { resolve: () => void; reject: (error: Error) => void } = { resolve: () => {}, reject: () => {} };
    const ready = new Promise<void>((resolve, reject) => (settleReady = { resolve, reject }));
    const current: Thread = { worker, ready, pending };
    worker.on('message', (reply: Reply) => {
      if (reply.ready) return settleReady.resolve();
      if (reply.fatal) return settleReady.reject(new EmbeddedDatabaseError(reply.fatal));
      const waiting = reply.id === undefined ? undefined : pending.get(reply.id);
      if (!waiting || reply.id === undefined) return;
      pending.delete(reply.id);
      if (reply.error) waiting.reject(new EmbeddedDatabaseError(reply.error));
      else waiting.resolve(reply);
    });
    const stop = (error: Error) => {
      if (current.lost) return;
      current.lost = error;
      settleReady.reject(error);
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
      if (thread === current) thread = null;
      if (!closed) log.error('embedded database thread stopped; the next statement reopens the database', { error: error.message });
    };
    worker.on('error', (error) => stop(threadLost(error.message)));
    worker.on('exit', (code) => stop(threadLost(`exit ${code}`)));
    ready.catch(() => undefined);
    onThread?.(worker);
    return current;
  };

  const call = async (request: Request): Promise<Reply> => {
    if (closed) throw threadLost('closed');
    thread ??= spawn();
    const current = thread;
    await current.ready;
    if (current.lost) throw current.lost;
    const id = nextId++;
    return new Promise<Reply>((resolve, reject) => {
      current.pending.set(id, { resolve, reject });
      current.worker.postMessage({ id, ...request });
    });
  };

  const query = async <Row extends object>(sql: string, params?: readonly SqlParam[], tx?: number): Promise<Row[]> =>
    ((await call({ op: 'query', sql, params, tx })).rows ?? []) as Row[];

  thread = spawn();
  await thread.ready;

  return {
    kind: 'pglite',
    query: (sql, params) => query(sql, params),
    async transaction(fn) {
      const { tx } = await call({ op: 'begin' });
      if (tx === undefined) throw new Error('the embedded database did not open a transaction');
      let result;
      try {
        result = await fn({ query: (sql, params) => query(sql, params, tx) } satisfies Queryable);
      } catch (error) {
        await call({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    async exec(sql) {
      await call({ op: 'exec', sql });
    },
    async close() {
      if (closed) return;
      const current = thread;
      // A thread that died needs no closing: only later statements must be refused.
      if (current) await call({ op: 'close' }).catch(() => undefined);
      closed = true;
      await current?.worker.terminate();
    },
  };
}
