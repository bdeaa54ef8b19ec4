// POST /api/usercenter/v1/userinfo/login — captcha login with an encrypted password
import { withApi } from '@/lib/server/api/with-api';
import { login } from '@/lib/server/auth/login';
import { SESSION_COOKIE, SESSION_HINT_COOKIE } from '@/lib/server/session';
import { loginContract } from '@/lib/shared/contracts/users';

export const POST = withApi(loginContract, async ({ db, body, ip, request, setCookie }) => {
  const session = await login(db, body, { ip, userAgent: request.headers.get('user-agent') });
  setCookie({ name: SESSION_COOKIE, value: session.token, maxAge: session.maxAgeSeconds, httpOnly: true });
  setCookie({ name: SESSION_HINT_COOKIE, value: '1', maxAge: session.maxAgeSeconds, httpOnly: false });
  return session.token;
});
