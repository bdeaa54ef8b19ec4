/**
 * The read replica through the real route handlers (issue 38.2, docs/adr/0034-read-replica.md): which calls its
 * database answers, the write marker a state-changing call leaves, a client's reads after its write kept on the
 * primary until the standby has replayed it, and the fallback when the standby fails. The "standby" here is the test
 * database behind a wrapper that records what it is sent and plays a standby's answers to the checks; a real primary
 * and streaming standby are in tests/scale/read-replica.mjs (`npm run test:replica`).
 */
import { POST as basePost } from '../../app/api/normal/v5/normalmeta/base/route';
import { GET as fileNameGet } from '../../app/api/normal/v5/normalmeta/filename/route';
import { GET as searchGet } from '../../app/api/stac/v1/search/route';
import { POST as cartPost } from '../../app/api/order/v3/ordercart/route';
import { GET as cartOwn } from '../../app/api/order/v3/ordercart/own/route';
import { GET as wfsGet } from '../../app/map/cloudPlatform/wfs/route';
import { setDatabase, type Database } from '../../lib/server/db';
import { createReadRouting, parseLsn, type ReadRouting } from '../../lib/server/db/read-replica';
import { createSession } from '../../lib/server/session';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();

/** What the wrapped "standby" was sent, and how it behaves. */
const standby = { sent: [] as string[], down: false, replay: null as string | null };
let routing: ReadRouting;

function standbyOf(primary: Database): Database {
  const fail = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:55451'), { code: 'ECONNREFUSED' });
  return {
    kind: 'postgres',
    async query<Row extends object>(sql: string, params?: Parameters<Database['query']>[1]) {
      if (standby.down) throw fail();
      if (/pg_is_in_recovery/.test(sql)) {
        const [head] = await primary.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn');
        return [{ recovery: true, replay: standby.replay ?? head?.lsn }] as unknown as Row[];
      }
      standby.sent.push(sql);
      return primary.query<Row>(sql, params);
    },
    async transaction(fn) {
      if (standby.down) throw fail();
      return primary.transaction((tx) => fn({ query: (sql, params) => (standby.sent.push(sql), tx.query(sql, params)) }));
    },
    exec: (sql) => primary.exec(sql),
    close: async () => {},
  };
}

beforeAll(async () => {
  routing = createReadRouting(db(), standbyOf(db()), { maxLagMs: 5_000, checkMs: 0 });
  setDatabase(db(), routing);
  await routing.check();
});

afterAll(() => setDatabase(db(), null));

beforeEach(async () => {
  standby.sent.length = 0;
  standby.down = false;
  standby.replay = null;
  await routing.check();
});

async function signedIn(username: string) {
  const [user] = await db().query<{ id: string }>('SELECT id::text AS id FROM users WHERE username = $1', [username]);
  const { token } = await createSession(db(), user!.id, { ip: 'test', userAgent: null });
  return { cookie: `token=${token}`, origin: 'http://localhost:3000', 'x-locale': 'en' };
}

const someScene = async () =>
  (await db().query<{ id: string; file_name: string }>('SELECT id, file_name FROM scenes ORDER BY id LIMIT 1'))[0]!;

describe('reads from the replica', () => {
  it('answers the catalogue searches and STAC from the standby', async () => {
    expect(routing.state().kind).toBe('usable');
    const scene = await someScene();
    const search = await call(basePost, '/api/normal/v5/normalmeta/base', { body: { pageNum: 1, pageSize: 5 } });
    expect(search.status).toBe(200);
    const sentBySearch = standby.sent.length;
    expect(sentBySearch).toBeGreaterThan(0);
    const byName = await call(fileNameGet, `/api/normal/v5/normalmeta/filename?filename=${encodeURIComponent(scene.file_name)}`);
    expect(byName.json.data.total).toBe(1);
    const stac = await call(searchGet, `/api/stac/v1/search?ids=${encodeURIComponent(scene.id)}`);
    expect(stac.status).toBe(200);
    expect(standby.sent.length).toBeGreaterThan(sentBySearch + 1);
    expect(standby.sent.some((sql) => /FROM scenes/.test(sql))).toBe(true);
  });

  it('answers the map services’ feature queries from the standby', async () => {
    const response = await wfsGet(
      new Request(
        'http://localhost:3000/map/cloudPlatform/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=cloudPlatform:region&COUNT=1&OUTPUTFORMAT=application/json',
      ),
    );
    expect(response.status).toBe(200);
    expect(JSON.parse(await response.text()).numberReturned).toBe(1);
    expect(standby.sent.some((sql) => /regions/.test(sql))).toBe(true);
    // The per-address bound is kept on the primary (on PostgreSQL an unlogged table, which a standby cannot read).
    expect(standby.sent.filter((sql) => /inflight_leases/.test(sql))).toEqual([]);
  });

  it('keeps the cart on the primary, and a client’s searches after its write until the standby has replayed it', async () => {
    const who = await signedIn('demo-personal');
    const scene = await someScene();
    await call(cartOwn, '/api/order/v3/ordercart/own', { headers: who });
    expect(standby.sent).toEqual([]);

    const added = await call(cartPost, '/api/order/v3/ordercart', { body: { ids: [scene.id] }, headers: who });
    expect(added.status).toBe(200);
    expect(standby.sent).toEqual([]);
    const cookie = added.cookies.find((c) => c.startsWith('db_wrote='));
    expect(cookie).toMatch(/^db_wrote=[0-9A-F]+%2F[0-9A-F]+; Path=\/; Max-Age=\d+; SameSite=Lax; HttpOnly$/);
    const marker = cookie!.split(';')[0]!;

    // The standby has not replayed the write: this client reads the primary, another client the standby.
    standby.replay = '0/1';
    await routing.check();
    const path = `/api/normal/v5/normalmeta/filename?filename=${encodeURIComponent(scene.file_name)}`;
    const own = await call(fileNameGet, path, { headers: { ...who, cookie: `${who.cookie}; ${marker}` } });
    expect(own.json.data.total).toBe(1);
    expect(standby.sent).toEqual([]);
    await call(fileNameGet, path, { headers: who });
    expect(standby.sent.length).toBeGreaterThan(0);

    // Replayed: the same client reads the standby again.
    standby.sent.length = 0;
    standby.replay = null;
    await routing.check();
    expect(parseLsn(decodeURIComponent(marker.slice('db_wrote='.length)))! <= (routing.state() as { replayLsn: bigint }).replayLsn).toBe(
      true,
    );
    await call(fileNameGet, path, { headers: { ...who, cookie: `${who.cookie}; ${marker}` } });
    expect(standby.sent.length).toBeGreaterThan(0);
  });

  it('answers from the primary without an error when the standby fails, and reads it again once it is back', async () => {
    const scene = await someScene();
    const path = `/api/normal/v5/normalmeta/filename?filename=${encodeURIComponent(scene.file_name)}`;
    standby.down = true;
    for (let i = 0; i < 3; i++) {
      const answer = await call(fileNameGet, path);
      expect(answer.status).toBe(200);
      expect(answer.json.data.total).toBe(1);
    }
    expect(routing.state()).toMatchObject({ kind: 'unusable', reason: expect.stringMatching(/ECONNREFUSED/) });
    standby.down = false;
    await routing.check();
    expect(routing.state().kind).toBe('usable');
    await call(fileNameGet, path);
    expect(standby.sent.length).toBeGreaterThan(0);
  });
});
