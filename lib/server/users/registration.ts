import 'server-only';
import { API_CODES } from '../../shared/contracts/api';
import { USERNAME_PATTERN } from '../../shared/contracts/users';
import { ApiError } from '../api/errors';
import type { Queryable } from '../db';
import { decryptLoginPassword } from '../auth/login-key';
import { hashPassword, isStrongPassword } from '../auth/password';
import { revokeOtherSessions } from '../session';
import { isContactTaken, normalizeTarget, verifyCode } from '../auth/verification';
import type { Channel } from '../messaging';

export type ValidityKind = 'username' | 'email' | 'telephone';

/** The live checks of the registration form. */
export async function checkValidity(
  db: Queryable,
  kind: ValidityKind,
  value: string,
): Promise<{ valid: boolean; reason: 'format' | 'taken' | null }> {
  if (kind === 'username') {
    if (!USERNAME_PATTERN.test(value)) return { valid: false, reason: 'format' };
    const rows = await db.query<{ id: string }>('SELECT id::text AS id FROM users WHERE lower(username) = lower($1)', [value]);
    return rows.length ? { valid: false, reason: 'taken' } : { valid: true, reason: null };
  }
  let target: string;
  try {
    target = normalizeTarget(kind, value);
  } catch {
    return { valid: false, reason: 'format' };
  }
  return (await isContactTaken(db, kind, target)) ? { valid: false, reason: 'taken' } : { valid: true, reason: null };
}

async function decryptNewPassword(db: Queryable, cipher: string): Promise<string> {
  const plain = await decryptLoginPassword(db, cipher);
  if (!plain.ok) throw new ApiError(1003, plain.reason === 'expired' ? 'passwordCipherExpired' : 'passwordCipherInvalid');
  if (!isStrongPassword(plain.password)) throw new ApiError(API_CODES.INVALID_INPUT, 'passwordWeak');
  return plain.password;
}

export interface RegisterInput {
  username: string;
  password: string;
  channel: Channel;
  email?: string;
  telephone?: string;
  code: string;
  realName?: string;
  organization?: string;
}

/** A personal account (accountType 0, role `personal`), after its e-mail or phone was verified. */
export async function register(db: Queryable, input: RegisterInput): Promise<{ username: string }> {
  const raw = input.channel === 'email' ? input.email : input.telephone;
  if (!raw) throw new ApiError(API_CODES.INVALID_INPUT, 'contactMissing');
  const target = normalizeTarget(input.channel, raw);
  const username = await checkValidity(db, 'username', input.username);
  if (!username.valid) throw new ApiError(API_CODES.INVALID_INPUT, username.reason === 'taken' ? 'usernameTaken' : 'usernameFormat');
  // Only the contact the code proved is stored: an unproven one could be someone else's, who could
  // then neither register it nor stop this account logging in with it. The other is added later, verified.
  const email = input.channel === 'email' ? target : null;
  const telephone = input.channel === 'telephone' ? target : null;
  if (email && (await isContactTaken(db, 'email', email))) throw new ApiError(API_CODES.INVALID_INPUT, 'emailTaken');
  if (telephone && (await isContactTaken(db, 'telephone', telephone))) throw new ApiError(API_CODES.INVALID_INPUT, 'telephoneTaken');
  const password = await decryptNewPassword(db, input.password);
  await verifyCode(db, { channel: input.channel, target, purpose: 'register', code: input.code, consume: true });
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO users (username, email, telephone, password_hash, account_type, real_name, organization)
     VALUES ($1, $2, $3, $4, 0, $5, $6) RETURNING id::text AS id`,
    [input.username, email, telephone, await hashPassword(password), input.realName || null, input.organization || null],
  );
  if (!row) throw new Error('user insert returned no row');
  await db.query("INSERT INTO user_roles (user_id, role_id) SELECT $1::bigint, id FROM roles WHERE code = 'personal'", [row.id]);
  return { username: input.username };
}

/** Forgotten password: the code proves the address; the new password ends every session. */
export async function resetPassword(
  db: Queryable,
  input: { channel: Channel; target: string; code: string; password: string },
): Promise<void> {
  const target = normalizeTarget(input.channel, input.target);
  const password = await decryptNewPassword(db, input.password);
  await verifyCode(db, { channel: input.channel, target, purpose: 'reset', code: input.code, consume: true });
  const [user] = await db.query<{ id: string }>(
    input.channel === 'email'
      ? 'SELECT id::text AS id FROM users WHERE lower(email) = $1'
      : 'SELECT id::text AS id FROM users WHERE telephone = $1',
    [target],
  );
  if (!user) throw new ApiError(1103, 'codeWrong');
  await db.query('UPDATE users SET password_hash = $2, must_change_password = false, updated_at = now() WHERE id = $1', [
    user.id,
    await hashPassword(password),
  ]);
  await revokeOtherSessions(db, user.id, null);
}

/** A new e-mail or phone for the signed-in user, proven by a code sent to it. */
export async function changeContact(db: Queryable, userId: string, channel: Channel, value: string, code: string): Promise<void> {
  const target = normalizeTarget(channel, value);
  if (await isContactTaken(db, channel, target))
    throw new ApiError(API_CODES.INVALID_INPUT, channel === 'email' ? 'emailTaken' : 'telephoneTaken');
  await verifyCode(db, { channel, target, purpose: 'change', code, consume: true });
  await db.query(
    channel === 'email'
      ? 'UPDATE users SET email = $2, updated_at = now() WHERE id = $1'
      : 'UPDATE users SET telephone = $2, updated_at = now() WHERE id = $1',
    [userId, target],
  );
}
