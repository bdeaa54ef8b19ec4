// @ts-check
/**
 * The embedded database's own thread (started by ./pglite-thread.ts): PGlite + PostGIS run here, so a statement
 * that computes for seconds no longer stops the request thread — pages from the cache, static files and every
 * answer that needs no database keep flowing meanwhile (issue 32.2).
 *
 * Messages from the request thread, each answered with its id:
 *   { id, op: 'query', sql, params, tx? }  → { id, rows }
 *   { id, op: 'begin' }                    → { id, tx }      (the transaction holds PGlite until it ends)
 *   { id, op: 'end', tx, commit }          → { id }          (commit, or roll back)
 *   { id, op: 'exec', sql }                → { id }          (a script in one transaction: migrations)
 *   { id, op: 'close' }                    → { id }
 * and any failure as { id, error: { message, ...fields } } with PostgreSQL's fields (code, detail, constraint…).
 */
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

if (!parentPort) throw new Error('pglite-worker.mjs runs as a worker thread');
const port = parentPort;
/** @type {{ dataDir: string, bundle?: string }} */
const { dataDir, bundle } = workerData;

/** The fields of a PostgreSQL error worth carrying back (what the services and the logs read). */
const FIELDS = ['code', 'detail', 'hint', 'position', 'severity', 'schema', 'table', 'column', 'dataType', 'constraint', 'where', 'routine'];

/** @param {unknown} error */
function describe(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  /** @type {Record<string, unknown>} */
  const out = { message: error.message, name: error.name };
  for (const key of FIELDS) {
    const value = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (error))[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  return out;
}

let db;
try {
  const [{ PGlite, types }, { postgis }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite-postgis')]);
  // The trimmed PostGIS bundle the request thread prepared (lib/server/db/postgis-bundle.ts), when it could.
  /** @type {import('@electric-sql/pglite').Extension} */
  const extension = bundle
    ? {
        name: postgis.name,
        async setup(pg, options, clientOnly) {
          const result = await postgis.setup(pg, options, clientOnly);
          return { ...result, bundlePath: pathToFileURL(bundle) };
        },
      }
    : postgis;
  // Same value shapes as the pg driver: bigint and numeric as numbers, dates as 'YYYY-MM-DD'.
  const parsers = {
    [types.INT8]: (/** @type {string} */ v) => Number(v),
    [types.NUMERIC]: (/** @type {string} */ v) => Number(v),
    [types.DATE]: (/** @type {string} */ v) => v,
  };
  db = await PGlite.create(dataDir, { extensions: { postgis: extension }, parsers });
} catch (error) {
  port.postMessage({ fatal: describe(error) });
  throw error;
}
const pglite = db;

/** Open transactions: their PGlite handle and how to end them. */
/** @type {Map<number, { tx: import('@electric-sql/pglite').Transaction, end: (commit: boolean) => void, ended: Promise<unknown> }>} */
const open = new Map();
let nextTx = 1;

/** @param {number} id */
function begin(id) {
  const txId = nextTx++;
  /** @type {(commit: boolean) => void} */
  let end = () => {};
  const decided = new Promise((resolve, reject) => {
    end = (commit) => (commit ? resolve(undefined) : reject(new RollBack()));
  });
  let started = false;
  const ended = pglite.transaction(async (tx) => {
    started = true;
    open.set(txId, { tx, end, ended });
    port.postMessage({ id, tx: txId });
    await decided;
  });
  // A transaction that could not start answers its `begin`; one that ended is answered by its `end`.
  ended.catch((error) => {
    if (!started) port.postMessage({ id, error: describe(error) });
  });
}

class RollBack extends Error {}

port.on('message', async (/** @type {{ id: number, op: string, sql?: string, params?: unknown[], tx?: number, commit?: boolean }} */ m) => {
  try {
    switch (m.op) {
      case 'query': {
        const client = m.tx === undefined ? pglite : open.get(m.tx)?.tx;
        if (!client) throw new Error(`transaction ${m.tx} is not open`);
        const result = await client.query(/** @type {string} */ (m.sql), m.params);
        port.postMessage({ id: m.id, rows: result.rows });
        return;
      }
      case 'begin':
        begin(m.id);
        return;
      case 'end': {
        const entry = open.get(/** @type {number} */ (m.tx));
        if (!entry) throw new Error(`transaction ${m.tx} is not open`);
        open.delete(/** @type {number} */ (m.tx));
        entry.end(Boolean(m.commit));
        try {
          await entry.ended;
        } catch (error) {
          if (!(error instanceof RollBack)) throw error;
        }
        port.postMessage({ id: m.id });
        return;
      }
      case 'exec':
        await pglite.transaction(async (tx) => {
          await tx.exec(/** @type {string} */ (m.sql));
        });
        port.postMessage({ id: m.id });
        return;
      case 'close':
        await pglite.close();
        port.postMessage({ id: m.id });
        return;
      default:
        throw new Error(`unknown operation ${m.op}`);
    }
  } catch (error) {
    port.postMessage({ id: m.id, error: describe(error) });
  }
});
port.postMessage({ ready: true });
