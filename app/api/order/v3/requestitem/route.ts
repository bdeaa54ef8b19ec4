// GET /api/order/v3/requestitem?requestId=&pageNum=&pageSize= — the scenes of an application (owner or administrator)
import { withApi } from '@/lib/server/api/with-api';
import { listRequestItems } from '@/lib/server/requests';
import { listRequestItemsContract } from '@/lib/shared/contracts/requests';

export const GET = withApi(listRequestItemsContract, ({ db, query, session }) => listRequestItems(db, session!, query));
