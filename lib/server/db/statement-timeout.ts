import 'server-only';
/**
 * Work that must not run away: one transaction in which no statement runs longer than a bound. Used by the
 * image query's coverage analysis and the orbital prediction's clipping; each maps a timeout to its own
 * localized "too slow" answer (`isStatementTimeout`).
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
