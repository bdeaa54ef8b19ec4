// Requests refused before Next sees them, because Next answers them with a bare 500 (and for TRACE a
// stack in the log): methods no route serves, and paths whose %-encoding is broken (a dynamic segment
// such as `/chinese/platform/newsList/media/detail/%E0%A4%A` fails to decode inside Next). Each gets a
// clear 4xx and one JSON log line in the format of lib/server/log.ts.

/** Methods the API and map routes may implement (Next answers 405 for those a route lacks). */
const ROUTE_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Pages (everything outside /api, /map and /_next) are only read: the app has no server actions. */
const PAGE_METHODS = new Set(['GET', 'HEAD']);

const isRoutePath = (path) => /^\/(api|map|_next)(\/|$)/.test(path);

/** The refusal for a request, or null when Next may have it. */
export function refusal(method, rawUrl) {
  const path = (rawUrl ?? '/').split('?')[0] ?? '/';
  const allowed = isRoutePath(path) ? ROUTE_METHODS : PAGE_METHODS;
  if (!allowed.has(method)) {
    return { status: 405, reason: 'method not allowed', headers: { allow: [...allowed].join(', ') }, body: 'Method Not Allowed' };
  }
  try {
    for (const segment of path.split('/')) decodeURIComponent(segment);
  } catch {
    return { status: 400, reason: 'malformed path encoding', headers: {}, body: 'Bad Request: the path is not valid %-encoding' };
  }
  return null;
}

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

/**
 * Answers a refused request (true) or leaves it to the caller (false). `logLevel` is LOG_LEVEL; the
 * line goes to stderr at level warn, like the app's own warnings.
 */
export function guardRequest(req, res, logLevel = 'info', write = (line) => console.error(line)) {
  const refused = refusal(req.method ?? 'GET', req.url);
  if (!refused) return false;
  if ((LEVELS[logLevel] ?? LEVELS.info) <= LEVELS.warn) {
    const path = (req.url ?? '/').split('?')[0].slice(0, 300);
    write(
      JSON.stringify({
        time: new Date().toISOString(),
        level: 'warn',
        msg: 'request refused',
        reason: refused.reason,
        method: String(req.method).slice(0, 20),
        path,
        status: refused.status,
      }),
    );
  }
  res.writeHead(refused.status, { ...refused.headers, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : refused.body);
  return true;
}
