// GET /api/order/v3/orderitem/metadataids/{code} — the scene ids of one of the caller's orders
import { withApi } from '@/lib/server/api/with-api';
import { ownOrderSceneIds } from '@/lib/server/orders/orders';
import { ownerId } from '@/lib/server/orders/owner';
import { orderSceneIdsContract } from '@/lib/shared/contracts/orders';

export const GET = withApi(orderSceneIdsContract, async ({ db, session, params }) => ({
  ids: await ownOrderSceneIds(db, ownerId(session), params.code),
}));
