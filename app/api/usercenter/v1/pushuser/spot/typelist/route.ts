// GET /api/usercenter/v1/pushuser/spot/typelist — the spot types a spot grant may name
import { withApi } from '@/lib/server/api/with-api';
import { spotTypeList } from '@/lib/server/push';
import { spotTypeListContract } from '@/lib/shared/contracts/push';

export const GET = withApi(spotTypeListContract, async ({ locale }) => spotTypeList(locale));
