// `npm run test:scale` (issue 38.1, docs/adr/0035-shared-limits.md): two real portal processes (`node server.mjs`) on
// one throw-away PostgreSQL, started as an operator would run them behind a proxy — the same build, DATABASE_URL,
// secrets and SITE_URL — and what must hold across them, checked through their HTTP interfaces:
//
//   1. a session made on one works on the other, and a logout on one ends it on both;
//   2. the captcha limit counts one address's requests to both processes together (alternating, the limit is hit
//      once, not once per process);
//   3. the login lock-out counts failures made through either process;
//   4. an editor's publish through one is on the other's cached (ISR) news page within a few seconds;
//   5. a dataset loaded anew (its version bumped in the database) empties the other's kept map tiles within a few
//      seconds;
//   6. jobs queued once are each done once, with both processes' workers polling (FOR UPDATE SKIP LOCKED).
//
// Builds the app first when the build is older than the sources (`next build`). Needs Debian's PostgreSQL 15 and
// PostGIS (as .ci/run installs them). Ports: SCALE_PORT_A / SCALE_PORT_B / SCALE_PG_PORT, free ones when unset.
// Not part of `npm test` (it takes minutes: two servers seeding and rendering on this machine).
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import forge from 'node-forge';
import pg from 'pg';
import { postgresMissing, startPostgres } from '../../scripts/bench/postgres.mjs';
import { ensureBuild, freePort, ROOT, stopAll, track } from '../../scripts/bench/server.mjs';

const began = Date.now();
const CAPTCHA = 'SCALE38';
const CAPTCHA_LIMIT = 8;
const PASSWORD = process.env.DEMO_PASSWORD || 'Demo@2026';
const LOGIN = '/api/usercenter/v1/userinfo/login';
/** How long a change made through one process may take to show through the other. */
const PROPAGATION_BOUND_MS = 10_000;
const READY_TIMEOUT_MS = 15 * 60_000;

const results = [];
let failed = 0;
function check(name, ok, detail = '') {
  results.push({ name, ok, detail });
  if (!ok) failed++;
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? ` — ${detail}` : ''}`);
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** One request to a process, as a client behind the proxy at address `ip` (the proxy's X-Forwarded-For). */
async function request(port, pathname, { method = 'GET', ip = '10.38.0.1', token, body, headers = {} } = {}) {
  const res = await fetch(`http://127.0.0.1:${port}${pathname}`, {
    method,
    redirect: 'manual',
    headers: {
      'x-forwarded-for': ip,
      'accept-encoding': 'identity',
      ...(token ? { token } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // a page, an image or SVG
  }
  return { status: res.status, headers: res.headers, text, json };
}

function encryptPassword(publicKeyPem, password) {
  const key = forge.pki.publicKeyFromPem(publicKeyPem);
  const plain = forge.util.encodeUtf8(JSON.stringify({ p: password, t: Date.now() }));
  return forge.util.encode64(key.encrypt(plain, 'RSA-OAEP', { md: forge.md.sha256.create(), mgf1: { md: forge.md.sha256.create() } }));
}

/** The login form's steps (captcha image for a fresh token, public key, encrypted password); the API's answer. */
async function login(port, username, password, ip) {
  const captchaToken = randomBytes(16).toString('hex');
  const image = await request(port, `${LOGIN}/captcha?token=${captchaToken}`, { ip });
  if (image.status !== 200) return { status: image.status, json: image.json, step: 'captcha' };
  const key = await request(port, `${LOGIN}/publickey`, { ip });
  const answer = await request(port, LOGIN, {
    method: 'POST',
    ip,
    body: { username, password: encryptPassword(key.json.data.publicKey, password), captcha: CAPTCHA, token: captchaToken },
  });
  return { status: answer.status, json: answer.json, step: 'login' };
}

