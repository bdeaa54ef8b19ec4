// GET /api/order/v3/order/own — a page of the caller's orders, by status and search
import { withApi } from '@/lib/server/api/with-api';
import { ownOrders } from '@/lib/server/orders/orders';
import { ownerId } from '@/lib/server/orders/owner';
import { ownOrdersContract } from '@/lib/shared/contracts/orders';

export const GET = withApi(ownOrdersContract, ({ db, session, query }) => ownOrders(db, ownerId(session), query));
