import 'server-only';
/**
 * Loads of a theme's spots: whatever writes a batch of spots (the demo generations of lib/server/themes/*, an import)
 * announces the batches it wrote in the same transaction, SPOT_BATCH_LOADED_JOB once per batch. Whoever delivers new
 * spots (theme subscriptions) reacts to that job from the composition root (lib/server/composition/spot-loads.ts),
 * so the themes know none of them — as a catalogue load announces its scenes (lib/server/catalogue/loads.ts).
 */
import type { Queryable } from '../db/types';
import { enqueueJobs } from '../jobs/enqueue';

/** Queued when a batch of spots commits; payload `{ batchId }` (a batch replaced since is simply gone). */
export const SPOT_BATCH_LOADED_JOB = 'themes.spot_batch_loaded';

/** Announces the published batches among `batchIds` (a batch still processing is announced when it is published). */
export async function announceSpotBatches(tx: Queryable, batchIds: readonly string[]): Promise<number> {
  if (batchIds.length === 0) return 0;
  const published = await tx.query<{ id: string }>(
    `SELECT id::text AS id FROM spot_batches WHERE id = ANY ($1::bigint[]) AND status = 'published' ORDER BY id`,
    [[...batchIds]],
  );
  return enqueueJobs(
    tx,
    published.map(({ id }) => ({ kind: SPOT_BATCH_LOADED_JOB, payload: { batchId: id }, dedupeKey: `${SPOT_BATCH_LOADED_JOB}:${id}` })),
  );
}