async function startPortal(name, port, env) {
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const proc = track(child, name, { echoStderr: false });
  const started = Date.now();
  for (;;) {
    if (proc.exitInfo) throw new Error(`${name} exited (${proc.exitInfo.code ?? proc.exitInfo.signal}) before answering:\n${proc.tail()}`);
    if (Date.now() - started > READY_TIMEOUT_MS)
      throw new Error(`${name} did not answer within ${READY_TIMEOUT_MS / 1000} s:\n${proc.tail()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/english/home`, { signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  console.log(`[scale] ${name} ready on port ${port} in ${seconds(Date.now() - started)}`);
  return proc;
}

/** Polls `probe` until it returns true; the time it took, or null after `boundMs`. */
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
  console.log(`[scale] build ${built ? 'made' : 'up to date'} (${seconds(Date.now() - began)})`);

  const postgres = await startPostgres({ port: process.env.SCALE_PG_PORT ? Number(process.env.SCALE_PG_PORT) : undefined });
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('CREATE DATABASE portal_scale');
  await admin.end();
  const databaseUrl = postgres.url.replace(/\/postgres$/, '/portal_scale');
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });

  const [portA, portB] = [
    process.env.SCALE_PORT_A ? Number(process.env.SCALE_PORT_A) : await freePort(),
    process.env.SCALE_PORT_B ? Number(process.env.SCALE_PORT_B) : await freePort(),
  ];
  // What an operator keeps identical across the processes: database, secrets, public address, stored files.
  const shared = mkdtempSync(path.join(os.tmpdir(), 'portal-scale-'));
  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: shared,
    FILE_STORAGE_DIR: path.join(shared, 'files'),
    SESSION_SECRET: randomBytes(48).toString('base64url'),
    FILE_URL_SECRET: randomBytes(48).toString('base64url'),
    SITE_URL: `http://127.0.0.1:${portA}`,
    // Behind one proxy (nginx in production): the client's address is the X-Forwarded-For entry it appends.
    TRUSTED_PROXY_COUNT: '1',
    CAPTCHA_FIXED_ANSWER: CAPTCHA,
    CAPTCHA_RATE_PER_MINUTE: String(CAPTCHA_LIMIT),
    SEED_ON_START: 'true',
    DEMO_DATA_IN_BACKGROUND: 'false',
    DEMO_CATALOGUE_SCENES: process.env.DEMO_CATALOGUE_SCENES || '3000',
    ISR_FLUSH_TO_DISK: 'false',
    JOB_POLL_MS: '200',
    LOG_LEVEL: 'warn',
  };
  try {
    // The first process migrates and seeds the empty database; the second finds it ready.
    await startPortal('portal A', portA, env);
    await startPortal('portal B', portB, env);
    const A = portA;
    const B = portB;

    // 1. A session made on one process works on the other.
    const adminLogin = await login(A, 'demo-admin', PASSWORD, '10.38.1.1');
    const token = adminLogin.json?.data;
    check(
      'login through A',
      adminLogin.status === 200 && typeof token === 'string',
      `HTTP ${adminLogin.status} ${JSON.stringify(adminLogin.json)?.slice(0, 120)}`,
    );
    const detailOnB = await request(B, '/api/usercenter/v1/userinfo/detail', { token, ip: '10.38.1.1' });
    check(
      'the session made on A works on B',
      detailOnB.status === 200 && detailOnB.json?.data?.username === 'demo-admin',
      `HTTP ${detailOnB.status}`,
    );

    // 4. An editor's publish through A shows on B's cached news page.
    const editor = (await login(B, 'demo-editor', PASSWORD, '10.38.4.1')).json?.data;
    const listPath = '/english/platform/newsList/trend';
    const stamp = Date.now().toString(36);
    const title = `Scale-out check ${stamp}`;
    for (const port of [A, B, B]) await request(port, listPath, { ip: '10.38.4.2' }); // rendered and kept by both
    check('before the publish, B does not list the item', !(await request(B, listPath, { ip: '10.38.4.2' })).text.includes(title));
    const created = await request(A, '/api/news/v3/manage', {
      method: 'POST',
      token: editor,
      ip: '10.38.4.1',
      body: {
        type: 1,
        titleEn: title,
        bodyEn: '<p>Published through process A.</p>',
        titleZh: `扩展检查 ${stamp}`,
        bodyZh: '<p>经进程 A 发布。</p>',
      },
    });
    const newsId = created.json?.data?.id;
    const published = await request(A, `/api/news/v3/manage/id/${newsId}/status`, {
      method: 'POST',
      token: editor,
      ip: '10.38.4.1',
      body: { status: 'published' },
    });
    check(
      'an editor publishes through A',
      created.status === 200 && published.status === 200,
      `create HTTP ${created.status}, publish HTTP ${published.status}`,
    );
    const onA = await within(PROPAGATION_BOUND_MS, async () => (await request(A, listPath, { ip: '10.38.4.2' })).text.includes(title));
    const onB = await within(PROPAGATION_BOUND_MS, async () => (await request(B, listPath, { ip: '10.38.4.2' })).text.includes(title));
    check(
      'the published item is on A’s news page',
      onA !== null,
      onA !== null ? `after ${seconds(onA)}` : `not within ${seconds(PROPAGATION_BOUND_MS)}`,
    );
    check(
      'the published item is on B’s cached news page within a few seconds',
      onB !== null,
      onB !== null ? `after ${seconds(onB)} more` : `not within ${seconds(PROPAGATION_BOUND_MS)}`,
    );

    // 5. A dataset loaded anew: B's kept map tiles are drawn again.
    const tile =
      '/map/gwc/service/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=cloudPlatform:region&STYLE=vec&TILEMATRIXSET=EPSG:900913&TILEMATRIX=EPSG:900913:4&TILEROW=6&TILECOL=13&FORMAT=image/png';
    await request(B, tile);
    const kept = (await request(B, tile)).headers.get('x-tile-cache');
    await db.query(
      `UPDATE dataset_versions SET version = version || '-scale', loaded_at = now() WHERE name = (SELECT min(name) FROM dataset_versions)`,
    );
    const redrawn = await within(PROPAGATION_BOUND_MS, async () => (await request(B, tile)).headers.get('x-tile-cache') === 'MISS');
    check('B keeps a drawn tile', kept === 'HIT', `x-tile-cache ${kept}`);
    check(
      'a dataset version changed elsewhere empties B’s kept tiles within a few seconds',
      redrawn !== null,
      redrawn !== null ? `after ${seconds(redrawn)}` : 'never',
    );

    // 6. Jobs queued once are each done once (both workers poll every 200 ms): 40 "order ready" e-mails for an order
    // made here, each job's effect one outbox row committed with the job.
    const [order] = (
      await db.query(
        `INSERT INTO orders (code, user_id, purpose, contact_name, contact_email, idempotency_key, item_count)
         SELECT 'DD' || to_char(clock_timestamp(), 'YYYYMMDDHH24MISS'), id, 'scale-out check', 'Scale', 'scale@example.com', gen_random_uuid(), 1
           FROM users WHERE username = 'demo-admin'
         RETURNING id::text AS id`,
      )
    ).rows;
    const JOBS = 40;
    const outbox = async () => Number((await db.query(`SELECT count(*) AS n FROM outbox WHERE recipient = 'scale@example.com'`)).rows[0].n);
    const before = await outbox();
    await db.query(
      `INSERT INTO jobs (kind, payload, dedupe_key)
       SELECT 'order.notify_ready', jsonb_build_object('orderId', $1::text), 'scale-' || $2 || '-' || g FROM generate_series(1, $3) g`,
      [order.id, stamp, JOBS],
    );
    const done = await within(120_000, async () => {
      const { rows } = await db.query(
        `SELECT count(*) AS open FROM jobs WHERE dedupe_key LIKE $1 AND done_at IS NULL AND failed_at IS NULL`,
        [`scale-${stamp}-%`],
      );
      return Number(rows[0].open) === 0;
    });
    const { rows } = await db.query(
      `SELECT count(*) FILTER (WHERE done_at IS NOT NULL AND attempts = 1) AS once, count(*) AS n FROM jobs WHERE dedupe_key LIKE $1`,
      [`scale-${stamp}-%`],
    );
    const sent = (await outbox()) - before;
    check(
      `${JOBS} jobs queued once are each done once by the two workers`,
      done !== null && Number(rows[0].once) === JOBS && sent === JOBS,
      `${rows[0].once} of ${rows[0].n} done at the first attempt, ${sent} e-mails queued${done !== null ? `, in ${seconds(done)}` : ', not all done'}`,
    );

    // 2. The captcha limit counts both processes together.
    const captchaIp = '10.38.2.1';
    const statuses = [];
    for (let i = 0; i < CAPTCHA_LIMIT + 2; i++) {
      const res = await request(i % 2 === 0 ? A : B, `${LOGIN}/captcha?token=${randomBytes(16).toString('hex')}`, { ip: captchaIp });
      statuses.push(res.status);
    }
    const allowed = statuses.filter((s) => s === 200).length;
    check(
      `the captcha limit (${CAPTCHA_LIMIT} a minute) holds over both processes, requests alternating`,
      allowed === CAPTCHA_LIMIT && statuses.slice(CAPTCHA_LIMIT).every((s) => s === 429),
      `answers ${statuses.join(' ')}`,
    );

    // 3. The login lock-out counts failures through both processes.
    const lockIp = '10.38.3.1';
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await login(i % 2 === 0 ? A : B, 'demo-admin', 'wrong-password-1', lockIp)).json?.code);
    const afterFailures = await login(B, 'demo-admin', PASSWORD, lockIp);
    check(
      'five failed logins alternating A and B lock the account for that address',
      codes.every((c) => c === 1001) && afterFailures.json?.code === 429,
      `codes ${codes.join(' ')}, then the right password: code ${afterFailures.json?.code}`,
    );

    // 1 (end). A logout on B ends the session on A.
    const logout = await request(B, '/api/usercenter/v1/userinfo/logout', { method: 'POST', token, ip: '10.38.1.1' });
    const afterLogout = await request(A, '/api/usercenter/v1/userinfo/detail', { token, ip: '10.38.1.1' });
    check(
      'a logout through B ends the session on A',
      logout.status === 200 && afterLogout.status === 401,
      `logout HTTP ${logout.status}, then A: HTTP ${afterLogout.status}`,
    );
  } finally {
    await db.end().catch(() => {});
    await stopAll();
    rmSync(shared, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (error) {
  failed++;
  console.error(error instanceof Error ? error.stack : error);
  await stopAll();
}
console.log(`\n[scale] ${results.filter((r) => r.ok).length} of ${results.length} checks passed; ${seconds(Date.now() - began)} in all`);
process.exit(failed ? 1 : 0);
