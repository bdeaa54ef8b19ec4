// GET /api/order/v3/request/id/{id} — one of the caller's applications with its history
import { withApi } from '@/lib/server/api/with-api';
import { getOwnRequest } from '@/lib/server/requests';
import { getOwnRequestContract } from '@/lib/shared/contracts/requests';

export const GET = withApi(getOwnRequestContract, ({ db, params, session, locale }) =>
  getOwnRequest(db, session!.userId, params.id, locale),
);
