import 'server-only';
import pg from 'pg';
import { log } from '../log';
import { isDatabaseUnavailable, noteDatabaseOutage } from './unavailable';
import type { Database, Queryable, SqlParam } from './types';

// Dates, counts and numerics come back as strings by default; bigint counts fit in a JS number here.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

/**
 * Bounds on every statement of a pool (PostgreSQL enforces them itself, per statement and per session): how long a
 * statement may run, the memory of each sort or hash before it spills, how much it may spill to disk, and how long a
 * transaction may sit idle holding a connection (a handler that awaits something else mid-transaction).
 */
export interface StatementBounds {
  statementTimeoutMs: number;
  workMemKb: number;
  tempFileLimitKb: number;
  idleInTransactionMs: number;
}

/** The options string that sets the bounds on each new connection of a pool. */
export function boundsOptions(bounds: StatementBounds | undefined): string {
  const options = ['-c max_parallel_workers_per_gather=0'];
  if (bounds) {
    options.push(
      `-c statement_timeout=${Math.trunc(bounds.statementTimeoutMs)}`,
      `-c work_mem=${Math.trunc(bounds.workMemKb)}kB`,
      `-c temp_file_limit=${Math.trunc(bounds.tempFileLimitKb)}kB`,
      `-c idle_in_transaction_session_timeout=${Math.trunc(bounds.idleInTransactionMs)}`,
    );
  }
  return options.join(' ');
}

/**
 * `standby`: the pool of a read replica (lib/server/db/read-replica.ts): its outage is not the database's — reads fall
 * back to the primary, so it neither marks an outage (server.mjs's busy page) nor logs one per pool.
 */
export function createPostgresDatabase(
  connectionString: string,
  maxConnections = 10,
  bounds?: StatementBounds,
  { standby = false }: { standby?: boolean } = {},
): Database {
  // A connection that cannot be made within 5 s fails (→ 503) instead of holding the request.
  // No parallel query: on a web server every core is already busy with other requests, and starting
  // worker processes costs more than it saves for the portal's statements (the country-wide month count
  // of the image query: 79 ms with two workers, ~45 ms without, 30 of them spent starting the workers;
  // docs/adr/0010-catalogue-indexes.md).
  const pool = new pg.Pool({
    connectionString,
    max: maxConnections,
    connectionTimeoutMillis: 5_000,
    options: boundsOptions(bounds),
  });
  // An idle connection the server drops (restart, failover) emits 'error' on the pool: without a
  // listener that would end the process. The pool replaces the connection on next use. A standby's outage is
  // reported once by the read routing (read-replica.ts), not once per pooled connection it cut.
  pool.on('error', (error) =>
    standby
      ? log.debug('idle read replica connection lost', { error: error.message })
      : log.warn('idle PostgreSQL connection lost', { error: error.message }),
  );
  const run = async <Row extends object>(client: pg.Pool | pg.PoolClient, sql: string, params?: readonly SqlParam[]) => {
    try {
      return (await client.query(sql, params as unknown[] | undefined)).rows as Row[];
    } catch (error) {
      // Pages read services directly: the mark lets server.mjs answer them with its busy page meanwhile.
      // Logged once per outage, not for every request that meets it.
      if (!standby && isDatabaseUnavailable(error) && noteDatabaseOutage())
        log.warn('database unavailable', { error: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  };

  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    async transaction(fn) {
      const client = await pool.connect();
      const tx: Queryable = { query: (sql, params) => run(client, sql, params) };
      try {
        await client.query('BEGIN');
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    async exec(sql) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(sql);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
