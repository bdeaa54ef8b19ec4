// Issue 16 (load, outages): a realistic mix of what anonymous visitors ask for — content pages, the
// public land-cover page and its statistics API, region lookups and WMS tiles of the region layer —
// offered at a fixed rate (open loop: 150 requests/s over up to 200 connections, whatever the server
// does), on a throw-away PostgreSQL + PostGIS and on the embedded PGlite. Budget on each: every offered
// request completed (≥ 99% of the offered rate answered 200), p99 ≤ 1 s, no errors. On PostgreSQL it
// then stops the database for 5 s under the same load and reports what callers got meanwhile (503 with
// Retry-After, never 500 or a hang) and how long after PostgreSQL is back every answer is good again.
import { fetchOnce, openLoop, summarizeOpenLoop } from './load.mjs';
import { onEachDatabase } from './databases.mjs';

export const id = 'load';
export const title =
  'Load: a mix of public pages, statistics, region lookups and WMS tiles at a fixed offered rate; a 5 s PostgreSQL outage';

const RATE = Number(process.env.BENCH_LOAD_RATE || 150);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS || 200);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS || 30);
const WARMUP_SECONDS = 5;
const OUTAGE_SECONDS = 5;
const OUTAGE_RUN_SECONDS = 25;
const OUTAGE_AT_SECONDS = 5;
const P99_BUDGET_MS = 1000;
const READY_TIMEOUT_MS = 400_000;

export const timeLimitSeconds = () => 2 * (READY_TIMEOUT_MS / 1000 + WARMUP_SECONDS + SECONDS + 30) + OUTAGE_RUN_SECONDS + 60;

// 256×256 tiles of the region layer over 7° boxes across the country, as a map at zoom 5–6 asks for them.
const TILE_BOXES = [];
for (const lon of [73, 80, 87, 94, 101, 108, 115, 122])
  for (const lat of [20, 27, 34, 41, 48]) TILE_BOXES.push([lon, lat, lon + 7, lat + 7]);
const tile = ([a, b, c, d]) =>
  `/map/cloudPlatform/wms?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=cloudPlatform:region&STYLES=&FORMAT=image/png&TRANSPARENT=TRUE&WIDTH=256&HEIGHT=256&SRS=EPSG:4326&BBOX=${a},${b},${c},${d}`;

// Points over eastern China on a 0.37° grid: 1,600 different lookups.
const POINTS = [];
for (let i = 0; i < 40; i++) for (let j = 0; j < 40; j++) POINTS.push([(104 + i * 0.37).toFixed(2), (22 + j * 0.37).toFixed(2)]);

/** The mix: [weight, paths]; each request takes the next path of a group drawn by weight. */
function mix(provinces) {
  const some = provinces.slice(0, 12);
  return [
    // Content pages.
    [
      25,
      [
        '/chinese/home',
        '/english/home',
        '/chinese/platform/newsList/notic',
        '/english/platform/newsList/trend',
        '/chinese/platform/platformIntro',
        '/english/platform/platformIntro',
      ],
    ],
    // The public land-cover page.
    [10, ['/chinese/monitor/landcover', '/english/monitor/landcover']],
    // Its statistics API: the country, each province's counties, the trend.
    [
      20,
      [
        '/api/spot/v2/spotstatistics/lastest?regionId=100000',
        '/api/spot/v2/spotstatistics/trend?regionId=100000',
        ...some.map((p) => `/api/spot/v2/spotstatistics/lastest?regionId=${p}&level=county`),
      ],
    ],
    // Region lookups: short lists, a region, its extent.
    [
      20,
      [
        '/api/region/v1/region/pid/100000/s',
        ...some.flatMap((p) => [`/api/region/v1/region/pid/${p}/s`, `/api/region/v1/region/id/${p}`, `/api/region/v1/region/extent/${p}`]),
      ],
    ],
    // WMS tiles of the region layer.
    [22, TILE_BOXES.map(tile)],
    // "Where is this point?": a different point each time, never kept, so some traffic always needs the database.
    [3, POINTS.map(([lon, lat]) => `/api/region/v1/region/position?lon=${lon}&lat=${lat}`)],
  ];
}

