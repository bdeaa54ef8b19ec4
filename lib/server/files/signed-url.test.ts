import { checkFileLink, downloadLink, imageLink, signFileLink } from './signed-url';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const NOW = Date.UTC(2026, 0, 15, 8, 30, 0);

const parts = (url: string) => {
  const u = new URL(url, 'http://x');
  return { id: u.pathname.split('/').pop()!, expires: u.searchParams.get('expires'), sig: u.searchParams.get('sig') };
};

describe('signed file links', () => {
  it('accept their own link until it expires, and refuse it after', () => {
    const link = downloadLink(SECRET, '42', 600, NOW);
    const { id, expires, sig } = parts(link.url);
    expect(id).toBe('42');
    expect(Number(expires)).toBe(NOW / 1000 + 600);
    expect(checkFileLink(SECRET, id, expires, sig, NOW)).toBe('ok');
    expect(checkFileLink(SECRET, id, expires, sig, NOW + 600_000)).toBe('ok');
    expect(checkFileLink(SECRET, id, expires, sig, NOW + 601_000)).toBe('expired');
  });

  it('refuse tampered ids, expiries, signatures and secrets', () => {
    const { id, expires, sig } = parts(downloadLink(SECRET, '42', 600, NOW).url);
    expect(checkFileLink(SECRET, '43', expires, sig, NOW)).toBe('invalid');
    expect(checkFileLink(SECRET, id, String(Number(expires) + 3600), sig, NOW)).toBe('invalid');
    const flipped = (sig![0] === 'A' ? 'B' : 'A') + sig!.slice(1);
    expect(checkFileLink(SECRET, id, expires, flipped, NOW)).toBe('invalid');
    expect(checkFileLink(`${SECRET}!`, id, expires, sig, NOW)).toBe('invalid');
    // A tampered link stays "invalid" (not "expired") even when its expiry has passed.
    expect(checkFileLink(SECRET, id, expires, flipped, NOW + 10 ** 9)).toBe('invalid');
  });

  it('refuse malformed parameters without comparing', () => {
    expect(checkFileLink(SECRET, '42', null, null, NOW)).toBe('invalid');
    expect(checkFileLink(SECRET, '42', '12e9', 'x'.repeat(43), NOW)).toBe('invalid');
    expect(checkFileLink(SECRET, '42', '1', 'short', NOW)).toBe('invalid');
    expect(checkFileLink(SECRET, '42', '1', `${'x'.repeat(42)}=`, NOW)).toBe('invalid');
  });

  it('give image links that stay the same within the hour and last at least a day', () => {
    const a = imageLink(SECRET, '7', NOW);
    const b = imageLink(SECRET, '7', NOW + 20 * 60_000);
    expect(a.url).toBe(b.url);
    expect(a.expires * 1000 - NOW).toBeGreaterThanOrEqual(24 * 3600_000);
    expect(a.expires % 3600).toBe(0);
    expect(signFileLink(SECRET, '7', a.expires).url).toBe(a.url);
  });
});
