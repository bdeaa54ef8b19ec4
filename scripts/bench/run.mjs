// `npm run bench`: the budgets of DESIGN.md §5, measured on this machine. Budgets are reported
// (PASS/FAIL), not enforced: the exit code is non-zero only when a benchmark itself fails.
// Load generator and server share the machine's cores, which lowers both sides alike.
import { mkdirSync, writeFileSync } from 'node:fs';
import * as homeThroughput from './home-throughput.mjs';
import { ensureBuild, startNext } from './server.mjs';

const BENCHMARKS = [homeThroughput];
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);

await ensureBuild();
const next = await startNext();
const stopAll = () => next.stop();
process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});

const results = [];
let failed = false;
try {
  for (const bench of BENCHMARKS) {
    console.log(`\n▶ ${bench.name} (${connections} connections, ${seconds} s each, loopback)`);
    try {
      const result = await bench.run({ next, seconds, connections });
      console.table(result.rows.map((r) => ({ server: r.what, 'req/s': r.rps.toFixed(0), 'p50 ms': r.p50.toFixed(2), 'p95 ms': r.p95.toFixed(2), errors: r.errors })));
      const b = result.budget;
      console.log(`  budget ${b.metric}: ${(b.value * 100).toFixed(1)}% (target ${b.target}) → ${b.pass ? 'PASS' : 'FAIL'}`);
      results.push({ name: bench.name, ...result });
    } catch (error) {
      failed = true;
      console.error(`  ✗ ${bench.name} failed:`, error);
    }
  }
} finally {
  stopAll();
}
mkdirSync('scripts/bench/results', { recursive: true });
writeFileSync('scripts/bench/results/latest.json', JSON.stringify({ at: new Date().toISOString(), cores: (await import('node:os')).cpus().length, results }, null, 2));
console.log('\nresults written to scripts/bench/results/latest.json');
process.exit(failed ? 1 : 0);
