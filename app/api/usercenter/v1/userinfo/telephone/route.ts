// PUT /api/usercenter/v1/userinfo/telephone — change the own telephone with the current password and a code sent to the new one; the old one is told, other sessions end
import { unauthorized } from '@/lib/server/api/errors';
import { withApi } from '@/lib/server/api/with-api';
import { changeContact } from '@/lib/server/users/registration';
import { changeTelephoneContract } from '@/lib/shared/contracts/users';

export const PUT = withApi(changeTelephoneContract, async ({ db, session, body, ip, t }) => {
  if (!session) throw unauthorized();
  await changeContact(db, t, session, 'telephone', body, ip);
  return null;
});
