import 'server-only';
import { createHash, randomInt } from 'node:crypto';
import { API_CODES } from '../../shared/contracts/api';
import { TELEPHONE_PATTERN } from '../../shared/contracts/users';
import { ApiError } from '../api/errors';
import type { Queryable } from '../db';
import type { ApiTranslator } from '../i18n';
import { transportFor, type Channel } from '../messaging';

export type { CodePurpose as Purpose } from '../../shared/contracts/users';
import type { CodePurpose as Purpose } from '../../shared/contracts/users';

export const CODE_TTL_MINUTES = 10;
export const RESEND_SECONDS = 60;
export const MAX_PER_HOUR = 5;
export const MAX_ATTEMPTS = 5;
export const CODE_CODES = { TOO_SOON: 1101, TOO_MANY: 1102, WRONG: 1103 } as const;

const hash = (id: string, code: string) => createHash('sha256').update(`${id}:${code}`).digest('hex');

/** E-mail lower-cased; phone numbers as 11 digits. Anything else is refused. */
export function normalizeTarget(channel: Channel, raw: string): string {
  const value = raw.trim();
  if (channel === 'email') {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) || value.length > 100) throw new ApiError(API_CODES.INVALID_INPUT, 'emailFormat');
    return value.toLowerCase();
  }
  if (!TELEPHONE_PATTERN.test(value)) throw new ApiError(API_CODES.INVALID_INPUT, 'telephoneFormat');
  return value;
}

export async function isContactTaken(db: Queryable, channel: Channel, target: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    channel === 'email' ? 'SELECT id::text AS id FROM users WHERE lower(email) = $1' : 'SELECT id::text AS id FROM users WHERE telephone = $1',
    [target],
  );
  return rows.length > 0;
}

/**
 * Sends a six-digit code: at most one a minute and five an hour per address and purpose. A reset code
 * goes only to an address that belongs to an account, but the caller is not told which (no account
 * enumeration); a registration code only to an address not yet registered.
 */
export async function sendCode(db: Queryable, t: ApiTranslator, input: { channel: Channel; target: string; purpose: Purpose; ip: string }) {
  const [recent] = await db.query<{ last_age: number | null; hour_count: number }>(
    `SELECT EXTRACT(EPOCH FROM now() - max(created_at))::float8 AS last_age,
            count(*) FILTER (WHERE created_at > now() - interval '1 hour')::int AS hour_count
       FROM verification_codes WHERE channel = $1 AND target = $2 AND purpose = $3`,
    [input.channel, input.target, input.purpose],
  );
  if (recent?.last_age !== null && recent?.last_age !== undefined && recent.last_age < RESEND_SECONDS) {
    throw new ApiError(CODE_CODES.TOO_SOON, 'codeTooSoon', { seconds: Math.ceil(RESEND_SECONDS - recent.last_age) });
  }
  if ((recent?.hour_count ?? 0) >= MAX_PER_HOUR) throw new ApiError(CODE_CODES.TOO_MANY, 'codeTooMany');

  const taken = await isContactTaken(db, input.channel, input.target);
  if (input.purpose !== 'reset' && taken) throw new ApiError(API_CODES.INVALID_INPUT, input.channel === 'email' ? 'emailTaken' : 'telephoneTaken');

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO verification_codes (channel, target, purpose, code_hash, expires_at, ip)
     VALUES ($1, $2, $3, '', now() + make_interval(mins => $4), $5) RETURNING id::text AS id`,
    [input.channel, input.target, input.purpose, CODE_TTL_MINUTES, input.ip],
  );
  if (!row) throw new Error('code insert returned no row');
  await db.query('UPDATE verification_codes SET code_hash = $2 WHERE id = $1', [row.id, hash(row.id, code)]);
  if (input.purpose === 'reset' && !taken) return { resendAfterSeconds: RESEND_SECONDS };
  await transportFor(input.channel).send(db, {
    channel: input.channel,
    recipient: input.target,
    subject: t('verifySubject'),
    body: t(input.purpose === 'reset' ? 'verifyBodyReset' : input.purpose === 'change' ? 'verifyBodyChange' : 'verifyBodyRegister', { code, minutes: CODE_TTL_MINUTES }),
  });
  return { resendAfterSeconds: RESEND_SECONDS };
}

/** Checks the newest live code for the address; `consume` uses it up. Five wrong tries end it. */
export async function verifyCode(db: Queryable, input: { channel: Channel; target: string; purpose: Purpose; code: string; consume: boolean }): Promise<void> {
  const [row] = await db.query<{ id: string; code_hash: string; attempts: number }>(
    `SELECT id::text AS id, code_hash, attempts FROM verification_codes
      WHERE channel = $1 AND target = $2 AND purpose = $3 AND consumed_at IS NULL AND expires_at > now()
      ORDER BY created_at DESC, id DESC LIMIT 1`,
    [input.channel, input.target, input.purpose],
  );
  if (!row || row.attempts >= MAX_ATTEMPTS) throw new ApiError(CODE_CODES.WRONG, 'codeWrong');
  if (row.code_hash !== hash(row.id, input.code)) {
    await db.query('UPDATE verification_codes SET attempts = attempts + 1 WHERE id = $1', [row.id]);
    throw new ApiError(CODE_CODES.WRONG, 'codeWrong');
  }
  if (input.consume) await db.query('UPDATE verification_codes SET consumed_at = now() WHERE id = $1', [row.id]);
}
