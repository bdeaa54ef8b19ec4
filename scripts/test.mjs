// `npm test`: everything a change can break, in phases, with a timing table at the end.
//
//   jest (unit + integration, embedded PGlite)  ‖  lint, then typecheck
//   [jest integration on PostgreSQL, then e2e on PostgreSQL]  ‖  next build, then e2e on PGlite
//
// The bracketed phases run when TEST_POSTGRES_URL names a PostgreSQL + PostGIS server (`.ci/run` starts one);
// then a journey written in both languages runs in Chinese on PGlite and in English on PostgreSQL
// (scripts/e2e.mjs, E2E_TWIN_LANGUAGE), so every test runs once and every journey meets both databases. Without
// it, every journey runs in both languages on PGlite. Likewise each integration test file runs on one engine (or on
// both where the engines differ: tests/support/engine-split.mjs); without PostgreSQL all of them run on PGlite.
//
// What runs side by side is chosen by how the machine's two cores are used (measured, README "Tests"): jest first
// builds its template database in one single-threaded process (PGlite, ~90 s; PostgreSQL, ~50 s in one backend),
// leaving a core free for ESLint and the type check, or for the build. The two end-to-end suites run side by side
// (each its own server, port and browser): one alone now keeps the two cores only 62–67 % busy (a browser waiting
// on a server and the server on the browser; CI 2026-11-29: 450 s + 428 s one after the other, 75 % busy over the
// whole run). When each alone kept both cores ~90 % busy, side by side took about as long in all (1,363 s against
// 743 + ~720 s).
//
// Every phase runs even when an earlier one failed (but the end-to-end suites need the build), so one run
// names every failure. The exit code is non-zero if any phase failed or any test failed.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const started = Date.now();
const cpuStart = cpu();
const postgresUrl = process.env.TEST_POSTGRES_URL ?? '';
const onPostgres = postgresUrl !== '';
const timings = [];
const failed = [];

// The closing summary (scripts/test-summary.mjs) adds up every result file in test-results/: start empty.
rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });

