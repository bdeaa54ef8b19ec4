// Runs a benchmark body against the portal on each database it supports: a throw-away PostgreSQL +
// PostGIS (when Debian's packages are there) and the embedded PGlite, each on a fresh data directory.
// The servers (and the PostgreSQL) are always stopped; a failing database is reported, not fatal.
import { postgresMissing, startPostgres } from './postgres.mjs';
import { startServer } from './server.mjs';

const LABELS = { postgres: 'PostgreSQL 15 + PostGIS', pglite: 'embedded PGlite' };

/**
 * `body(server, { target, label, db })` is called once per database (`db` is the PostgreSQL handle or
 * undefined). Returns the notes (e.g. PostgreSQL not measured) and the failures; throws when no
 * database could be measured at all.
 */
export async function onEachDatabase({ log, readyPath, readyTimeoutMs }, body) {
  const notes = [];
  const failures = [];
  const targets = [];
  const missing = postgresMissing();
  // BENCH_DATABASES=postgres (or pglite) measures one database only.
  const only = process.env.BENCH_DATABASES?.split(',').map((d) => d.trim()) ?? null;
  if (missing) notes.push(`PostgreSQL not measured: ${missing}`);
  else if (!only || only.includes('postgres')) targets.push('postgres');
  if (!only || only.includes('pglite')) targets.push('pglite');

  let measured = 0;
  for (const target of targets) {
    let db;
    let server;
    try {
      if (target === 'postgres') {
        log('starting a throw-away PostgreSQL + PostGIS and the portal on it (first start seeds regions and spots)…');
        db = await startPostgres();
        server = await startServer('portal', { readyPath, env: { DATABASE_URL: db.url }, readyTimeoutMs });
      } else {
        log('starting the portal on the embedded PGlite (first start seeds regions and spots)…');
        server = await startServer('portal', { readyPath, readyTimeoutMs });
      }
      await body(server, { target, label: LABELS[target], db });
      measured++;
    } catch (error) {
      failures.push({ server: target, error: error.message });
      log(`✗ ${target}: ${error.message}`);
    } finally {
      await server?.stop();
      await db?.stop();
    }
  }
  if (!measured) throw new Error(failures.map((f) => `${f.server}: ${f.error}`).join('; '));
  return { notes, failures };
}
