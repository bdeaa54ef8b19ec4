import 'server-only';
/**
 * A load of new scenes (the demo generation, `npm run db:seed -- --catalogue N`, a STAC import) announces itself
 * once it has committed: a job of kind SCENES_LOADED_JOB names the window the load wrote in, and every scene it
 * added carries a `loaded_at` inside that window (migration 0039). The catalogue knows nobody who listens: the
 * composition root (lib/server/composition/jobs.ts) hands the window on to the domains that match new scenes
 * (subscriptions, push batches).
 */
import { enqueueJob } from '../jobs/enqueue';
import type { Queryable } from '../db/types';

export const SCENES_LOADED_JOB = 'catalogue.scenes_loaded';

/** The database's clock now (not the transaction's start): the opening of a load's window. */
export async function loadWindowStart(db: Queryable): Promise<string> {
  const [row] = await db.query<{ at: string }>(
    `SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at`,
  );
  return row!.at;
}

/**
 * Queues the announcement of a load that began at `from` (loadWindowStart) and has committed every scene; call it
 * after the last batch's transaction (or inside the load's final one). Returns the job's id.
 */
export async function announceSceneLoad(
  db: Queryable,
  load: { from: string; source: 'demo' | 'imported'; count: number },
): Promise<number | null> {
  const to = await loadWindowStart(db);
  return enqueueJob(db, {
    kind: SCENES_LOADED_JOB,
    payload: { from: load.from, to, source: load.source, count: load.count },
    dedupeKey: `${SCENES_LOADED_JOB}:${load.source}:${load.from}`,
  });
}
