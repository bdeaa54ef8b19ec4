import 'server-only';
import { constants, createHash, createPrivateKey, createPublicKey, generateKeyPairSync, privateDecrypt, type KeyObject } from 'node:crypto';
import type { Queryable } from '../db';
import { getEnv } from '../env';
import { getOrCreateSecret } from '../db/secrets';

/** How long an encrypted password stays valid: a captured ciphertext is useless after this. */
export const CIPHERTEXT_MAX_AGE_MS = 5 * 60 * 1000;

let cached: { privateKey: KeyObject; publicKeyPem: string; keyId: string } | undefined;

async function loadKey(db: Queryable) {
  if (cached) return cached;
  const pem =
    getEnv().LOGIN_RSA_PRIVATE_KEY?.replace(/\\n/g, '\n') ??
    (await getOrCreateSecret(db, 'login_rsa_private_key', () =>
      generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    ));
  const privateKey = createPrivateKey(pem);
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  cached = { privateKey, publicKeyPem, keyId: createHash('sha256').update(publicKeyPem).digest('hex').slice(0, 16) };
  return cached;
}

export async function getLoginPublicKey(db: Queryable): Promise<{ publicKey: string; keyId: string }> {
  const { publicKeyPem, keyId } = await loadKey(db);
  return { publicKey: publicKeyPem, keyId };
}

export type DecryptResult = { ok: true; password: string } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * The browser sends base64(RSA-OAEP-SHA256(JSON {p: password, t: epoch ms})). A ciphertext that does
 * not decrypt under our key, or whose timestamp is older than five minutes (or from the future), is refused.
 */
export async function decryptLoginPassword(db: Queryable, ciphertext: string, now = Date.now()): Promise<DecryptResult> {
  const { privateKey } = await loadKey(db);
  let plain: unknown;
  try {
    const bytes = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(ciphertext, 'base64'));
    plain = JSON.parse(bytes.toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (!plain || typeof plain !== 'object') return { ok: false, reason: 'invalid' };
  const { p, t } = plain as { p?: unknown; t?: unknown };
  if (typeof p !== 'string' || typeof t !== 'number') return { ok: false, reason: 'invalid' };
  if (t > now + 60_000 || now - t > CIPHERTEXT_MAX_AGE_MS) return { ok: false, reason: 'expired' };
  return { ok: true, password: p };
}

/** For tests: forget the cached key after the environment changes. */
export function resetLoginKeyCache(): void {
  cached = undefined;
}
