// `npm run test:e2e`: builds the production app when needed (always in CI), then runs Playwright
// against `next start` on a fresh embedded database (or DATABASE_URL when set).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { escapeRegExp, testsToDrop } from './e2e-share.mjs';

const run = (args, env = process.env) => spawnSync(process.execPath, args, { stdio: 'inherit', env }).status ?? 1;

if (process.env.CI === 'true' || process.env.E2E_BUILD === '1' || !existsSync('.next/BUILD_ID')) {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    console.log('[e2e] building the production app…');
    const status = run(['node_modules/next/dist/bin/next', 'build']);
    if (status !== 0) process.exit(status);
  }
}

/**
 * E2E_TWIN_LANGUAGE=zh|en (CI): every test runs once per CI run, on one of the two databases. Of a journey
 * written twice, once per language ("zh: …" and "en: …", or "… (zh)" and "… (en)"), only the twin in that
 * language runs: CI runs the Chinese twins on the embedded database and the English twins on PostgreSQL, so
 * such a journey meets both databases (the language changes the words on the screen, not the SQL). Tests
 * written once are shared out by file between the two runs (shareFiles), so neither suite repeats what the
 * other runs: the SQL of both engines is the integration suite's job (tests/support/engine-split.mjs).
 * `npm test` without PostgreSQL runs everything. E2E_ONE_LANGUAGE=1 is E2E_TWIN_LANGUAGE=zh without the
 * sharing (one run only).
 */
function listTests() {
  const listed = spawnSync(
    process.execPath,
    ['node_modules/@playwright/test/cli.js', 'test', '--list', '--reporter=json', ...process.argv.slice(2)],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (listed.status !== 0) throw new Error(`playwright --list failed: ${listed.stderr}`);
  const titles = [];
  const walk = (suite, file) => {
    for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
    for (const spec of suite.specs ?? []) titles.push({ file: spec.file ?? file, title: spec.title });
  };
  for (const suite of JSON.parse(listed.stdout).suites) walk(suite, suite.file);
  return titles;
}

const extra = [];
const keep = process.env.E2E_TWIN_LANGUAGE ?? (process.env.E2E_ONE_LANGUAGE === '1' ? 'zh' : '');
if (keep) {
  if (keep !== 'zh' && keep !== 'en') throw new Error(`E2E_TWIN_LANGUAGE must be zh or en, not ${keep}`);
  const titles = listTests();
  const dropped = testsToDrop(titles, keep, Boolean(process.env.E2E_TWIN_LANGUAGE));
  console.log(`[e2e] ${keep}: ${titles.length - dropped.length} of ${titles.length} tests run here, the rest in the other run`);
  // Playwright matches --grep against "project file describe… title".
  if (dropped.length)
    extra.push('--grep-invert', dropped.map((t) => `^chromium ${escapeRegExp(t.file)} (.* )?${escapeRegExp(t.title)}$`).join('|'));
}

/**
 * E2E_SEEDED=<folder> (scripts/test.mjs): start from the template database the jest suite on the same engine
 * seeded and handed off (tests/support/template-db.ts) instead of seeding the same data again. PGlite: the
 * folder is the data directory (stored files inside); PostgreSQL: DATABASE_URL already names the handed-off
 * database and the folder holds its stored files. The server still migrates and seeds on start, so what
 * differs (the catalogue's size below) is seeded then. Without it, a fresh database is created and seeded.
 */
const seeded = process.env.E2E_SEEDED && existsSync(process.env.E2E_SEEDED) ? path.resolve(process.env.E2E_SEEDED) : null;
const onPostgres = Boolean(process.env.DATABASE_URL);
const dataDir = seeded && !onPostgres ? seeded : mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
if (seeded) console.log(`[e2e] starting from the database the jest suite seeded (${seeded})`);
const status = run(['node_modules/@playwright/test/cli.js', 'test', ...extra, ...process.argv.slice(2)], {
  // The same demo scene generator as production, at a size that loads in seconds.
  DEMO_CATALOGUE_SCENES: '20000',
  ...process.env,
  E2E_DATA_DIR: dataDir,
  ...(seeded ? { FILE_STORAGE_DIR: path.join(seeded, 'files') } : {}),
});
if (seeded && onPostgres) rmSync(seeded, { recursive: true, force: true });
rmSync(dataDir, { recursive: true, force: true });
process.exit(status);
