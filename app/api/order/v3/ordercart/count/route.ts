// GET /api/order/v3/ordercart/count — how many scenes the caller's cart holds (the header badge)
import { withApi } from '@/lib/server/api/with-api';
import { cartCount } from '@/lib/server/orders/cart';
import { ownerId } from '@/lib/server/orders/owner';
import { cartCountContract } from '@/lib/shared/contracts/orders';

export const GET = withApi(cartCountContract, async ({ db, session }) => ({ count: await cartCount(db, ownerId(session)) }));
