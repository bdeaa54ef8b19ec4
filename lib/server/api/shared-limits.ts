import 'server-only';
/**
 * Limits that must hold per client however many portal processes serve it (issue 38.1, docs/adr/0035-shared-limits.md):
 * one interface each, two implementations chosen by the database kind.
 *
 * - On PostgreSQL several processes may share the database, so the counts live in it: a fixed-window counter is one
 *   upsert (`rate_windows`), an in-flight bound one upsert to enter and one update to leave (`inflight_leases`, leases
 *   that end by themselves if a process dies holding one).
 * - The embedded database (PGlite) is only ever opened by one process: the counts stay in memory there.
 */
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/types';
import type { PeriodicTask } from '../jobs/runner';
import { WindowLimiter } from './rate-limit';

export interface RateLimit {
  /** Counts one request of `client`: 0 when it is within the limit, else the seconds until its window ends. */
  take(client: string): Promise<number>;
}

export interface InflightBound {
  /** A release function when `client` may start one more piece of work now, else null (it has `max` running). */
  enter(client: string): Promise<(() => Promise<void>) | null>;
}

export interface WindowOptions {
  windowMs: number;
  max: number;
}

export interface InflightOptions {
  max: number;
  /** How long a slot stays held if its holder never releases it (a process that died): longer than the work may take. */
  leaseMs: number;
}

// ------------------------------------------------------------------------------------------------ in memory

class MemoryRateLimit implements RateLimit {
  private readonly limiter: WindowLimiter;
  constructor(options: WindowOptions) {
    this.limiter = new WindowLimiter(options);
  }
  take(client: string): Promise<number> {
    return Promise.resolve(this.limiter.take(client));
  }
}

class MemoryInflightBound implements InflightBound {
  private readonly running = new Map<string, number>();
  constructor(private readonly options: InflightOptions) {}
  enter(client: string): Promise<(() => Promise<void>) | null> {
    const now = this.running.get(client) ?? 0;
    if (now >= this.options.max) return Promise.resolve(null);
    this.running.set(client, now + 1);
    let released = false;
    return Promise.resolve(() => {
      if (!released) {
        released = true;
        const left = (this.running.get(client) ?? 1) - 1;
        if (left > 0) this.running.set(client, left);
        else this.running.delete(client);
      }
      return Promise.resolve();
    });
  }
}

// ------------------------------------------------------------------------------------------------ PostgreSQL

/**
 * One statement: the window is the database clock's (the same for every process) cut into `windowMs` pieces; the row
 * of this key and window is created or counted up, unless it is already at `max` (then nothing is written and no row
 * comes back, so a refused request costs a row lock, not a write). Retry-After comes from the same clock.
 */
const TAKE_SQL = `
  WITH w AS (SELECT to_timestamp(floor(extract(epoch FROM clock_timestamp()) * 1000 / $2::float8) * $2::float8 / 1000) AS start),
  up AS (
    INSERT INTO rate_windows AS r (key, window_start, count, expires_at)
    SELECT $1, w.start, 1, w.start + make_interval(secs => $2::float8 / 1000) FROM w
    ON CONFLICT (key, window_start) DO UPDATE SET count = r.count + 1 WHERE r.count < $3::int
    RETURNING count)
  SELECT (SELECT count FROM up) AS count,
         ceil(extract(epoch FROM (SELECT start FROM w) + make_interval(secs => $2::float8 / 1000) - clock_timestamp()))::int AS retry`;

class PostgresRateLimit implements RateLimit {
  constructor(
    private readonly db: Queryable,
    private readonly name: string,
    private readonly options: WindowOptions,
  ) {}
  async take(client: string): Promise<number> {
    const [row] = await this.db.query<{ count: number | null; retry: number }>(TAKE_SQL, [
      `${this.name}:${client}`,
      this.options.windowMs,
      this.options.max,
    ]);
    if (row?.count != null) return 0;
    return Math.max(1, row?.retry ?? 1);
  }
}

/**
 * Enter: the key's row is created with this lease, or, under its row lock (so two processes cannot both take the last
 * slot), the ended leases are dropped and this one added — unless `max` unended leases remain, when nothing comes back.
 */
