// GET /api/order/v3/order/detail/{id} — one of the caller's orders with items and history (404 for others')
import { withApi } from '@/lib/server/api/with-api';
import { ownOrderDetail } from '@/lib/server/orders/orders';
import { ownerId } from '@/lib/server/orders/owner';
import { orderDetailContract } from '@/lib/shared/contracts/orders';

export const GET = withApi(orderDetailContract, ({ db, session, params, locale }) =>
  ownOrderDetail(db, ownerId(session), params.id, locale),
);
