// `npm run test:replica` (issue 38.2, docs/adr/0034-read-replica.md): a real primary and a streaming hot standby
// (`pg_basebackup -R -X stream`, Debian's PostgreSQL 15 + PostGIS), one portal process with DATABASE_URL on the primary
// and DATABASE_READ_URL on the standby, and what must hold, checked through its HTTP interfaces:
//
//   1. a catalogue search (image query and STAC) is answered by the standby: with its replay paused, a scene written
//      on the primary is not found, and the standby's transaction count grows with the searches;
//   2. read-your-writes: a client that puts that scene in its cart finds it at once (its marker keeps its reads on the
//      primary), while a client that wrote nothing still reads the standby;
//   3. once replay resumes, the standby has it;
//   4. the standby stopped: searches keep answering (from the primary) without an error, and the process logs one
//      line saying so however many requests meet the outage; started again, it is read again (one more line).
//
// Builds the app first when the build is older than the sources (`next build`). Ports: REPLICA_PORT (portal),
// REPLICA_PG_PORT / REPLICA_STANDBY_PORT (free ones when unset). Not part of `npm test` (a server seeding takes minutes).
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import forge from 'node-forge';
import pg from 'pg';
import { postgresMissing, startPostgres, startStandby } from '../../scripts/bench/postgres.mjs';
import { ensureBuild, freePort, ROOT, stopAll, track } from '../../scripts/bench/server.mjs';

const began = Date.now();
const CAPTCHA = 'REPL38';
const PASSWORD = process.env.DEMO_PASSWORD || 'Demo@2026';
const LOGIN = '/api/usercenter/v1/userinfo/login';
const READY_TIMEOUT_MS = 15 * 60_000;
const FALLBACK_LINE = 'read replica not used';
const BACK_LINE = 'read replica usable again';

const results = [];
let failed = 0;
function check(name, ok, detail = '') {
  results.push({ name, ok, detail });
  if (!ok) failed++;
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? ` — ${detail}` : ''}`);
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

async function request(port, pathname, { method = 'GET', token, cookie, body } = {}) {
  const res = await fetch(`http://127.0.0.1:${port}${pathname}`, {
    method,
    redirect: 'manual',
    headers: {
      'accept-encoding': 'identity',
      ...(token ? { token } : {}),
      ...(cookie ? { cookie } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, headers: res.headers, text, json };
}

function encryptPassword(publicKeyPem, password) {
  const key = forge.pki.publicKeyFromPem(publicKeyPem);
  const plain = forge.util.encodeUtf8(JSON.stringify({ p: password, t: Date.now() }));
  return forge.util.encode64(key.encrypt(plain, 'RSA-OAEP', { md: forge.md.sha256.create(), mgf1: { md: forge.md.sha256.create() } }));
}

async function login(port, username) {
  const captchaToken = randomBytes(16).toString('hex');
  await request(port, `${LOGIN}/captcha?token=${captchaToken}`);
  const key = await request(port, `${LOGIN}/publickey`);
  const answer = await request(port, LOGIN, {
    method: 'POST',
    body: { username, password: encryptPassword(key.json.data.publicKey, PASSWORD), captcha: CAPTCHA, token: captchaToken },
  });
  return answer.json?.data;
}

/** The portal's log lines about the read replica, as they come. */
const replicaLines = [];

