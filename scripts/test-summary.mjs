// Prints one closing line over every suite this run wrote results for: "tests: N passed, N failed".
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = 'test-results';
let passed = 0;
let failed = 0;
let skipped = 0;
let flaky = 0;
for (const file of existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : []) {
  const data = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  if (typeof data.numPassedTests === 'number') {
    // jest --json
    passed += data.numPassedTests;
    failed += data.numFailedTests;
    skipped += data.numPendingTests;
  } else if (data.stats) {
    // Playwright json reporter
    // A flaky test failed once and passed on its retry: it passed, and is named below.
    passed += (data.stats.expected ?? 0) + (data.stats.flaky ?? 0);
    failed += data.stats.unexpected ?? 0;
    flaky += data.stats.flaky ?? 0;
    skipped += data.stats.skipped ?? 0;
  }
}
if (flaky) console.log(`(${flaky} end-to-end test(s) passed only on retry: see the Playwright output above)`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