/** The part of the mix a path belongs to, for the per-part figures. */
const partOf = (path) =>
  path.startsWith('/map/')
    ? 'tiles'
    : path.startsWith('/api/spot/')
      ? 'statistics'
      : path.startsWith('/api/region/v1/region/position')
        ? 'point lookups'
        : path.startsWith('/api/region/')
          ? 'regions'
          : path.includes('/monitor/landcover')
            ? 'land-cover page'
            : 'pages';

/** p99 and errors of each part of the mix, e.g. "tiles p99 80 ms". */
function byPart(records) {
  const parts = {};
  for (const r of records) (parts[partOf(r.path)] ??= []).push(r);
  return Object.entries(parts)
    .map(([part, list]) => {
      const s = summarizeOpenLoop(list, 1);
      return `${part} p99 ${s.p99.toFixed(0)} ms${s.errors ? ` (${s.errors} errors)` : ''}`;
    })
    .join(', ');
}

/** A deterministic picker: group by weight (a fixed pseudo-random sequence), then round robin inside the group. */
function picker(groups) {
  const total = groups.reduce((s, [w]) => s + w, 0);
  const next = groups.map(() => 0);
  let seed = 16;
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    let r = (seed / 2 ** 31) * total;
    let g = 0;
    while (r >= groups[g][0]) r -= groups[g++][0];
    const paths = groups[g][1];
    return paths[next[g]++ % paths.length];
  };
}

async function provincesOf(port) {
  const res = await fetchOnce({ port, path: '/api/region/v1/region/pid/100000/s' });
  if (res.status !== 200) throw new Error(`province list answered ${res.status}`);
  return JSON.parse(res.body.toString()).data.map((p) => p.code);
}

/** Every path of the mix must answer 200 before anything is measured (a redirect would count as an error). */
async function checkPaths(port, groups) {
  const wrong = [];
  for (const path of new Set(groups.flatMap(([, paths]) => paths))) {
    const res = await fetchOnce({ port, path, timeoutMs: 60_000 });
    if (res.status !== 200) wrong.push(`${path} → ${res.status}`);
  }
  if (wrong.length) throw new Error(`paths of the mix that do not answer 200: ${wrong.join(', ')}`);
}

async function measure(server, label, log) {
  const groups = mix(await provincesOf(server.port));
  await checkPaths(server.port, groups);
  const pick = picker(groups);
  log(`  warm-up ${WARMUP_SECONDS} s at ${RATE}/s…`);
  await openLoop({ port: server.port, rate: RATE, connections: CONNECTIONS, seconds: WARMUP_SECONDS, pick });
  log(`  measuring ${SECONDS} s at ${RATE}/s over up to ${CONNECTIONS} connections…`);
  const records = await openLoop({ port: server.port, rate: RATE, connections: CONNECTIONS, seconds: SECONDS, pick });
  const s = summarizeOpenLoop(records, SECONDS);
  const pass = s.completed >= 0.99 * RATE && s.p99 <= P99_BUDGET_MS && s.errors === 0;
  log(
    `  ${label}: ${s.completed.toFixed(1)}/s completed of ${s.offered.toFixed(1)}/s offered, p50 ${s.p50.toFixed(0)} ms, p99 ${s.p99.toFixed(0)} ms, errors ${s.errors}${s.errors ? ` ${JSON.stringify(s.errorKinds)}` : ''}`,
  );
  const parts = byPart(records);
  log(`  by part: ${parts}`);
  return { label, ...s, parts, pass, pick };
}

