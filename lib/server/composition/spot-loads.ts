import 'server-only';
/**
 * What happens when a batch of a theme's spots commits (lib/server/theme-features/loads.ts queues
 * SPOT_BATCH_LOADED_JOB): each domain that delivers new spots gets its own job for the batch, once (dedupe key per
 * kind and batch). A feature that reacts to new spots adds its job kind here; the themes know none of them.
 */
import { enqueueJobs } from '../jobs/enqueue';
import { PermanentJobError, type JobHandlers } from '../jobs/runner';
import { THEME_MATCH_JOB } from '../subscriptions';
import { SPOT_BATCH_LOADED_JOB } from '../theme-features';

export const SPOT_LOAD_REACTIONS: readonly string[] = [THEME_MATCH_JOB];

export function spotLoadJobHandlers(): JobHandlers {
  return {
    [SPOT_BATCH_LOADED_JOB]: {
      async run(_db, job) {
        const batchId = String(job.payload.batchId ?? '');
        if (!/^[1-9]\d{0,17}$/.test(batchId)) throw new PermanentJobError(`bad batch id ${batchId}`);
        return {
          commit: async (tx) =>
            void (await enqueueJobs(
              tx,
              SPOT_LOAD_REACTIONS.map((kind) => ({ kind, payload: { batchId }, dedupeKey: `${kind}:${batchId}` })),
            )),
        };
      },
    },
  };
}

/** The handler of SPOT_BATCH_LOADED_JOB alone (tests run it beside one domain's handlers). */
export const spotLoadHandler = spotLoadJobHandlers()[SPOT_BATCH_LOADED_JOB]!;
