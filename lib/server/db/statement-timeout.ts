import 'server-only';
/**
 * Work that must not run away: one transaction in which no statement runs longer than a bound. Used by the
 * image query's coverage analysis and the orbital prediction's clipping; each maps a timeout to its own
 * localized "too slow" answer (`isStatementTimeout`).
 *
 * The embedded database enforces no statement timeout and runs one statement at a time for everyone, so there
 * a long analysis is made of short statements (`boundedWork`) that run outside any transaction: other requests'
 * statements take their turn between them (issue 32.2).
 */
import type { Database, Queryable } from './types';

/** PostgreSQL's "canceling statement due to statement timeout" (SQLSTATE 57014; PGlite reports it alike). */
export const isStatementTimeout = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '57014';

export async function boundedTransaction<T>(db: Database, timeoutMs: number, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(`SET LOCAL statement_timeout = ${Math.trunc(timeoutMs)}`);
    // The geometry functions are costed high, so the planner JIT-compiles nearly every statement: seconds
    // of compiling for milliseconds of work (fall figures of 19 scenes: 6 s with JIT, 0.5 s without).
    if (db.kind === 'postgres') await tx.query(`SET LOCAL jit = off`);
    return fn(tx);
  });
}

/** A piece of multi-statement work with temporary tables (`boundedWork`). */
export interface WorkSession extends Queryable {
  /** `CREATE TEMP TABLE <name> … AS` for a table that is gone when the work ends. */
  tempTable(name: string): string;
}

const TABLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
let embeddedTurn: Promise<unknown> = Promise.resolve();

/**
 * Runs `fn` with temporary tables and a bound per statement. PostgreSQL: one transaction (boundedTransaction), its
 * tables dropped at commit. Embedded: no transaction — a transaction would hold the database for every other
 * request until its last statement — so each statement queues on its own and others run in between; its tables
 * live in the one session until the work ends (then dropped), and one such work runs at a time in the process so
 * that two never meet in the same table. The caller keeps each statement short (a piece of the work).
 */
export async function boundedWork<T>(db: Database, timeoutMs: number, fn: (session: WorkSession) => Promise<T>): Promise<T> {
  const named = (name: string) => {
    if (!TABLE_NAME.test(name)) throw new Error(`not a table name: ${name}`);
    return name;
  };
  if (db.kind === 'postgres')
    return boundedTransaction(db, timeoutMs, (tx) =>
      fn({ query: (sql, params) => tx.query(sql, params), tempTable: (name) => `CREATE TEMP TABLE ${named(name)} ON COMMIT DROP AS` }),
    );
  const turn = embeddedTurn.then(async () => {
    const created = new Set<string>();
    try {
      return await fn({
        query: (sql, params) => db.query(sql, params),
        tempTable: (name) => {
          created.add(named(name));
          return `CREATE TEMP TABLE ${name} AS`;
        },
      });
    } finally {
      if (created.size > 0) await db.query(`DROP TABLE IF EXISTS ${[...created].join(', ')}`).catch(() => undefined);
    }
  });
  embeddedTurn = turn.catch(() => undefined);
  return turn;
}

/**
 * The time bound of work cut into pieces (issue 32.2): the embedded database cannot stop a statement, so a long
 * search or clipping runs as short statements and this is checked between them. The returned function throws
 * `exceeded()` once `budgetMs` has passed since the bound was made.
 */
export function pieceDeadline(budgetMs: number, exceeded: () => Error): () => void {
  const end = performance.now() + budgetMs;
  return () => {
    if (performance.now() > end) throw exceeded();
  };
}
