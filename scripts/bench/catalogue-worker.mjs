// The database-level half of the catalogue benchmark (catalogue.mjs starts it): runs each query of the
// plan through each system on the same PostgreSQL and reports latency, throughput and the number each
// system matched. Started with `tsx --import ./scripts/outside-next.mjs`, so that "ours" is the portal's
// own code: `searchScenes` (lib/server/catalogue/search.ts, what POST /api/normal/v5/normalmeta/base
// runs) and, once the STAC API is there, `searchItems` (lib/server/stac/search.ts) — both over the
// portal's PostgreSQL layer (`createPostgresDatabase`, a pg Pool). pgstac is `SELECT pgstac.search($1)`
// over a pg Pool of the same size.
//
// Input: the path of a JSON plan (argv[2]); output: one JSON document on stdout. Progress on stderr.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { createPostgresDatabase } from '../../lib/server/db/postgres.ts';
import { searchScenes } from '../../lib/server/catalogue/search.ts';
import { sceneSearchBodySchema } from '../../lib/shared/contracts/catalogue.ts';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const say = (text) => process.stderr.write(`${text}\n`);

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
const now = () => Number(process.hrtime.bigint()) / 1e6;

/** Our STAC search, when the STAC API's modules are in this tree (they arrive with branch cat-stac). */
async function loadStac() {
  try {
    const [{ searchItems }, { readSearch }] = await Promise.all([
      import('../../lib/server/stac/search.ts'),
      import('../../lib/server/stac/search-request.ts'),
    ]);
    return { searchItems, readSearch };
  } catch (error) {
    return { missing: `the STAC API is not in this tree (${error.code ?? error.message})` };
  }
}

/**
 * pgstac's session settings: `search_path` (its functions call each other unqualified) and quiet
 * NOTICEs, plus the variant's own settings (e.g. `pgstac.context`). GUCs with a dot are accepted as
 * start-up options.
 */
function pgstacPool(settings) {
  const options = Object.entries({ search_path: 'pgstac,public', client_min_messages: 'warning', ...settings })
    .map(([k, v]) => `-c ${k}=${String(v).replace(/ /g, '\\ ')}`)
    .join(' ');
  return new pg.Pool({ connectionString: plan.url, max: plan.connections, options });
}

async function main() {
  const ours = createPostgresDatabase(plan.url, plan.connections);
  const stac = await loadStac();
  const systems = [
    {
      id: 'portal',
      label: 'portal search (searchScenes)',
      prepare: (q) => sceneSearchBodySchema.parse(q.portal),
      run: async (search) => {
        const page = await searchScenes(ours, search);
        return { matched: page.total, exact: true, ids: page.list.map((s) => s.id) };
      },
    },
    {
      id: 'stac',
      label: 'our STAC search (searchItems)',
      missing: stac.missing,
      prepare: (q) => stac.readSearch(q.stac),
      run: async (search) => {
        const page = await stac.searchItems(ours, search, { post: true, links: [] });
        const exact = page.numberMatched !== undefined;
        return { matched: exact ? page.numberMatched : page['portal:number_matched_estimate'], exact, ids: page.features.map((f) => f.id) };
      },
    },
  ];
  const pools = [];
  for (const variant of plan.pgstacVariants ?? []) {
    const pool = pgstacPool(variant.settings);
    pools.push(pool);
    systems.push({
      id: variant.id,
      label: variant.label,
      prepare: (q) => JSON.stringify(q.stac),
      run: async (body) => {
        const { rows } = await pool.query('SELECT pgstac.search($1::jsonb) AS r', [body]);
        const r = rows[0].r;
        return { matched: r.numberMatched ?? null, exact: r.numberMatched !== undefined, ids: r.features.map((f) => f.id) };
      },
    });
  }

  const results = [];
  for (const q of plan.queries) {
    say(`query ${q.id}: ${q.title}`);
    for (const system of systems) {
      if (system.missing) {
        results.push({ query: q.id, system: system.id, label: system.label, missing: system.missing });
        continue;
      }
      const input = system.prepare(q);
      // Warm-up (also the answer whose count and first page are compared).
      let answer;
      for (let i = 0; i < plan.warmup; i++) answer = await system.run(input);
      // Latency: one call at a time, as one user meets it.
      const times = [];
      const seqUntil = now() + plan.sequentialSeconds * 1000;
      while (times.length < plan.minSequential || (now() < seqUntil && times.length < plan.maxSequential)) {
        const t = now();
        await system.run(input);
        times.push(now() - t);
      }
      times.sort((a, b) => a - b);
      // Throughput: `connections` callers in a closed loop.
      let done = 0;
      let errors = 0;
      const until = now() + plan.throughputSeconds * 1000;
      const started = now();
      await Promise.all(
        Array.from({ length: plan.connections }, async () => {
          while (now() < until) {
            try {
              await system.run(input);
              done++;
            } catch {
              errors++;
            }
          }
        }),
      );
      const elapsed = (now() - started) / 1000;
      const row = {
        query: q.id,
        system: system.id,
        label: system.label,
        matched: answer.matched,
        exact: answer.exact,
        firstPage: answer.ids,
        runs: times.length,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        rps: done / elapsed,
        errors,
      };
      results.push(row);
      say(
        `  ${system.id.padEnd(14)} matched ${String(row.matched).padStart(8)}${row.exact ? ' ' : '~'}  p50 ${row.p50.toFixed(1)} ms  p95 ${row.p95.toFixed(1)} ms  ${row.rps.toFixed(1)}/s at ${plan.connections}${errors ? `  ${errors} errors` : ''}`,
      );
    }
  }
  await ours.close();
  await Promise.all(pools.map((p) => p.end()));
  process.stdout.write(JSON.stringify({ results }) + '\n');
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
