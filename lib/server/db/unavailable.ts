import 'server-only';

/**
 * Whether a failure means the database cannot be reached right now (stopped, restarting, refusing
 * connections, out of connection slots) rather than a bug: such requests answer 503 with Retry-After
 * instead of 500, and the production server (server.mjs) answers page requests with its "service busy"
 * page for a few seconds instead of rendering pages that would fail the same way.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01–57P03 (shutdown, cannot connect now), 53300 (too many connections).
const SQLSTATES = /^(08\d{3}|57P0[123]|53300)$/;
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused/i;

/** Seconds a client is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

const OUTAGE_KEY = Symbol.for('portal.databaseOutageUntil');
type OutageHolder = { [OUTAGE_KEY]?: number };

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.test(code))) return true;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Notes an outage: server.mjs reads the mark (same process) to answer failing pages with its busy page
 * meanwhile. True when no outage was marked yet (log it once, not for every request).
 */
export function noteDatabaseOutage(): boolean {
  const holder = globalThis as OutageHolder;
  const now = Date.now();
  const fresh = (holder[OUTAGE_KEY] ?? 0) <= now;
  holder[OUTAGE_KEY] = now + RETRY_AFTER_SECONDS * 1000;
  return fresh;
}
