// GET /api/order/v3/ordercart/own — a page of the caller's cart with totals
import { withApi } from '@/lib/server/api/with-api';
import { cartPage } from '@/lib/server/orders/cart';
import { ownerId } from '@/lib/server/orders/owner';
import { ownCartContract } from '@/lib/shared/contracts/orders';

export const GET = withApi(ownCartContract, ({ db, session, query }) => cartPage(db, ownerId(session), query.pageNum, query.pageSize));
