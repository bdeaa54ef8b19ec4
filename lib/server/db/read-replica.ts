import 'server-only';
/**
 * Reads of published data from a streaming hot standby (`DATABASE_READ_URL`, issue 38.2, docs/adr/0034-read-replica.md).
 *
 * The standby is used while it is usable: reachable, still a standby (`pg_is_in_recovery()`), and behind the primary by
 * at most `maxLagMs`. A check every `checkMs` measures that without comparing two servers' clocks: it samples the
 * primary's WAL insert position, and the lag is the age of the newest sample the standby has replayed past (an upper
 * bound, too high by at most one interval). While it is not usable — or a statement on it fails because it cannot be
 * reached — reads go to the primary, and one log line says so when that starts and one when it ends.
 *
 * Read-your-writes: a request that wrote leaves its client a marker (`WRITE_MARKER_COOKIE`: the primary's WAL insert
 * position after the write, so at or past its commit). A read whose client carries a marker the standby has not
 * replayed yet reads the primary. Within a request, a statement the standby refuses as a write (a read that also
 * writes, e.g. moving queued coverage keys to the front) runs on the primary, and so does the rest of that request.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { log } from '../log';
import { datasetsChanged } from './data-cache';
import { isDatabaseUnavailable } from './unavailable';
import type { Database, Queryable, SqlParam } from './types';

/** The cookie that carries a client's last write position (an LSN such as `0/3000148`). */
export const WRITE_MARKER_COOKIE = 'db_wrote';

const LSN = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i;

