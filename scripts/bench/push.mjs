// Issue 35: push delivery at scale, on PostgreSQL (`npm run bench -- push`). A throw-away PostgreSQL + PostGIS,
// migrated and seeded by `npm run db:seed` (demo data, a small catalogue); then (push-work.mjs) 50 push users with
// image grants over one province each and 1,000 subscriptions (60 % webhooks to a receiver this bench runs on
// loopback, 30 % e-mail digests, 10 % feeds), made through the subscription service with its checks. Two job worker
// processes run the portal's own job handlers; then a load of 100,000 new scenes (the demo generator) commits.
// Measured from that commit: (1) until every push batch is cut and every subscription matched (no announcement, cut
// or match job left), (2) until every webhook delivery reached the receiver. Budget: (2) ≤ 60 s. Checked: no
// delivery received twice, none lost (what the receiver got adds up to what was matched, per subscription), and each
// push user's batch holds exactly the scenes an independent SQL over their grants selects.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import pg from 'pg';
import { runChild, tsxArgs } from './catalogue.mjs';
import { postgresMissing, startPostgres } from './postgres.mjs';
import { ROOT, track } from './server.mjs';

export const id = 'push';
export const onlyWhenNamed = true;
/** The job handlers run in worker processes of their own: no portal server, no build. */
export const needsBuild = false;
export const title = 'Push delivery: a load of 100,000 scenes to 50 push users and 1,000 subscriptions, two workers (PostgreSQL)';
export const timeLimitSeconds = () => 1_200;

const SCENES = Number(process.env.BENCH_PUSH_SCENES || 100_000);
const PUSH_USERS = Number(process.env.BENCH_PUSH_USERS || 50);
const SUBSCRIPTIONS = Number(process.env.BENCH_PUSH_SUBSCRIPTIONS || 1_000);
const BUDGET_SECONDS = 60;
const WAIT_LIMIT_MS = 600_000;
const QUEUE_KINDS = ['catalogue.scenes_loaded', 'push.cut_image_batches', 'subscriptions.match', 'subscriptions.match_slice'];
const SEND_KIND = 'subscriptions.send';

const fmt = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '—');

/** The receiver: every POST is counted by its delivery id and subscription; 204 to each. */
function startReceiver() {
  const byDelivery = new Map();
  const bySubscription = new Map();
  let duplicates = 0;
  let last = 0;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const deliveryId = String(req.headers['x-delivery-id'] ?? '');
      const subscriptionId = String(req.headers['x-subscription-id'] ?? '');
      let count = 0;
      try {
        count = Number(JSON.parse(Buffer.concat(chunks).toString()).count) || 0;
      } catch {
        count = 0;
      }
      if (byDelivery.has(deliveryId)) duplicates++;
      else {
        byDelivery.set(deliveryId, count);
        bySubscription.set(subscriptionId, (bySubscription.get(subscriptionId) ?? 0) + count);
      }
      last = Date.now();
      res.writeHead(204).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        stats: () => ({ deliveries: byDelivery.size, duplicates, bySubscription, last }),
        close: () => new Promise((r) => server.close(r)),
      }),
    ),
  );
}

