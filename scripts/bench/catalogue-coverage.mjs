// Coverage analysis of 1,000 scenes over a province (issue 18): the portal's own coverage code
// (lib/server/catalogue/coverage.ts, what POST /api/normal/v5/normalmeta/coveragebyids and /fallfigure
// run) on the catalogue's PostgreSQL, p95 against a budget of 1 s. Started by catalogue.mjs (after its
// load, on the same database) or alone:
//   DATABASE_URL=postgres://… node --import tsx --import ./scripts/outside-next.mjs scripts/bench/catalogue-coverage.mjs
// The scenes: the newest 5,000 of the province (Henan, by its real boundary), cut into five sets of 1,000
// asked in turn, so that each round analyses another set. Output: one JSON document on stdout.
import { createPostgresDatabase } from '../../lib/server/db/postgres.ts';
import { allSceneIds } from '../../lib/server/catalogue/search.ts';
import { coverageAnalysis, fallFigures } from '../../lib/server/catalogue/coverage.ts';
import { coverageScenesBodySchema } from '../../lib/shared/contracts/coverage.ts';

export const COVERAGE_PROVINCE = '410000';
export const COVERAGE_SCENES = 1_000;
export const COVERAGE_P95_BUDGET_MS = 1_000;
const SETS = 5;
const ROUNDS = Number(process.env.BENCH_COVERAGE_ROUNDS ?? 20);

const say = (text) => process.stderr.write(`${text}\n`);
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
const now = () => Number(process.hrtime.bigint()) / 1e6;

async function main() {
  const url = process.argv[2] ?? process.env.DATABASE_URL;
  if (!url) throw new Error('a PostgreSQL URL (argv[2] or DATABASE_URL)');
  const db = createPostgresDatabase(url, 2);
  const filter = { area: { mode: 1, regionCodes: [COVERAGE_PROVINCE] } };
  const { ids, total } = await allSceneIds(db, filter);
  const sets = [];
  for (let i = 0; i < SETS && (i + 1) * COVERAGE_SCENES <= ids.length; i++) sets.push(ids.slice(i * COVERAGE_SCENES, (i + 1) * COVERAGE_SCENES));
  if (sets.length === 0) throw new Error(`the province has ${total} scenes: fewer than ${COVERAGE_SCENES}`);
  const results = [];
  for (const [name, fn] of [
    ['coveragebyids', (body) => coverageAnalysis(db, body, 'en')],
    ['fallfigure', (body) => fallFigures(db, body)],
  ]) {
    await fn(coverageScenesBodySchema.parse({ filter, ids: sets[0] })); // warm-up
    const times = [];
    let last = null;
    for (let r = 0; r < ROUNDS; r++) {
      const body = coverageScenesBodySchema.parse({ filter, ids: sets[r % sets.length] });
      const t0 = now();
      last = await fn(body);
      times.push(now() - t0);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    const summary = {
      endpoint: name,
      scenes: last.sceneCount,
      rounds: ROUNDS,
      p50: Math.round(percentile(times, 50)),
      p95: Math.round(p95),
      max: Math.round(times.at(-1)),
      budgetMs: COVERAGE_P95_BUDGET_MS,
      pass: p95 <= COVERAGE_P95_BUDGET_MS,
      coveredPct: last.coveredPct,
      ...(name === 'fallfigure' ? { minimalSet: last.minimalSet.steps.length, minimalPct: last.minimalSet.coveredPct } : { counties: last.subRegions.length }),
    };
    say(`[bench] coverage ${name}: p50 ${summary.p50} ms, p95 ${summary.p95} ms (${summary.pass ? 'PASS' : 'FAIL'} ≤ ${COVERAGE_P95_BUDGET_MS} ms)`);
    results.push(summary);
  }
  await db.close();
  process.stdout.write(`${JSON.stringify({ province: COVERAGE_PROVINCE, provinceScenes: total, results })}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
