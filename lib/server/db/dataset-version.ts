import 'server-only';
import { datasetsChanged } from './data-cache';
import type { Queryable } from './types';

/**
 * Which version of a shipped dataset the database holds (table dataset_versions). A seed step loads a
 * dataset only when its version (a content hash) differs from the loaded one, and marks the new version
 * in the same transaction as the rows, so a half-loaded dataset is never marked as loaded.
 */
export async function loadedVersion(db: Queryable, name: string): Promise<string | null> {
  const rows = await db.query<{ version: string }>('SELECT version FROM dataset_versions WHERE name = $1', [name]);
  return rows[0]?.version ?? null;
}

export async function markLoaded(db: Queryable, name: string, version: string): Promise<void> {
  await db.query(
    `INSERT INTO dataset_versions (name, version) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version, loaded_at = now()`,
    [name, version],
  );
  // Answers cached from the old data are dropped now, and once more when the load's transaction has ended (seed.ts).
  datasetsChanged();
}