const ENTER_SQL = `
  WITH now_ms AS (SELECT (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS ms)
  INSERT INTO inflight_leases AS f (key, leases, expires_at)
  SELECT $1, jsonb_build_object($2::text, now_ms.ms + $3::float8), clock_timestamp() + make_interval(secs => $3::float8 / 1000) FROM now_ms
  ON CONFLICT (key) DO UPDATE
     SET leases = (SELECT COALESCE(jsonb_object_agg(k, v), '{}'::jsonb) FROM jsonb_each(f.leases) AS e(k, v)
                    WHERE (v #>> '{}')::float8 > (SELECT ms FROM now_ms)) || EXCLUDED.leases,
         expires_at = GREATEST(f.expires_at, EXCLUDED.expires_at)
   WHERE (SELECT count(*) FROM jsonb_each(f.leases) AS e(k, v) WHERE (v #>> '{}')::float8 > (SELECT ms FROM now_ms)) < $4::int
  RETURNING 1 AS entered`;

const LEAVE_SQL = `UPDATE inflight_leases SET leases = leases - $2::text WHERE key = $1`;

class PostgresInflightBound implements InflightBound {
  constructor(
    private readonly db: Queryable,
    private readonly name: string,
    private readonly options: InflightOptions,
  ) {}
  async enter(client: string): Promise<(() => Promise<void>) | null> {
    const key = `${this.name}:${client}`;
    const token = randomUUID();
    const rows = await this.db.query<{ entered: number }>(ENTER_SQL, [key, token, this.options.leaseMs, this.options.max]);
    if (rows.length === 0) return null;
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      // A failed release (an outage) only keeps the slot until its lease ends.
      await this.db.query(LEAVE_SQL, [key, token]).catch(() => undefined);
    };
  }
}

// ------------------------------------------------------------------------------------------------ choice

const rateLimits = new WeakMap<object, Map<string, RateLimit>>();
const inflightBounds = new WeakMap<object, Map<string, InflightBound>>();

function kept<T>(store: WeakMap<object, Map<string, T>>, db: Database, key: string, make: () => T): T {
  let byKey = store.get(db);
  if (!byKey) store.set(db, (byKey = new Map()));
  let value = byKey.get(key);
  if (!value) byKey.set(key, (value = make()));
  return value;
}

/** The limit `name` (one per purpose: 'captcha', 'visits', …) of this database, counted where every process sees it. */
export function sharedRateLimit(db: Database, name: string, options: WindowOptions): RateLimit {
  return kept(rateLimits, db, `${name}/${options.windowMs}/${options.max}`, () =>
    db.kind === 'postgres' ? new PostgresRateLimit(db, name, options) : new MemoryRateLimit(options),
  );
}

/** The in-flight bound `name` of this database, held where every process sees it. */
export function sharedInflightBound(db: Database, name: string, options: InflightOptions): InflightBound {
  return kept(inflightBounds, db, `${name}/${options.max}/${options.leaseMs}`, () =>
    db.kind === 'postgres' ? new PostgresInflightBound(db, name, options) : new MemoryInflightBound(options),
  );
}

/** Periodic clean-up (the job worker): ended windows and leases, page-cache expirations older than a day. */
export async function pruneSharedLimits(db: Queryable): Promise<void> {
  await db.query('DELETE FROM rate_windows WHERE expires_at < now()');
  await db.query(`DELETE FROM inflight_leases WHERE expires_at < now()`);
  await db.query(`DELETE FROM isr_tag_expirations WHERE recorded_at < now() - interval '1 day'`);
}

const PRUNE_EVERY_MS = 60_000;
let prunedAt = 0;

/** The job worker's task: prunes at most once a minute per process (the deletes are cheap, but need not run every poll). */
export const SHARED_LIMITS_PERIODIC_TASKS: readonly PeriodicTask[] = [
  {
    name: 'shared-limits.prune',
    async run(db) {
      if (db.kind !== 'postgres' || Date.now() - prunedAt < PRUNE_EVERY_MS) return null;
      prunedAt = Date.now();
      return pruneSharedLimits(db);
    },
  },
];
