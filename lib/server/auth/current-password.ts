import 'server-only';
/**
 * The current password, asked again before an account's password or recovery contacts change (issue 32.4: a
 * session alone could move the recovery e-mail, and wrong old passwords were unlimited). A wrong one counts like
 * a failed login against the account (./lockout.ts): five from one address lock both the login and these forms
 * for 15 minutes; a right one clears the count.
 */
import { LOGIN_CODES } from '../../shared/contracts/users';
import { ApiError } from '../api/errors';
import type { Queryable } from '../db';
import { lockedMinutes, lockoutKey, recordAttempt } from './lockout';
import { decryptLoginPassword } from './login-key';
import { verifyPassword } from './password';

/** The plain text of an encrypted password field, or the login form's cipher errors. */
export async function decryptOrRefuse(db: Queryable, cipher: string): Promise<string> {
  const plain = await decryptLoginPassword(db, cipher);
  if (!plain.ok) throw new ApiError(LOGIN_CODES.CIPHER, plain.reason === 'expired' ? 'passwordCipherExpired' : 'passwordCipherInvalid');
  return plain.password;
}

/** Checks the user's current password (plain text), counting a wrong one against the account from this address. */
export async function checkCurrentPassword(db: Queryable, userId: string, password: string, ip: string): Promise<void> {
  const key = lockoutKey('', userId);
  const minutes = await lockedMinutes(db, key, ip);
  if (minutes > 0) throw new ApiError(LOGIN_CODES.LOCKED, 'locked', { minutes });
  const [row] = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [userId]);
  if (!row || !(await verifyPassword(password, row.password_hash))) {
    await recordAttempt(db, key, ip, false);
    throw new ApiError(LOGIN_CODES.BAD_CREDENTIALS, 'passwordWrong');
  }
  await recordAttempt(db, key, ip, true);
}
