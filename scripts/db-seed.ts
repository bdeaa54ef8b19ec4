// `npm run db:seed`: migrates, then fills in demo data that is missing (every step is idempotent).
// `npm run db:seed -- --catalogue N`: the same, with N demo scenes in the image catalogue instead of
// DEMO_CATALOGUE_SCENES (replacing the demo scenes, keeping imported ones; later starts keep them).
import { catalogueSeedStep } from '../lib/server/catalogue';
import { getEnv } from '../lib/server/env';
import { migrate } from '../lib/server/db/migrate';
import { createPgliteDatabase } from '../lib/server/db/pglite';
import { createPostgresDatabase } from '../lib/server/db/postgres';
import { seed } from '../lib/server/db/seed';
import { SEED_STEPS } from '../lib/server/composition/seeds';

function catalogueCount(argv: readonly string[]): number | undefined {
  const i = argv.findIndex((a) => a === '--catalogue' || a.startsWith('--catalogue='));
  if (i < 0) return undefined;
  const raw = argv[i]!.includes('=') ? argv[i]!.split('=')[1] : argv[i + 1];
  const n = Number(raw?.replace(/[_,]/g, ''));
  if (!raw || !Number.isInteger(n) || n < 0 || n > 5_000_000) {
    console.error('usage: npm run db:seed -- [--catalogue N]   (N: whole number of demo scenes, 0 … 5,000,000)');
    process.exit(2);
  }
  return n;
}

const count = catalogueCount(process.argv.slice(2));
const steps =
  count === undefined ? SEED_STEPS : SEED_STEPS.map((s) => (s.name === 'catalogue' ? catalogueSeedStep({ count, manual: true }) : s));
const env = getEnv();
const db = env.DATABASE_URL ? createPostgresDatabase(env.DATABASE_URL, 1) : await createPgliteDatabase(env.DATA_DIR);
const progress = (m: string) => console.log(`[db] ${m}`);
const started = Date.now();
await migrate(db, progress);
await seed(db, steps, progress);
console.log(`[db] seed done (${steps.length} step(s), ${((Date.now() - started) / 1000).toFixed(1)} s)`);
await db.close();
