// POST /api/usercenter/v1/userinfo/forgetpwd — set a new password with a code; every session ends
import { withApi } from '@/lib/server/api/with-api';
import { resetPassword } from '@/lib/server/users/registration';
import { forgetPasswordContract } from '@/lib/shared/contracts/users';

export const POST = withApi(forgetPasswordContract, async ({ db, body }) => {
  await resetPassword(db, body);
  return null;
});
