import { createHmac } from 'node:crypto';
import { newSecret, signBody, verifySignature } from './signature';

describe('webhook signature', () => {
  it('is HMAC-SHA256 of the raw body, hex, after sha256= (RFC 4231 test case 2)', () => {
    expect(signBody('Jefe', 'what do ya want for nothing?')).toBe(
      'sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('signs the bytes, so a receiver that re-serialises the JSON would not match', () => {
    const secret = newSecret();
    const raw = '{"b":1,  "a":"é"}';
    const header = signBody(secret, raw);
    expect(header).toBe(`sha256=${createHmac('sha256', secret).update(Buffer.from(raw, 'utf8')).digest('hex')}`);
    expect(verifySignature(secret, raw, header)).toBe(true);
    expect(verifySignature(secret, JSON.stringify(JSON.parse(raw)), header)).toBe(false);
  });

  it('refuses another secret, a changed body, a missing or truncated header', () => {
    const secret = newSecret();
    const header = signBody(secret, 'body');
    expect(verifySignature(newSecret(), 'body', header)).toBe(false);
    expect(verifySignature(secret, 'body!', header)).toBe(false);
    expect(verifySignature(secret, 'body', null)).toBe(false);
    expect(verifySignature(secret, 'body', header.slice(0, -1))).toBe(false);
  });

  it('makes 64-hex-character secrets, each different', () => {
    const a = newSecret();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(newSecret()).not.toBe(a);
  });
});
