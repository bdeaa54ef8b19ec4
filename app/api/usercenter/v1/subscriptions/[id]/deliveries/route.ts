// GET /api/usercenter/v1/subscriptions/{id}/deliveries — a page of the delivery log
import { withApi } from '@/lib/server/api/with-api';
import { listDeliveries } from '@/lib/server/subscriptions';
import { listDeliveriesContract } from '@/lib/shared/contracts/subscriptions';

export const GET = withApi(listDeliveriesContract, ({ db, session, params, query }) =>
  listDeliveries(db, session!.userId, params.id, query),
);
