// POST /api/order/v3/order/retry/{id} — produce the failed items of one of the caller's orders again
import { withApi } from '@/lib/server/api/with-api';
import { retryOwnOrder } from '@/lib/server/orders/orders';
import { ownerId } from '@/lib/server/orders/owner';
import { retryOrderContract } from '@/lib/shared/contracts/orders';

export const POST = withApi(retryOrderContract, ({ db, session, params }) => retryOwnOrder(db, ownerId(session), params.id));
