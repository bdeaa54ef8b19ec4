// `npm run bench [-- <benchmark id>…]`: measures the budgets of DESIGN.md §5 on this machine, one
// module per benchmark. Budgets are reported (PASS/FAIL), not enforced: the exit code is non-zero
// only when a benchmark could not be measured, the bench was interrupted or it ran out of time.
//
// Settings (environment): BENCH_SECONDS (measured seconds per server, 8), BENCH_WARMUP_SECONDS (2),
// BENCH_ROUNDS (alternating slices the measured seconds are cut into, 4), BENCH_CONNECTIONS (16),
// BENCH_SERVERS (servers under test, "portal,next"), BENCH_TIMEOUT_SECONDS (hard limit of the whole
// run after the build; derived from the others when unset).
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import * as catalogue from './catalogue.mjs';
import * as deformGrid from './deform-grid.mjs';
import * as field from './field.mjs';
import * as heavy from './heavy.mjs';
import * as homeThroughput from './home-throughput.mjs';
import * as lighthouse from './lighthouse.mjs';
import * as loadMix from './load-mix.mjs';
import * as orbits from './orbits.mjs';
import * as orders from './orders.mjs';
import * as push from './push.mjs';
import * as spotStatistics from './spot-statistics.mjs';
import * as verification from './verification.mjs';
import * as wmsGetMap from './wms-getmap.mjs';
import { cpuTimes, cpuUsage } from './machine.mjs';
import { ensureBuild, killAllNow, SERVERS, stopAll } from './server.mjs';

const BENCHMARKS = [
  homeThroughput,
  wmsGetMap,
  deformGrid,
  spotStatistics,
  loadMix,
  heavy,
  lighthouse,
  catalogue,
  orders,
  orbits,
  verification,
  field,
  push,
];
const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));

function number(name, fallback, { min, integer = false }) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
    console.error(`[bench] ${name}=${raw} is not a valid value (${integer ? 'integer' : 'number'} ≥ ${min})`);
    process.exit(2);
  }
  return value;
}

const settings = {
  seconds: number('BENCH_SECONDS', 8, { min: 0.5 }),
  warmupSeconds: number('BENCH_WARMUP_SECONDS', 2, { min: 0 }),
  rounds: number('BENCH_ROUNDS', 4, { min: 1, integer: true }),
  connections: number('BENCH_CONNECTIONS', 16, { min: 1, integer: true }),
  servers: (process.env.BENCH_SERVERS || 'portal,next')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
};
const unknown = settings.servers.filter((s) => !SERVERS[s]);
if (unknown.length || !settings.servers.length) {
  console.error(`[bench] BENCH_SERVERS: unknown "${unknown.join(', ')}" (known: ${Object.keys(SERVERS).join(', ')})`);
  process.exit(2);
}
const wanted = process.argv.slice(2);
// Benchmarks marked `onlyWhenNamed` (long loads, e.g. the 1 M-scene catalogue) run only when asked for by id.
const benchmarks = wanted.length ? BENCHMARKS.filter((b) => wanted.includes(b.id)) : BENCHMARKS.filter((b) => !b.onlyWhenNamed);
if (!benchmarks.length) {
  console.error(`[bench] no benchmark called ${wanted.join(', ')} (known: ${BENCHMARKS.map((b) => b.id).join(', ')})`);
  process.exit(2);
}

const cpus = os.cpus();
const report = {
  at: new Date().toISOString(),
  machine: {
    cores: cpus.length,
    cpu: cpus[0]?.model?.trim(),
    node: process.version,
    platform: `${process.platform} ${os.release()}`,
    loadavg: os.loadavg(),
  },
  settings,
  completed: false,
  results: [],
};

function writeReport() {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(`${RESULTS_DIR}latest.json`, JSON.stringify(report, null, 2) + '\n');
}

// Stop the servers on Ctrl-C / SIGTERM; a second signal kills them without waiting.
let stopping = false;
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.on(signal, () => {
    if (stopping) {
      killAllNow();
      process.exit(code);
    }
    stopping = true;
    console.error(`\n[bench] ${signal}: stopping the servers…`);
    report.error = `interrupted by ${signal}`;
    writeReport();
    stopAll().finally(() => process.exit(code));
  });
}

const fmt = (n, digits = 0) =>
  Number.isFinite(n) ? n.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : '—';
const pct = (r) => `${(r * 100).toFixed(1)}%`;

