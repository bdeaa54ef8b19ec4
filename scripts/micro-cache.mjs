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

/** Next marks answers that came from its static/ISR cache; only those are shared. */
function isSharedPage(res) {
  const cache = String(res.getHeader('x-nextjs-cache') ?? '');
  const prerender = res.getHeader('x-nextjs-prerender');
  return res.statusCode === 200 && (cache === 'HIT' || cache === 'STALE' || prerender !== undefined);
}

export class MicroCache {
  constructor({ ttlMs, maxEntries }) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    this.entries = new Map();
  }

  get(key) {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expires < Date.now()) {
      this.entries.delete(key);
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
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8'));
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
      if (!isSharedPage(res)) return;
      // Set-Cookie (next-intl's locale cookie) is per visitor and Date per answer: neither is shared.
      const headers = { ...res.getHeaders(), 'x-page-cache': 'HIT' };
      delete headers['set-cookie'];
      delete headers.date;
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value);
      this.entries.set(key, { status: res.statusCode, headers, body: Buffer.concat(chunks), expires: Date.now() + this.ttlMs });
    });
  }
}
