import 'server-only';
/**
 * Signed, expiring download links: `/api/files/v1/fileinfo/downloads/{id}?expires=…&sig=…`, where sig
 * is HMAC-SHA256 over the file id and the expiry (unix seconds) with a server secret. Pure functions;
 * the secret comes from `fileUrlSecret` (lib/server/files/secret.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const DOWNLOAD_PATH = '/api/files/v1/fileinfo/downloads';

/** Images on cached pages: links stay the same for an hour and are valid for at least a day after. */
export const IMAGE_LINK_BUCKET_SECONDS = 3600;
export const IMAGE_LINK_MIN_SECONDS = 24 * 3600;

const mac = (secret: string, fileId: string, expires: number) =>
  createHmac('sha256', secret).update(`file:${fileId}:${expires}`).digest('base64url');

export interface SignedLink {
  url: string;
  /** Unix seconds. */
  expires: number;
}

export function signFileLink(secret: string, fileId: string, expires: number): SignedLink {
  return { url: `${DOWNLOAD_PATH}/${fileId}?expires=${expires}&sig=${mac(secret, fileId, expires)}`, expires };
}

/** A download link valid for `ttlSeconds` from now. */
export function downloadLink(secret: string, fileId: string, ttlSeconds: number, now = Date.now()): SignedLink {
  return signFileLink(secret, fileId, Math.floor(now / 1000) + ttlSeconds);
}

/**
 * An image link for a cached page: the expiry is rounded up to the hour, so every render within an
 * hour yields the same URL (browser caches keep working), and it stays valid for at least a day, far
 * longer than a page is cached.
 */
export function imageLink(secret: string, fileId: string, now = Date.now()): SignedLink {
  const seconds = Math.floor(now / 1000) + IMAGE_LINK_MIN_SECONDS;
  return signFileLink(secret, fileId, Math.ceil(seconds / IMAGE_LINK_BUCKET_SECONDS) * IMAGE_LINK_BUCKET_SECONDS);
}

export type LinkCheck = 'ok' | 'expired' | 'invalid';

/** Checks a link's signature (in constant time) and then its expiry. */
export function checkFileLink(secret: string, fileId: string, expires: string | null, sig: string | null, now = Date.now()): LinkCheck {
  if (!expires || !sig || !/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return 'invalid';
  const expected = Buffer.from(mac(secret, fileId, Number(expires)));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return Number(expires) * 1000 < now ? 'expired' : 'ok';
}

/**
 * A link for one user only (an export's file): the signature covers a scope, the object's id, the user and the
 * expiry, so the link is worthless to anyone else, cannot be pointed at another object and ends when it says.
 */
const ownedMac = (secret: string, scope: string, id: string, userId: string, expires: number) =>
  createHmac('sha256', secret).update(`${scope}:${id}:${userId}:${expires}`).digest('base64url');

export function signOwnedLink(secret: string, scope: string, id: string, userId: string, expires: number): string {
  return ownedMac(secret, scope, id, userId, expires);
}

/** Checks an owned link's signature for this user (in constant time), then its expiry. */
export function checkOwnedLink(
  secret: string,
  scope: string,
  id: string,
  userId: string,
  expires: string | null,
  sig: string | null,
  now = Date.now(),
): LinkCheck {
  if (!expires || !sig || !/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return 'invalid';
  const expected = Buffer.from(ownedMac(secret, scope, id, userId, Number(expires)));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return Number(expires) * 1000 < now ? 'expired' : 'ok';
}