function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The machine's CPU time so far (Linux /proc/stat): busy and total jiffies over every core. */
function cpu() {
  if (!existsSync('/proc/stat')) return null;
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = fields[3] + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/** How busy the machine's cores were between two readings, in %. */
const busyPercent = (from, to) => (from && to && to.total > from.total ? ((to.busy - from.busy) / (to.total - from.total)) * 100 : null);

/** Runs one phase (an npm script or a node script) with its output prefixed when it runs beside another. */
function phase(name, command, args, env = {}, { prefix = false } = {}) {
  const at = Date.now();
  const cpuAt = cpu();
  return new Promise((resolve) => {
    // A variable given as undefined is removed (DATABASE_URL: undefined → the embedded database).
    const merged = { ...process.env, ...env };
    for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
    const child = spawn(command, args, {
      env: merged,
      stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (prefix) {
      for (const stream of [child.stdout, child.stderr]) {
        let rest = '';
        stream.on('data', (chunk) => {
          const lines = (rest + chunk.toString()).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) (stream === child.stdout ? process.stdout : process.stderr).write(`[${name}] ${line}\n`);
        });
        stream.on('end', () => rest && process.stdout.write(`[${name}] ${rest}\n`));
      }
    }
    child.on('close', (code, signal) => {
      const ok = code === 0;
      timings.push({ name, start: (at - started) / 1000, seconds: (Date.now() - at) / 1000, busy: busyPercent(cpuAt, cpu()), ok });
      if (!ok) failed.push(`${name} (${signal ?? `exit ${code}`})`);
      resolve(ok);
    });
  });
}

const npm = (script, env, options) => phase(script.name, 'npm', ['run', '--silent', script.run], env, options);
const node = (name, args, env, options) => phase(name, process.execPath, args, env, options);

console.log(`[test] ${onPostgres ? 'PGlite and PostgreSQL' : 'PGlite only (set TEST_POSTGRES_URL to add PostgreSQL)'}`);

const staticChecks = async () => {
  await npm({ name: 'lint', run: 'lint' }, {}, { prefix: true });
  await npm({ name: 'typecheck', run: 'typecheck' }, {}, { prefix: true });
};
// Each jest suite hands its seeded template database to the end-to-end suite on the same engine, which
// then starts from it instead of seeding it again (~100 s on PGlite; tests/support/template-db.ts).
const seededRoot = mkdtempSync(path.join(os.tmpdir(), 'portal-seeded-'));
const handoff = (engine) => ({ TEST_TEMPLATE_HANDOFF: path.join(seededRoot, engine) });
const seededFor = (engine) => ({ E2E_SEEDED: path.join(seededRoot, engine) });
// With PostgreSQL, each integration file runs on one engine, or both where the engines differ
// (tests/support/engine-split.mjs): every test still runs once.
const engineSplit = onPostgres ? { TEST_ENGINE_SPLIT: '1' } : {};

await Promise.all([
  npm(
    { name: 'jest (unit + integration, PGlite)', run: 'test:jest' },
    { DATABASE_URL: undefined, ...handoff('pglite'), ...engineSplit },
  ),
  staticChecks(),
]);

const build = () => node('next build', ['node_modules/next/dist/bin/next', 'build'], {}, { prefix: onPostgres });
// jest on PostgreSQL runs beside the build; the PGlite end-to-end suite starts as soon as the build is done (it
// needs only the build and the PGlite hand-off), over the last ~40 s of jest on PostgreSQL, whose hand-off the
// PostgreSQL end-to-end suite waits for.
const jestOnPostgres = onPostgres
  ? npm(
      { name: 'jest integration (PostgreSQL)', run: 'test:integration' },
      {
        DATABASE_URL: withDatabase(postgresUrl, 'postgres'),
        JEST_RUN: 'integration-pg',
        ...handoff('postgres'),
        ...engineSplit,
        TEST_TEMPLATE_HANDOFF_DATABASE: 'portal_e2e',
      },
      { prefix: true },
    )
  : Promise.resolve(true);
const built = await build();

if (built) {
  // Side by side with PostgreSQL: each suite its own port; their output is prefixed so the two can be told apart.
  const e2e = (name, env) => node(name, ['scripts/e2e.mjs'], { E2E_SKIP_BUILD: '1', ...env }, { prefix: onPostgres });
  const onPglite = e2e('e2e (PGlite)', {
    DATABASE_URL: undefined,
    E2E_RUN: 'pglite',
    E2E_PORT: '3210',
    ...seededFor('pglite'),
    ...(onPostgres ? { E2E_TWIN_LANGUAGE: 'zh' } : {}),
  });
  // The PostgreSQL suite starts from the database jest on PostgreSQL hands off, so it waits for that suite.
  const onPostgresE2e = jestOnPostgres.then(() =>
    onPostgres
      ? e2e('e2e (PostgreSQL)', {
          DATABASE_URL: withDatabase(postgresUrl, 'portal_e2e'),
          E2E_RUN: 'postgres',
          E2E_PORT: '3211',
          E2E_TWIN_LANGUAGE: 'en',
          ...seededFor('postgres'),
        })
      : true,
  );
  await Promise.all([onPglite, onPostgresE2e]);
} else {
  await jestOnPostgres;
  failed.push('e2e (not run: the build failed)');
}

rmSync(seededRoot, { recursive: true, force: true });
const summary = await node('summary', ['scripts/test-summary.mjs']);
timings.pop();

const total = (Date.now() - started) / 1000;
const width = Math.max(...timings.map((t) => t.name.length), 5);
const table = [
  `${'phase'.padEnd(width)}  start s  took s  CPU busy  result`,
  ...[...timings].sort((a, b) => a.start - b.start).map(
    (t) =>
      `${t.name.padEnd(width)}  ${t.start.toFixed(0).padStart(7)}  ${t.seconds.toFixed(0).padStart(6)}  ${(t.busy === null ? '–' : `${t.busy.toFixed(0)}%`).padStart(8)}  ${t.ok ? 'ok' : 'FAILED'}`,
  ),
  `${'total'.padEnd(width)}  ${''.padStart(7)}  ${total.toFixed(0).padStart(6)}  ${(busyPercent(cpuStart, cpu())?.toFixed(0) ?? '–').padStart(7)}%`,
].join('\n');
console.log(`\n[test] timings (phases whose times overlap ran side by side; CPU busy: share of both cores while the phase ran)\n${table}`);
writeFileSync('test-results/timings.txt', `${table}\n`);
if (failed.length) console.log(`[test] failed: ${failed.join('; ')}`);
process.exit(failed.length || !summary ? 1 : 0);
