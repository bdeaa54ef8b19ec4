// GET /api/order/v3/manage/request?status=&user=&dateFrom=&dateTo=&pageNum=&pageSize= — all applications (MOD_ADMIN)
import { withApi } from '@/lib/server/api/with-api';
import { listManagedRequests } from '@/lib/server/requests';
import { listManagedRequestsContract } from '@/lib/shared/contracts/requests-review';

export const GET = withApi(listManagedRequestsContract, ({ db, query, locale }) => listManagedRequests(db, query, locale));
