import 'server-only';
import { createHash } from 'node:crypto';
import { signV4, uriEncode, EMPTY_PAYLOAD_SHA256, type SigV4Credentials } from './sigv4';
import { assertKey, type ByteRange, type FileStore, type StoredObject } from './file-store';

export interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  forcePathStyle: boolean;
  credentials: SigV4Credentials;
  /** For tests: the clock and the HTTP client. */
  now?: () => Date;
  fetch?: typeof fetch;
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, Ceph RGW, OSS/COS in S3 mode) spoken to directly over HTTP
 * with Signature V4 headers. Objects stream through to the caller; nothing is buffered on GET.
 */
export class S3FileStore implements FileStore {
  readonly kind = 's3' as const;

  constructor(private readonly options: S3Options) {}

  urlOf(key: string): URL {
    assertKey(key);
    const endpoint = new URL(this.options.endpoint);
    const base = endpoint.pathname.replace(/\/+$/, '');
    const objectPath = key
      .split('/')
      .map((s) => uriEncode(s))
      .join('/');
    if (this.options.forcePathStyle) return new URL(`${endpoint.origin}${base}/${this.options.bucket}/${objectPath}`);
    return new URL(`${endpoint.protocol}//${this.options.bucket}.${endpoint.host}${base}/${objectPath}`);
  }

  private async send(method: string, key: string, body?: Uint8Array, headers: Record<string, string> = {}): Promise<Response> {
    const url = this.urlOf(key);
    const payloadHash = body ? createHash('sha256').update(body).digest('hex') : EMPTY_PAYLOAD_SHA256;
    const signed = signV4({
      method,
      url,
      headers,
      payloadHash,
      region: this.options.region,
      service: 's3',
      credentials: this.options.credentials,
      date: (this.options.now ?? (() => new Date()))(),
    });
    const { host: _host, ...send } = signed.headers;
    return (this.options.fetch ?? fetch)(url, { method, headers: send, body: body as BodyInit | undefined, redirect: 'error' });
  }

  private async fail(response: Response, what: string): Promise<never> {
    const text = (await response.text().catch(() => '')).slice(0, 300);
    throw new Error(`S3 ${what} failed: HTTP ${response.status} ${text}`);
  }

  async put(key: string, data: Uint8Array, contentType: string): Promise<void> {
    const response = await this.send('PUT', key, data, { 'content-type': contentType });
    if (!response.ok) await this.fail(response, `PUT ${key}`);
    await response.body?.cancel();
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const response = await this.send('GET', key, undefined, range ? { range: `bytes=${range.start}-${range.end}` } : {});
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok || !response.body || (range && response.status !== 206)) return this.fail(response, `GET ${key}`);
    return { body: response.body, size: Number(response.headers.get('content-length') ?? '0') };
  }

  async size(key: string): Promise<number | null> {
    const response = await this.send('HEAD', key);
    await response.body?.cancel();
    if (response.status === 404) return null;
    if (!response.ok) return this.fail(response, `HEAD ${key}`);
    return Number(response.headers.get('content-length') ?? '0');
  }

  async exists(key: string): Promise<boolean> {
    const response = await this.send('HEAD', key);
    await response.body?.cancel();
    if (response.status === 404) return false;
    if (!response.ok) return this.fail(response, `HEAD ${key}`);
    return true;
  }

  async delete(key: string): Promise<void> {
    const response = await this.send('DELETE', key);
    if (!response.ok && response.status !== 404) await this.fail(response, `DELETE ${key}`);
    await response.body?.cancel();
  }
}
