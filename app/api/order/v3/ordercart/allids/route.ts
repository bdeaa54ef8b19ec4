// GET /api/order/v3/ordercart/allids — every scene id in the caller's cart
import { withApi } from '@/lib/server/api/with-api';
import { cartIds } from '@/lib/server/orders/cart';
import { ownerId } from '@/lib/server/orders/owner';
import { cartIdsContract } from '@/lib/shared/contracts/orders';

export const GET = withApi(cartIdsContract, async ({ db, session }) => ({ ids: await cartIds(db, ownerId(session)) }));
