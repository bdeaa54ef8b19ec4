// GET /api/usercenter/v1/pushuser/spot/userlist — push users holding spot grants (administrators)
import { withApi } from '@/lib/server/api/with-api';
import { listPushUsers } from '@/lib/server/push';
import { spotUserListContract } from '@/lib/shared/contracts/push';

export const GET = withApi(spotUserListContract, async ({ db, query }) => listPushUsers(db, query, 'spot'));
