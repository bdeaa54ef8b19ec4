// GET /api/order/v3/order/exporturi?id= — signed download links for every ready item of one of the caller's orders
import { withApi } from '@/lib/server/api/with-api';
import { orderLinks } from '@/lib/server/orders/delivery';
import { ownerId } from '@/lib/server/orders/owner';
import { orderLinksContract } from '@/lib/shared/contracts/orders';

export const GET = withApi(orderLinksContract, ({ db, session, query }) => orderLinks(db, ownerId(session), query.id));
