import { clientAddress, pinClientAddress, trustedProxyCount } from './client-address.mjs';

const req = (headers: Record<string, string | string[]>, remoteAddress = '203.0.113.9') =>
  ({ headers, socket: { remoteAddress } }) as never;

describe('client address', () => {
  it('ignores what the client claims when no proxy is trusted', () => {
    expect(clientAddress(req({ 'x-forwarded-for': '10.0.0.1' }), 0)).toBe('203.0.113.9');
    expect(clientAddress(req({}), 0)).toBe('203.0.113.9');
  });

  it('behind trusted proxies takes the address the outermost trusted one saw, not the client’s own claim', () => {
    // client claims 1.1.1.1; nginx saw 198.51.100.7 and appended it; the peer is nginx.
    const behindOne = req({ 'x-forwarded-for': '1.1.1.1, 198.51.100.7' }, '127.0.0.1');
    expect(clientAddress(behindOne, 1)).toBe('198.51.100.7');
    // A CDN then nginx: the CDN appended the client, nginx appended the CDN.
    const behindTwo = req({ 'x-forwarded-for': '1.1.1.1, 198.51.100.7, 192.0.2.4' }, '127.0.0.1');
    expect(clientAddress(behindTwo, 2)).toBe('198.51.100.7');
    // Fewer hops than trusted proxies: the first one there is.
    expect(clientAddress(req({}, '127.0.0.1'), 2)).toBe('127.0.0.1');
    expect(clientAddress(req({ 'x-forwarded-for': ['1.1.1.1', '198.51.100.7'] }, '127.0.0.1'), 1)).toBe('198.51.100.7');
  });

  it('pins the header the API reads and drops X-Real-IP', () => {
    const r = req({ 'x-forwarded-for': '10.0.0.1', 'x-real-ip': '10.0.0.2' }) as unknown as { headers: Record<string, string> };
    pinClientAddress(r as never, 0);
    expect(r.headers).toEqual({ 'x-forwarded-for': '203.0.113.9' });
  });

  it('reads TRUSTED_PROXY_COUNT strictly', () => {
    expect(trustedProxyCount(undefined)).toBe(0);
    expect(trustedProxyCount('')).toBe(0);
    expect(trustedProxyCount('2')).toBe(2);
    expect(() => trustedProxyCount('-1')).toThrow(/TRUSTED_PROXY_COUNT/);
    expect(() => trustedProxyCount('yes')).toThrow(/TRUSTED_PROXY_COUNT/);
    expect(() => trustedProxyCount('11')).toThrow(/TRUSTED_PROXY_COUNT/);
  });
});
