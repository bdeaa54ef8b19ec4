// GET /api/order/v3/order/exporturi/all — signed download links for every ready item of the caller's ready orders
import { withApi } from '@/lib/server/api/with-api';
import { allLinks } from '@/lib/server/orders/delivery';
import { ownerId } from '@/lib/server/orders/owner';
import { allLinksContract } from '@/lib/shared/contracts/orders';

export const GET = withApi(allLinksContract, ({ db, session }) => allLinks(db, ownerId(session)));
