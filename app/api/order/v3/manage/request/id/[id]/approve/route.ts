// POST /api/order/v3/manage/request/id/{id}/approve — approve with a note; places the order in the same transaction (MOD_ADMIN)
import { withApi } from '@/lib/server/api/with-api';
import { approveRequest } from '@/lib/server/requests';
import { approveRequestContract } from '@/lib/shared/contracts/requests-review';

export const POST = withApi(approveRequestContract, ({ db, params, body, session, locale }) =>
  approveRequest(db, params.id, session!.userId, body.note || null, locale, body.sceneIds),
);
