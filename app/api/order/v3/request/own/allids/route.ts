// GET /api/order/v3/request/own/allids?status= — ids of all the caller's applications
import { withApi } from '@/lib/server/api/with-api';
import { ownRequestIds } from '@/lib/server/requests';
import { ownRequestIdsContract } from '@/lib/shared/contracts/requests';

export const GET = withApi(ownRequestIdsContract, ({ db, query, session }) => ownRequestIds(db, session!.userId, query.status));
