import 'server-only';
/** The spot push batches' queued work: cutting a quarter's batches of a spot type (SPOT_CUT_JOB). */
import type { JobHandlers } from '../jobs/runner';
import { PermanentJobError } from '../jobs/runner';
import { log } from '../log';
import { QUARTER_PATTERN } from '../../shared/contracts/spot-batches';
import { cutSpotBatches, isSpotType, SPOT_CUT_JOB } from './spot-batches';

export function spotBatchJobHandlers(): JobHandlers {
  return {
    [SPOT_CUT_JOB]: {
      async run(_db, job) {
        const quarter = String(job.payload.quarter ?? '');
        const spotType = String(job.payload.spotType ?? '');
        const by = job.payload.by === null || job.payload.by === undefined ? null : String(job.payload.by);
        if (!QUARTER_PATTERN.test(quarter)) throw new PermanentJobError(`bad quarter ${quarter}`);
        if (!isSpotType(spotType)) throw new PermanentJobError(`bad spot type ${spotType}`);
        if (by !== null && !/^[1-9]\d{0,17}$/.test(by)) throw new PermanentJobError(`bad user id ${by}`);
        // The cut is the job's effect: written with the job's completion, once (one batch per quarter, type and user, ever).
        return {
          commit: async (tx) => {
            const started = Date.now();
            const batches = await cutSpotBatches(tx, quarter, spotType, { by });
            log.info('spot push batches cut', { quarter, spotType, batches, ms: Date.now() - started });
          },
        };
      },
    },
  };
}
