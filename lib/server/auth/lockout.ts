import 'server-only';
import type { Queryable } from '../db';

export const MAX_FAILURES = 5;
export const LOCK_MINUTES = 15;

/**
 * Minutes left on a lock for this username from this address: five failures within the last
 * 15 minutes, counted since the last success, lock it until 15 minutes after the fifth.
 */
export async function lockedMinutes(db: Queryable, username: string, ip: string): Promise<number> {
  const [row] = await db.query<{ failures: number; last_failure: Date | null }>(
    `SELECT count(*)::int AS failures, max(created_at) AS last_failure
       FROM login_attempts
      WHERE username = $1 AND ip = $2 AND NOT success
        AND created_at > now() - make_interval(mins => $3)
        AND created_at > COALESCE((SELECT max(created_at) FROM login_attempts WHERE username = $1 AND ip = $2 AND success), '-infinity')`,
    [username.toLowerCase(), ip, LOCK_MINUTES],
  );
  if (!row || row.failures < MAX_FAILURES || !row.last_failure) return 0;
  const unlockAt = new Date(row.last_failure).getTime() + LOCK_MINUTES * 60_000;
  return Math.max(1, Math.ceil((unlockAt - Date.now()) / 60_000));
}

export async function recordAttempt(db: Queryable, username: string, ip: string, success: boolean): Promise<void> {
  await db.query('INSERT INTO login_attempts (username, ip, success) VALUES ($1, $2, $3)', [username.toLowerCase(), ip, success]);
}
