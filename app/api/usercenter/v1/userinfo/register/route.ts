// POST /api/usercenter/v1/userinfo/register — register a personal account
import { withApi } from '@/lib/server/api/with-api';
import { register } from '@/lib/server/users/registration';
import { registerContract } from '@/lib/shared/contracts/users';

export const POST = withApi(registerContract, async ({ db, body }) => register(db, body));
