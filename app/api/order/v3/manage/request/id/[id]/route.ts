// GET /api/order/v3/manage/request/id/{id} — one application with its applicant and history (MOD_ADMIN)
import { withApi } from '@/lib/server/api/with-api';
import { getManagedRequest } from '@/lib/server/requests';
import { getManagedRequestContract } from '@/lib/shared/contracts/requests-review';

export const GET = withApi(getManagedRequestContract, ({ db, params, locale }) => getManagedRequest(db, params.id, locale));
