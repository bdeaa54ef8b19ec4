// GET/POST /api/usercenter/v1/subscriptions — the caller's subscriptions; save an image-query search, or a monitoring theme and region, as one
import { withApi } from '@/lib/server/api/with-api';
import { createSubscription, listSubscriptions } from '@/lib/server/subscriptions';
import { createSubscriptionContract, listSubscriptionsContract } from '@/lib/shared/contracts/subscriptions';

export const GET = withApi(listSubscriptionsContract, ({ db, session, locale }) => listSubscriptions(db, session!.userId, locale));
export const POST = withApi(createSubscriptionContract, ({ db, session, body, locale }) =>
  createSubscription(db, session!.userId, body, locale),
);
