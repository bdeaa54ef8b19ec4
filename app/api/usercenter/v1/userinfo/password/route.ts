// PUT /api/usercenter/v1/userinfo/password — change the own password; other sessions end
import { withApi } from '@/lib/server/api/with-api';
import { changePassword } from '@/lib/server/auth/change-password';
import { changePasswordContract } from '@/lib/shared/contracts/users';

export const PUT = withApi(changePasswordContract, async ({ db, session, body, ip }) => {
  if (session) await changePassword(db, session, body.oldPassword, body.newPassword, ip);
  return null;
});
