import 'server-only';
/**
 * Loads of new scenes (table `scene_loads`, migration 0038_push). A demo generation or a STAC import opens a load,
 * tags the rows it inserts with the load's id (`scenes.load_id`) and finishes it in its last transaction, which
 * also queues SCENES_LOADED_JOB (once per load): whoever delivers new scenes (push batches, subscriptions) reacts
 * to that job from the composition root, so the catalogue knows none of them.
 */
import type { Queryable } from '../db/types';
import { enqueueJob } from '../jobs/enqueue';

/** Queued when a load commits; payload `{ loadId }`. */
export const SCENES_LOADED_JOB = 'catalogue.scenes_loaded';

export type SceneLoadSource = 'demo' | 'imported';

/** Opens a load; returns its id for the scene rows. */
export async function beginSceneLoad(db: Queryable, source: SceneLoadSource): Promise<string> {
  const [row] = await db.query<{ id: string }>(`INSERT INTO scene_loads (source) VALUES ($1) RETURNING id::text AS id`, [source]);
  return row!.id;
}

/** Closes a load (counting the scenes it inserted) and queues SCENES_LOADED_JOB; call it in the load's last transaction. */
export async function finishSceneLoad(tx: Queryable, loadId: string): Promise<void> {
  await tx.query(
    `UPDATE scene_loads SET finished_at = now(), scene_count = (SELECT count(*)::int FROM scenes WHERE load_id = $1::bigint) WHERE id = $1::bigint`,
    [loadId],
  );
  await enqueueJob(tx, { kind: SCENES_LOADED_JOB, payload: { loadId }, dedupeKey: `${SCENES_LOADED_JOB}:${loadId}` });
}
