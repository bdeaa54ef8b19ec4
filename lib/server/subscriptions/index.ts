import 'server-only';
/**
 * Subscriptions for every registered user (issue 35.4, 35.6; DESIGN.md "Push and subscriptions"): saved
 * image-query searches, and monitoring themes in a region, delivered by e-mail digest, Atom feed or signed webhook,
 * each new scene or spot once per subscription.
 */
import type { JobHandlers } from '../jobs/runner';
import { SEND_JOB, sendHandler } from './deliveries';
import {
  MATCH_JOB,
  MATCH_SLICE_JOB,
  matchHandler,
  matchSliceHandler,
  THEME_MATCH_JOB,
  THEME_MATCH_SLICE_JOB,
  themeMatchHandler,
  themeMatchSliceHandler,
} from './matching';

export {
  listDeliveries,
  MANUAL_DELIVERIES,
  resendDelivery,
  sendDueDigests,
  testDelivery,
  queueWebhookDelivery,
  SEND_JOB,
  SUBSCRIPTION_PERIODIC_TASKS,
} from './deliveries';
export { subscriptionFeed } from './feed';
export {
  matchLoad,
  matchSpotBatch,
  MATCH_JOB,
  MATCH_SLICE,
  MATCH_SLICE_JOB,
  THEME_MATCH_JOB,
  THEME_MATCH_SLICE_JOB,
  type LoadWindow,
} from './matching';
export { createSubscription, deleteSubscription, getSubscription, listSubscriptions, updateSubscription } from './service';
export { signBody, verifySignature } from './signature';
export { checkWebhookUrl, postWebhook, warnIfWebhookLoopbackAllowed } from './webhook';

export function subscriptionJobHandlers(): JobHandlers {
  return {
    [MATCH_JOB]: matchHandler,
    [MATCH_SLICE_JOB]: matchSliceHandler,
    [THEME_MATCH_JOB]: themeMatchHandler,
    [THEME_MATCH_SLICE_JOB]: themeMatchSliceHandler,
    [SEND_JOB]: sendHandler,
  };
}
