// `npm run db:seed`: migrates, then fills in demo data that is missing (every step is idempotent).
import { getEnv } from '../lib/server/env';
import { migrate } from '../lib/server/db/migrate';
import { createPgliteDatabase } from '../lib/server/db/pglite';
import { createPostgresDatabase } from '../lib/server/db/postgres';
import { seed } from '../lib/server/db/seed';
import { SEED_STEPS } from '../lib/server/seeds';

const env = getEnv();
const db = env.DATABASE_URL ? createPostgresDatabase(env.DATABASE_URL, 1) : await createPgliteDatabase(env.DATA_DIR);
const progress = (m: string) => console.log(`[db] ${m}`);
await migrate(db, progress);
await seed(db, SEED_STEPS, progress);
console.log(`[db] seed done (${SEED_STEPS.length} step(s))`);
await db.close();