/** The outage run: the same mix, PostgreSQL stopped at OUTAGE_AT_SECONDS for OUTAGE_SECONDS. */
async function outage(server, db, pick, log) {
  log(`  outage: ${OUTAGE_RUN_SECONDS} s at ${RATE}/s, PostgreSQL stopped after ${OUTAGE_AT_SECONDS} s for ${OUTAGE_SECONDS} s…`);
  const started = Date.now();
  const run = openLoop({ port: server.port, rate: RATE, connections: CONNECTIONS, seconds: OUTAGE_RUN_SECONDS, pick });
  await new Promise((resolve) => setTimeout(resolve, OUTAGE_AT_SECONDS * 1000));
  const { down, up } = await db.interrupt(OUTAGE_SECONDS * 1000);
  const records = await run;
  const downAt = (down - started) / 1000;
  const upAt = (up - started) / 1000;
  const failures = records.filter((r) => r.error);
  const byKind = {};
  for (const r of failures) byKind[r.error] = (byKind[r.error] ?? 0) + 1;
  // Recovery: from PostgreSQL accepting connections again to the end of the last request that got no good answer.
  const lastBad = failures.filter((r) => r.at + r.ms / 1000 >= upAt).at(-1);
  const recovery = lastBad ? Math.max(0, lastBad.at + lastBad.ms / 1000 - upAt) : 0;
  const s = summarizeOpenLoop(records, OUTAGE_RUN_SECONDS);
  const http500 = failures.filter((r) => /^HTTP 5(0[0-2]|0[4-9])$/.test(r.error)).length;
  const hangs = failures.filter((r) => r.error === 'TIMEOUT' || r.ms >= 10_000).length;
  const result = {
    downAt,
    upAt,
    down: up - down,
    byKind,
    recovery,
    http500,
    hangs,
    p99: s.p99,
    completed: s.completed,
    pass: http500 === 0 && hangs === 0,
  };
  log(
    `  outage: PostgreSQL down ${downAt.toFixed(1)}–${upAt.toFixed(1)} s; answers other than 200: ${JSON.stringify(byKind)}; recovered ${recovery.toFixed(1)} s after PostgreSQL was back; p99 ${s.p99.toFixed(0)} ms`,
  );
  log(`  outage by part: ${byPart(records)}`);
  return result;
}

export async function run({ log }) {
  const rows = [];
  let outageResult = null;
  const { notes, failures } = await onEachDatabase(
    { log, readyPath: '/api/spot/v2/spotstatistics/lastest', readyTimeoutMs: READY_TIMEOUT_MS },
    async (server, { label, db }) => {
      const m = await measure(server, label, log);
      rows.push(m);
      if (db) outageResult = await outage(server, db, m.pick, log);
    },
  );
  const worst = rows.reduce((a, b) => (!a.pass ? a : !b.pass ? b : a.p99 >= b.p99 ? a : b));
  const errors = (r) => (r.errors ? `${r.errors} ${JSON.stringify(r.errorKinds)}` : '0');
  return {
    columns: [
      ['database', (r) => r.label, 'left'],
      ['offered/s', (r) => r.offered.toFixed(1)],
      ['completed/s', (r) => r.completed.toFixed(1)],
      ['p50 ms', (r) => r.p50.toFixed(0)],
      ['p99 ms', (r) => r.p99.toFixed(0)],
      ['errors', errors, 'left'],
      ['budget', (r) => (r.pass ? 'PASS' : 'FAIL'), 'left'],
    ],
    rows: rows.map(({ pick: _pick, ...r }) => r),
    budget: {
      text: `${RATE}/s offered → ${RATE}/s completed, p99 ≤ ${P99_BUDGET_MS} ms, 0 errors, on every database`,
      on: worst.label,
      versus: `${RATE}/s offered`,
      value: worst.completed / RATE,
      target: 0.99,
      pass: rows.every((r) => r.pass),
    },
    extraBudgets: outageResult
      ? [
          {
            text: `PostgreSQL stopped ${OUTAGE_SECONDS} s under load: no HTTP 500, no hang`,
            summary: `${outageResult.http500} × 5xx other than 503, ${outageResult.hangs} hangs, others ${JSON.stringify(outageResult.byKind)}; every answer good ${outageResult.recovery.toFixed(1)} s after PostgreSQL accepted connections again`,
            pass: outageResult.pass,
          },
        ]
      : [],
    notes: [
      `open loop: ${RATE} requests/s due at fixed times over up to ${CONNECTIONS} keep-alive connections, ${WARMUP_SECONDS} s warm-up then ${SECONDS} s measured; latency counts from when a request was due; "completed" = answered 200.`,
      'mix: 25% content pages, 10% the land-cover page, 20% statistics API, 20% region lookups, 22% region-layer WMS tiles (256², 7° boxes over China), 3% point lookups (a new point each time, never cached); all anonymous.',
      `settings: BENCH_LOAD_RATE (${RATE}), BENCH_LOAD_CONNECTIONS (${CONNECTIONS}), BENCH_LOAD_SECONDS (${SECONDS}).`,
      ...notes,
    ],
    failures,
  };
}
