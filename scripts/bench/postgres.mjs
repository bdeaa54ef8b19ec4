// A throw-away PostgreSQL + PostGIS for benchmarks that compare against software reading PostgreSQL
// (MapServer): Debian's server binaries, a cluster in a temporary directory, trust authentication on
// 127.0.0.1 only, fsync off. As root it runs as the `postgres` user (PostgreSQL refuses root).
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { freePort, track } from './server.mjs';

const PG_BIN = process.env.PG_BIN || '/usr/lib/postgresql/15/bin';
const POSTGIS_CONTROL = '/usr/share/postgresql/15/extension/postgis.control';
const READY_TIMEOUT_MS = 30_000;

/** Why PostgreSQL + PostGIS cannot be started here, or null when they can. */
export function postgresMissing() {
  if (!existsSync(path.join(PG_BIN, 'postgres'))) return `no PostgreSQL server in ${PG_BIN} (Debian: postgresql)`;
  if (!existsSync(POSTGIS_CONTROL)) return 'no PostGIS for PostgreSQL 15 (Debian: postgresql-15-postgis-3)';
  return null;
}

function asPostgres(command, args) {
  const root = process.getuid?.() === 0;
  return root ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

/** Starts a fresh cluster (on `port`, else a free one); resolves with its connection URL and a stop function. */
export async function startPostgres({ port: wantedPort } = {}) {
  const missing = postgresMissing();
  if (missing) throw new Error(missing);
  const root = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-pg-'));
  const dataDir = path.join(root, 'data');
  if (process.getuid?.() === 0) {
    const { uid, gid } = userIds('postgres');
    chownSync(root, uid, gid);
  }
  const [initCmd, initArgs] = asPostgres(path.join(PG_BIN, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'portal', '-E', 'UTF8']);
  const init = spawnSync(initCmd, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) {
    rmSync(root, { recursive: true, force: true });
    throw new Error(`initdb failed: ${init.stderr || init.error}`);
  }
  const port = wantedPort ?? (await freePort());
  return runCluster({ root, dataDir, port, name: 'postgres' });
}

/**
 * A streaming hot standby of `primary` (a cluster from startPostgres): `pg_basebackup -R -X stream` into a temporary
 * directory, then the copy started as a standby (its `standby.signal` and `primary_conninfo` written by `-R`), on `port`
 * or a free one. Resolves like startPostgres; `stop()` is a fast shutdown (open sessions cut, as in a crash), and
 * `start()` starts the same standby again, which catches up from the primary.
 */
export async function startStandby(primary, { port: wantedPort } = {}) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-standby-'));
  const dataDir = path.join(root, 'data');
  if (process.getuid?.() === 0) {
    const { uid, gid } = userIds('postgres');
    chownSync(root, uid, gid);
  }
  const [cmd, args] = asPostgres(path.join(PG_BIN, 'pg_basebackup'), [
    '-h',
    primary.host,
    '-p',
    String(primary.port),
    '-U',
    primary.user,
    '-D',
    dataDir,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
  ]);
  const copy = spawnSync(cmd, args, { encoding: 'utf8' });
  if (copy.status !== 0) {
    rmSync(root, { recursive: true, force: true });
    throw new Error(`pg_basebackup failed: ${copy.stderr || copy.error}`);
  }
  const port = wantedPort ?? (await freePort());
  return runCluster({ root, dataDir, port, name: 'standby', extra: ['-c', 'hot_standby=on'] });
}

/** Runs the cluster in `dataDir` on `port` until stopped; the directory `root` goes with the last stop. */
async function runCluster({ root, dataDir, port, name, extra = [] }) {
  const [cmd, args] = asPostgres(path.join(PG_BIN, 'postgres'), [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-k',
    root,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'max_connections=100',
    ...extra,
  ]);
  const url = `postgres://portal@127.0.0.1:${port}/postgres`;
  // The data directory goes with the last stop, not with a stop for a restart (`interrupt`).
  let keepData = false;
  const launch = async () => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const proc = track(child, name, {
      echoStderr: false,
      cleanup: () => keepData || rmSync(root, { recursive: true, force: true }),
    });
    const started = Date.now();
    for (;;) {
      if (proc.exitInfo) throw new Error(`${name} exited before accepting connections:\n${proc.tail()}`);
      const client = new pg.Client({ connectionString: url });
      try {
        await client.connect();
        await client.end();
        return { child, proc };
      } catch {
        await client.end().catch(() => {});
        if (Date.now() - started > READY_TIMEOUT_MS) {
          await proc.stop();
          throw new Error(`${name} did not accept connections within ${READY_TIMEOUT_MS / 1000} s:\n${proc.tail()}`);
        }
        await sleep(200);
      }
    }
  };
  const fastShutdown = async () => {
    try {
      process.kill(-current.child.pid, 'SIGINT');
    } catch {
      // already gone
    }
    await current.proc.stop();
  };
  let current = await launch();
  let running = true;
  return {
    url,
    port,
    host: '127.0.0.1',
    user: 'portal',
    database: 'postgres',
    stop: async () => {
      keepData = false;
      running = false;
      await current.proc.stop();
    },
    /** A fast shutdown that keeps the data directory for `start()`. */
    async halt() {
      keepData = true;
      running = false;
      await fastShutdown();
    },
    /** Starts the cluster again after `halt()`. */
    async start() {
      if (running) return;
      current = await launch();
      running = true;
      keepData = false;
    },
    /**
     * An outage: fast shutdown (SIGINT: open sessions are cut, as in a crash or failover), `downMs` with
     * nothing listening, then the same cluster again. Resolves with the times the server went away and
     * accepted connections again.
     */
    async interrupt(downMs) {
      keepData = true;
      await fastShutdown();
      const down = Date.now();
      await sleep(downMs);
      current = await launch();
      keepData = false;
      return { down, up: Date.now() };
    },
  };
}

function userIds(name) {
  const id = (flag) => Number(spawnSync('id', [flag, name], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}
