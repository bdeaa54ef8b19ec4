import 'server-only';
/**
 * Answers over verification cases kept while the data has not changed (the lists' counts, the mix, the figures by
 * region, the batches): each is keyed by the caller's range, the request, the day (what is overdue changes at
 * midnight) and the verification data's version — the sum of the per-county versions every statement writing cases
 * or batches raises in its own transaction (migration 0035). Reading that sum is one small scan, so a write by this or
 * any other process is seen by the next request, and never before it is visible: the raised version commits with it.
 *
 * An answer that is a roll-up of per-county rows (counts, mix, figures) also keeps those rows (`cachedByCounty`):
 * after a write only the counties it touched are computed again — one county's cases instead of a province's.
 * Concurrent misses of one key share one computation.
 */
import type { Queryable } from '../db/types';

const MAX_ENTRIES = 1_000;

interface State {
  /** The version the entries were computed under: a new one makes them all unreachable, so they go. */
  version: string | null;
  entries: Map<string, unknown>;
  pending: Map<string, Promise<unknown>>;
  /** Per-county rows of roll-ups, least recently used first; kept across versions (only touched counties go). */
  parts: Map<string, Parts>;
  /** The refresh of each roll-up in progress: refreshes of one key run one after the other. */
  partsRunning: Map<string, Promise<unknown>>;
}

/** A row of a per-county roll-up. */
export interface CountyRow {
  xzqdm: string;
}

interface Parts {
  day: string;
  /** The county versions the rows were computed under ('*': everything). */
  versions: Map<string, string>;
  byCounty: Map<string, CountyRow[]>;
  rows: CountyRow[];
}

/** Roll-ups kept; each holds at most a few rows per county of its range. */
const MAX_PARTS = 200;
/** More counties touched than this since the rows were computed: compute them all again in one statement. */
const MAX_COUNTIES_AGAIN = 64;

const states = new WeakMap<object, State>();

function stateOf(db: Queryable): State {
  let state = states.get(db);
  if (!state)
    states.set(db, (state = { version: null, entries: new Map(), pending: new Map(), parts: new Map(), partsRunning: new Map() }));
  return state;
}

/** The verification data's version and the day, as one key part. */
async function versionOf(db: Queryable): Promise<string> {
  const [row] = await db.query<{ v: string; d: string }>(
    `SELECT coalesce(sum(version), 0)::text || '/' || count(*) AS v, current_date::text AS d FROM verification_county_versions`,
  );
  return `${row!.v}@${row!.d}`;
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

/**
 * The rows of a roll-up by county (`compute(null)`: every county of its range; `compute(codes)`: those counties
 * only), kept per `key` and brought up to date by computing again only the counties whose version changed since.
 * `key` must name everything the rows depend on but the data: the caller's range, the filters.
 */
export function cachedByCounty<R extends CountyRow>(
  db: Queryable,
  key: string,
  compute: (only: string[] | null) => Promise<R[]>,
): Promise<R[]> {
  const state = stateOf(db);
  const before = state.partsRunning.get(key) ?? Promise.resolve();
  const run = before.catch(() => undefined).then(() => refreshParts(db, state, key, compute));
  const settled = run.finally(() => {
    if (state.partsRunning.get(key) === settled) state.partsRunning.delete(key);
  });
  state.partsRunning.set(key, settled);
  return run;
}

async function refreshParts<R extends CountyRow>(
  db: Queryable,
  state: State,
  key: string,
  compute: (only: string[] | null) => Promise<R[]>,
): Promise<R[]> {
  // The versions first: rows computed after reading them are at least as new, so a county is never kept stale.
  const read = await db.query<{ xzqdm: string; v: string; d: string }>(
    `SELECT xzqdm, version::text AS v, current_date::text AS d FROM verification_county_versions`,
  );
  const day = read[0]?.d ?? '';
  const versions = new Map(read.map((r) => [r.xzqdm, r.v]));
  const kept = state.parts.get(key);
  let again: string[] | null = null;
  if (kept && kept.day === day && kept.versions.get('*') === versions.get('*')) {
    again = [];
    for (const [county, version] of versions) if (county !== '*' && kept.versions.get(county) !== version) again.push(county);
    for (const county of kept.versions.keys()) if (!versions.has(county)) again.push(county);
    if (again.length > MAX_COUNTIES_AGAIN) again = null;
  }
  let byCounty: Map<string, CountyRow[]>;
  if (kept && again?.length === 0) {
    byCounty = kept.byCounty;
  } else if (kept && again) {
    byCounty = new Map(kept.byCounty);
    for (const county of again) byCounty.delete(county);
    for (const row of await compute(again)) byCounty.set(row.xzqdm, [...(byCounty.get(row.xzqdm) ?? []), row]);
  } else {
    byCounty = new Map();
    for (const row of await compute(null)) {
      const list = byCounty.get(row.xzqdm);
      if (list) list.push(row);
      else byCounty.set(row.xzqdm, [row]);
    }
  }
  const parts: Parts = { day, versions, byCounty, rows: byCounty === kept?.byCounty ? kept.rows : [...byCounty.values()].flat() };
  state.parts.delete(key);
  state.parts.set(key, parts);
  while (state.parts.size > MAX_PARTS) state.parts.delete(state.parts.keys().next().value!);
  return parts.rows as R[];
}
