// GET /api/order/v3/manage/request/id/{id}/scenes/cover — an area application's scenes with their share of its area, and the minimal covering set (MOD_ADMIN)
import { withApi } from '@/lib/server/api/with-api';
import { areaSceneCover } from '@/lib/server/requests';
import { areaSceneCoverContract } from '@/lib/shared/contracts/requests-review';

export const GET = withApi(areaSceneCoverContract, ({ db, params }) => areaSceneCover(db, params.id));
