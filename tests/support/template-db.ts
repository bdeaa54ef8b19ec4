/**
 * One migrated, seeded database per test run, copied per test file: creating PGlite + PostGIS takes
 * ~15 s, copying its files well under one. With DATABASE_URL set, the template is a PostgreSQL
 * database and each file gets `CREATE DATABASE … TEMPLATE`.
 */
import { createHash } from 'node:crypto';
import { accessSync, constants, cpSync, existsSync, mkdirSync, renameSync, rmSync, statfsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate } from '../../lib/server/db/migrate';
import { createPgliteDatabase } from '../../lib/server/db/pglite';
import { createPostgresDatabase } from '../../lib/server/db/postgres';
import { seed } from '../../lib/server/db/seed';
import type { Database } from '../../lib/server/db/types';
import { SEED_STEPS } from '../../lib/server/composition/seeds';

// One run per checkout at a time: the names derive from the checkout's path, so jest's workers (which
// do not share the global setup's memory) find the same template.
const checkout = createHash('sha1').update(process.cwd()).digest('hex').slice(0, 10);

/**
 * Where the template and the per-file copies live: memory (/dev/shm) when it has room, else the temporary
 * folder; TEST_SCRATCH_DIR chooses. Each PGlite test file copies the ~380 MB template: on disk, a run wrote
 * ~16 GB and its two workers waited on writeback (load 5 on two cores, each worker ~70 % busy).
 */
function scratchRoot(): string {
  if (process.env.TEST_SCRATCH_DIR) return process.env.TEST_SCRATCH_DIR;
  try {
    const shm = statfsSync('/dev/shm');
    accessSync('/dev/shm', constants.W_OK);
    if (shm.bavail * shm.bsize > 4 * 2 ** 30) return '/dev/shm';
  } catch {
    // No /dev/shm here (macOS, Windows): the temporary folder.
  }
  return os.tmpdir();
}

export const TEST_ROOT = path.join(scratchRoot(), `portal-tests-${checkout}`);
const PGLITE_TEMPLATE = path.join(TEST_ROOT, 'template');
const PG_TEMPLATE = `portal_template_${checkout}`;
// Stored files of the template's seed and of the tests live beside the template (content-addressed,
// so every copy of the database finds its files there).
process.env.FILE_STORAGE_DIR ??= path.join(TEST_ROOT, 'files');
// Imagery converted by the seed (the Olinda sample) and by the tests lives beside the template too.
process.env.IMAGERY_ROOT ??= path.join(TEST_ROOT, 'imagery');
// A small demo scene catalogue (same generator as production): the default 100,000 would cost the
// template a minute.
process.env.DEMO_CATALOGUE_SCENES ??= '3000';

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function buildTemplate(): Promise<void> {
  if (process.env.DATABASE_URL) {
    await adminQuery(`DROP DATABASE IF EXISTS ${ident(PG_TEMPLATE)}`);
    await adminQuery(`CREATE DATABASE ${ident(PG_TEMPLATE)}`);
    const db = createPostgresDatabase(withDatabase(process.env.DATABASE_URL, PG_TEMPLATE), 2);
    await migrate(db);
    await seed(db, SEED_STEPS);
    await db.close();
    return;
  }
  rmSync(TEST_ROOT, { recursive: true, force: true });
  mkdirSync(TEST_ROOT, { recursive: true });
  const db = await createPgliteDatabase(PGLITE_TEMPLATE);
  await migrate(db);
  await seed(db, SEED_STEPS);
  await db.close();
}

/**
 * TEST_TEMPLATE_HANDOFF=<folder> (scripts/test.mjs in CI): instead of dropping the seeded template, hand it to
 * the end-to-end suite that runs next on the same engine, which then starts from it instead of seeding the
 * same data again (~100 s on PGlite). PGlite: the template's files become <folder> (a DATA_DIR, stored files in
 * <folder>/files). PostgreSQL: the template database is renamed to TEST_TEMPLATE_HANDOFF_DATABASE and its stored
 * files go to <folder>/files. The suite's server still migrates and seeds on start: a seed whose inputs differ
 * (the e2e catalogue's size) is redone.
 */
/** Renames a folder, copying it where the two paths are on different file systems (memory → disk). */
function moveFolder(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    cpSync(from, to, { recursive: true });
    rmSync(from, { recursive: true, force: true });
  }
}

async function handOffTemplate(folder: string): Promise<void> {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(path.dirname(folder), { recursive: true });
  const files = process.env.FILE_STORAGE_DIR!;
  if (process.env.DATABASE_URL) {
    const database = process.env.TEST_TEMPLATE_HANDOFF_DATABASE;
    if (!database) throw new Error('TEST_TEMPLATE_HANDOFF_DATABASE names the database the PostgreSQL template becomes');
    await adminQuery(`DROP DATABASE IF EXISTS ${ident(database)}`);
    await adminQuery(`ALTER DATABASE ${ident(PG_TEMPLATE)} RENAME TO ${ident(database)}`);
    mkdirSync(folder, { recursive: true });
    if (existsSync(files)) cpSync(files, path.join(folder, 'files'), { recursive: true });
  } else {
    moveFolder(PGLITE_TEMPLATE, folder);
    if (existsSync(files)) cpSync(files, path.join(folder, 'files'), { recursive: true });
  }
  rmSync(TEST_ROOT, { recursive: true, force: true });
}

export async function dropTemplate(): Promise<void> {
  const handoff = process.env.TEST_TEMPLATE_HANDOFF;
  if (handoff) return handOffTemplate(path.resolve(handoff));
  if (process.env.DATABASE_URL) {
    await adminQuery(`DROP DATABASE IF EXISTS ${ident(PG_TEMPLATE)}`);
  }
  rmSync(TEST_ROOT, { recursive: true, force: true });
}

/** A private copy of the template for one test file; `close` drops it. */
export async function openTestDatabase(): Promise<Database & { dispose(): Promise<void>; url?: string }> {
  const name = `t_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  if (process.env.DATABASE_URL) {
    await adminQuery(`CREATE DATABASE ${ident(name)} TEMPLATE ${ident(PG_TEMPLATE)}`);
    const url = withDatabase(process.env.DATABASE_URL, name);
    const db = createPostgresDatabase(url, 4);
    return {
      ...db,
      url,
      async dispose() {
        await db.close();
        await adminQuery(`DROP DATABASE IF EXISTS ${ident(name)}`);
      },
    };
  }
  if (!existsSync(PGLITE_TEMPLATE)) throw new Error('The test template database is missing: run the tests through jest (globalSetup).');
  const dir = path.join(TEST_ROOT, name);
  cpSync(PGLITE_TEMPLATE, dir, { recursive: true });
  const db = await createPgliteDatabase(dir);
  return {
    ...db,
    async dispose() {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
