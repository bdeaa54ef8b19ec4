// Load shedding for the production server (server.mjs). Requests that reach Next (everything the
// micro-cache cannot answer) are admitted up to `maxActive` at a time; the rest wait in a bounded
// queue, served round-robin by client address so that one busy client cannot starve the others. A
// request that would wait longer than `maxWaitMs`, or that finds the queue full (the newest request of
// the client with the most waiting is dropped first), gets a quick 503 with Retry-After in the
// caller's language instead of a hang: a JSON envelope for the API, an OGC exception for the map
// services, a small page that retries by itself for pages. The busy page also stands in for a page
// that fails while the database is marked unavailable (lib/server/db/unavailable.ts).
import { readFileSync } from 'node:fs';

/** Limits from the environment (server.mjs); each must be a whole number ≥ its minimum. */
export function admissionSettings(env) {
  const read = (name, fallback, min) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min) throw new Error(`${name}=${raw} is not a whole number ≥ ${min}`);
    return value;
  };
  return {
    maxActive: read('MAX_ACTIVE_REQUESTS', 48, 0),
    maxQueue: read('MAX_QUEUED_REQUESTS', 400, 0),
    maxWaitMs: read('MAX_QUEUE_WAIT_MS', 2000, 1),
  };
}

export class Admission {
  /** `maxActive` 0 turns shedding off: everything is admitted at once. */
  constructor({ maxActive, maxQueue, maxWaitMs }) {
    Object.assign(this, { maxActive, maxQueue, maxWaitMs });
    this.active = 0;
    this.queued = 0;
    /** client → waiting entries (oldest first); Map order is the round-robin order. */
    this.waiting = new Map();
  }

  /** Resolves with a release function once admitted, or null when the request is shed. */
  admit(client) {
    if (this.maxActive === 0) return Promise.resolve(() => {});
    if (this.active < this.maxActive && this.queued === 0) return Promise.resolve(this.#start());
    if (this.queued >= this.maxQueue && !this.#dropFromLongest(client)) return Promise.resolve(null);
    return new Promise((resolve) => {
      const entry = { resolve, timer: null };
      entry.timer = setTimeout(() => {
        this.#remove(client, entry);
        resolve(null);
      }, this.maxWaitMs);
      const list = this.waiting.get(client);
      if (list) list.push(entry);
      else this.waiting.set(client, [entry]);
      this.queued++;
    });
  }

  #start() {
    this.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      this.#next();
    };
  }

  /** Admits waiting requests while there is room, one client after another. */
  #next() {
    while (this.active < this.maxActive && this.queued > 0) {
      const [client, list] = this.waiting.entries().next().value;
      const entry = list.shift();
      this.waiting.delete(client);
      // The client goes to the back of the round; with nothing left it leaves the round.
      if (list.length) this.waiting.set(client, list);
      this.queued--;
      clearTimeout(entry.timer);
      entry.resolve(this.#start());
    }
  }

  #remove(client, entry) {
    const list = this.waiting.get(client);
    const at = list?.indexOf(entry) ?? -1;
    if (at < 0) return;
    list.splice(at, 1);
    if (!list.length) this.waiting.delete(client);
    this.queued--;
  }

  /** Full queue: sheds the newest request of the client waiting most, unless that is `client` itself. */
  #dropFromLongest(client) {
    let longest = null;
    let length = this.waiting.get(client)?.length ?? 0;
    for (const [other, list] of this.waiting) {
      if (list.length > length) {
        longest = other;
        length = list.length;
      }
    }
    if (longest === null) return false;
    const list = this.waiting.get(longest);
    const entry = list.pop();
    if (!list.length) this.waiting.delete(longest);
    this.queued--;
    clearTimeout(entry.timer);
    entry.resolve(null);
    return true;
  }
}

// ── The busy answer ──────────────────────────────────────────────────────────────────────────────

const MESSAGES = Object.fromEntries(
  ['zh', 'en'].map((locale) => {
    const all = JSON.parse(readFileSync(new URL(`../messages/${locale}.json`, import.meta.url), 'utf8'));
    return [locale, { api: all.Api.unavailable, ...all.ServiceBusy }];
  }),
);

const escapeHtml = (text) => text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]);

/** The caller's language, by the same rules as lib/server/i18n.ts (plus the page's own prefix). */
export function localeOf(req) {
  const path = req.url ?? '/';
  if (path.startsWith('/english')) return 'en';
  if (path.startsWith('/chinese')) return 'zh';
  const explicit = req.headers['x-locale'];
  if (explicit === 'zh' || explicit === 'en') return explicit;
  const cookie = /(?:^|;\s*)NEXT_LOCALE=(zh|en)\b/.exec(req.headers.cookie ?? '');
  if (cookie) return cookie[1];
  const accept = String(req.headers['accept-language'] ?? '').toLowerCase();
  const zhAt = accept.indexOf('zh');
  const enAt = accept.indexOf('en');
  return enAt >= 0 && (zhAt < 0 || enAt < zhAt) ? 'en' : 'zh';
}

