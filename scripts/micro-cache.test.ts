import { EventEmitter } from 'node:events';
import { MicroCache, microCacheKey } from './micro-cache.mjs';

const req = (url: string, headers: Record<string, string> = {}, method = 'GET') => ({ url, method, headers }) as never;

/** A stand-in for Node's ServerResponse: records writes and emits 'finish' on end. */
class FakeResponse extends EventEmitter {
  written: string[] = [];
  constructor(
    readonly statusCode: number,
    private readonly headers: Record<string, string>,
  ) {
    super();
  }
  getHeader(name: string) {
    return this.headers[name];
  }
  getHeaders() {
    return { ...this.headers };
  }
  write(chunk: string) {
    this.written.push(chunk);
    return true;
  }
  end(chunk?: string) {
    if (chunk) this.written.push(chunk);
    this.emit('finish');
  }
}

const fakeResponse = (status: number, headers: Record<string, string>) => new FakeResponse(status, headers);

describe('page micro-cache', () => {
  it('keys only anonymous page GETs, separating gzip from identity', () => {
    expect(microCacheKey(req('/chinese/home'))).toBe('id /chinese/home');
    expect(microCacheKey(req('/english/home', { 'accept-encoding': 'gzip, br' }))).toBe('gz /english/home');
    expect(microCacheKey(req('/api/x'))).toBeNull();
    expect(microCacheKey(req('/chinese/home', {}, 'POST'))).toBeNull();
    expect(microCacheKey(req('/chinese/home', { cookie: 'a=1; token=abc' }))).toBeNull();
    expect(microCacheKey(req('/chinese/home', { token: 'abc' }))).toBeNull();
    expect(microCacheKey(req('/chinese/home', { rsc: '1' }))).toBeNull();
    expect(microCacheKey(req('/chinese/home?_rsc=x1'))).toBeNull();
  });

  it('stores pages Next served from its static cache, without cookies, until the TTL', () => {
    const cache = new MicroCache({ ttlMs: 50, maxEntries: 10 });
    const res = fakeResponse(200, { 'x-nextjs-cache': 'HIT', 'set-cookie': 'NEXT_LOCALE=zh', 'content-type': 'text/html' });
    cache.capture('k', res as never);
    res.write('<html>');
    res.end('</html>');
    const hit = cache.get('k');
    expect(hit?.body.toString()).toBe('<html></html>');
    expect(hit?.headers['set-cookie']).toBeUndefined();
    expect(hit?.headers['x-page-cache']).toBe('HIT');
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        expect(cache.get('k')).toBeNull();
        resolve();
      }, 80),
    );
  });

  it('never stores dynamic pages, redirects or errors', () => {
    const cache = new MicroCache({ ttlMs: 1000, maxEntries: 10 });
    for (const [status, headers] of [
      [200, { 'content-type': 'text/html' }],
      [307, { 'x-nextjs-cache': 'HIT', location: '/chinese/home' }],
      [500, { 'x-nextjs-prerender': '1' }],
    ] as const) {
      const res = fakeResponse(status, headers);
      cache.capture(`k${status}`, res as never);
      res.end('x');
      expect(cache.get(`k${status}`)).toBeNull();
    }
  });
});
