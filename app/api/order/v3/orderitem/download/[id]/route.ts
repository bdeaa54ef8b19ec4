// GET /api/order/v3/orderitem/download/{id}?expires=&sig= — an ordered scene's package (zip), by signed link, for its owner
import { withApi } from '@/lib/server/api/with-api';
import { getFileStore } from '@/lib/server/files';
import { downloadItem } from '@/lib/server/orders/delivery';
import { ownerId } from '@/lib/server/orders/owner';
import { downloadItemContract } from '@/lib/shared/contracts/orders';

export const GET = withApi(downloadItemContract, ({ db, session, params, query }) =>
  downloadItem(db, getFileStore(), ownerId(session), params.id, query),
);
