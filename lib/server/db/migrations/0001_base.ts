import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
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
};
