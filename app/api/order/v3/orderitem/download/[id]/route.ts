// GET /api/order/v3/orderitem/download/{id}?expires=&sig= — an ordered scene's package (zip), by signed link, for its owner
// (HEAD: the headers alone; Range: one byte range; counted only when the whole package is sent)
import { withApi } from '@/lib/server/api/with-api';
import { getFileStore } from '@/lib/server/files';
import { downloadItem } from '@/lib/server/orders/delivery';
import { ownerId } from '@/lib/server/orders/owner';
import { downloadItemContract } from '@/lib/shared/contracts/orders';

export const GET = withApi(downloadItemContract, ({ db, request, session, params, query }) =>
  downloadItem(db, getFileStore(), request, ownerId(session), params.id, query),
);
export const HEAD = GET;