function printTable(rows, custom) {
  const columns = custom ?? [
    ['server', (r) => r.label, 'left'],
    ['req/s', (r) => fmt(r.rps)],
    ['p50 ms', (r) => fmt(r.p50, 2)],
    ['p95 ms', (r) => fmt(r.p95, 2)],
    ['errors', (r) => fmt(r.errors)],
    ['ratio', (r) => (r.ratio === undefined ? '' : pct(r.ratio))],
    ['budget', (r) => (r.pass === undefined ? '' : r.pass ? 'PASS' : 'FAIL'), 'left'],
  ];
  const cells = [columns.map(([h]) => h), ...rows.map((row) => columns.map(([, get]) => String(get(row))))];
  const widths = columns.map((_, i) => Math.max(...cells.map((c) => c[i].length)));
  const line = (c) =>
    ('  ' + c.map((v, i) => (columns[i][2] === 'left' ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join('  ')).trimEnd();
  console.log(line(cells[0]));
  console.log('  ' + widths.map((w) => '─'.repeat(w)).join('  '));
  for (const c of cells.slice(1)) console.log(line(c));
}

async function main() {
  // A benchmark that starts no portal server (`needsBuild = false`, e.g. push) runs without a production build.
  if (benchmarks.some((b) => b.needsBuild !== false)) await ensureBuild();

  // Hard limit, so that the bench always ends by itself (the build above has its own).
  const limit = number('BENCH_TIMEOUT_SECONDS', 0, { min: 0 }) || benchmarks.reduce((s, b) => s + b.timeLimitSeconds(settings), 30);
  const watchdog = setTimeout(() => {
    console.error(`\n[bench] still running after ${limit} s: giving up`);
    report.error = `timed out after ${limit} s`;
    writeReport();
    killAllNow();
    process.exit(1);
  }, limit * 1000);
  watchdog.unref();

  const { cores } = report.machine;
  console.log(`npm run bench: the budgets of DESIGN.md §5 on this machine`);
  console.log(
    `  ${cores} CPU cores (${report.machine.cpu}), Node ${process.version}; ${settings.connections} keep-alive connections to 127.0.0.1,`,
  );
  console.log(
    `  ${settings.warmupSeconds} s warm-up + ${settings.seconds} s measured per server, in ${settings.rounds} rounds alternating with the baseline;`,
  );
  console.log(`  servers: ${settings.servers.join(', ')}`);
  console.log(`  Note: the load generator and the server under test share these ${cores} cores, which lowers the absolute`);
  console.log(`  numbers and makes them vary between runs; the ratios are what the budgets read.`);

  let failed = false;
  for (const bench of benchmarks) {
    console.log(`\n▶ ${bench.title}`);
    const started = Date.now();
    const cpuBefore = cpuTimes();
    try {
      const result = await bench.run({ ...settings, log: (text) => console.log(`  · ${text}`) });
      result.cpu = cpuUsage(cpuBefore, cpuTimes());
      // On a virtual machine the host may take CPU time away mid-run; that is worth knowing.
      // Beside every result: how loaded the machine was (absolute budgets depend on it; ratios much less).
      const load = os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ');
      result.notes.push(
        result.cpu
          ? `CPU during this benchmark: ${pct(result.cpu.busy)} busy, ${pct(result.cpu.steal)} stolen by the host; load average ${load} (1 / 5 / 15 min) at its end`
          : `load average ${load} (1 / 5 / 15 min) at the end of this benchmark`,
      );
      console.log('');
      printTable(result.rows, result.columns);
      const b = result.budget;
      console.log(`\n  Budget (${b.text})`);
      console.log(`  on ${b.on}: ${pct(b.value)} of ${b.versus ?? 'bare Node'}, target ≥ ${pct(b.target)} → ${b.pass ? 'PASS' : 'FAIL'}`);
      for (const extra of result.extraBudgets ?? [])
        console.log(`  Budget (${extra.text}): ${extra.summary} → ${extra.pass ? 'PASS' : 'FAIL'}`);
      for (const note of result.notes) console.log(`  - ${note}`);
      // Some of the servers could not be measured: the numbers above stand, the run still failed.
      for (const f of result.failures ?? []) console.error(`  ✗ ${f.server} could not be measured: ${f.error}`);
      const ok = !result.failures?.length;
      if (!ok) failed = true;
      report.results.push({ id: bench.id, title: bench.title, ok, seconds: (Date.now() - started) / 1000, ...result });
    } catch (error) {
      failed = true;
      console.error(`  ✗ ${bench.id} could not be measured: ${error.stack ?? error}`);
      report.results.push({ id: bench.id, title: bench.title, ok: false, error: String(error.message ?? error) });
    }
  }
  return failed;
}

let exitCode = 1;
try {
  exitCode = (await main()) ? 1 : 0;
  report.completed = true;
} catch (error) {
  console.error(`[bench] ${error.stack ?? error}`);
  report.error = String(error.message ?? error);
} finally {
  await stopAll();
}
writeReport();
console.log(`\nresults: ${fileURLToPath(new URL('./results/latest.json', import.meta.url)).replace(process.cwd() + '/', '')}`);
process.exit(exitCode);
