// The processes of a benchmark: the production build, the server under test on a fresh embedded
// database, and the bare baseline server. Each child runs in its own process group (`detached`) so
// that stopping it also stops whatever it started; every child is tracked, and any still alive when
// the bench exits — normally, on an error or on a signal — is killed.
import { fork, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { fetchOnce } from './load.mjs';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
// `node …/next` rather than `npx next`: the same CLI without an npm process in between.
const NEXT_BIN = path.join(ROOT, 'node_modules/next/dist/bin/next');
const BUILD_TIMEOUT_MS = 15 * 60_000;
const READY_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 5_000;

/** The servers a benchmark can put under load (BENCH_SERVERS picks them). */
export const SERVERS = {
  portal: {
    label: 'portal (node server.mjs)',
    about: 'the production server (`npm start`): Next behind the page micro-cache of docs/adr/0005',
    args: () => ['server.mjs'],
  },
  next: {
    label: 'next start',
    about: 'plain `next start`, without the micro-cache',
    // No `-H 127.0.0.1`: with it, the locale rewrite points at localhost and every page redirects to
    // itself. Like server.mjs it then listens on all interfaces; the bench only talks to 127.0.0.1.
    args: (port) => [NEXT_BIN, 'start', '-p', String(port)],
  },
};

/** Resolves `true` when `promise` settles within `ms`, `false` otherwise; leaves no timer behind. */
const within = (promise, ms) =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    promise.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });

const live = new Set();

/** Keeps the last lines a child printed (for error messages); echoes its stderr when asked. */
function collect(stream, name, tail, echo) {
  if (!stream) return;
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (text) => {
    const lines = (rest + text).split('\n');
    rest = lines.pop();
    for (const line of lines) {
      tail.push(line);
      if (tail.length > 40) tail.shift();
      if (echo && line.trim()) process.stderr.write(`  [${name}] ${line}\n`);
    }
  });
}

export function track(child, name, { cleanup = () => {}, echoStderr = true } = {}) {
  const tail = [];
  collect(child.stdout, name, tail, false);
  collect(child.stderr, name, tail, echoStderr);
  let exitInfo = null;
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve((exitInfo = { code, signal })));
    child.once('error', (error) => resolve((exitInfo = { code: null, signal: null, error })));
  });
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // ESRCH: the group is already gone.
    }
  };
  let stopping;
  const proc = {
    name,
    exited,
    get exitInfo() {
      return exitInfo;
    },
    tail: () => tail.join('\n'),
    /** SIGTERM, then SIGKILL after a grace period; always SIGKILLs the group for stragglers. */
    stop() {
      stopping ??= (async () => {
        if (!exitInfo) {
          signalGroup('SIGTERM');
          await within(exited, STOP_GRACE_MS);
        }
        signalGroup('SIGKILL');
        await within(exited, STOP_GRACE_MS);
        live.delete(proc);
        cleanup();
      })();
      return stopping;
    },
    /** Synchronous last resort, for process exit. */
    killNow() {
      signalGroup('SIGKILL');
      live.delete(proc);
      cleanup();
    },
  };
  live.add(proc);
  return proc;
}

/** Stops every child still running (each bounded by the grace periods). */
export const stopAll = () => Promise.all([...live].map((p) => p.stop()));

/** Kills every child still running, at once; safe to call from an 'exit' handler. */
export function killAllNow() {
  for (const p of [...live]) p.killNow();
}
process.on('exit', killAllNow);

