// GET /api/usercenter/v1/pushuser/image/userlist — push users holding image grants (administrators)
import { withApi } from '@/lib/server/api/with-api';
import { listPushUsers } from '@/lib/server/push';
import { imageUserListContract } from '@/lib/shared/contracts/push';

export const GET = withApi(imageUserListContract, async ({ db, query }) => listPushUsers(db, query, 'image'));
