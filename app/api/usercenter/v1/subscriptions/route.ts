// GET/POST /api/usercenter/v1/subscriptions — the caller's subscriptions; save an image-query search as one
import { withApi } from '@/lib/server/api/with-api';
import { createSubscription, listSubscriptions } from '@/lib/server/subscriptions';
import { createSubscriptionContract, listSubscriptionsContract } from '@/lib/shared/contracts/subscriptions';

export const GET = withApi(listSubscriptionsContract, ({ db, session }) => listSubscriptions(db, session!.userId));
export const POST = withApi(createSubscriptionContract, ({ db, session, body }) => createSubscription(db, session!.userId, body));