async function startPortal(port, env) {
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const proc = track(child, 'portal', { echoStderr: false });
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      for (const line of lines) if (/read replica|DATABASE_READ_URL/.test(line)) replicaLines.push(line);
    });
  }
  const started = Date.now();
  for (;;) {
    if (proc.exitInfo)
      throw new Error(`the portal exited (${proc.exitInfo.code ?? proc.exitInfo.signal}) before answering:\n${proc.tail()}`);
    if (Date.now() - started > READY_TIMEOUT_MS)
      throw new Error(`the portal did not answer within ${READY_TIMEOUT_MS / 1000} s:\n${proc.tail()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/english/home`, { signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  console.log(`[replica] portal ready on port ${port} in ${seconds(Date.now() - started)}`);
  return proc;
}

async function within(boundMs, probe) {
  const started = Date.now();
  while (Date.now() - started < boundMs) {
    if (await probe()) return Date.now() - started;
    await sleep(250);
  }
  return null;
}

async function main() {
  const missing = postgresMissing();
  if (missing) throw new Error(missing);
  const built = await ensureBuild();
  console.log(`[replica] build ${built ? 'made' : 'up to date'} (${seconds(Date.now() - began)})`);

  const primary = await startPostgres({ port: process.env.REPLICA_PG_PORT ? Number(process.env.REPLICA_PG_PORT) : undefined });
  const admin = new pg.Client({ connectionString: primary.url });
  await admin.connect();
  await admin.query('CREATE DATABASE portal_replica');
  await admin.end();
  const standby = await startStandby(primary, {
    port: process.env.REPLICA_STANDBY_PORT ? Number(process.env.REPLICA_STANDBY_PORT) : undefined,
  });
  const primaryUrl = primary.url.replace(/\/postgres$/, '/portal_replica');
  const standbyUrl = standby.url.replace(/\/postgres$/, '/portal_replica');
  console.log(`[replica] primary on ${primary.port}, standby on ${standby.port} (${seconds(Date.now() - began)})`);
  const onPrimary = new pg.Pool({ connectionString: primaryUrl, max: 2 });
  const onStandby = () => {
    const client = new pg.Client({ connectionString: standbyUrl });
    return client
      .connect()
      .then(() => client)
      .catch(async (error) => {
        await client.end().catch(() => {});
        throw error;
      });
  };
  const standbyQuery = async (sql) => {
    const client = await onStandby();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  };

  const port = process.env.REPLICA_PORT ? Number(process.env.REPLICA_PORT) : await freePort();
  const data = mkdtempSync(path.join(os.tmpdir(), 'portal-replica-'));
  let probe = null;
  try {
    await startPortal(port, {
      DATABASE_URL: primaryUrl,
      DATABASE_READ_URL: standbyUrl,
      // Wide enough that the standby, its replay paused for the checks below, stays usable meanwhile.
      DATABASE_READ_MAX_LAG_MS: '120000',
      DATA_DIR: data,
      FILE_STORAGE_DIR: path.join(data, 'files'),
      SITE_URL: `http://127.0.0.1:${port}`,
      CAPTCHA_FIXED_ANSWER: CAPTCHA,
      SEED_ON_START: 'true',
      DEMO_DATA_IN_BACKGROUND: 'false',
      DEMO_CATALOGUE_SCENES: process.env.DEMO_CATALOGUE_SCENES || '1000',
      ISR_FLUSH_TO_DISK: 'false',
      JOB_WORKER: 'off',
      // Info: the line that says the standby is read again is one.
      LOG_LEVEL: 'info',
    });
    const [{ recovery }] = await standbyQuery('SELECT pg_is_in_recovery() AS recovery');
    check('the standby is a hot standby streaming from the primary', recovery === true, `pg_is_in_recovery() = ${recovery}`);
    // The routing starts with the first read of published data (a search), and reads the standby once a check has
    // found it caught up.
    const usable = await within(10_000, async () => {
      await request(port, '/api/normal/v5/normalmeta/filename?filename=warm-up');
      return replicaLines.some((l) => l.includes('go to the read replica'));
    });
    check('the portal reads the standby once it has checked it', usable !== null, replicaLines.join(' | ') || 'no line');

    // 1. Replay paused: what the primary has next, the standby does not.
    await standbyQuery('SELECT pg_wal_replay_pause()');
    const stamp = Date.now().toString(36);
    const sceneId = `REPLICA38-${stamp}`;
    const fileName = `REPLICA38_${stamp}_probe.tar.gz`;
    // A copy of a demo scene under a new id and file name (a temporary table: on one connection).
    probe = await onPrimary.connect();
    await probe.query(`CREATE TEMP TABLE probe AS SELECT * FROM scenes WHERE source = 'demo' ORDER BY id LIMIT 1`);
    await probe.query(`UPDATE probe SET id = $1, file_name = $2`, [sceneId, fileName]);
    await probe.query(`INSERT INTO scenes SELECT * FROM probe`);
    const byName = `/api/normal/v5/normalmeta/filename?filename=${encodeURIComponent(fileName)}`;
    const stac = `/api/stac/v1/search?ids=${encodeURIComponent(sceneId)}`;
    const xacts = async () =>
      Number((await standbyQuery(`SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = 'portal_replica'`))[0].n);
    const before = await xacts();
    const anonymous = await request(port, byName);
    const stacAnswer = await request(port, stac);
    const search = await request(port, '/api/normal/v5/normalmeta/base', {
      method: 'POST',
      body: { filter: {}, pageNum: 1, pageSize: 5 },
    });
    for (let i = 0; i < 20; i++) await request(port, byName);
    await sleep(1_500); // statistics are flushed at most once a second
    const after = await xacts();
    check(
      'a catalogue search by file name is answered by the standby (replay paused: the new scene is not found)',
      anonymous.status === 200 && anonymous.json?.data?.total === 0,
      `HTTP ${anonymous.status}, total ${anonymous.json?.data?.total}`,
    );
    check(
      'a STAC search is answered by the standby',
      stacAnswer.status === 200 && Array.isArray(stacAnswer.json?.features) && stacAnswer.json.features.length === 0,
      `HTTP ${stacAnswer.status}, ${stacAnswer.json?.features?.length} features`,
    );
    check('the image query’s search answers from the standby without an error', search.status === 200, `HTTP ${search.status}`);
    check(
      'the standby counted the searches as its own transactions',
      after - before >= 20,
      `${after - before} transactions on the standby`,
    );

    // 2. Read-your-writes: the scene into a cart, then the same client searches.
    const token = await login(port, 'demo-personal');
    check('a user signs in', typeof token === 'string');
    const readsBefore = await request(port, byName, { token });
    check(
      'a signed-in client that wrote nothing since reads the standby too',
      readsBefore.json?.data?.total === 0,
      `total ${readsBefore.json?.data?.total}`,
    );
    const added = await request(port, '/api/order/v3/ordercart', { method: 'POST', token, body: { ids: [sceneId] } });
    const marker = (added.headers.getSetCookie?.() ?? []).find((c) => c.startsWith('db_wrote='));
    check(
      'putting the scene in the cart answers with the client’s write marker',
      added.status === 200 && Boolean(marker),
      `HTTP ${added.status} ${JSON.stringify(added.json)?.slice(0, 100)}; ${marker ?? 'no marker cookie'}`,
    );
    const cookie = marker?.split(';')[0];
    const own = await request(port, byName, { token, cookie });
    const cart = await request(port, '/api/order/v3/ordercart/own', { token, cookie });
    check(
      'the same client’s next search reads the primary and finds the scene at once',
      own.status === 200 && own.json?.data?.total === 1,
      `HTTP ${own.status}, total ${own.json?.data?.total}`,
    );
    check(
      'its cart lists the scene (the cart always reads the primary)',
      cart.status === 200 && JSON.stringify(cart.json?.data ?? null).includes(sceneId),
      `HTTP ${cart.status}`,
    );
    const others = await request(port, byName);
    check('another client still reads the standby', others.json?.data?.total === 0, `total ${others.json?.data?.total}`);

    // 3. Replay resumed: the standby catches up.
    await standbyQuery('SELECT pg_wal_replay_resume()');
    const caughtUp = await within(10_000, async () => (await request(port, byName)).json?.data?.total === 1);
    check(
      'with replay resumed, the standby has the scene',
      caughtUp !== null,
      caughtUp !== null ? `after ${seconds(caughtUp)}` : 'not within 10 s',
    );

    // 4. The standby stopped: reads fall back, one log line.
    const linesBefore = replicaLines.length;
    await standby.halt();
    const statuses = [];
    const totals = [];
    const stopped = Date.now();
    for (let i = 0; i < 30; i++) {
      const answer = await request(port, i % 3 === 2 ? stac : byName);
      statuses.push(answer.status);
      totals.push(i % 3 === 2 ? answer.json?.features?.length : answer.json?.data?.total);
    }
    const outageMs = Date.now() - stopped;
    const fallbackLines = replicaLines.slice(linesBefore).filter((l) => l.includes(FALLBACK_LINE));
    check(
      'with the standby stopped, 30 searches all answer 200 from the primary',
      statuses.every((s) => s === 200) && totals.every((n) => n === 1),
      `statuses ${[...new Set(statuses)].join(',')}, found ${totals.join('')}, in ${seconds(outageMs)}`,
    );
    await sleep(3_000); // a few health checks more
    const stillOne = replicaLines.slice(linesBefore).filter((l) => l.includes(FALLBACK_LINE));
    // Nothing else about the standby at warn or error either (e.g. one line per pooled connection it cut).
    const loud = replicaLines.slice(linesBefore).filter((l) => /"level":"(warn|error)"/.test(l));
    check(
      'the fallback is logged in one line',
      stillOne.length === 1 && fallbackLines.length === 1 && loud.length === 1,
      loud.join(' | ') || 'no line',
    );

    await standby.start();
    const back = await within(20_000, async () => replicaLines.slice(linesBefore).some((l) => l.includes(BACK_LINE)));
    check(
      'started again, the standby is read again (one line)',
      back !== null && replicaLines.slice(linesBefore).filter((l) => l.includes(BACK_LINE)).length === 1,
      back !== null ? `after ${seconds(back)}` : 'no line within 20 s',
    );
    await standbyQuery('SELECT pg_wal_replay_pause()');
    const stamp2 = `${stamp}b`;
    await probe.query(`UPDATE probe SET id = $1, file_name = $2`, [`REPLICA38-${stamp2}`, `REPLICA38_${stamp2}_probe.tar.gz`]);
    await probe.query(`INSERT INTO scenes SELECT * FROM probe`);
    const again = await request(port, `/api/normal/v5/normalmeta/filename?filename=REPLICA38_${stamp2}_probe.tar.gz`);
    check('and answers the searches again', again.json?.data?.total === 0, `total ${again.json?.data?.total} (replay paused)`);
    await standbyQuery('SELECT pg_wal_replay_resume()');
  } finally {
    probe?.release();
    await onPrimary.end().catch(() => {});
    await stopAll();
    rmSync(data, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (error) {
  failed++;
  console.error(error instanceof Error ? error.stack : error);
  await stopAll();
}
console.log(`\n[replica] ${results.filter((r) => r.ok).length} of ${results.length} checks passed; ${seconds(Date.now() - began)} in all`);
process.exit(failed ? 1 : 0);
