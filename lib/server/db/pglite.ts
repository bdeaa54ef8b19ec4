import 'server-only';
import { types, type PGlite as PGliteType, type Transaction } from '@electric-sql/pglite';
import { runtimePostgis } from './postgis-bundle';
import type { Database, Queryable, SqlParam } from './types';

/** Opens (creating on first use) an embedded PostgreSQL + PostGIS in `dataDir`. */
export async function createPgliteDatabase(dataDir: string): Promise<Database> {
  const [{ PGlite }, { postgis }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite-postgis'),
  ]);
  // Same value shapes as the pg driver: bigint and numeric as numbers, dates as 'YYYY-MM-DD'.
  const parsers = {
    [types.INT8]: (v: string) => Number(v),
    [types.NUMERIC]: (v: string) => Number(v),
    [types.DATE]: (v: string) => v,
  };
  const db: PGliteType = await PGlite.create(dataDir, { extensions: { postgis: runtimePostgis(postgis) }, parsers });
  const run = async <Row extends object>(client: PGliteType | Transaction, sql: string, params?: readonly SqlParam[]) =>
    (await client.query<Row>(sql, params as unknown[] | undefined)).rows;

  return {
    kind: 'pglite',
    query: (sql, params) => run(db, sql, params),
    transaction: (fn) => db.transaction((t) => fn({ query: (sql, params) => run(t, sql, params) } satisfies Queryable)),
    async exec(sql) {
      await db.transaction(async (t) => {
        await t.exec(sql);
      });
    },
    close: () => db.close(),
  };
}
