// A small TTL cache of whole HTTP answers, filled by watching Next write its response.

/** Only anonymous page GETs without RSC or prefetch headers; the key separates gzip from identity. */
export function microCacheKey(req) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const url = req.url ?? '';
  if (!/^\/(chinese|english)(\/|$)/.test(url) || url.includes('_rsc=')) return null;
  const h = req.headers;
  if (h.rsc || h['next-router-prefetch'] || h['next-router-state-tree'] || h['next-action']) return null;
  if (/(?:^|;\s*)token=/.test(h.cookie ?? '') || h.token || h.authorization) return null;
  const gzip = /\bgzip\b/.test(h['accept-encoding'] ?? '') ? 'gz' : 'id';
  return `${gzip} ${url}`;
}

/**
 * Hashed build files (/_next/static/…): the same bytes for the life of a build, so they are kept
 * compressed instead of gzipping each again for every page view. Range requests go to Next.
 */
export function staticAssetKey(req) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const url = req.url ?? '';
  if (!url.startsWith('/_next/static/') || url.includes('..') || req.headers.range) return null;
  const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '') ? 'gz' : 'id';
  return `${gzip} ${url}`;
}

/** Next marks build files immutable. */
export function isImmutableAsset(res) {
  return res.statusCode === 200 && /\bimmutable\b/.test(String(res.getHeader('cache-control') ?? ''));
}

/** Next marks answers that came from its static/ISR cache; only those are shared. */
export function isSharedPage(res) {
  const cache = String(res.getHeader('x-nextjs-cache') ?? '');
  const prerender = res.getHeader('x-nextjs-prerender');
  return res.statusCode === 200 && (cache === 'HIT' || cache === 'STALE' || prerender !== undefined);
}

export class MicroCache {
  /** `shareable` decides which answers are kept (by default pages from Next's static/ISR cache). */
  constructor({ ttlMs, maxEntries, maxBytes = Infinity, shareable = isSharedPage }) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
    this.shareable = shareable;
    this.entries = new Map();
    this.bytes = 0;
  }

  delete(key) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.body.length;
    this.entries.delete(key);
  }

  get(key) {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expires < Date.now()) {
      this.delete(key);
      return null;
    }
    return entry;
  }

  /** Copies what Next writes to `res`; stores it when the answer is a shared static page. */
  capture(key, res) {
    const chunks = [];
    const write = res.write;
    const end = res.end;
    const keep = (chunk, encoding) => {
      if (chunk && typeof chunk !== 'function')
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8'));
    };
    res.write = function (chunk, encoding, cb) {
      keep(chunk, encoding);
      return write.call(this, chunk, encoding, cb);
    };
    res.end = function (chunk, encoding, cb) {
      keep(chunk, encoding);
      return end.call(this, chunk, encoding, cb);
    };
    res.on('finish', () => {
      if (!this.shareable(res)) return;
      // Set-Cookie (next-intl's locale cookie) is per visitor and Date per answer: neither is shared.
      const headers = { ...res.getHeaders(), 'x-page-cache': 'HIT' };
      delete headers['set-cookie'];
      delete headers.date;
      const body = Buffer.concat(chunks);
      // The whole body is known: a length instead of chunks.
      delete headers['transfer-encoding'];
      headers['content-length'] = String(body.length);
      if (body.length > this.maxBytes) return;
      this.delete(key);
      // Oldest first out, by count and by bytes.
      while (this.entries.size >= this.maxEntries || this.bytes + body.length > this.maxBytes)
        this.delete(this.entries.keys().next().value);
      this.entries.set(key, { status: res.statusCode, headers, body, expires: Date.now() + this.ttlMs });
      this.bytes += body.length;
    });
  }
}

/**
 * A request handler that answers from the caches and otherwise lets `next` answer, keeping what it
 * may share: build files in `assets`, anonymous static pages in `pages` (null: no page cache).
 */
export function cachingHandler({ pages, assets }, next) {
  return (req, res) => {
    const assetKey = staticAssetKey(req);
    const store = assetKey ? assets : pages;
    const key = assetKey ?? (pages ? microCacheKey(req) : null);
    if (key && store) {
      const hit = store.get(key);
      if (hit) {
        const etag = hit.headers.etag;
        if (assetKey && etag && req.headers['if-none-match'] === etag) {
          res.writeHead(304, { etag, 'cache-control': hit.headers['cache-control'] });
          res.end();
          return;
        }
        res.writeHead(hit.status, hit.headers);
        res.end(req.method === 'HEAD' ? undefined : hit.body);
        return;
      }
      // A HEAD answer has no body to keep.
      if (req.method === 'GET') store.capture(key, res);
    }
    next(req, res);
  };
}
