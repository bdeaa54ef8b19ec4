// The plans behind docs/adr/0010-catalogue-indexes.md: runs the catalogue benchmark's four searches
// through the portal's own searchScenes on a loaded PostgreSQL and prints EXPLAIN (ANALYZE, BUFFERS) of
// every statement it sends, with the table's and indexes' sizes.
//
//   DATABASE_URL=postgres://… node_modules/.bin/tsx --import ./scripts/outside-next.mjs scripts/bench/catalogue-explain.mjs [query id…]
//
// (Load the database first, e.g. `npm run db:seed -- --catalogue 1000000`.) Each statement is run once
// for its rows and once under EXPLAIN ANALYZE, after one warm-up search.
import pg from 'pg';
import { searchScenes } from '../../lib/server/catalogue/search.ts';
import { sceneSearchBodySchema } from '../../lib/shared/contracts/catalogue.ts';
import { queryPlan } from './catalogue.mjs';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL: the loaded PostgreSQL to explain the searches on');
  process.exit(2);
}
const client = new pg.Client({ connectionString: url });
await client.connect();
const wanted = process.argv.slice(2);

const { rows: sizes } = await client.query(
  `SELECT c.relname AS name, pg_size_pretty(pg_relation_size(c.oid)) AS size
     FROM pg_class c WHERE c.relname = 'scenes' OR c.oid IN (SELECT indexrelid FROM pg_index WHERE indrelid = 'scenes'::regclass)
    ORDER BY pg_relation_size(c.oid) DESC`,
);
console.log(`scenes: ${(await client.query('SELECT count(*)::int AS n FROM scenes')).rows[0].n.toLocaleString('en')} rows`);
for (const s of sizes) console.log(`  ${s.name.padEnd(34)} ${s.size}`);

let explaining = false;
const db = {
  kind: 'postgres',
  async query(sql, params) {
    if (explaining) {
      const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, SUMMARY ON) ${sql}`, params);
      console.log(`\n--- ${sql.replace(/\s+/g, ' ').slice(0, 160)}…`);
      for (const r of rows) console.log(`    ${r['QUERY PLAN']}`);
    }
    return (await client.query(sql, params)).rows;
  },
};

for (const q of await queryPlan(client)) {
  if (wanted.length && !wanted.includes(q.id)) continue;
  console.log(`\n=== ${q.id}: ${q.title}`);
  const search = sceneSearchBodySchema.parse(q.portal);
  explaining = false;
  await searchScenes(db, search);
  explaining = true;
  const started = Date.now();
  const page = await searchScenes(db, search);
  explaining = false;
  const t = Date.now();
  await searchScenes(db, search);
  console.log(`\n    total ${page.total.toLocaleString('en')}; one search without EXPLAIN: ${Date.now() - t} ms (with: ${t - started} ms)`);
}
await client.end();
