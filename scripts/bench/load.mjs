// A small closed-loop HTTP load generator, loopback only: `connections` keep-alive clients each send
// the next request as soon as the previous answer has been read to its last byte. Only 200 answers of
// the expected length count; everything else is reported as an error, by kind.
import http from 'node:http';

const HOST = '127.0.0.1';
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * One GET, body read completely. Resolves (never rejects) with
 * `{ ok, status, bytes, ms, error? }` so that one failure cannot stop a load phase.
 */
function request({ port, path, agent, headers }) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    let settled = false;
    let bytes = 0;
    let status = 0;
    const done = (error) => {
      if (settled) return;
      settled = true;
      resolve({ ok: !error && status === 200, status, bytes, ms: Number(process.hrtime.bigint() - started) / 1e6, error });
    };
    const req = http.get({ host: HOST, port, path, agent, headers }, (res) => {
      status = res.statusCode ?? 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => done());
      // A socket dropped mid-body emits 'error' or just 'close' without 'end'.
      res.on('error', (e) => done(e.code ?? 'response error'));
      res.on('close', () => done(res.complete ? undefined : 'incomplete body'));
    });
    req.on('error', (e) => done(e.code ?? e.message));
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
  });
}

/** One GET with its raw headers and whole body, for capturing what a server sends. */
export function fetchOnce({ port, path, headers = { 'accept-encoding': 'identity' }, timeoutMs = REQUEST_TIMEOUT_MS }) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: HOST, port, path, headers, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headersDistinct, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`GET ${path} timed out`)));
  });
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

/**
 * A server under load: `connections` keep-alive clients to 127.0.0.1:`port`, asking for `path` (or
 * each of a list of paths in turn). `expectedBytes`, when
 * given, turns a body of any other length into an error (a truncated answer, or another page).
 * `headers` are sent with every request (e.g. a session `token`).
 * `phase(seconds)` can be called repeatedly, e.g. to interleave two targets.
 */
export class LoadTarget {
  constructor({ port, path, connections = 16, expectedBytes, headers = {} }) {
    // `path` may be a list: each request takes the next one, round robin (e.g. the tiles of a map view).
    Object.assign(this, { port, paths: Array.isArray(path) ? path : [path], connections, expectedBytes });
    this.next = 0;
    this.agent = new http.Agent({ keepAlive: true, maxSockets: connections });
    // Identity encoding: every server sends the same bytes and none spends time compressing.
    this.headers = { 'accept-encoding': 'identity', ...headers };
  }

  /** Closed loop for `seconds`; returns the raw figures of that phase. */
  async phase(seconds) {
    const until = Date.now() + seconds * 1000;
    const latencies = [];
    const errors = {};
    let bytes = 0;
    const started = process.hrtime.bigint();
    await Promise.all(
      Array.from({ length: this.connections }, async () => {
        while (Date.now() < until) {
          const path = this.paths[this.next++ % this.paths.length];
          const r = await request({ port: this.port, path, agent: this.agent, headers: this.headers });
          bytes += r.bytes;
          const kind =
            r.error ??
            (r.status !== 200
              ? `HTTP ${r.status}`
              : this.expectedBytes !== undefined && r.bytes !== this.expectedBytes
                ? 'wrong body length'
                : null);
          if (kind) errors[kind] = (errors[kind] ?? 0) + 1;
          else latencies.push(r.ms);
        }
      }),
    );
    // Requests started before the deadline finish after it; the elapsed time includes them.
    return { latencies, errors, bytes, elapsed: Number(process.hrtime.bigint() - started) / 1e9 };
  }

  close() {
    this.agent.destroy();
  }
}

/** Requests/s, latency percentiles and errors over one or more phases. */
export function summarize(phases) {
  const latencies = phases.flatMap((p) => p.latencies).sort((a, b) => a - b);
  const elapsed = phases.reduce((s, p) => s + p.elapsed, 0);
  const bytes = phases.reduce((s, p) => s + p.bytes, 0);
  const errorKinds = {};
  for (const p of phases) for (const [kind, n] of Object.entries(p.errors)) errorKinds[kind] = (errorKinds[kind] ?? 0) + n;
  return {
    requests: latencies.length,
    errors: Object.values(errorKinds).reduce((a, b) => a + b, 0),
    errorKinds,
    seconds: elapsed,
    rps: latencies.length / elapsed,
    mbPerSecond: bytes / elapsed / 1e6,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

/** The simple case: warm up for `warmupSeconds`, then measure for `seconds`. */
export async function load({ port, path, connections = 16, seconds = 8, warmupSeconds = 2, expectedBytes }) {
  const target = new LoadTarget({ port, path, connections, expectedBytes });
  try {
    if (warmupSeconds > 0) await target.phase(warmupSeconds);
    return summarize([await target.phase(seconds)]);
  } finally {
    target.close();
  }
}

/**
 * Open loop: requests are sent at a fixed `rate` (per second) for `seconds`, whatever the server does,
 * over at most `connections` keep-alive sockets (more wait for a free socket, as in a browser or a
 * proxy). Latency counts from when a request was due, so a server that falls behind shows it (no
 * coordinated omission). `pick(i)` gives the i-th request's path. Resolves when every request has an
 * answer (or its 10-second timeout) with one record per request: `{ path, at, ms, status, error }`,
 * `at` in seconds from the start.
 */
export async function openLoop({ port, rate, connections, seconds, pick, headers = {} }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const all = { 'accept-encoding': 'identity', ...headers };
  const total = Math.round(rate * seconds);
  const records = [];
  const pending = [];
  const started = performance.now();
  try {
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      const path = pick(i);
      pending.push(
        request({ port, path, agent, headers: all })
          // A kept-alive socket the server closed just as it was reused: retried once, as browsers do.
          .then((r) => (r.error === 'ECONNRESET' && !r.status ? request({ port, path, agent, headers: all }) : r))
          .then((r) => {
            // Measured from when it was due, not from when the event loop got round to it.
            const ms = performance.now() - due;
            records.push({
              path,
              at: (due - started) / 1000,
              ms,
              status: r.status,
              error: r.error ?? (r.status === 200 ? null : `HTTP ${r.status}`),
            });
          }),
      );
    }
    await Promise.all(pending);
  } finally {
    agent.destroy();
  }
  return records.sort((a, b) => a.at - b.at);
}

/** Completed answers per second, latency percentiles and errors by kind of open-loop records. */
export function summarizeOpenLoop(records, seconds) {
  const ok = records.filter((r) => !r.error);
  const latencies = records.map((r) => r.ms).sort((a, b) => a - b);
  const errorKinds = {};
  for (const r of records) if (r.error) errorKinds[r.error] = (errorKinds[r.error] ?? 0) + 1;
  return {
    offered: records.length / seconds,
    completed: ok.length / seconds,
    requests: records.length,
    errors: records.length - ok.length,
    errorKinds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
  };
}
