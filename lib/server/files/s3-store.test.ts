import { signV4 } from './sigv4';
import { S3FileStore } from './s3-store';

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
const NOW = new Date('2026-03-05T08:00:00Z');

/** An in-memory bucket that checks every request's Signature V4 as S3 would. */
function fakeBucket() {
  const objects = new Map<string, Buffer>();
  const seen: { method: string; url: string }[] = [];
  const fetch = (async (input: URL | RequestInfo, init?: RequestInit) => {
    const url = new URL(String(input));
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>));
    const method = init?.method ?? 'GET';
    seen.push({ method, url: url.toString() });
    const signedNames = /SignedHeaders=([^,]+)/.exec(headers.authorization ?? '')![1]!.split(';');
    const expected = signV4({
      method,
      url,
      headers: Object.fromEntries(
        signedNames.filter((n) => !['host', 'x-amz-date', 'x-amz-content-sha256'].includes(n)).map((n) => [n, headers[n]!]),
      ),
      payloadHash: headers['x-amz-content-sha256']!,
      region: 'cn-north-1',
      service: 's3',
      credentials,
      date: NOW,
    });
    if (expected.headers.authorization !== headers.authorization) return new Response('SignatureDoesNotMatch', { status: 403 });
    const key = url.pathname;
    if (method === 'PUT') {
      objects.set(key, Buffer.from(init!.body as Uint8Array));
      return new Response(null, { status: 200 });
    }
    const object = objects.get(key);
    if (method === 'DELETE') {
      objects.delete(key);
      return new Response(null, { status: 204 });
    }
    if (!object) return new Response('NoSuchKey', { status: 404 });
    const range = /^bytes=(\d+)-(\d+)$/.exec(headers.range ?? '');
    if (range && method === 'GET') {
      const part = object.subarray(Number(range[1]), Number(range[2]) + 1);
      return new Response(new Uint8Array(part), { status: 206, headers: { 'content-length': String(part.length) } });
    }
    return new Response(method === 'HEAD' ? null : new Uint8Array(object), { status: 200, headers: { 'content-length': String(object.length) } });
  }) as typeof globalThis.fetch;
  return { fetch, objects, seen };
}

describe('S3FileStore', () => {
  it('puts, reads back as a stream, checks and deletes objects with signed requests', async () => {
    const bucket = fakeBucket();
    const store = new S3FileStore({
      endpoint: 'http://minio.internal:9000',
      bucket: 'portal-files',
      region: 'cn-north-1',
      forcePathStyle: true,
      credentials,
      now: () => NOW,
      fetch: bucket.fetch,
    });
    const key = 'sha256/ab/abcdef';
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    await store.put(key, Buffer.from('卫星遥感'), 'text/plain');
    expect(bucket.seen.at(-1)).toEqual({ method: 'PUT', url: 'http://minio.internal:9000/portal-files/sha256/ab/abcdef' });
    expect(await store.exists(key)).toBe(true);
    const object = (await store.get(key))!;
    expect(object.size).toBe(12);
    expect(Buffer.from(await new Response(object.body).arrayBuffer()).toString()).toBe('卫星遥感');
    // A size without reading, and one byte range (a signed Range header).
    expect(await store.size(key)).toBe(12);
    const part = (await store.get(key, { start: 3, end: 5 }))!;
    expect(part.size).toBe(3);
    expect(Buffer.from(await new Response(part.body).arrayBuffer()).toString()).toBe('星');
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    expect(await store.size(key)).toBeNull();
  });

  it('addresses buckets by host when path style is off, and reports refused requests', async () => {
    const bucket = fakeBucket();
    const store = new S3FileStore({
      endpoint: 'https://s3.cn-north-1.amazonaws.com.cn',
      bucket: 'portal-files',
      region: 'cn-north-1',
      forcePathStyle: false,
      credentials: { ...credentials, secretAccessKey: 'wrong' },
      now: () => NOW,
      fetch: bucket.fetch,
    });
    expect(store.urlOf('sha256/ab/x.txt').toString()).toBe('https://portal-files.s3.cn-north-1.amazonaws.com.cn/sha256/ab/x.txt');
    await expect(store.put('sha256/ab/x.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/HTTP 403 SignatureDoesNotMatch/);
    expect(() => store.urlOf('../etc/passwd')).toThrow(/invalid storage key/);
  });
});