/**
 * Answers 503 with Retry-After: an API envelope, an OGC exception or a page that retries by itself.
 * `raw` writes past any wrapper put on `res` after it was taken.
 */
export function answerBusy(req, res, retryAfterSeconds, raw = { writeHead: res.writeHead, end: res.end }) {
  const locale = localeOf(req);
  const m = MESSAGES[locale];
  const path = req.url ?? '/';
  const headers = { 'retry-after': String(retryAfterSeconds), 'cache-control': 'no-store' };
  let type;
  let body;
  if (path.startsWith('/api/')) {
    type = 'application/json';
    body = JSON.stringify({ code: 503, message: m.api.replace('{seconds}', String(retryAfterSeconds)), data: null });
  } else if (path.startsWith('/map/')) {
    // WMS 1.1.1's exception format; 1.3.0, WFS and WMTS clients read the same element names.
    type = 'application/vnd.ogc.se_xml; charset=utf-8';
    body = `<?xml version="1.0" encoding="UTF-8"?>\n<ServiceExceptionReport version="1.1.1"><ServiceException code="NoApplicableCode">${escapeHtml(m.api.replace('{seconds}', String(retryAfterSeconds)))}</ServiceException></ServiceExceptionReport>`;
  } else {
    type = 'text/html; charset=utf-8';
    const lang = locale === 'zh' ? 'zh-CN' : 'en';
    body = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><meta http-equiv="refresh" content="${retryAfterSeconds}"><title>${escapeHtml(m.title)}</title><style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:15vh auto;padding:0 1rem;color:#1a1b1e}a{color:#1864ab}</style></head><body><h1>${escapeHtml(m.title)}</h1><p>${escapeHtml(m.message)}</p><p><a href="">${escapeHtml(m.retry)}</a></p></body></html>`;
  }
  raw.writeHead.call(res, 503, { ...headers, 'content-type': type, 'content-length': Buffer.byteLength(body) });
  raw.end.call(res, req.method === 'HEAD' ? undefined : body);
}

const OUTAGE_KEY = Symbol.for('portal.databaseOutageUntil');

/** Whether the app marked the database unavailable (lib/server/db/unavailable.ts) and the mark still holds. */
export function databaseOutage() {
  return (globalThis[OUTAGE_KEY] ?? 0) > Date.now();
}

/** Page requests: not the API, the map services or build files. */
export const isPageRequest = (req) => !/^\/(api|map|_next)\//.test(req.url ?? '/');

/**
 * During a database outage, a page Next could not render (5xx) becomes the busy page. The status is
 * known at Next's first writeHead, write or end. The wrappers stay in place (Next's compression wraps
 * them in turn): after the decision they pass everything through, or drop what Next still writes.
 */
function busyPageOnOutage(req, res, retryAfterSeconds) {
  const original = { writeHead: res.writeHead, write: res.write, end: res.end };
  let mode = null;
  const busy = (status) => {
    if (mode === null) {
      mode = status >= 500 && databaseOutage() ? 'busy' : 'pass';
      if (mode === 'busy') {
        for (const name of res.getHeaderNames()) res.removeHeader(name);
        answerBusy(req, res, retryAfterSeconds, original);
      }
    }
    return mode === 'busy';
  };
  res.writeHead = function (status, ...rest) {
    return busy(status) ? this : original.writeHead.call(this, status, ...rest);
  };
  res.write = function (...args) {
    return busy(res.statusCode) ? true : original.write.apply(this, args);
  };
  res.end = function (...args) {
    if (!busy(res.statusCode)) return original.end.apply(this, args);
    args.find((a) => typeof a === 'function')?.();
    return this;
  };
}

/**
 * Wraps `next` so that it runs only when admitted; shed requests get the busy answer, and so do pages
 * that fail while the database is marked unavailable. `clientOf(req)` names the client fairness is
 * counted by.
 */
export function admittingHandler(admission, clientOf, next, { retryAfterSeconds = 5 } = {}) {
  return (req, res) => {
    admission.admit(clientOf(req)).then((release) => {
      if (!release) {
        answerBusy(req, res, 1);
        return;
      }
      // 'close' fires for finished answers and for clients that went away alike.
      res.once('close', release);
      if (res.destroyed) {
        release();
        return;
      }
      if (isPageRequest(req)) busyPageOnOutage(req, res, retryAfterSeconds);
      next(req, res);
    });
  };
}
