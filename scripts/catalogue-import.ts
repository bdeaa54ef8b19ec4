// `npm run catalogue:import -- FILE…`: loads STAC items (an ItemCollection / FeatureCollection, or
// newline-delimited items) into the scene catalogue, idempotent by id; unusable items are listed with
// their line or feature number and reason, and skipped. Exit code 1 when any item was skipped.
import { readFile } from 'node:fs/promises';
import { importStacText } from '../lib/server/catalogue';
import { migrate } from '../lib/server/db/migrate';
import { createPgliteDatabase } from '../lib/server/db/pglite';
import { createPostgresDatabase } from '../lib/server/db/postgres';
import { getEnv } from '../lib/server/env';

const files = process.argv.slice(2).filter((a) => a !== '--');
if (files.length === 0) {
  console.error('usage: npm run catalogue:import -- FILE [FILE…]   (STAC ItemCollection or newline-delimited items)');
  process.exit(2);
}
const env = getEnv();
const db = env.DATABASE_URL ? createPostgresDatabase(env.DATABASE_URL, 1) : await createPgliteDatabase(env.DATA_DIR);
let skipped = 0;
try {
  await migrate(db, (m) => console.log(`[db] ${m}`));
  for (const file of files) {
    const report = await importStacText(db, await readFile(file, 'utf8'), (m) => console.log(`[import] ${file}: ${m}`));
    console.log(`[import] ${file}: ${report.read} read, ${report.written} written, ${report.problems.length} skipped`);
    for (const p of report.problems) console.log(`[import] ${file}: ${p.kind} ${p.at}: ${p.reason}`);
    skipped += report.problems.length;
  }
} finally {
  await db.close();
}
process.exit(skipped > 0 ? 1 : 0);
