/**
 * Versioned schema migrations, applied in order at start (and by `npm run db:migrate`). Never edit one
 * that has shipped: add the next. Each runs in one transaction with its bookkeeping row.
 */
export interface Migration {
  id: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    id: '0001_base',
    sql: `
      CREATE EXTENSION IF NOT EXISTS postgis;

      -- Visit counter (spec §7): one row per day and route name; the day is China Standard Time.
      CREATE TABLE visit_daily (
        day        date   NOT NULL,
        name       text   NOT NULL,
        count      bigint NOT NULL DEFAULT 0 CHECK (count >= 0),
        last_label text,
        PRIMARY KEY (day, name)
      );
      CREATE INDEX visit_daily_name_idx ON visit_daily (name);
    `,
  },
];
