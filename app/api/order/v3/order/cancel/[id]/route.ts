// POST /api/order/v3/order/cancel/{id} — the owner cancels a submitted or failed order
import { withApi } from '@/lib/server/api/with-api';
import { cancelOwnOrder } from '@/lib/server/orders/orders';
import { ownerId } from '@/lib/server/orders/owner';
import { cancelOrderContract } from '@/lib/shared/contracts/orders';

export const POST = withApi(cancelOrderContract, ({ db, session, params }) => cancelOwnOrder(db, ownerId(session), params.id));
