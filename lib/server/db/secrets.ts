import 'server-only';
import type { Queryable } from './types';

/**
 * A secret shared by every process: taken from the database, or created by `create` on first use.
 * Two processes racing both insert; the first row wins and both read it back.
 */
export async function getOrCreateSecret(db: Queryable, name: string, create: () => string): Promise<string> {
  const existing = await db.query<{ value: string }>('SELECT value FROM app_secrets WHERE name = $1', [name]);
  if (existing[0]) return existing[0].value;
  await db.query('INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, create()]);
  const [row] = await db.query<{ value: string }>('SELECT value FROM app_secrets WHERE name = $1', [name]);
  if (!row) throw new Error(`secret ${name} could not be stored`);
  return row.value;
}
