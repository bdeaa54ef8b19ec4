// `npm run db:migrate`: applies pending migrations to the configured database (DATABASE_URL, or the
// embedded one in DATA_DIR) without seeding.
import { getEnv } from '../lib/server/env';
import { migrate } from '../lib/server/db/migrate';
import { createPgliteDatabase } from '../lib/server/db/pglite';
import { createPostgresDatabase } from '../lib/server/db/postgres';

const env = getEnv();
const db = env.DATABASE_URL ? createPostgresDatabase(env.DATABASE_URL, 1) : await createPgliteDatabase(env.DATA_DIR);
const applied = await migrate(db, (m) => console.log(`[db] ${m}`));
console.log(applied.length ? `[db] applied ${applied.join(', ')}` : '[db] schema is up to date');
await db.close();
