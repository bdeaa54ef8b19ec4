// PUT/DELETE /api/usercenter/v1/subscriptions/{id} — change (rename, delivery, pause/resume) or delete one of the caller's subscriptions
import { withApi } from '@/lib/server/api/with-api';
import { deleteSubscription, updateSubscription } from '@/lib/server/subscriptions';
import { deleteSubscriptionContract, updateSubscriptionContract } from '@/lib/shared/contracts/subscriptions';

export const PUT = withApi(updateSubscriptionContract, ({ db, session, params, body, locale }) =>
  updateSubscription(db, session!.userId, params.id, body, locale),
);
export const DELETE = withApi(deleteSubscriptionContract, ({ db, session, params }) => deleteSubscription(db, session!.userId, params.id));
