import 'server-only';
import { MIGRATIONS, type Migration } from './migrations';
import type { Database } from './types';

export type Progress = (message: string) => void;

async function appliedIds(db: Database): Promise<Set<string>> {
  const rows = await db.query<{ id: string }>('SELECT id FROM schema_migrations');
  return new Set(rows.map((r) => r.id));
}

/**
 * Applies the migrations this database lacks. Idempotent; safe when two processes start together
 * (the loser's transaction fails on the bookkeeping key and it re-reads what is applied).
 */
export async function migrate(db: Database, progress: Progress = () => {}, migrations: readonly Migration[] = MIGRATIONS): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const done = await appliedIds(db);
  const applied: string[] = [];
  for (const migration of migrations) {
    if (done.has(migration.id)) continue;
    progress(`applying migration ${migration.id}`);
    const bookkeeping = `INSERT INTO schema_migrations (id) VALUES ('${migration.id.replace(/[^a-z0-9_]/gi, '')}');`;
    try {
      await db.exec(`${migration.sql}\n${bookkeeping}`);
      applied.push(migration.id);
    } catch (error) {
      if (!(await appliedIds(db)).has(migration.id)) throw error;
    }
  }
  return applied;
}
