// GET /api/order/v3/orderitem/exporturi?id= — a signed download link for one ready item of the caller's orders
import { withApi } from '@/lib/server/api/with-api';
import { itemLink } from '@/lib/server/orders/delivery';
import { ownerId } from '@/lib/server/orders/owner';
import { itemLinkContract } from '@/lib/shared/contracts/orders';

export const GET = withApi(itemLinkContract, ({ db, session, query }) => itemLink(db, ownerId(session), query.id));
