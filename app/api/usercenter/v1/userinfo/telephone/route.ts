// PUT /api/usercenter/v1/userinfo/telephone — change the own telephone with a code sent to the new one
import { unauthorized } from '@/lib/server/api/errors';
import { withApi } from '@/lib/server/api/with-api';
import { changeContact } from '@/lib/server/users/registration';
import { changeTelephoneContract } from '@/lib/shared/contracts/users';

export const PUT = withApi(changeTelephoneContract, async ({ db, session, body }) => {
  if (!session) throw unauthorized();
  await changeContact(db, session.userId, 'telephone', body.value, body.code);
  return null;
});
