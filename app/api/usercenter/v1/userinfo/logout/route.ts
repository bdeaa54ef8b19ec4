// POST /api/usercenter/v1/userinfo/logout — end the current session
import { withApi } from '@/lib/server/api/with-api';
import { revokeSession, SESSION_COOKIE, SESSION_HINT_COOKIE } from '@/lib/server/session';
import { logoutContract } from '@/lib/shared/contracts/users';

export const POST = withApi(logoutContract, async ({ db, session, setCookie }) => {
  if (session) await revokeSession(db, session.sessionId);
  setCookie({ name: SESSION_COOKIE, value: '', maxAge: 0, httpOnly: true });
  setCookie({ name: SESSION_HINT_COOKIE, value: '', maxAge: 0, httpOnly: false });
  return null;
});
