import 'server-only';
import { API_CODES } from '../../shared/contracts/api';
import { LOGIN_CODES } from '../../shared/contracts/users';
import { ApiError } from '../api/errors';
import type { Queryable } from '../db';
import { decryptLoginPassword } from './login-key';
import { hashPassword, isStrongPassword, verifyPassword } from './password';
import { revokeOtherSessions, type Session } from '../session';

/** Verifies the current password, stores the new one, and ends every other session of the user. */
export async function changePassword(db: Queryable, session: Session, oldCipher: string, newCipher: string): Promise<void> {
  const [oldPlain, newPlain] = await Promise.all([decryptLoginPassword(db, oldCipher), decryptLoginPassword(db, newCipher)]);
  if (!oldPlain.ok || !newPlain.ok) {
    const expired = (!oldPlain.ok && oldPlain.reason === 'expired') || (!newPlain.ok && newPlain.reason === 'expired');
    throw new ApiError(LOGIN_CODES.CIPHER, expired ? 'passwordCipherExpired' : 'passwordCipherInvalid');
  }
  const [row] = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [session.userId]);
  if (!row || !(await verifyPassword(oldPlain.password, row.password_hash))) throw new ApiError(LOGIN_CODES.BAD_CREDENTIALS, 'passwordWrong');
  if (!isStrongPassword(newPlain.password)) throw new ApiError(API_CODES.INVALID_INPUT, 'passwordWeak');
  if (newPlain.password === oldPlain.password) throw new ApiError(API_CODES.INVALID_INPUT, 'passwordSame');
  await db.query('UPDATE users SET password_hash = $2, must_change_password = false, updated_at = now() WHERE id = $1', [
    session.userId,
    await hashPassword(newPlain.password),
  ]);
  await revokeOtherSessions(db, session.userId, session.sessionId);
}
