// POST /api/usercenter/v1/subscriptions/{id}/test — a test delivery now, logged
import { withApi } from '@/lib/server/api/with-api';
import { testDelivery } from '@/lib/server/subscriptions';
import { testSubscriptionContract } from '@/lib/shared/contracts/subscriptions';

export const POST = withApi(testSubscriptionContract, ({ db, session, params }) => testDelivery(db, session!.userId, params.id));
