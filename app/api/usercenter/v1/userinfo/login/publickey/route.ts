// GET /api/usercenter/v1/userinfo/login/publickey — the key the login form encrypts with
import { withApi } from '@/lib/server/api/with-api';
import { getLoginPublicKey } from '@/lib/server/auth/login-key';
import { loginPublicKeyContract } from '@/lib/shared/contracts/users';

export const GET = withApi(loginPublicKeyContract, async ({ db }) => getLoginPublicKey(db));
