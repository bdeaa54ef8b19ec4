// GET /api/order/v3/order/own/status/{status} — a page of the caller's orders in one status
import { withApi } from '@/lib/server/api/with-api';
import { ownOrders } from '@/lib/server/orders/orders';
import { ownerId } from '@/lib/server/orders/owner';
import { ownOrdersByStatusContract } from '@/lib/shared/contracts/orders';

export const GET = withApi(ownOrdersByStatusContract, ({ db, session, params, query }) =>
  ownOrders(db, ownerId(session), { ...query, status: params.status }),
);
