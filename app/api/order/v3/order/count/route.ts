// GET /api/order/v3/order/count — how many orders the caller has, in all and per status
import { withApi } from '@/lib/server/api/with-api';
import { ownOrderCount } from '@/lib/server/orders/orders';
import { ownerId } from '@/lib/server/orders/owner';
import { orderCountContract } from '@/lib/shared/contracts/orders';

export const GET = withApi(orderCountContract, ({ db, session }) => ownOrderCount(db, ownerId(session)));