/** A PostgreSQL LSN (`X/Y`, two hexadecimal halves) as one number; null when the text is not one. */
export function parseLsn(text: string | null | undefined): bigint | null {
  const m = LSN.exec(text ?? '');
  if (!m) return null;
  return (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`);
}

/** The write marker a request carries in its cookies (null when none, or not an LSN). */
export function writeMarkerOf(request: Request): bigint | null {
  const cookies = request.headers.get('cookie') ?? '';
  const m = new RegExp(`(?:^|;\\s*)${WRITE_MARKER_COOKIE}=([^;]*)`).exec(cookies);
  return m ? parseLsn(decodeURIComponent(m[1] ?? '')) : null;
}

export type ReplicaState =
  { kind: 'starting' } | { kind: 'usable'; replayLsn: bigint; lagMs: number } | { kind: 'unusable'; reason: string };

export interface ReadRoutingOptions {
  /** Largest lag at which the standby is still read. */
  maxLagMs: number;
  /** How often the standby is checked (0: only when `check()` is called — tests). */
  checkMs: number;
  /** Longest a check may take before the standby counts as unreachable. */
  checkTimeoutMs?: number;
  now?: () => number;
}

export interface ReadRouting {
  /**
   * Runs `fn` as one request's reads of published data, with the database they use: the standby-backed one (which
   * falls back to the primary statement by statement) unless the standby is not usable or has not replayed the
   * client's last write (`marker`), then the primary itself.
   */
  read<T>(marker: bigint | null, fn: (db: Database) => Promise<T>): Promise<T>;
  /** The marker of the writes made so far: the primary's WAL insert position (null when it cannot be read). */
  writeMarker(): Promise<string | null>;
  /** How long a marker must live: past it, a usable standby has replayed the write whatever its lag. */
  readonly markerMaxAgeSeconds: number;
  /** Checks the standby now (the timer does it every `checkMs`). */
  check(): Promise<ReplicaState>;
  state(): ReplicaState;
  /** The standby-backed database (stable: the data cache keys on it). */
  readonly db: Database;
  close(): Promise<void>;
}

interface Scope {
  /** A statement of this request wrote, or needed the primary: the rest of it reads the primary. */
  pinned: boolean;
}

const scopes = new AsyncLocalStorage<Scope>();

/** SQLSTATEs after which a statement sent to the standby is run on the primary instead. */
const ON_PRIMARY = new Set([
  '25006', // read_only_sql_transaction: the statement writes
  '0A000', // feature_not_supported: e.g. an unlogged table, which a standby cannot read
  '40001', // serialization_failure: cancelled by a conflict with recovery
]);

const codeOf = (error: unknown) =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
    ? (error as { code: string }).code
    : '';

interface Sample {
  at: number;
  lsn: bigint;
}

export function createReadRouting(primary: Database, replica: Database, options: ReadRoutingOptions): ReadRouting {
  const now = options.now ?? Date.now;
  const checkTimeoutMs = options.checkTimeoutMs ?? 2_000;
  let state: ReplicaState = { kind: 'starting' };
  let samples: Sample[] = [];
  let checking: Promise<ReplicaState> | null = null;

  const become = (next: ReplicaState) => {
    const was = state.kind;
    state = next;
    if (next.kind === 'unusable' && was !== 'unusable') {
      log.warn('read replica not used: reads go to the primary until it is usable again', { reason: next.reason });
    } else if (next.kind === 'usable' && was !== 'usable') {
      // Answers kept while the primary answered for the standby may be newer than the standby's data: drop them.
      if (was === 'unusable') datasetsChanged();
      log.info(
        was === 'unusable'
          ? 'read replica usable again: reads of published data go to it'
          : 'reads of published data go to the read replica',
        {
          lagMs: next.lagMs,
        },
      );
    }
  };

  const unreachable = (error: unknown) => {
    if (state.kind !== 'unusable')
      become({ kind: 'unusable', reason: `unreachable: ${error instanceof Error ? error.message : String(error)}` });
  };

  /** The lag the samples prove: how long ago the primary had no more than the standby has replayed. */
  const lagOf = (replay: bigint, at: number): number | null => {
    for (let i = samples.length - 1; i >= 0; i--) {
      const sample = samples[i];
      if (sample && sample.lsn <= replay) return Math.max(0, at - sample.at);
    }
    return null;
  };

  const runCheck = async (): Promise<ReplicaState> => {
    const started = now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${checkTimeoutMs} ms`)), checkTimeoutMs);
      timer.unref?.();
    });
    try {
      const [head] = await Promise.race([primary.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn'), timeout]);
      const lsn = parseLsn(head?.lsn);
      if (lsn !== null) samples.push({ at: started, lsn });
      let standby: { recovery: boolean; replay: string | null } | undefined;
      try {
        [standby] = await Promise.race([
          replica.query<{ recovery: boolean; replay: string | null }>(
            'SELECT pg_is_in_recovery() AS recovery, pg_last_wal_replay_lsn()::text AS replay',
          ),
          timeout,
        ]);
      } catch (error) {
        unreachable(error);
        return state;
      }
      const at = now();
      // Keep the samples a lag up to the bound needs, and the newest older one as the anchor beyond it.
      const horizon = at - options.maxLagMs - 2 * Math.max(options.checkMs, 1);
      const firstKept = samples.findIndex((s) => s.at >= horizon);
      if (firstKept > 1) samples = samples.slice(firstKept - 1);
      if (!standby?.recovery) {
        become({ kind: 'unusable', reason: 'not a standby (pg_is_in_recovery() is false): it may have been promoted' });
        return state;
      }
      const replay = parseLsn(standby.replay);
      const lag = replay === null ? null : lagOf(replay, at);
      if (replay !== null && lag !== null && lag <= options.maxLagMs) become({ kind: 'usable', replayLsn: replay, lagMs: lag });
      else if (lag !== null) become({ kind: 'unusable', reason: `lagging ${lag} ms behind the primary (bound ${options.maxLagMs} ms)` });
      else if (samples.length > 0 && at - (samples[0]?.at ?? at) > options.maxLagMs)
        become({ kind: 'unusable', reason: `lagging more than ${options.maxLagMs} ms behind the primary` });
      // else: too early to tell (the first check, the standby a moment behind): as before.
      return state;
    } catch {
      // The primary did not answer: nothing is known about the lag; the state stays (the primary's own outage is
      // reported where its statements fail).
      return state;
    } finally {
      clearTimeout(timer);
    }
  };

  const check = () => {
    checking ??= runCheck().finally(() => {
      checking = null;
    });
    return checking;
  };

  /** Runs a statement (or transaction) on the standby while it is usable, else on the primary. */
  const routed = async <T>(work: (db: Database) => Promise<T>): Promise<T> => {
    const scope = scopes.getStore();
    if (state.kind !== 'usable' || scope?.pinned) return work(primary);
    try {
      return await work(replica);
    } catch (error) {
      if (isDatabaseUnavailable(error)) unreachable(error);
      else if (ON_PRIMARY.has(codeOf(error))) {
        if (scope) scope.pinned = true;
      } else throw error;
      return work(primary);
    }
  };

  const db: Database = {
    kind: 'postgres',
    query: <Row extends object>(sql: string, params?: readonly SqlParam[]) => routed((d) => d.query<Row>(sql, params)),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => routed((d) => d.transaction(fn)),
    exec: (sql) => primary.exec(sql),
    close: async () => {},
  };

  const timer = options.checkMs > 0 ? setInterval(() => void check(), options.checkMs) : null;
  timer?.unref?.();
  if (options.checkMs > 0) void check();

  return {
    db,
    markerMaxAgeSeconds: Math.ceil((options.maxLagMs + options.checkMs + checkTimeoutMs) / 1000) + 1,
    read(marker, fn) {
      const usable = state.kind === 'usable' && (marker === null || marker <= state.replayLsn);
      return usable ? scopes.run({ pinned: false }, () => fn(db)) : fn(primary);
    },
    async writeMarker() {
      try {
        const [row] = await primary.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn');
        return parseLsn(row?.lsn) === null ? null : (row?.lsn ?? null);
      } catch {
        return null;
      }
    },
    check,
    state: () => state,
    async close() {
      if (timer) clearInterval(timer);
      await replica.close();
    },
  };
}