export const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/** Sources a production build is made from: a build older than any of them is out of date. */
const BUILD_INPUTS = ['app', 'components', 'lib', 'i18n', 'messages', 'public', 'proxy.ts', 'next.config.mjs', 'scripts/response-policy.mjs', 'package-lock.json'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** The reason to build, or null when .next holds a build of the current sources. */
function buildNeeded() {
  const buildId = path.join(ROOT, '.next/BUILD_ID');
  if (!existsSync(buildId)) return 'no production build (.next/BUILD_ID)';
  const built = statSync(buildId).mtimeMs;
  const changed = BUILD_INPUTS.find((input) => newestMtime(path.join(ROOT, input)) > built);
  return changed ? `the production build is older than ${changed}` : null;
}

/** Builds when there is no production build of the current sources; returns whether it built. */
export async function ensureBuild() {
  const reason = buildNeeded();
  if (!reason) return false;
  console.log(`[bench] ${reason}: running \`next build\`…`);
  const child = spawn(process.execPath, [NEXT_BIN, 'build'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  const proc = track(child, 'build');
  const finished = await within(proc.exited, BUILD_TIMEOUT_MS);
  await proc.stop();
  if (!finished) throw new Error(`next build did not finish within ${BUILD_TIMEOUT_MS / 60_000} min`);
  if (proc.exitInfo.code !== 0) throw new Error(`next build failed (exit ${proc.exitInfo.code ?? proc.exitInfo.signal})`);
  return true;
}

/**
 * Starts one of SERVERS on a free port with its own empty embedded database in a temporary
 * directory (never ./.data; `env.DATABASE_URL` replaces it), and waits until `readyPath` answers 200 — the first start creates and
 * seeds the database.
 */
export async function startServer(id, { readyPath = '/chinese/home', env = {}, readyTimeoutMs = READY_TIMEOUT_MS } = {}) {
  const server = SERVERS[id];
  if (!server) throw new Error(`unknown server "${id}" (known: ${Object.keys(SERVERS).join(', ')})`);
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const child = spawn(process.execPath, server.args(port), {
    cwd: ROOT,
    // DATABASE_URL empty: always the embedded database, even when the shell points at a PostgreSQL.
    // `env` may name a PostgreSQL instead (DATABASE_URL), e.g. one the benchmark started.
    // ISR_FLUSH_TO_DISK=false: pages this run renders from its own database stay in memory, so neither this run
    // nor a later server on another database is served pages (with signed links) rendered from another one.
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_ON_START: 'true',
      // Measure on complete demo data: the server answers only once it is all in.
      DEMO_DATA_IN_BACKGROUND: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ISR_FLUSH_TO_DISK: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const proc = track(child, id, { cleanup: () => rmSync(dataDir, { recursive: true, force: true }) });

  const started = Date.now();
  let last = 'no answer';
  try {
    for (;;) {
      if (proc.exitInfo)
        throw new Error(
          `${server.label} exited (${proc.exitInfo.code ?? proc.exitInfo.signal}) before answering; its last output:\n${proc.tail()}`,
        );
      if (Date.now() - started > readyTimeoutMs)
        throw new Error(`${server.label} did not answer ${readyPath} with 200 within ${readyTimeoutMs / 1000} s (last: ${last})`);
      try {
        const res = await fetchOnce({ port, path: readyPath, timeoutMs: 5_000 });
        if (res.status === 200) break;
        last = `HTTP ${res.status}${res.headers.location ? ` → ${res.headers.location[0]}` : ''}`;
      } catch (error) {
        last = error.code ?? error.message; // not listening yet
      }
      await sleep(500);
    }
  } catch (error) {
    await proc.stop();
    throw error;
  }
  return { id, ...server, port, startSeconds: (Date.now() - started) / 1000, stop: () => proc.stop() };
}

/** Starts bare-server.mjs answering every request with `answer` ({ status, headers, body }). */
export async function startBare(answer) {
  const child = fork(fileURLToPath(new URL('./bare-server.mjs', import.meta.url)), [], {
    cwd: ROOT,
    detached: true,
    serialization: 'advanced', // lets the body travel as a Buffer
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const proc = track(child, 'bare');
  const port = new Promise((resolve) => child.once('message', (m) => resolve(m.port)));
  child.send(answer);
  const ready = await within(Promise.race([port, proc.exited]), 10_000);
  if (!ready || proc.exitInfo) {
    await proc.stop();
    throw new Error(`the bare server did not start; its last output:\n${proc.tail()}`);
  }
  return { port: await port, stop: () => proc.stop() };
}
