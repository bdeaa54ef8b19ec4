// POST /api/order/v3/order — order the cart's scenes (all or the checked), idempotent on the submit key
import { withApi } from '@/lib/server/api/with-api';
import { submitFromCart } from '@/lib/server/orders/orders';
import { ownerId } from '@/lib/server/orders/owner';
import { createOrderContract } from '@/lib/shared/contracts/orders';

export const POST = withApi(createOrderContract, ({ db, session, body }) => submitFromCart(db, { ...body, userId: ownerId(session) }));
