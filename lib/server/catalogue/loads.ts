import 'server-only';
/**
 * Loads of new scenes (table `scene_loads`, migration 0038_push). A demo generation or a STAC import opens a load,
 * tags the rows it inserts with the load's id (`scenes.load_id`) and finishes it in its last transaction, which
 * also queues SCENES_LOADED_JOB (once per load): whoever delivers new scenes (push batches, subscriptions) reacts
 * to that job from the composition root, so the catalogue knows none of them.
 */
import type { Queryable } from '../db/types';
import { enqueueJob } from '../jobs/enqueue';

/**
 * Queued when a load commits; payload `{ loadId, from, to, source, count }`: the load's id (its scenes carry it in
 * `load_id`) and the window its scenes were written in (their `loaded_at`, migration 0039), for whichever way a
 * listener finds them.
 */
export const SCENES_LOADED_JOB = 'catalogue.scenes_loaded';

export type SceneLoadSource = 'demo' | 'imported';

/** Opens a load; returns its id for the scene rows. */
export async function beginSceneLoad(db: Queryable, source: SceneLoadSource): Promise<string> {
  const [row] = await db.query<{ id: string }>(`INSERT INTO scene_loads (source) VALUES ($1) RETURNING id::text AS id`, [source]);
  return row!.id;
}

/** Closes a load (counting the scenes it inserted) and queues SCENES_LOADED_JOB; call it in the load's last transaction. */
export async function finishSceneLoad(tx: Queryable, loadId: string): Promise<void> {
  const [load] = await tx.query<{ source: SceneLoadSource; count: number; from: string; to: string }>(
    `UPDATE scene_loads SET finished_at = now(), scene_count = (SELECT count(*)::int FROM scenes WHERE load_id = $1::bigint)
      WHERE id = $1::bigint
      RETURNING source, scene_count AS count,
                to_char(started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "from",
                to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "to"`,
    [loadId],
  );
  if (!load || load.count === 0) return;
  await enqueueJob(tx, {
    kind: SCENES_LOADED_JOB,
    payload: { loadId, from: load.from, to: load.to, source: load.source, count: load.count },
    dedupeKey: `${SCENES_LOADED_JOB}:${loadId}`,
  });
}
