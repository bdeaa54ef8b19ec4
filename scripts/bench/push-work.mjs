// Helper of the push benchmark (push.mjs starts it with tsx, once per role). argv[2] the role, argv[3] the
// PostgreSQL URL (migrated and seeded by db:seed), then the role's arguments. Prints one JSON document.
//   setup RECEIVER PUSH_USERS SUBSCRIPTIONS — push users (provincial nodes and dedicated lines) with image grants over
//     one province each, and subscription owners with at most 20 saved searches each (a city or an extent, some with
//     a cloud limit): 60 % webhooks to RECEIVER, 30 % e-mail digests, 10 % feeds; made through the service, as the
//     API makes them (checks included).
//   load N — a demo catalogue of N new scenes (replacing the demo scenes), announced once committed; prints when.
//   worker ID — runs the portal's job handlers (lib/server/composition/jobs.ts) until stdin closes.
//   expected LOAD_ID — per push user, the load's scenes their grants select, counted independently of the portal's
//     code (plain SQL over the grants), and per webhook subscription what was matched.
import { catalogueSeedStep } from '../../lib/server/catalogue/index.ts';
import { JOB_WORKER_SETUP } from '../../lib/server/composition/jobs.ts';
import { createPostgresDatabase } from '../../lib/server/db/postgres.ts';
import { runDueJobs } from '../../lib/server/jobs/runner.ts';
import { createSubscription } from '../../lib/server/subscriptions/service.ts';
import { MISSIONS } from '../../lib/shared/catalogue/missions.ts';
import { SELECT_MODES } from '../../lib/shared/contracts/catalogue.ts';
import { createSubscriptionBodySchema } from '../../lib/shared/contracts/subscriptions.ts';

const [role, url, ...args] = process.argv.slice(2);
const out = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);

/** A reproducible pseudo-random sequence (the same bench every time). */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function setup(db, receiver, pushUsers, subscriptions) {
  const rnd = random(35);
  const provinces = (await db.query(`SELECT code FROM regions WHERE level = 'province' ORDER BY code`)).map((r) => r.code);
  const cities = (await db.query(`SELECT code FROM regions WHERE level = 'city' ORDER BY code`)).map((r) => r.code);
  const groups = [...new Set(MISSIONS.map((m) => m.group))];
  for (let i = 0; i < pushUsers; i++) {
    const satellites = MISSIONS.filter((m) => m.group === groups[i % groups.length]).map((m) => m.satellite);
    await db.transaction(async (tx) => {
      const [user] = await tx.query(`INSERT INTO users (username, password_hash) VALUES ($1, 'unused') RETURNING id::text AS id`, [
        `bench-push-${i}`,
      ]);
      await tx.query(`INSERT INTO push_users (user_id, kind) VALUES ($1::bigint, $2)`, [user.id, i % 3 === 2 ? 'dedicated' : 'provincial']);
      await tx.query(`INSERT INTO push_image_grants (user_id, satellites, region_codes) VALUES ($1::bigint, $2::text[], $3::text[])`, [
        user.id,
        [...new Set(satellites)].sort(),
        [provinces[i % provinces.length]],
      ]);
    });
  }
  const owners = Math.ceil(subscriptions / 20);
  const made = { webhook: 0, email: 0, feed: 0 };
  for (let o = 0; o < owners; o++) {
    const [owner] = await db.query(
      `INSERT INTO users (username, password_hash, email) VALUES ($1, 'unused', $2) RETURNING id::text AS id`,
      [`bench-sub-${o}`, `bench-sub-${o}@bench.example`],
    );
    for (let k = 0; k < 20 && o * 20 + k < subscriptions; k++) {
      const n = o * 20 + k;
      const area =
        n % 4 === 3
          ? (() => {
              const west = 75 + rnd() * 50;
              const south = 20 + rnd() * 25;
              return {
                mode: SELECT_MODES.EXTENT,
                bbox: [west, south, west + 1 + rnd() * 3, south + 1 + rnd() * 2].map((v) => Math.round(v * 1000) / 1000),
              };
            })()
          : { mode: SELECT_MODES.REGION, regionCodes: [cities[Math.floor(rnd() * cities.length)]] };
      const filter = { area, ...(n % 3 === 0 ? { cloudMax: 20 + (n % 5) * 10 } : {}), ...(n % 7 === 0 ? { online: true } : {}) };
      const delivery = n % 10 < 6 ? 'webhook' : n % 10 < 9 ? 'email' : 'feed';
      try {
        // Checked by the API's own schema first, as a request would be.
        const body = createSubscriptionBodySchema.parse({
          name: `Bench ${n}`,
          query: { filter },
          delivery,
          ...(delivery === 'webhook' ? { webhookUrl: `${receiver}/hook/${n}` } : {}),
          ...(delivery === 'email' ? { frequency: 'daily' } : {}),
        });
        await createSubscription(db, owner.id, body, 'en');
        made[delivery]++;
      } catch (error) {
        // The same random search twice for one owner is refused, as the API refuses it; the next one is made.
        if (!/duplicate/i.test(String(error?.message ?? error)) && error?.messageKey !== 'Subscriptions.errors.duplicate') throw error;
      }
    }
  }
  out({ pushUsers, made });
}

