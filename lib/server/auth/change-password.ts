import 'server-only';
import { API_CODES } from '../../shared/contracts/api';
import { ApiError } from '../api/errors';
import type { Queryable } from '../db';
import { checkCurrentPassword, decryptOrRefuse } from './current-password';
import { hashPassword, isStrongPassword } from './password';
import { revokeOtherSessions, type Session } from '../session';

/**
 * Verifies the current password (a wrong one counts like a failed login, ./current-password.ts), stores the new
 * one, and ends every other session of the user.
 */
export async function changePassword(db: Queryable, session: Session, oldCipher: string, newCipher: string, ip: string): Promise<void> {
  const [oldPlain, newPlain] = await Promise.all([decryptOrRefuse(db, oldCipher), decryptOrRefuse(db, newCipher)]);
  await checkCurrentPassword(db, session.userId, oldPlain, ip);
  if (!isStrongPassword(newPlain)) throw new ApiError(API_CODES.INVALID_INPUT, 'passwordWeak');
  if (newPlain === oldPlain) throw new ApiError(API_CODES.INVALID_INPUT, 'passwordSame');
  await db.query('UPDATE users SET password_hash = $2, must_change_password = false, updated_at = now() WHERE id = $1', [
    session.userId,
    await hashPassword(newPlain),
  ]);
  await revokeOtherSessions(db, session.userId, session.sessionId);
}
