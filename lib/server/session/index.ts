import 'server-only';
/**
 * Sessions: the signed `token` (cookie or header) naming a server-side session row, made at login and read by
 * every protected handler, page guard and map service. Below both the API wrapper and auth (docs/adr/0022).
 */
import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Queryable } from '../db';
import { getEnv } from '../env';
import { getOrCreateSecret } from '../db/secrets';

export interface Session {
  sessionId: string;
  userId: string;
  username: string;
  accountType: number;
  permissions: readonly string[];
  /** Region codes of the user's active, non-deleted area ranges of type `regionId` (spec §3), read with the session. */
  regionIds: readonly string[];
}

export const SESSION_COOKIE = 'token';
/** Readable by scripts, holds no secret: tells the browser that a session cookie exists. */
export const SESSION_HINT_COOKIE = 'session_hint';

/** Cookies that end a browser session (the token and its script-readable hint). */
export function expiredSessionCookies(): string[] {
  return [SESSION_COOKIE, SESSION_HINT_COOKIE].map(
    (name) => `${name}=; Path=/; Max-Age=0; SameSite=Lax${name === SESSION_COOKIE ? '; HttpOnly' : ''}`,
  );
}

let secretKey: Uint8Array | undefined;

async function jwtKey(db: Queryable): Promise<Uint8Array> {
  if (secretKey) return secretKey;
  const secret =
    getEnv().SESSION_SECRET ?? (await getOrCreateSecret(db, 'session_jwt_secret', () => randomBytes(48).toString('base64url')));
  secretKey = new TextEncoder().encode(secret);
  return secretKey;
}

export function resetSessionKeyCache(): void {
  secretKey = undefined;
  verifiedTokens.clear();
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

/**
 * A `token` cookie whose %-encoding is broken (`%E0%A4%A`): no session can come from it, and the
 * caller must learn why (HTTP 400, the cookie dropped) rather than meet a failure of the server.
 */
export class MalformedTokenError extends Error {
  constructor() {
    super('malformed token cookie');
    this.name = 'MalformedTokenError';
  }
}

function tokenOf(request: Request): string | null {
  const header = request.headers.get('token');
  if (header) return header.trim();
  const match = /(?:^|;\s*)token=([^;]+)/.exec(request.headers.get('cookie') ?? '');
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    throw new MalformedTokenError();
  }
}

/** Whether the request carries a session token at all (valid or not). */
export function hasSessionToken(request: Request): boolean {
  try {
    return tokenOf(request) !== null;
  } catch {
    return true;
  }
}

/**
 * Tokens whose signature has been checked, with what they carry: a token is verified once (HS256
 * through WebCrypto costs more than the session query on a busy map page, which sends a token with
 * every tile). Bounded; the oldest entry goes first. The session row is still read on every request,
 * so revocation and expiry take effect at once.
 */
const VERIFIED_TOKENS_MAX = 2000;
const verifiedTokens = new Map<string, { sid: string; sub: string; exp: number }>();

async function verifiedClaims(db: Queryable, token: string): Promise<{ sid: string; sub: string } | null> {
  const cached = verifiedTokens.get(token);
  if (cached && cached.exp * 1000 > Date.now()) return cached;
  let claims: { sid: string; sub: string; exp: number };
  try {
    const { payload } = await jwtVerify(token, await jwtKey(db), { algorithms: ['HS256'], requiredClaims: ['exp'] });
    const { sid, sub, exp } = payload;
    if (typeof sid !== 'string' || !/^[0-9a-f-]{36}$/.test(sid) || !sub || typeof exp !== 'number') return null;
    claims = { sid, sub, exp };
  } catch {
    return null;
  }
  if (verifiedTokens.size >= VERIFIED_TOKENS_MAX) verifiedTokens.delete(verifiedTokens.keys().next().value!);
  verifiedTokens.set(token, claims);
  return claims;
}

/**
 * A user's permissions and regionId area ranges (alias `u` for `users`): what a session carries, and what work done
 * for a user outside a request (a subscription's match) is allowed to see.
 */
export const USER_ACCESS_COLUMNS = `COALESCE((SELECT array_agg(DISTINCT rp.permission_code)
                        FROM user_roles ur JOIN role_permissions rp ON rp.role_id = ur.role_id
                       WHERE ur.user_id = u.id), '{}') AS permissions,
            COALESCE((SELECT array_agg(ar.region_id ORDER BY ar.id)
                        FROM area_ranges ar
                       WHERE ar.user_id = u.id AND ar.status = 0 AND ar.is_delete = 0 AND ar.type = 'regionId'), '{}') AS region_ids`;

export interface UserAccess {
  permissions: readonly string[];
  regionIds: readonly string[];
}

/** The access of an active user now, as their session would carry it; null for an unknown or inactive user. */
export async function userAccess(db: Queryable, userId: string): Promise<UserAccess | null> {
  const [row] = await db.query<{ permissions: string[]; region_ids: string[] }>(
    `SELECT ${USER_ACCESS_COLUMNS} FROM users u WHERE u.id = $1::bigint AND u.status = 0`,
    [userId],
  );
  return row ? { permissions: row.permissions, regionIds: row.region_ids } : null;
}

/**
 * The session a request carries (cookie `token` or header `token`), or MalformedTokenError: the signature must verify with
 * HS256 only (no `alg: none`), and the session row must exist, be unrevoked and unexpired, and belong
 * to an active user. One query reads the session with the user's permissions and area ranges.
 */
export async function getSession(request: Request, db: Queryable): Promise<Session | null> {
  const token = tokenOf(request);
  if (!token || token.length > 2048) return null;
  const claims = await verifiedClaims(db, token);
  if (!claims) return null;
  const [row] = await db.query<{ user_id: string; username: string; account_type: number; permissions: string[]; region_ids: string[] }>(
    `SELECT s.user_id::text AS user_id, u.username, u.account_type, ${USER_ACCESS_COLUMNS}
       FROM sessions s
       JOIN users u ON u.id = s.user_id AND u.status = 0
      WHERE s.id = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
    [claims.sid],
  );
  if (!row || row.user_id !== claims.sub) return null;
  return {
    sessionId: claims.sid,
    userId: row.user_id,
    username: row.username,
    accountType: row.account_type,
    permissions: row.permissions,
    regionIds: row.region_ids,
  };
}

export async function revokeSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
}

/** After a password change: every session of the user but `keep` ends. */
export async function revokeOtherSessions(db: Queryable, userId: string, keep: string | null): Promise<void> {
  await db.query(
    'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)',
    [userId, keep],
  );
}
