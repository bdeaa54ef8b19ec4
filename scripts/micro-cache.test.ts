import { EventEmitter } from 'node:events';
import { cachingHandler, isImmutableAsset, MicroCache, microCacheKey, staticAssetKey } from './micro-cache.mjs';

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
  /** What a cache hit writes. */
  head?: { status: number; headers: Record<string, unknown> };
  writeHead(status: number, headers: Record<string, unknown>) {
    this.head = { status, headers };
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

describe('build file cache', () => {
  const IMMUTABLE = { 'cache-control': 'public, max-age=31536000, immutable', etag: 'W/"abc"', 'content-type': 'application/javascript' };

  it('keys GET and HEAD of /_next/static only, separating gzip from identity, never ranges', () => {
    expect(staticAssetKey(req('/_next/static/chunks/a.js'))).toBe('id /_next/static/chunks/a.js');
    expect(staticAssetKey(req('/_next/static/chunks/a.css', { 'accept-encoding': 'gzip' }))).toBe('gz /_next/static/chunks/a.css');
    expect(staticAssetKey(req('/_next/static/chunks/a.js', {}, 'HEAD'))).toBe('id /_next/static/chunks/a.js');
    expect(staticAssetKey(req('/_next/static/chunks/a.js', {}, 'POST'))).toBeNull();
    expect(staticAssetKey(req('/_next/static/chunks/a.js', { range: 'bytes=0-10' }))).toBeNull();
    expect(staticAssetKey(req('/_next/static/../../etc/passwd'))).toBeNull();
    expect(staticAssetKey(req('/_next/image?url=x'))).toBeNull();
    expect(staticAssetKey(req('/chinese/home'))).toBeNull();
  });

  it('keeps only immutable answers', () => {
    expect(isImmutableAsset(fakeResponse(200, IMMUTABLE) as never)).toBe(true);
    expect(isImmutableAsset(fakeResponse(404, IMMUTABLE) as never)).toBe(false);
    expect(isImmutableAsset(fakeResponse(200, { 'cache-control': 'no-store' }) as never)).toBe(false);
  });

  it('evicts the oldest files beyond its byte budget and keeps none larger than it', () => {
    const cache = new MicroCache({ ttlMs: Infinity, maxEntries: 10, maxBytes: 10, shareable: isImmutableAsset });
    const put = (key: string, body: string) => {
      const res = fakeResponse(200, IMMUTABLE);
      cache.capture(key, res as never);
      res.end(body);
    };
    put('a', '1234');
    put('b', '5678');
    expect(cache.bytes).toBe(8);
    put('c', '90ab');
    expect(cache.get('a')).toBeNull();
    expect(cache.get('b')?.body.toString()).toBe('5678');
    expect(cache.get('c')?.headers['content-length']).toBe('4');
    put('d', 'x'.repeat(11));
    expect(cache.get('d')).toBeNull();
    expect(cache.bytes).toBe(8);
  });

  it('answers repeats from memory, 304 to a matching ETag, HEAD without a body, and never keeps a HEAD answer', () => {
    const assets = new MicroCache({ ttlMs: Infinity, maxEntries: 10, shareable: isImmutableAsset });
    let calls = 0;
    const handler = cachingHandler({ pages: null, assets }, (_req, res) => {
      calls += 1;
      const r = res as unknown as FakeResponse;
      r.end(calls === 1 ? '' : 'console.log(1)');
    });
    const serve = (method: string, headers: Record<string, string> = {}) => {
      const res = fakeResponse(200, IMMUTABLE);
      handler(req('/_next/static/chunks/a.js', headers, method), res as never);
      return res;
    };
    serve('HEAD'); // Next answers a HEAD: nothing kept
    expect(assets.get('id /_next/static/chunks/a.js')).toBeNull();
    serve('GET');
    expect(calls).toBe(2);
    const hit = serve('GET');
    expect(calls).toBe(2);
    expect(hit.head?.status).toBe(200);
    expect(hit.written.join('')).toBe('console.log(1)');
    const notModified = serve('GET', { 'if-none-match': 'W/"abc"' });
    expect(notModified.head).toEqual({ status: 304, headers: { etag: 'W/"abc"', 'cache-control': IMMUTABLE['cache-control'] } });
    expect(notModified.written).toEqual([]);
    const head = serve('HEAD');
    expect(head.head?.status).toBe(200);
    expect(head.written).toEqual([]);
    expect(calls).toBe(2);
  });

  it('passes pages to the page cache only when there is one', () => {
    const assets = new MicroCache({ ttlMs: Infinity, maxEntries: 10, shareable: isImmutableAsset });
    let calls = 0;
    const handler = cachingHandler({ pages: null, assets }, (_req, res) => {
      calls += 1;
      (res as unknown as FakeResponse).end('<html>');
    });
    for (let i = 0; i < 2; i++) handler(req('/chinese/home'), fakeResponse(200, { 'x-nextjs-cache': 'HIT' }) as never);
    expect(calls).toBe(2);
  });
});
