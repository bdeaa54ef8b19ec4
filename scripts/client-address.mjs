// Who is asking: the address the rate limits, the login lock-out and the feedback limits key on
// (lib/server/api/with-api.ts reads it from X-Forwarded-For). A client can send any X-Forwarded-For,
// so the server replaces the header before Next sees it: with no trusted proxy in front (the
// default) it is the socket's peer; behind N reverse proxies that each append the address they saw,
// it is the entry N places from the end of the chain.

/** TRUSTED_PROXY_COUNT: how many reverse proxies stand in front of this server (0–10). */
export function trustedProxyCount(raw) {
  if (raw === undefined || raw === '') return 0;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 10) throw new Error(`TRUSTED_PROXY_COUNT=${raw} is not a whole number from 0 to 10`);
  return value;
}

/** The client's address: the peer, or with `trusted` proxies the address the outermost trusted one saw. */
export function clientAddress(req, trusted) {
  const peer = req.socket?.remoteAddress ?? 'unknown';
  if (trusted === 0) return peer;
  const header = req.headers['x-forwarded-for'];
  const chain = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const hops = [...chain, peer];
  // hops[length - 1] is the nearest proxy; each trusted proxy vouches for the entry before it.
  return hops[Math.max(0, hops.length - 1 - trusted)] ?? peer;
}

/** Replaces what the client said about its address with what the server knows. */
export function pinClientAddress(req, trusted) {
  req.headers['x-forwarded-for'] = clientAddress(req, trusted).slice(0, 64);
  delete req.headers['x-real-ip'];
}
