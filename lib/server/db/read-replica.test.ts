/**
 * The read replica's routing decisions (lib/server/db/read-replica.ts) against scripted databases: which one answers
 * a read, when the standby counts as usable (reachable, a standby, lag within the bound), the fallback when it is not
 * or a statement on it fails, read-your-writes by the client's marker and within a request, and one log line per
 * change of state. The real thing (a primary and a streaming standby) runs in tests/scale/read-replica.mjs.
 */
import { createReadRouting, parseLsn, writeMarkerOf, type ReadRouting } from './read-replica';
import type { Database, Queryable } from './types';

const logged: { level: string; msg: string; fields?: Record<string, unknown> }[] = [];
jest.mock('../log', () => ({
  log: {
    debug: () => {},
    info: (msg: string, fields?: Record<string, unknown>) => logged.push({ level: 'info', msg, fields }),
    warn: (msg: string, fields?: Record<string, unknown>) => logged.push({ level: 'warn', msg, fields }),
    error: (msg: string, fields?: Record<string, unknown>) => logged.push({ level: 'error', msg, fields }),
  },
}));

const dataChanges = { count: 0 };
jest.mock('./data-cache', () => ({ datasetsChanged: () => dataChanges.count++ }));

type Answer = (sql: string) => Promise<object[]>;

/** A database that answers every statement through `answer`, recording the statements it was sent. */
function scripted(answer: Answer): Database & { sent: string[] } {
  const sent: string[] = [];
  const query = async <Row extends object>(sql: string) => {
    sent.push(sql);
    return (await answer(sql)) as Row[];
  };
  return {
    kind: 'postgres',
    sent,
    query,
    transaction: (fn: (tx: Queryable) => Promise<unknown>) => fn({ query }),
    exec: async () => {},
    close: async () => {},
  } as Database & { sent: string[] };
}

function sqlError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

const lsn = (n: number) => `0/${n.toString(16).toUpperCase()}`;

interface World {
  routing: ReadRouting;
  primary: Database & { sent: string[] };
  replica: Database & { sent: string[] };
  /** The primary's WAL insert position and the standby's replay position. */
  pos: { primary: number; replay: number; recovery: boolean; down: boolean };
  clock: { now: number };
  /** Advances the clock by a check interval and checks. */
  tick: (ms?: number) => Promise<void>;
}

function world({ maxLagMs = 5_000 } = {}): World {
  const pos = { primary: 1000, replay: 1000, recovery: true, down: false };
  const clock = { now: 1_000_000 };
  const primary = scripted(async (sql) => (/pg_current_wal_insert_lsn/.test(sql) ? [{ lsn: lsn(pos.primary) }] : [{ from: 'primary' }]));
  const replica = scripted(async (sql) => {
    if (pos.down) throw sqlError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:55451');
    if (/pg_is_in_recovery/.test(sql)) return [{ recovery: pos.recovery, replay: pos.recovery ? lsn(pos.replay) : null }];
    if (/^INSERT|^UPDATE/.test(sql)) throw sqlError('25006', 'cannot execute UPDATE in a read-only transaction');
    if (/conflict/.test(sql)) throw sqlError('40001', 'canceling statement due to conflict with recovery');
    if (/broken/.test(sql)) throw sqlError('42P01', 'relation "broken" does not exist');
    return [{ from: 'replica' }];
  });
  const routing = createReadRouting(primary, replica, { maxLagMs, checkMs: 0, checkTimeoutMs: 200, now: () => clock.now });
  return {
    routing,
    primary,
    replica,
    pos,
    clock,
    tick: async (ms = 1_000) => {
      clock.now += ms;
      await routing.check();
    },
  };
}

/** Which database answered one read of a request with `marker`. */
async function answeredBy(w: World, marker: bigint | null = null, sql = 'SELECT * FROM scenes'): Promise<string> {
  const [row] = await w.routing.read(marker, (db) => db.query<{ from: string }>(sql));
  return row?.from ?? 'nobody';
}

