import 'server-only';
import { API_CODES } from '../../shared/contracts/api';
import { LOGIN_CODES, type LoginBody } from '../../shared/contracts/users';
import { ApiError } from '../api/errors';
import type { Queryable } from '../db';
import { consumeCaptcha } from './captcha';
import { lockedMinutes, lockoutKey, recordAttempt } from './lockout';
import { findUserForLogin } from './login-user';
import { decryptOrRefuse } from './current-password';
import { DUMMY_HASH, verifyPassword } from './password';
import { createSession } from '../session';

/**
 * Spec §7 login: captcha first (consumed whatever happens), then the lock, the encrypted password,
 * and the credentials. Unknown users and wrong passwords get the same answer and the same work.
 */
export async function login(db: Queryable, body: LoginBody, meta: { ip: string; userAgent: string | null }) {
  // Failures count against the account, whichever of its username, e-mail or phone was typed.
  const user = await findUserForLogin(db, body.username);
  const key = lockoutKey(body.username, user?.id ?? null);
  const minutes = await lockedMinutes(db, key, meta.ip);
  if (minutes > 0) throw new ApiError(LOGIN_CODES.LOCKED, 'locked', { minutes });

  if (!(await consumeCaptcha(db, body.token, body.captcha))) throw new ApiError(LOGIN_CODES.CAPTCHA, 'captchaWrong');

  const password = await decryptOrRefuse(db, body.password);

  const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !valid) {
    await recordAttempt(db, key, meta.ip, false);
    throw new ApiError(LOGIN_CODES.BAD_CREDENTIALS, 'badCredentials');
  }
  if (user.status !== 0) throw new ApiError(API_CODES.FORBIDDEN, 'accountDisabled');
  await recordAttempt(db, key, meta.ip, true);
  if (user.mustChangePassword) throw new ApiError(LOGIN_CODES.MUST_CHANGE_PASSWORD, 'mustChangePassword');
  return createSession(db, user.id, meta);
}
