// GET /api/order/v3/order/own/allids — every id of the caller's orders
import { withApi } from '@/lib/server/api/with-api';
import { ownOrderIds } from '@/lib/server/orders/orders';
import { ownerId } from '@/lib/server/orders/owner';
import { ownOrderIdsContract } from '@/lib/shared/contracts/orders';

export const GET = withApi(ownOrderIdsContract, async ({ db, session }) => ({ ids: await ownOrderIds(db, ownerId(session)) }));
