// POST /api/usercenter/v1/subscriptions/{id}/deliveries/{deliveryId}/resend — queue a logged webhook delivery again
import { withApi } from '@/lib/server/api/with-api';
import { resendDelivery } from '@/lib/server/subscriptions';
import { resendDeliveryContract } from '@/lib/shared/contracts/subscriptions';

export const POST = withApi(resendDeliveryContract, ({ db, session, params }) =>
  resendDelivery(db, session!.userId, params.id, params.deliveryId),
);
