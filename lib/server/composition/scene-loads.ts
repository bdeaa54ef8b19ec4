import 'server-only';
/**
 * What happens when a load of new scenes commits (lib/server/catalogue/loads.ts queues SCENES_LOADED_JOB): each
 * domain that delivers new scenes (or keeps figures of them: the coverage statistics) gets its own job for the load, once (dedupe key per kind and load). A feature that
 * reacts to new scenes adds its job kind here; the catalogue knows none of them.
 */
import { SCENES_LOADED_JOB } from '../catalogue';
import { COVERAGE_LOAD_JOB } from '../coverage-figures';
import { enqueueJobs } from '../jobs/enqueue';
import type { JobHandlers } from '../jobs/runner';
import { PermanentJobError } from '../jobs/runner';
import { PUSH_CUT_JOB } from '../push/batches';
import { MATCH_JOB } from '../subscriptions';

export const SCENE_LOAD_REACTIONS: readonly string[] = [PUSH_CUT_JOB, MATCH_JOB, COVERAGE_LOAD_JOB];

export function sceneLoadJobHandlers(): JobHandlers {
  return {
    [SCENES_LOADED_JOB]: {
      async run(_db, job) {
        const loadId = String(job.payload.loadId ?? '');
        if (!/^[1-9]\d{0,17}$/.test(loadId)) throw new PermanentJobError(`bad load id ${loadId}`);
        return {
          commit: async (tx) =>
            void (await enqueueJobs(
              tx,
              SCENE_LOAD_REACTIONS.map((kind) => ({ kind, payload: { ...job.payload, loadId }, dedupeKey: `${kind}:${loadId}` })),
            )),
        };
      },
    },
  };
}

/** The handler of SCENES_LOADED_JOB alone (tests run it beside one domain's handlers). */
export const sceneLoadHandler = sceneLoadJobHandlers()[SCENES_LOADED_JOB]!;
