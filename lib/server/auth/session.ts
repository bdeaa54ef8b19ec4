import 'server-only';
import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Queryable } from '../db';
import { getEnv } from '../env';
import { getOrCreateSecret } from './secrets';

export interface Session {
  sessionId: string;
  userId: string;
  username: string;
  accountType: number;
  permissions: readonly string[];
}

export const SESSION_COOKIE = 'token';
/** Readable by scripts, holds no secret: tells the browser that a session cookie exists. */
export const SESSION_HINT_COOKIE = 'session_hint';

let secretKey: Uint8Array | undefined;

async function jwtKey(db: Queryable): Promise<Uint8Array> {
  if (secretKey) return secretKey;
  const secret = getEnv().SESSION_SECRET ?? (await getOrCreateSecret(db, 'session_jwt_secret', () => randomBytes(48).toString('base64url')));
  secretKey = new TextEncoder().encode(secret);
  return secretKey;
}

export function resetSessionKeyCache(): void {
  secretKey = undefined;
}

/** Creates a session row and its signed token (HS256, `sub` user id, `sid` session id). */
export async function createSession(db: Queryable, userId: string, meta: { ip: string; userAgent: string | null }) {
  const ttlHours = getEnv().SESSION_TTL_HOURS;
  const [row] = await db.query<{ id: string; expires_at: Date }>(
    `INSERT INTO sessions (user_id, expires_at, ip, user_agent) VALUES ($1, now() + make_interval(hours => $2), $3, $4)
     RETURNING id, expires_at`,
    [userId, ttlHours, meta.ip, meta.userAgent?.slice(0, 300) ?? null],
  );
  if (!row) throw new Error('session insert returned no row');
  const token = await new SignJWT({ sid: row.id })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(new Date(row.expires_at))
    .sign(await jwtKey(db));
  return { token, sessionId: row.id, expiresAt: new Date(row.expires_at), maxAgeSeconds: ttlHours * 3600 };
}

function tokenOf(request: Request): string | null {
  const header = request.headers.get('token');
  if (header) return header.trim();
  const match = /(?:^|;\s*)token=([^;]+)/.exec(request.headers.get('cookie') ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** Whether the request carries a session token at all (valid or not). */
export function hasSessionToken(request: Request): boolean {
  return tokenOf(request) !== null;
}

/**
 * The session a request carries (cookie `token` or header `token`): the signature must verify with
 * HS256 only (no `alg: none`), and the session row must exist, be unrevoked and unexpired, and belong
 * to an active user.
 */
export async function getSession(request: Request, db: Queryable): Promise<Session | null> {
  const token = tokenOf(request);
  if (!token || token.length > 2048) return null;
  let sid: unknown;
  let sub: string | undefined;
  try {
    const { payload } = await jwtVerify(token, await jwtKey(db), { algorithms: ['HS256'] });
    sid = payload.sid;
    sub = payload.sub;
  } catch {
    return null;
  }
  if (typeof sid !== 'string' || !/^[0-9a-f-]{36}$/.test(sid) || !sub) return null;
  const [row] = await db.query<{ user_id: string; username: string; account_type: number; permissions: string[] }>(
    `SELECT s.user_id::text AS user_id, u.username, u.account_type,
            COALESCE(array_agg(DISTINCT rp.permission_code) FILTER (WHERE rp.permission_code IS NOT NULL), '{}') AS permissions
       FROM sessions s
       JOIN users u ON u.id = s.user_id AND u.status = 0
       LEFT JOIN user_roles ur ON ur.user_id = u.id
       LEFT JOIN role_permissions rp ON rp.role_id = ur.role_id
      WHERE s.id = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
      GROUP BY s.user_id, u.username, u.account_type`,
    [sid],
  );
  if (!row || row.user_id !== sub) return null;
  return { sessionId: sid, userId: row.user_id, username: row.username, accountType: row.account_type, permissions: row.permissions };
}

export async function revokeSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
}

/** After a password change: every session of the user but `keep` ends. */
export async function revokeOtherSessions(db: Queryable, userId: string, keep: string | null): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)', [userId, keep]);
}