beforeEach(() => {
  logged.length = 0;
  dataChanges.count = 0;
});

describe('parseLsn and the marker cookie', () => {
  it('orders LSNs by both halves', () => {
    expect(parseLsn('0/3000148')).toBe(0x3000148n);
    expect(parseLsn('1/0')! > parseLsn('0/FFFFFFFF')!).toBe(true);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) | 0xb374d848n);
    for (const bad of ['', '0/', 'x/1', '0/1/2', '123456789/0', null, undefined]) expect(parseLsn(bad)).toBeNull();
  });

  it('reads the marker from the cookies, ignoring one that is not an LSN', () => {
    const req = (cookie: string) => new Request('http://x/', { headers: { cookie } });
    expect(writeMarkerOf(req('token=abc; db_wrote=0%2F3000148; other=1'))).toBe(0x3000148n);
    expect(writeMarkerOf(req('db_wrote=0/3000148'))).toBe(0x3000148n);
    expect(writeMarkerOf(req('xdb_wrote=0/1'))).toBeNull();
    expect(writeMarkerOf(req('db_wrote=drop table'))).toBeNull();
    expect(writeMarkerOf(new Request('http://x/'))).toBeNull();
  });
});

describe('read routing', () => {
  it('reads the primary until a check finds the standby usable, then the standby', async () => {
    const w = world();
    expect(w.routing.state().kind).toBe('starting');
    expect(await answeredBy(w)).toBe('primary');
    await w.tick();
    expect(w.routing.state()).toMatchObject({ kind: 'usable', replayLsn: 1000n });
    expect(await answeredBy(w)).toBe('replica');
    expect(logged).toEqual([expect.objectContaining({ level: 'info', msg: 'reads of published data go to the read replica' })]);
  });

  it('waits for a second sample when the first check finds the standby a little behind', async () => {
    const w = world();
    w.pos.replay = 900;
    await w.tick();
    expect(w.routing.state().kind).toBe('starting');
    w.pos.replay = 1000;
    w.pos.primary = 1100;
    await w.tick();
    // It has what the primary had a check ago: lag at most one interval.
    expect(w.routing.state()).toMatchObject({ kind: 'usable', lagMs: 1_000 });
    expect(logged.filter((l) => l.level === 'warn')).toEqual([]);
  });

  it('keeps a client whose write the standby has not replayed on the primary (read-your-writes)', async () => {
    const w = world();
    await w.tick();
    // The client wrote: the primary moved on, its marker is the primary's position after the write.
    w.pos.primary = 1500;
    const marker = parseLsn(await w.routing.writeMarker());
    expect(marker).toBe(1500n);
    expect(await answeredBy(w, marker)).toBe('primary');
    expect(await answeredBy(w, null)).toBe('replica');
    await w.tick(); // the standby has not replayed it yet
    expect(await answeredBy(w, marker)).toBe('primary');
    w.pos.replay = 1500;
    await w.tick();
    expect(await answeredBy(w, marker)).toBe('replica');
    // Past the marker's life a usable standby has the write whatever its lag: the bound plus a check and its timeout.
    expect(w.routing.markerMaxAgeSeconds).toBe(Math.ceil((5_000 + 0 + 200) / 1000) + 1);
  });

  it('falls back to the primary when the standby lags past the bound, with one log line, and comes back', async () => {
    const w = world({ maxLagMs: 3_000 });
    await w.tick();
    logged.length = 0;
    // The primary writes steadily; the standby stops replaying at 1000.
    for (let s = 1; s <= 6; s++) {
      w.pos.primary = 1000 + s * 100;
      await w.tick();
      expect(w.routing.state().kind).toBe(s <= 3 ? 'usable' : 'unusable');
      expect(await answeredBy(w)).toBe(s <= 3 ? 'replica' : 'primary');
    }
    expect(w.routing.state()).toMatchObject({ kind: 'unusable', reason: expect.stringMatching(/^lagging/) });
    expect(logged[0]?.fields).toEqual({ reason: 'lagging 4000 ms behind the primary (bound 3000 ms)' });
    expect(logged).toEqual([
      expect.objectContaining({ level: 'warn', msg: 'read replica not used: reads go to the primary until it is usable again' }),
    ]);
    // Caught up: one line, and the answers kept meanwhile (computed on the primary) are dropped.
    w.pos.replay = w.pos.primary;
    await w.tick();
    await w.tick();
    expect(w.routing.state().kind).toBe('usable');
    expect(await answeredBy(w)).toBe('replica');
    expect(logged.map((l) => l.msg)).toEqual([
      'read replica not used: reads go to the primary until it is usable again',
      'read replica usable again: reads of published data go to it',
    ]);
    expect(dataChanges.count).toBe(1);
  });

  it('answers a read whose standby is down from the primary without an error, one log line for the outage', async () => {
    const w = world();
    await w.tick();
    logged.length = 0;
    w.pos.down = true;
    // The statement that meets the outage is answered by the primary.
    expect(await answeredBy(w)).toBe('primary');
    expect(w.routing.state()).toMatchObject({ kind: 'unusable', reason: expect.stringMatching(/^unreachable: connect ECONNREFUSED/) });
    const sentToReplica = w.replica.sent.length;
    for (let i = 0; i < 5; i++) expect(await answeredBy(w)).toBe('primary');
    await w.tick();
    await w.tick();
    // Later reads do not try the standby; only the checks do.
    expect(w.replica.sent.length - sentToReplica).toBe(2);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 'warn', fields: { reason: expect.stringMatching(/ECONNREFUSED/) } });
    w.pos.down = false;
    await w.tick();
    expect(await answeredBy(w)).toBe('replica');
    expect(logged).toHaveLength(2);
  });

  it('counts a standby that does not answer a check in time as unreachable', async () => {
    const w = world();
    await w.tick();
    const hang = new Promise<never>(() => {});
    w.replica.query = () => hang;
    await w.routing.check();
    expect(w.routing.state()).toMatchObject({ kind: 'unusable', reason: 'unreachable: no answer within 200 ms' });
  });

  it('stops reading a standby that was promoted (no longer in recovery)', async () => {
    const w = world();
    await w.tick();
    w.pos.recovery = false;
    await w.tick();
    expect(w.routing.state()).toMatchObject({ kind: 'unusable', reason: expect.stringMatching(/not a standby/) });
    expect(await answeredBy(w)).toBe('primary');
  });

  it('runs a statement the standby refuses as a write on the primary, and the rest of that request too', async () => {
    const w = world();
    await w.tick();
    const seen = await w.routing.read(null, async (db) => {
      const first = await db.query<{ from: string }>('SELECT 1');
      const write = await db.query<{ from: string }>('UPDATE coverage_pending SET queued_at = now()');
      const after = await db.query<{ from: string }>('SELECT 2');
      return [first, write, after].map(([r]) => r?.from);
    });
    expect(seen).toEqual(['replica', 'primary', 'primary']);
    // Another request is not affected.
    expect(await answeredBy(w)).toBe('replica');
    expect(w.routing.state().kind).toBe('usable');
  });

  it('retries a statement cancelled by a recovery conflict on the primary; other errors are the caller’s', async () => {
    const w = world();
    await w.tick();
    expect(await answeredBy(w, null, 'SELECT conflict')).toBe('primary');
    await expect(answeredBy(w, null, 'SELECT * FROM broken')).rejects.toMatchObject({ code: '42P01' });
    expect(w.primary.sent.filter((s) => /broken/.test(s))).toEqual([]);
    expect(w.routing.state().kind).toBe('usable');
  });

  it('runs transactions on the standby while it is usable, on the primary when it fails', async () => {
    const w = world();
    await w.tick();
    const inTx = (db: Database) => db.transaction(async (tx) => (await tx.query<{ from: string }>('SELECT 1'))[0]?.from);
    expect(await w.routing.read(null, inTx)).toBe('replica');
    w.pos.down = true;
    expect(await w.routing.read(null, inTx)).toBe('primary');
  });
});
