// GET /api/order/v3/request/own?status=&pageNum=&pageSize= — the caller's applications, newest first
import { withApi } from '@/lib/server/api/with-api';
import { listOwnRequests } from '@/lib/server/requests';
import { listOwnRequestsContract } from '@/lib/shared/contracts/requests';

export const GET = withApi(listOwnRequestsContract, ({ db, query, session, locale }) =>
  listOwnRequests(db, session!.userId, query, locale),
);
