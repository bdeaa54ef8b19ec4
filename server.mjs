// The production server: Next.js behind a short in-memory micro-cache for anonymous GETs of pages
// that Next itself serves from its static/ISR cache. A cached content page then costs a map lookup
// instead of a trip through the proxy and the renderer (docs/adr/0005). Everything else — API
// calls, signed-in requests, RSC navigations, dynamic pages, redirects — goes straight to Next.
// The build's hashed files (/_next/static) are kept once compressed: Next gzips each again on every
// request (~10 ms for the React chunk), and a page view asks for a dozen of them at once.
// What reaches Next is admitted a bounded number at a time; when saturated callers get a quick 503
// with Retry-After instead of a hang, and so do pages that fail while the database is down
// (scripts/admission.mjs, docs/adr/0009).
import http from 'node:http';
import next from 'next';
import { Admission, admissionSettings, admittingHandler } from './scripts/admission.mjs';
import { keepBodyLength } from './scripts/body-length.mjs';
import { pinClientAddress, trustedProxyCount } from './scripts/client-address.mjs';
import { cachingHandler, isImmutableAsset, MicroCache } from './scripts/micro-cache.mjs';
import { guardRequest } from './scripts/request-guard.mjs';

const port = Number(process.env.PORT ?? 3000);
const ttlMs = Number(process.env.PAGE_CACHE_TTL_MS ?? 2000);
const trustedProxies = trustedProxyCount(process.env.TRUSTED_PROXY_COUNT);
const admission = new Admission(
  admissionSettings({
    MAX_ACTIVE_REQUESTS: process.env.MAX_ACTIVE_REQUESTS,
    MAX_QUEUED_REQUESTS: process.env.MAX_QUEUED_REQUESTS,
    MAX_QUEUE_WAIT_MS: process.env.MAX_QUEUE_WAIT_MS,
  }),
);
const app = next({ dev: false, dir: process.cwd() });
const handle = app.getRequestHandler();
await app.prepare();

const pages = ttlMs > 0 ? new MicroCache({ ttlMs, maxEntries: 500 }) : null;
const assets = new MicroCache({ ttlMs: Infinity, maxEntries: 2000, maxBytes: 64 * 1024 * 1024, shareable: isImmutableAsset });
const renderWithNext = (req, res) =>
  handle(req, res).catch((error) => {
    console.error(error);
    if (!res.headersSent) res.writeHead(500);
    res.end();
  });
// pinClientAddress has put the client's address into X-Forwarded-For: fairness is counted by it.
const serve = cachingHandler(
  { pages, assets },
  admittingHandler(admission, (req) => req.headers['x-forwarded-for'], renderWithNext),
);
const server = http.createServer((req, res) => {
  // Unsupported methods and undecodable paths: a 4xx and a log line here, not a 500 inside Next.
  if (guardRequest(req, res, process.env.LOG_LEVEL)) return;
  pinClientAddress(req, trustedProxies);
  serve(req, keepBodyLength(res));
});
// An idle keep-alive connection is closed after 65 s, not Node's 5 s: a client (a reverse proxy keeping upstream
// connections for 60 s, a test's request context) that sends on a connection the moment the server closes it gets
// ECONNRESET — an end-to-end journey failed so once under load. headersTimeout must stay above it (Node's docs).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(port, () =>
  console.log(`> ready on http://localhost:${port} (page micro-cache ${ttlMs} ms, ${admission.maxActive || 'unlimited'} requests at once)`),
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
