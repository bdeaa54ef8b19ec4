import 'server-only';
/** The push module's queued work: cutting a load's image batches (PUSH_CUT_JOB, payload `{ loadId }`). */
import type { JobHandlers } from '../jobs/runner';
import { log } from '../log';
import { PermanentJobError } from '../jobs/runner';
import { cutImageBatches, PUSH_CUT_JOB } from './batches';

export function pushJobHandlers(): JobHandlers {
  return {
    [PUSH_CUT_JOB]: {
      async run(_db, job) {
        const loadId = String(job.payload.loadId ?? '');
        if (!/^[1-9]\d{0,17}$/.test(loadId)) throw new PermanentJobError(`bad load id ${loadId}`);
        // The cut is the job's effect: written with the job's completion, once (and a batch per load and user, ever).
        return {
          commit: async (tx) => {
            const started = Date.now();
            const batches = await cutImageBatches(tx, loadId);
            log.info('push batches cut', { loadId, batches, ms: Date.now() - started });
          },
        };
      },
    },
  };
}
