// PUT /api/usercenter/v1/userinfo/email — change the own email with a code sent to the new one
import { unauthorized } from '@/lib/server/api/errors';
import { withApi } from '@/lib/server/api/with-api';
import { changeContact } from '@/lib/server/users/registration';
import { changeEmailContract } from '@/lib/shared/contracts/users';

export const PUT = withApi(changeEmailContract, async ({ db, session, body }) => {
  if (!session) throw unauthorized();
  await changeContact(db, session.userId, 'email', body.value, body.code);
  return null;
});
