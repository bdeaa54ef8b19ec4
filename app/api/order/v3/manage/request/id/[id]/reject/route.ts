// POST /api/order/v3/manage/request/id/{id}/reject — reject with a reason (MOD_ADMIN)
import { withApi } from '@/lib/server/api/with-api';
import { rejectRequest } from '@/lib/server/requests';
import { rejectRequestContract } from '@/lib/shared/contracts/requests-review';

export const POST = withApi(rejectRequestContract, ({ db, params, body, session, locale }) =>
  rejectRequest(db, params.id, session!.userId, body.reason, locale),
);
