import 'server-only';
/**
 * The job worker's work, from each domain's own export: its job handlers (by job kind) and its periodic
 * tasks. The worker (lib/server/jobs/worker.ts) runs what it is given and imports no domain; a feature with
 * queued work adds its handlers and tasks here.
 *
 * A catalogue load announces itself (SCENES_LOADED_JOB, lib/server/catalogue/loads.ts) without knowing who
 * listens: the handler below hands its window on, as one job each, to the kinds listed in SCENE_LOAD_LISTENERS.
 */
import { SCENES_LOADED_JOB } from '../catalogue';
import { enqueueJobs } from '../jobs/enqueue';
import type { JobHandler, JobHandlers } from '../jobs/runner';
import type { JobWorkerSetup } from '../jobs/worker';
import { ORDER_PERIODIC_TASKS, orderJobHandlers } from '../orders/production';
import { MATCH_JOB, SUBSCRIPTION_PERIODIC_TASKS, subscriptionJobHandlers } from '../subscriptions';
import { VERIFICATION_PERIODIC_TASKS, verificationJobHandlers } from '../verification/deadlines';
import { verificationExportJobHandlers } from '../verification/exports';

/** The job kinds that match a load's new scenes (each gets the load's payload: its window). */
export const SCENE_LOAD_LISTENERS: readonly string[] = [MATCH_JOB];

/** Fans a load's announcement out to its listeners, once each (dedupe key: the announcement's id). */
export const sceneLoadHandler: JobHandler = {
  async run(_db, job) {
    return {
      commit: async (tx) => {
        await enqueueJobs(
          tx,
          SCENE_LOAD_LISTENERS.map((kind) => ({ kind, payload: job.payload, dedupeKey: `${kind}:load:${job.id}` })),
        );
      },
    };
  },
};

export function allJobHandlers(): JobHandlers {
  return {
    ...orderJobHandlers(),
    ...verificationJobHandlers(),
    ...verificationExportJobHandlers(),
    ...subscriptionJobHandlers(),
    [SCENES_LOADED_JOB]: sceneLoadHandler,
  };
}

export const JOB_WORKER_SETUP: JobWorkerSetup = {
  handlers: allJobHandlers,
  periodic: [...ORDER_PERIODIC_TASKS, ...VERIFICATION_PERIODIC_TASKS, ...SUBSCRIPTION_PERIODIC_TASKS],
};
