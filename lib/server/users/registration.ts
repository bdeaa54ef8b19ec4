import 'server-only';
import { API_CODES } from '../../shared/contracts/api';
import { USERNAME_PATTERN } from '../../shared/contracts/users';
import { ApiError } from '../api/errors';
import type { Queryable } from '../db';
import { hashPassword, isStrongPassword } from '../auth/password';
import { revokeOtherSessions, type Session } from '../session';
import { checkCurrentPassword, decryptOrRefuse } from '../auth/current-password';
import type { ApiTranslator } from '../i18n';
import { isContactTaken, normalizeTarget, verifyCode } from '../auth/verification';
import { transportFor, type Channel } from '../messaging';

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
  const password = await decryptOrRefuse(db, cipher);
  if (!isStrongPassword(password)) throw new ApiError(API_CODES.INVALID_INPUT, 'passwordWeak');
  return password;
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

/** An address shown to its old owner: enough to recognise it, not enough to harvest it. */
export function maskContact(channel: Channel, value: string): string {
  if (channel === 'telephone') return value.length > 7 ? `${value.slice(0, 3)}****${value.slice(-4)}` : '****';
  const [local = '', domain = ''] = value.split('@');
  return `${local.slice(0, 2)}***@${domain}`;
}

/**
 * A new e-mail or phone for the signed-in user (issue 32.4): the current password again (a wrong one counts like
 * a failed login), then the code sent to the new address; the old address is told (masked new value) and every
 * other session of the user ends — a stolen session alone can no longer move the account's recovery.
 */
export async function changeContact(
  db: Queryable,
  t: ApiTranslator,
  session: Session,
  channel: Channel,
  input: { value: string; code: string; password: string },
  ip: string,
): Promise<void> {
  const target = normalizeTarget(channel, input.value);
  await checkCurrentPassword(db, session.userId, await decryptOrRefuse(db, input.password), ip);
  if (await isContactTaken(db, channel, target))
    throw new ApiError(API_CODES.INVALID_INPUT, channel === 'email' ? 'emailTaken' : 'telephoneTaken');
  await verifyCode(db, { channel, target, purpose: 'change', code: input.code, consume: true });
  const [before] = await db.query<{ old: string | null }>(
    channel === 'email' ? 'SELECT email AS old FROM users WHERE id = $1' : 'SELECT telephone AS old FROM users WHERE id = $1',
    [session.userId],
  );
  await db.query(
    channel === 'email'
      ? 'UPDATE users SET email = $2, updated_at = now() WHERE id = $1'
      : 'UPDATE users SET telephone = $2, updated_at = now() WHERE id = $1',
    [session.userId, target],
  );
  await revokeOtherSessions(db, session.userId, session.sessionId);
  if (before?.old && before.old !== target)
    await transportFor(channel).send(db, {
      channel,
      recipient: before.old,
      subject: t('contactChangedSubject'),
      body: t(channel === 'email' ? 'contactChangedEmail' : 'contactChangedTelephone', { value: maskContact(channel, target) }),
    });
}
