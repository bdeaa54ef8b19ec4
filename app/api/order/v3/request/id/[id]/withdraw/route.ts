// POST /api/order/v3/request/id/{id}/withdraw — the applicant withdraws an application waiting for review
import { withApi } from '@/lib/server/api/with-api';
import { withdrawRequest } from '@/lib/server/requests';
import { withdrawRequestContract } from '@/lib/shared/contracts/requests';

export const POST = withApi(withdrawRequestContract, ({ db, params, session, locale }) =>
  withdrawRequest(db, session!.userId, params.id, locale),
);
