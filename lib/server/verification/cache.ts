import 'server-only';
/**
 * Answers over verification cases kept while the data has not changed (the lists' counts, the mix, the figures by
 * region, the batches): each is keyed by the caller's range, the request, the day (what is overdue changes at
 * midnight) and the verification data's change number — the last value of `verification_change_seq`, which every
 * statement writing cases or batches draws from (migration 0032). Reading that number is one cheap query, so a write
 * by this or any other process is seen by the next request.
 *
 * A write draws its number before it commits; an answer computed in between (old rows, new number) would be kept
 * under the new number, so a move draws once more after its transaction has committed (`verificationChanged`).
 * Concurrent misses of one key share one computation.
 */
import type { Queryable } from '../db/types';

const MAX_ENTRIES = 1_000;

interface State {
  /** The change number the entries were computed under: a new one makes them all unreachable, so they go. */
  version: string | null;
  entries: Map<string, unknown>;
  pending: Map<string, Promise<unknown>>;
}

const states = new WeakMap<object, State>();

function stateOf(db: Queryable): State {
  let state = states.get(db);
  if (!state) states.set(db, (state = { version: null, entries: new Map(), pending: new Map() }));
  return state;
}

/** The change number and the day, as one key part. */
async function versionOf(db: Queryable): Promise<string> {
  const [row] = await db.query<{ v: string; d: string }>(
    `SELECT (last_value * (is_called::int))::text AS v, current_date::text AS d FROM verification_change_seq`,
  );
  return `${row!.v}@${row!.d}`;
}

/** Draws a new change number: call after a transaction that wrote cases has committed. */
export async function verificationChanged(db: Queryable): Promise<void> {
  await db.query(`SELECT nextval('verification_change_seq')`);
}

/** `compute()`, or the answer kept for `key` under the current change number. */
export async function cachedVerification<T>(db: Queryable, key: string, compute: () => Promise<T>): Promise<T> {
  const state = stateOf(db);
  const version = await versionOf(db);
  if (version !== state.version) {
    state.version = version;
    state.entries.clear();
  }
  const full = `${version}|${key}`;
  if (state.entries.has(full)) {
    const value = state.entries.get(full) as T;
    // Least recently used last out: a hit moves to the end.
    state.entries.delete(full);
    state.entries.set(full, value);
    return value;
  }
  const pending = state.pending.get(full);
  if (pending) return pending as Promise<T>;
  const work = compute()
    .then((value) => {
      if (state.version === version) state.entries.set(full, value);
      while (state.entries.size > MAX_ENTRIES) state.entries.delete(state.entries.keys().next().value!);
      return value;
    })
    .finally(() => state.pending.delete(full));
  state.pending.set(full, work);
  return work;
}
