import 'server-only';
/**
 * Subscriptions for every registered user (issue 35.4, 35.6; DESIGN.md "Push and subscriptions"): saved
 * image-query searches delivered by e-mail digest, Atom feed or signed webhook, each new scene once per subscription.
 */
import type { JobHandlers } from '../jobs/runner';
import { SEND_JOB, sendHandler } from './deliveries';
import { MATCH_JOB, MATCH_SLICE_JOB, matchHandler, matchSliceHandler } from './matching';

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
export { matchLoad, MATCH_JOB, MATCH_SLICE, MATCH_SLICE_JOB, type LoadWindow } from './matching';
export { createSubscription, deleteSubscription, getSubscription, listSubscriptions, updateSubscription } from './service';
export { signBody, verifySignature } from './signature';
export { checkWebhookUrl, postWebhook, warnIfWebhookLoopbackAllowed } from './webhook';

export function subscriptionJobHandlers(): JobHandlers {
  return { [MATCH_JOB]: matchHandler, [MATCH_SLICE_JOB]: matchSliceHandler, [SEND_JOB]: sendHandler };
}
