// GET /api/push/v1/permission-v2/pushuser/l — push users (or every account) with grant and batch counts (administrators)
import { withApi } from '@/lib/server/api/with-api';
import { listPushUsers } from '@/lib/server/push';
import { listPushUsersContract } from '@/lib/shared/contracts/push';

export const GET = withApi(listPushUsersContract, async ({ db, query }) => listPushUsers(db, query, query.scope));
