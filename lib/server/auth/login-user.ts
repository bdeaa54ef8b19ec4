import 'server-only';
/** The user a login names (the login's own query: auth never imports users, docs/adr/0022). */
import type { Queryable } from '../db';

export interface LoginCandidate {
  id: string;
  username: string;
  passwordHash: string;
  mustChangePassword: boolean;
  status: number;
}

/** A user by username, e-mail (case-insensitive) or telephone. */
export async function findUserForLogin(db: Queryable, login: string): Promise<LoginCandidate | null> {
  const [row] = await db.query<{ id: string; username: string; password_hash: string; must_change_password: boolean; status: number }>(
    `SELECT id::text AS id, username, password_hash, must_change_password, status
       FROM users
      WHERE lower(username) = lower($1) OR lower(email) = lower($1) OR telephone = $1
      ORDER BY (lower(username) = lower($1)) DESC
      LIMIT 1`,
    [login],
  );
  return row
    ? { id: row.id, username: row.username, passwordHash: row.password_hash, mustChangePassword: row.must_change_password, status: row.status }
    : null;
}
