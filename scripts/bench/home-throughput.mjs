// DESIGN.md §5: a cached content page must reach ≥ 50% of the requests per second of a bare Node
// http server sending the same bytes. For each server under test: start it on a fresh database,
// capture its answer to /chinese/home, start a bare server replaying that exact answer (status,
// headers, body), and put both under the same load. Each runs in its own process, so both share
// the machine with the load generator alike (the bare server is not inside the load generator).
import { fetchOnce, LoadTarget, summarize } from './load.mjs';
import { startBare, startServer, SERVERS } from './server.mjs';

export const id = 'home-throughput';
export const title = 'Cached content page: /chinese/home against a bare Node http server sending the same bytes';
const PATH = '/chinese/home';
const BUDGET = 0.5;

/**
 * Upper bound of this benchmark's running time, for the runner's watchdog. Per server: start
 * (≤ 120 s), load, each phase possibly overrunning by one request timeout (10 s), and stopping.
 */
export const timeLimitSeconds = ({ seconds, warmupSeconds, rounds, servers }) =>
  servers.length * (120 + 2 * (warmupSeconds + seconds) + (2 + 2 * rounds) * 10 + 40);

/** The server's answer, fetched twice: the page must be stable for "the same bytes" to mean anything. */
async function capture(port, notes, label) {
  const first = await fetchOnce({ port, path: PATH });
  const second = await fetchOnce({ port, path: PATH });
  if (first.status !== 200 || second.status !== 200) throw new Error(`${label}: ${PATH} answered ${first.status}/${second.status}`);
  const stable = first.body.equals(second.body);
  if (!stable) notes.push(`${label}: two fetches of ${PATH} returned different bodies; body lengths are not checked under load`);
  const h = second.headers;
  const fromCache = ['HIT', 'STALE'].includes(h['x-nextjs-cache']?.[0]) || h['x-nextjs-prerender'] !== undefined;
  if (!fromCache) notes.push(`${label}: ${PATH} was not served from Next's static/ISR cache (no x-nextjs-cache HIT / x-nextjs-prerender)`);
  // A body of any other length under load then counts as an error (truncated, or another page).
  return { status: second.status, headers: { ...h }, body: second.body, stable, expectedBytes: stable ? second.body.length : undefined };
}

export async function run({ seconds, warmupSeconds, rounds, connections, servers, log }) {
  const notes = [];
  const pairs = [];
  const failures = [];
  for (const serverId of servers) {
    try {
      pairs.push(await measurePair(serverId, { seconds, warmupSeconds, rounds, connections, log, notes }));
    } catch (error) {
      // Keep going: the other servers' numbers are still worth printing.
      log(`  ✗ ${SERVERS[serverId].label}: ${error.message}`);
      failures.push({ server: serverId, error: error.message });
    }
  }
  if (!pairs.length) throw new Error(failures.map((f) => `${f.server}: ${f.error}`).join('; '));

  // The budget is about the production server; plain `next start` is shown next to it for reference.
  const judged = pairs.find((p) => p.server === 'portal') ?? pairs[0];
  return {
    rows: pairs.flatMap((p) => [
      { label: p.label, ...p.measured, ratio: p.ratio, pass: p.pass },
      { label: '  bare node http, same answer', ...p.baseline },
    ]),
    budget: {
      text: 'cached content page: requests/s ≥ 50% of bare Node sending the same bytes',
      on: judged.label,
      value: judged.ratio,
      target: BUDGET,
      pass: judged.pass,
    },
    notes: [
      ...pairs.map(
        (p) =>
          `${p.label}: ${p.about}; ${p.answer.bytes.toLocaleString('en')} bytes, ${p.answer.headers['x-page-cache'] ? 'x-page-cache HIT, ' : ''}x-nextjs-cache ${p.answer.headers['x-nextjs-cache'] ?? '—'}; ratio per round ${p.roundRatios.map((r) => `${(r * 100).toFixed(0)}%`).join(' ')}`,
      ),
      ...notes,
    ],
    failures,
    details: { path: PATH, pairs },
  };
}

/**
 * One server under test against the bare server replaying its answer. Both are started (an idle one
 * costs no CPU), warmed up, then loaded in alternating slices — A B, B A, A B, … — so that CPU steal
 * and other noise of a shared machine falls on both sides alike instead of on whichever ran second.
 */
async function measurePair(serverId, { seconds, warmupSeconds, rounds, connections, log, notes }) {
  log(`starting ${SERVERS[serverId].label} on a fresh embedded database…`);
  const server = await startServer(serverId, { readyPath: PATH });
  let bare;
  const targets = [];
  try {
    log(`  ready after ${server.startSeconds.toFixed(1)} s on port ${server.port}`);
    const answer = await capture(server.port, notes, server.label);
    bare = await startBare(answer);
    log(`  bare Node http server replaying its ${answer.body.length.toLocaleString('en')}-byte answer on port ${bare.port}`);
    const sides = [server, bare].map((s) => new LoadTarget({ port: s.port, path: PATH, connections, expectedBytes: answer.expectedBytes }));
    targets.push(...sides);

    log(`  warming up both (${warmupSeconds} s each), then ${rounds} alternating rounds of ${(seconds / rounds).toFixed(1)} s each`);
    for (const t of sides) await t.phase(warmupSeconds);
    const phases = [[], []];
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const i of order) phases[i].push(await sides[i].phase(seconds / rounds));
    }
    const [measured, baseline] = phases.map(summarize);
    // Round by round, for how much the ratio moved while measuring.
    const roundRatios = phases[0].map((p, i) => p.latencies.length / p.elapsed / (phases[1][i].latencies.length / phases[1][i].elapsed));

    for (const [what, r] of [
      [server.label, measured],
      ['bare node http', baseline],
    ]) {
      if (r.requests === 0) throw new Error(`${what}: no successful request (errors: ${JSON.stringify(r.errorKinds)})`);
      if (r.errors > 0) notes.push(`${what}: ${r.errors} failed requests ${JSON.stringify(r.errorKinds)}`);
    }
    const ratio = measured.rps / baseline.rps;
    return {
      server: serverId,
      label: server.label,
      about: server.about,
      startSeconds: server.startSeconds,
      answer: { bytes: answer.body.length, stable: answer.stable, headers: pick(answer.headers) },
      measured,
      baseline,
      ratio,
      roundRatios,
      pass: ratio >= BUDGET,
    };
  } finally {
    for (const t of targets) t.close();
    await Promise.all([server.stop(), bare?.stop()]);
  }
}

/** The headers worth keeping in the results file. */
function pick(headers) {
  const keep = [
    'content-type',
    'content-length',
    'content-encoding',
    'cache-control',
    'etag',
    'vary',
    'x-nextjs-cache',
    'x-nextjs-prerender',
    'x-page-cache',
  ];
  return Object.fromEntries(keep.filter((k) => headers[k] !== undefined).map((k) => [k, headers[k].join(', ')]));
}