async function load(db, n) {
  await catalogueSeedStep({ count: n, manual: true }).run(db, () => {});
  const [row] = await db.query(`SELECT id::text AS id, finished_at FROM scene_loads ORDER BY id DESC LIMIT 1`);
  out({ loadId: row.id, committedAt: new Date(row.finished_at).getTime(), scenes: n });
}

async function worker(db, id) {
  const handlers = JOB_WORKER_SETUP.handlers();
  let open = true;
  process.stdin.on('end', () => (open = false));
  process.stdin.on('data', () => {});
  process.stdin.resume();
  let ran = 0;
  while (open) {
    const n = await runDueJobs(db, handlers, { workerId: id, leaseSeconds: 300, backoffSeconds: 1 }, 50);
    ran += n;
    if (n === 0) await new Promise((r) => setTimeout(r, 50));
  }
  out({ worker: id, ran });
}

async function expected(db, loadId) {
  // Per push user: the load's scenes on a granted satellite whose footprint meets a granted region (by code prefix,
  // the regions' own geometry) — plain SQL, not the portal's cut.
  // (The regions cut into small pieces with their own index, so each scene is tested against nearby pieces only.)
  const batches = await db.transaction(async (tx) => {
    await tx.query(
      `CREATE TEMP TABLE bench_grant_pieces ON COMMIT DROP AS
       SELECT g.user_id, g.satellites, g.sensors, g.levels, ST_Subdivide(r.geom_hi, 64) AS geom
         FROM push_image_grants g JOIN regions r ON r.code = ANY (g.region_codes)`,
    );
    await tx.query(`CREATE INDEX ON bench_grant_pieces USING gist (geom)`);
    await tx.query(`ANALYZE bench_grant_pieces`);
    return tx.query(
      `SELECT p.user_id::text AS user_id, count(DISTINCT s.id)::int AS n
         FROM scenes s JOIN bench_grant_pieces p
           ON s.footprint && p.geom AND ST_Intersects(s.footprint, p.geom) AND s.satellite = ANY (p.satellites)
          AND (cardinality(p.sensors) = 0 OR s.sensor = ANY (p.sensors))
          AND (cardinality(p.levels) = 0 OR s.product_level = ANY (p.levels))
        WHERE s.load_id = $1::bigint
        GROUP BY p.user_id`,
      [loadId],
    );
  });
  const got = await db.query(
    `SELECT b.user_id::text AS user_id, count(*)::int AS batches, sum(b.scene_count)::int AS n,
            (SELECT count(*)::int FROM push_batch_scenes x JOIN push_batches y ON y.id = x.batch_id WHERE y.user_id = b.user_id AND y.load_id = $1::bigint) AS listed
       FROM push_batches b WHERE b.load_id = $1::bigint GROUP BY b.user_id`,
    [loadId],
  );
  const webhooks = await db.query(
    `SELECT s.id::text AS id, count(i.item_id)::int AS matched
       FROM subscriptions s LEFT JOIN subscription_items i ON i.subscription_id = s.id
      WHERE s.delivery = 'webhook' AND s.user_id IN (SELECT id FROM users WHERE username LIKE 'bench-sub-%')
      GROUP BY s.id`,
  );
  const [items] = await db.query(
    `SELECT count(*)::int AS n, count(*) FILTER (WHERE delivery_id IS NULL)::int AS undelivered FROM subscription_items`,
  );
  out({ batches: { expected: batches, got }, webhooks, items });
}

const db = createPostgresDatabase(url, 2);
try {
  if (role === 'setup') await setup(db, args[0], Number(args[1]), Number(args[2]));
  else if (role === 'load') await load(db, Number(args[0]));
  else if (role === 'worker') await worker(db, args[0]);
  else if (role === 'expected') await expected(db, args[0]);
  else throw new Error(`unknown role ${role}`);
} finally {
  await db.close();
}
