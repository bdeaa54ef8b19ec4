import 'server-only';
import type { Queryable } from '../db';
import type { SqlParam } from '../db/types';

export const MAX_FAILURES = 5;
export const LOCK_MINUTES = 15;
/** Failed logins one address may make within LOCK_MINUTES over all accounts (password spraying). */
export const MAX_ADDRESS_FAILURES = 20;

/**
 * What failures are counted against: the account when the login string names one (its username,
 * e-mail and phone share one count), otherwise the string itself. Stored in `login_attempts.username`.
 */
export function lockoutKey(login: string, accountId: string | null): string {
  return accountId ? `account:${accountId}` : login.toLowerCase();
}

async function minutesLeft(db: Queryable, sql: string, params: readonly SqlParam[], max: number): Promise<number> {
  const [row] = await db.query<{ failures: number; last_failure: Date | null }>(sql, params);
  if (!row || row.failures < max || !row.last_failure) return 0;
  const unlockAt = new Date(row.last_failure).getTime() + LOCK_MINUTES * 60_000;
  return Math.max(1, Math.ceil((unlockAt - Date.now()) / 60_000));
}

/**
 * Minutes left on a lock: five failures for this account (lockoutKey) from this address, or twenty
 * from this address over any accounts, within the last 15 minutes and since the last success of
 * that account (or address), lock it until 15 minutes after the last.
 */
export async function lockedMinutes(db: Queryable, key: string, ip: string): Promise<number> {
  const account = await minutesLeft(
    db,
    `SELECT count(*)::int AS failures, max(created_at) AS last_failure
       FROM login_attempts
      WHERE username = $1 AND ip = $2 AND NOT success
        AND created_at > now() - make_interval(mins => $3)
        AND created_at > COALESCE((SELECT max(created_at) FROM login_attempts WHERE username = $1 AND ip = $2 AND success), '-infinity')`,
    [key, ip, LOCK_MINUTES],
    MAX_FAILURES,
  );
  if (account > 0) return account;
  return minutesLeft(
    db,
    `SELECT count(*)::int AS failures, max(created_at) AS last_failure
       FROM login_attempts
      WHERE ip = $1 AND NOT success AND created_at > now() - make_interval(mins => $2)`,
    [ip, LOCK_MINUTES],
    MAX_ADDRESS_FAILURES,
  );
}

export async function recordAttempt(db: Queryable, key: string, ip: string, success: boolean): Promise<void> {
  await db.query('INSERT INTO login_attempts (username, ip, success) VALUES ($1, $2, $3)', [key, ip, success]);
}
