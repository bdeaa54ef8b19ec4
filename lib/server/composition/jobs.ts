import 'server-only';
/**
 * The job worker's work, from each domain's own export: its job handlers (by job kind) and its periodic
 * tasks. The worker (lib/server/jobs/worker.ts) runs what it is given and imports no domain; a feature with
 * queued work adds its handlers and tasks here.
 *
 * A catalogue load announces itself (SCENES_LOADED_JOB, lib/server/catalogue/loads.ts) without knowing who
 * listens: ./scene-loads.ts hands it on, as one job each, to push batches, subscriptions and the coverage
 * figures. A batch of a theme's spots likewise (SPOT_BATCH_LOADED_JOB, lib/server/theme-features/loads.ts):
 * ./spot-loads.ts hands it on to theme subscriptions.
 */
import type { JobWorkerSetup } from '../jobs/worker';
import { SHARED_LIMITS_PERIODIC_TASKS } from '../api/shared-limits';
import { COVERAGE_PERIODIC_TASKS, coverageJobHandlers } from '../coverage-figures';
import { ORDER_PERIODIC_TASKS, orderJobHandlers } from '../orders/production';
import { pushJobHandlers } from '../push/jobs';
import { spotBatchJobHandlers } from '../push/spot-jobs';
import { SUBSCRIPTION_PERIODIC_TASKS, subscriptionJobHandlers } from '../subscriptions';
import { sceneLoadJobHandlers } from './scene-loads';
import { spotLoadJobHandlers } from './spot-loads';
import { VERIFICATION_PERIODIC_TASKS, verificationJobHandlers } from '../verification/deadlines';
import { verificationExportJobHandlers } from '../verification/exports';

export const JOB_WORKER_SETUP: JobWorkerSetup = {
  handlers: () => ({
    ...orderJobHandlers(),
    ...verificationJobHandlers(),
    ...verificationExportJobHandlers(),
    ...sceneLoadJobHandlers(),
    ...spotLoadJobHandlers(),
    ...pushJobHandlers(),
    ...spotBatchJobHandlers(),
    ...subscriptionJobHandlers(),
    ...coverageJobHandlers(),
  }),
  periodic: [
    ...ORDER_PERIODIC_TASKS,
    ...VERIFICATION_PERIODIC_TASKS,
    ...SUBSCRIPTION_PERIODIC_TASKS,
    ...COVERAGE_PERIODIC_TASKS,
    ...SHARED_LIMITS_PERIODIC_TASKS,
  ],
};
