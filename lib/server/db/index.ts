import 'server-only';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { getEnv, isProductionBuildPhase, type Env } from '../env';
import { migrate, type Progress } from './migrate';
import { createPgliteThreadDatabase } from './pglite-thread';
import { createPostgresDatabase, type StatementBounds } from './postgres';
import { createReadRouting, writeMarkerOf, WRITE_MARKER_COOKIE, type ReadRouting } from './read-replica';
import { seed, type SeedStep } from './seed';
import type { Database } from './types';

export type { Database, Queryable, SqlParam } from './types';

const holder = globalThis as typeof globalThis & {
  __portalDb?: Promise<Database>;
  __portalSeedSteps?: readonly SeedStep[];
  /** The read replica's routing; null when there is none (DATABASE_READ_URL unset, or the embedded database). */
  __portalReadRouting?: ReadRouting | null;
};

const consoleProgress: Progress = (message) => console.log(`[db] ${message}`);

/**
 * The seed steps the process-wide database runs when it opens (SEED_ON_START). Given at start by
 * instrumentation.ts from the composition root lib/server/composition/seeds.ts, so this layer imports no domain.
 */
export function setSeedSteps(steps: readonly SeedStep[]): void {
  holder.__portalSeedSteps = steps;
}

/** Opens the configured database and brings it up to date (schema, then demo data unless disabled). */
export async function openDatabase(progress: Progress = consoleProgress, seedSteps: readonly SeedStep[] = []): Promise<Database> {
  const env = getEnv();
  let db: Database;
  if (env.DATABASE_URL) {
    progress('connecting to PostgreSQL');
    // Schema and demo data first, on connections without the request bounds (an index over a million scenes
    // takes longer than any request may); then the pool the portal serves from, every statement bounded.
    const setup = createPostgresDatabase(env.DATABASE_URL, 2);
    let done: Promise<void> = Promise.resolve();
    try {
      ({ done } = await prepare(setup, env.SEED_ON_START, progress, seedSteps, env.DEMO_DATA_IN_BACKGROUND));
    } finally {
      // The setup connections stay until the demo data filling in the background is complete.
      void done.finally(() => setup.close());
    }
    return createPostgresDatabase(env.DATABASE_URL, 10, requestBounds(env));
  } else {
    const dir = path.resolve(env.DATA_DIR);
    const fresh = !existsSync(path.join(dir, 'PG_VERSION'));
    progress(fresh ? `creating the embedded database in ${dir} (first start, about 15 s)` : `opening the embedded database in ${dir}`);
    const started = Date.now();
    // On a thread of its own: a long statement must not stop the requests that need no database (issue 32.2).
    db = await createPgliteThreadDatabase(dir);
    progress(`embedded database ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  await prepare(db, env.SEED_ON_START, progress, seedSteps, env.DEMO_DATA_IN_BACKGROUND);
  return db;
}

/** The bounds of the serving pool, from the environment (DB_*). */
export function requestBounds(env: Pick<Env, 'DB_STATEMENT_TIMEOUT_MS' | 'DB_WORK_MEM_KB' | 'DB_TEMP_FILE_LIMIT_KB'>): StatementBounds {
  return {
    statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
    workMemKb: env.DB_WORK_MEM_KB,
    tempFileLimitKb: env.DB_TEMP_FILE_LIMIT_KB,
    // A transaction left idle this long is ended by the server and its connection freed.
    idleInTransactionMs: 60_000,
  };
}

/**
 * Brings a database up to date: schema, then demo data unless disabled — the large demo sets in the background when
 * `later` (`done` resolves once they are in).
 */
async function prepare(
  db: Database,
  seedOnStart: boolean,
  progress: Progress,
  seedSteps: readonly SeedStep[],
  later: boolean,
): Promise<{ done: Promise<void> }> {
  const applied = await migrate(db, progress);
  progress(applied.length ? `applied ${applied.length} migration(s)` : 'schema is up to date');
  if (!seedOnStart) return { done: Promise.resolve() };
  if (seedSteps.length === 0)
    progress('SEED_ON_START is set but no seed steps were given (instrumentation.ts gives lib/server/composition/seeds.ts)');
  return seed(db, seedSteps, progress, { later });
}

/** The process-wide database, opened on first use. */
export function getDb(): Promise<Database> {
  // A page that reads data must render on request (ISR), never at build time: the build machine has
  // no database, and a prerendered page would freeze build-time data. Fail the build loudly instead.
  if (isProductionBuildPhase() && !holder.__portalDb) {
    return Promise.reject(
      new Error('The database is not available during `next build`: render this page on request (generateStaticParams → [])'),
    );
  }
  if (!holder.__portalDb) {
    holder.__portalDb = openDatabase(consoleProgress, holder.__portalSeedSteps).catch((error: unknown) => {
      holder.__portalDb = undefined;
      throw error;
    });
  }
  return holder.__portalDb;
}

/** Tests and scripts hand in a database they opened themselves (and, optionally, a read replica's routing). */
export function setDatabase(db: Database, readRouting: ReadRouting | null = null): void {
  holder.__portalDb = Promise.resolve(db);
  holder.__portalReadRouting = readRouting;
}

/** How often the read replica is checked (reachable, a standby, its lag). */
const REPLICA_CHECK_MS = 1_000;

/** The read replica's routing, made on first use; null without one. */
async function readRouting(): Promise<ReadRouting | null> {
  const primary = await getDb();
  if (holder.__portalReadRouting !== undefined) return holder.__portalReadRouting;
  const env = getEnv();
  if (!env.DATABASE_READ_URL || primary.kind !== 'postgres') {
    if (env.DATABASE_READ_URL) console.log('[db] DATABASE_READ_URL is ignored: the embedded database has no replicas');
    holder.__portalReadRouting = null;
    return null;
  }
  holder.__portalReadRouting = createReadRouting(
    primary,
    createPostgresDatabase(env.DATABASE_READ_URL, 10, requestBounds(env), { standby: true }),
    { maxLagMs: env.DATABASE_READ_MAX_LAG_MS, checkMs: REPLICA_CHECK_MS },
  );
  return holder.__portalReadRouting;
}

/**
 * The one place a read chooses its database (docs/adr/0034-read-replica.md). Runs `fn` — a read of published data:
 * the catalogue, STAC, statistics, map layers — with the read replica (DATABASE_READ_URL) while it is usable and has
 * replayed this client's last write (its WRITE_MARKER_COOKIE), else with the primary. Without a replica: the primary.
 */
export async function withReadDatabase<T>(request: Request, fn: (db: Database) => Promise<T>): Promise<T> {
  const routing = await readRouting();
  if (!routing) return fn(await getDb());
  return routing.read(writeMarkerOf(request), fn);
}

/**
 * After a request that wrote (every state-changing request that is not a read of published data): the cookie that
 * keeps this client's reads on the primary until the replica has replayed the write. Null without a replica.
 */
export async function writeMarkerCookie(): Promise<{ name: string; value: string; maxAge: number } | null> {
  const routing = await readRouting();
  const value = routing ? await routing.writeMarker() : null;
  return routing && value ? { name: WRITE_MARKER_COOKIE, value, maxAge: routing.markerMaxAgeSeconds } : null;
}
