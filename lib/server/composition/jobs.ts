import 'server-only';
/**
 * The job worker's work, from each domain's own export: its job handlers (by job kind) and its periodic
 * tasks. The worker (lib/server/jobs/worker.ts) runs what it is given and imports no domain; a feature with
 * queued work adds its handlers and tasks here.
 */
import type { JobWorkerSetup } from '../jobs/worker';
import { ORDER_PERIODIC_TASKS, orderJobHandlers } from '../orders/production';
import { pushJobHandlers } from '../push/jobs';
import { sceneLoadJobHandlers } from './scene-loads';
import { VERIFICATION_PERIODIC_TASKS, verificationJobHandlers } from '../verification/deadlines';
import { verificationExportJobHandlers } from '../verification/exports';

export const JOB_WORKER_SETUP: JobWorkerSetup = {
  handlers: () => ({
    ...orderJobHandlers(),
    ...verificationJobHandlers(),
    ...verificationExportJobHandlers(),
    ...sceneLoadJobHandlers(),
    ...pushJobHandlers(),
  }),
  periodic: [...ORDER_PERIODIC_TASKS, ...VERIFICATION_PERIODIC_TASKS],
};
