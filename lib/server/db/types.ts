import 'server-only';
/** The one database interface the services use: PostgreSQL through `pg`, or embedded PGlite. */
export type SqlParam = string | number | boolean | null | Date | readonly string[] | readonly number[];

export interface Queryable {
  /** Runs one parameterised statement ($1, $2, …) and returns its rows. */
  query<Row extends object>(sql: string, params?: readonly SqlParam[]): Promise<Row[]>;
}

export interface Database extends Queryable {
  readonly kind: 'postgres' | 'pglite';
  /** Runs `fn` in one transaction; it rolls back when `fn` throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements without parameters, atomically (migrations only). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}
