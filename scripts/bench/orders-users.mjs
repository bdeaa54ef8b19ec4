// Helper of the orders benchmark (orders.mjs starts it with tsx): makes N bench users with the
// 'personal' role (MOD_061, the cart), a session each through the portal's own createSession (signed
// with the SESSION_SECRET the portal under test also has), and picks scenes for each to order.
// Input: argv[2] the PostgreSQL URL, argv[3] N, argv[4] scenes per user. Output: one JSON document.
import { randomBytes } from 'node:crypto';
import { createPostgresDatabase } from '../../lib/server/db/postgres.ts';
import { createSession } from '../../lib/server/session/index.ts';

const [url, nText, perText] = process.argv.slice(2);
const n = Number(nText);
const per = Number(perText);
const db = createPostgresDatabase(url, 4);
const users = await db.query(
  `WITH made AS (
     INSERT INTO users (username, email, password_hash, account_type, real_name)
     SELECT 'bench_orders_' || i || '_' || $2, 'bench' || i || '@example.org', 'x', 0, 'Bench user ' || i FROM generate_series(1, $1::int) AS i
     RETURNING id)
   INSERT INTO user_roles (user_id, role_id) SELECT made.id, r.id FROM made, roles r WHERE r.code = 'personal'
   RETURNING user_id`,
  [n, randomBytes(4).toString('hex')],
);
if (users.length !== n) throw new Error(`made ${users.length} users of ${n}: is the 'personal' role seeded?`);
// Scenes spread over the catalogue, a fifth of them offline (they are produced later).
const scenes = await db.query(`SELECT id FROM scenes ORDER BY md5(id) LIMIT $1`, [n * per]);
if (scenes.length < n * per) throw new Error(`the catalogue holds ${scenes.length} scenes, fewer than ${n * per}`);
const out = [];
for (const [i, u] of users.entries()) {
  const { token } = await createSession(db, String(u.user_id), { ip: '127.0.0.1', userAgent: 'bench-orders' });
  out.push({ token, sceneIds: scenes.slice(i * per, (i + 1) * per).map((s) => s.id) });
}
await db.close();
process.stdout.write(`${JSON.stringify(out)}\n`);
