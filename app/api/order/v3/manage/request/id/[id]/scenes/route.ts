// GET /api/order/v3/manage/request/id/{id}/scenes?pageNum=&pageSize= — an area application's catalogue scenes, clearest first (MOD_ADMIN)
import { withApi } from '@/lib/server/api/with-api';
import { listAreaScenes } from '@/lib/server/requests';
import { listAreaScenesContract } from '@/lib/shared/contracts/requests-review';

export const GET = withApi(listAreaScenesContract, ({ db, params, query }) => listAreaScenes(db, params.id, query));
