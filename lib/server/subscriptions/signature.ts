import 'server-only';
/**
 * A webhook body's signature: HMAC-SHA256 over the raw body bytes with the subscription's secret, sent as
 * `X-Signature: sha256=<hex>`. A receiver recomputes it over the bytes it read (before parsing) and compares in
 * constant time (`verifySignature` is that check, for receivers written in Node and for the tests).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SIGNATURE_PREFIX } from '../../shared/contracts/subscriptions';

export function signBody(secret: string, body: string | Buffer): string {
  return `${SIGNATURE_PREFIX}${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export function verifySignature(secret: string, body: string | Buffer, header: string | null | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(signBody(secret, body));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** 32 random bytes as 64 hex characters (webhook and feed secrets). */
export function newSecret(): string {
  return randomBytes(32).toString('hex');
}