/** A job worker process (push-work.mjs worker); it stops when its stdin closes. */
function startWorker(url, name, env) {
  const child = spawn(process.execPath, tsxArgs('scripts/bench/push-work.mjs', 'worker', url, name), {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  const proc = track(child, name, { echoStderr: false });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (t) => (stdout += t));
  child.stderr.on('data', (t) => (stderr = (stderr + t).slice(-4000)));
  const done = new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
  return {
    stop: async () => {
      child.stdin.end();
      const result = await Promise.race([done, new Promise((r) => setTimeout(() => r(null), 30_000))]);
      if (!result) await proc.stop();
      return result;
    },
  };
}

export async function run({ log }) {
  const missing = postgresMissing();
  if (missing) throw new Error(missing);
  let db;
  let receiver;
  const workers = [];
  try {
    log('starting a throw-away PostgreSQL + PostGIS, migrating and seeding it (demo data, 2,000 demo scenes)…');
    db = await startPostgres();
    const env = { DATABASE_URL: db.url, LOG_LEVEL: 'warn', WEBHOOK_ALLOW_LOOPBACK: 'true', SITE_URL: 'http://localhost:3000' };
    await runChild(process.execPath, tsxArgs('scripts/db-seed.ts', '--catalogue', '2000'), { env, log, name: 'db:seed' });
    receiver = await startReceiver();
    const made = JSON.parse(
      (
        await runChild(
          process.execPath,
          tsxArgs('scripts/bench/push-work.mjs', 'setup', db.url, receiver.url, String(PUSH_USERS), String(SUBSCRIPTIONS)),
          { env, log, name: 'push-setup' },
        )
      ).stdout.trim(),
    );
    log(
      `  ${made.pushUsers} push users; subscriptions: ${Object.entries(made.made)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ')}`,
    );
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    // What the seed queued (the demo loads' announcements, digests) is not this bench's: only the bench load counts.
    await client.query(`UPDATE jobs SET done_at = now() WHERE done_at IS NULL AND failed_at IS NULL`);
    workers.push(startWorker(db.url, 'push-worker-a', env), startWorker(db.url, 'push-worker-b', env));
    log(`loading ${SCENES.toLocaleString('en')} new scenes (the demo generator, one load)…`);
    const loaded = JSON.parse(
      (
        await runChild(process.execPath, tsxArgs('scripts/bench/push-work.mjs', 'load', db.url, String(SCENES)), {
          env,
          log,
          name: 'push-load',
        })
      ).stdout.trim(),
    );
    const t0 = loaded.committedAt;
    log(`  load ${loaded.loadId} committed; waiting for the workers…`);
    const open = async (kinds) =>
      (
        await client.query(`SELECT count(*)::int AS n FROM jobs WHERE kind = ANY ($1::text[]) AND done_at IS NULL AND failed_at IS NULL`, [
          kinds,
        ])
      ).rows[0].n;
    const failedJobs = async () =>
      (
        await client.query(
          `SELECT kind, last_error FROM jobs WHERE failed_at IS NOT NULL AND created_at >= to_timestamp($1 / 1000.0) - interval '1 minute'`,
          [t0],
        )
      ).rows;
    let queuedAt = null;
    let deliveredAt = null;
    const deadline = Date.now() + WAIT_LIMIT_MS;
    while (Date.now() < deadline) {
      if (queuedAt === null && (await open(QUEUE_KINDS)) === 0) {
        queuedAt = Date.now();
        log(`  every batch cut and every subscription matched after ${fmt((queuedAt - t0) / 1000)} s`);
      }
      if (queuedAt !== null && (await open([SEND_KIND])) === 0) {
        deliveredAt = Date.now();
        break;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    if (deliveredAt === null) throw new Error(`the deliveries did not finish within ${WAIT_LIMIT_MS / 1000} s`);
    const lastReceived = receiver.stats().last;
    const deliveredSeconds = (Math.max(deliveredAt, lastReceived) - t0) / 1000;
    const failed = await failedJobs();
    const expected = JSON.parse(
      (
        await runChild(process.execPath, tsxArgs('scripts/bench/push-work.mjs', 'expected', db.url, loaded.loadId), {
          env,
          log,
          name: 'push-check',
        })
      ).stdout.trim(),
    );
    const stats = receiver.stats();
    const lost = expected.webhooks.filter((w) => (stats.bySubscription.get(w.id) ?? 0) !== w.matched);
    const got = new Map(expected.batches.got.map((b) => [b.user_id, b]));
    const batchMismatch = expected.batches.expected.filter((e) => {
      const g = got.get(e.user_id);
      return !g || g.batches !== 1 || g.n !== e.n || g.listed !== e.n;
    });
    const extraBatches = expected.batches.got.filter((g) => !expected.batches.expected.some((e) => e.user_id === g.user_id));
    const matched = expected.webhooks.reduce((a, w) => a + w.matched, 0);
    const queuedSeconds = (queuedAt - t0) / 1000;
    const ok =
      batchMismatch.length === 0 && extraBatches.length === 0 && lost.length === 0 && stats.duplicates === 0 && failed.length === 0;
    const rows = [
      { name: 'load committed → every batch cut, every subscription matched', seconds: queuedSeconds, extra: '' },
      {
        name: 'load committed → every webhook delivery received',
        seconds: deliveredSeconds,
        extra: `${stats.deliveries} deliveries, ${matched.toLocaleString('en')} scenes`,
      },
    ];
    const notes = [
      `${loaded.scenes.toLocaleString('en')} scenes in one load; ${PUSH_USERS} push users, subscriptions ${Object.entries(made.made)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ')}; two worker processes`,
      `batches: ${expected.batches.got.length} cut (${expected.batches.expected.length} expected by an independent SQL over the grants), ${batchMismatch.length} differing, ${extraBatches.length} unexpected`,
      `subscriptions: ${expected.items.n.toLocaleString('en')} scenes matched (${expected.items.undelivered.toLocaleString('en')} wait for their digest or feed); webhooks: duplicates ${stats.duplicates}, subscriptions short of what was matched ${lost.length}; failed jobs ${failed.length}`,
    ];
    await client.end();
    return {
      columns: [
        ['measure', (r) => r.name, 'left'],
        ['seconds', (r) => fmt(r.seconds)],
        ['', (r) => r.extra, 'left'],
      ],
      rows,
      budget: {
        text: `load → every webhook delivered ≤ ${BUDGET_SECONDS} s, no duplicate, no loss`,
        on: 'PostgreSQL, two job workers',
        versus: `${BUDGET_SECONDS} s`,
        value: ok ? BUDGET_SECONDS / deliveredSeconds : 0,
        target: 1,
        pass: ok && deliveredSeconds <= BUDGET_SECONDS,
      },
      notes,
      ...(ok
        ? {}
        : {
            failures: [{ server: 'portal', error: `wrong deliveries: ${notes.slice(1).join('; ')} ${JSON.stringify(failed.slice(0, 3))}` }],
          }),
    };
  } finally {
    for (const w of workers) await w.stop();
    await receiver?.close();
    // BENCH_PUSH_KEEP_DB=<seconds> keeps the database that long after the run, to look into (its URL is printed).
    const keep = Number(process.env.BENCH_PUSH_KEEP_DB || 0);
    if (keep > 0 && db) {
      log(`database kept for ${keep} s: ${db.url}`);
      await new Promise((r) => setTimeout(r, keep * 1000));
    }
    await db?.stop();
  }
}
