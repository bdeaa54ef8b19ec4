import 'server-only';
import type { Queryable } from './types';

/**
 * An in-process cache of answers that depend only on the loaded datasets (regions, spots, …): the
 * public statistics, region lookups and region-layer map tiles. Each entry is keyed by the request and
 * by the versions in `dataset_versions`, so loading a dataset (which marks its new version) makes every
 * answer computed from the old data unreachable. This process sees its own loads at once
 * (`datasetsChanged`, called by `markLoaded` and after each seed step); a load by another process is
 * seen when the versions are read again, at most VERSIONS_TTL_MS later.
 *
 * Concurrent misses of one key share one computation, so a burst of identical requests costs one query.
 *
 * Reading the versions again never holds a kept answer for long: when the read takes longer than
 * VERSIONS_WAIT_MS (the database busy with a long analysis — the embedded one runs one statement at a time), the
 * answer goes out with the versions known so far and the read finishes in the background (issue 32.2: a region
 * lookup waited 4.8 s behind a coverage analysis).
 */
const VERSIONS_TTL_MS = 5_000;
const VERSIONS_WAIT_MS = 250;
const MAX_ENTRIES = 2_000;
const MAX_BYTES = 96 * 1024 * 1024;

interface Entry {
  value: unknown;
  bytes: number;
}

interface State {
  versions: string | null;
  checkedAt: number;
  reading: Promise<string> | null;
  entries: Map<string, Entry>;
  pending: Map<string, Promise<unknown>>;
  bytes: number;
  /** The `datasetsChanged` count this state last saw. */
  generation: number;
}

// One cache per database object: tests open one database per file, and a process never mixes two.
const states = new WeakMap<object, State>();
const generation = { value: 0 };

function stateOf(db: Queryable): State {
  let state = states.get(db);
  if (!state) {
    state = { versions: null, checkedAt: 0, reading: null, entries: new Map(), pending: new Map(), bytes: 0, generation: generation.value };
    states.set(db, state);
  }
  return state;
}

function clear(state: State): void {
  state.entries.clear();
  state.pending.clear();
  state.bytes = 0;
}

/** Forgets every cached answer and re-reads the dataset versions on next use (this process loaded data). */
export function datasetsChanged(): void {
  generation.value++;
}

async function currentVersions(db: Queryable, state: State): Promise<string> {
  if (state.versions !== null && Date.now() - state.checkedAt < VERSIONS_TTL_MS) return state.versions;
  const known = state.versions;
  const reading = readVersions(db, state);
  if (known === null) return reading;
  // A slow read: answer with what is known, the read goes on and updates the state when it ends.
  let timer: NodeJS.Timeout | undefined;
  const patience = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(known), VERSIONS_WAIT_MS)));
  try {
    return await Promise.race([reading, patience]);
  } finally {
    clearTimeout(timer);
  }
}

function readVersions(db: Queryable, state: State): Promise<string> {
  state.reading ??= (async () => {
    try {
      const rows = await db.query<{ name: string; version: string }>('SELECT name, version FROM dataset_versions ORDER BY name');
      const versions = rows.map((r) => `${r.name}=${r.version}`).join(';');
      if (versions !== state.versions) clear(state);
      state.versions = versions;
      state.checkedAt = Date.now();
      return versions;
    } catch (error) {
      // The database cannot be asked (an outage): no data can be loaded meanwhile either, so the kept
      // answers stay good. Asked again on the next call.
      if (state.versions === null) throw error;
      return state.versions;
    } finally {
      state.reading = null;
    }
  })();
  return state.reading;
}

function versionsOf(db: Queryable, state: State): Promise<string> {
  if (state.generation !== generation.value) {
    clear(state);
    state.versions = null;
    state.generation = generation.value;
  }
  return currentVersions(db, state);
}

/**
 * The versions of the loaded datasets as this process knows them: a load here is seen at once, a load by another
 * process at most VERSIONS_TTL_MS later. Part of the key of any other cache of answers computed from the datasets
 * (the WMTS tiles), so that such a cache follows a load made anywhere.
 */
export function datasetVersions(db: Queryable): Promise<string> {
  return versionsOf(db, stateOf(db));
}

/**
 * The cached answer for `key`, or `compute()`'s, kept until a dataset changes. `size` estimates an
 * answer's bytes (for the memory bound); answers larger than a tenth of the bound are not kept.
 */
export async function cachedByDatasets<T>(
  db: Queryable,
  key: string,
  compute: () => Promise<T>,
  size: (value: T) => number = () => 1024,
): Promise<T> {
  const state = stateOf(db);
  const seenGeneration = generation.value;
  const versions = await versionsOf(db, state);
  const fullKey = `${versions}\n${key}`;
  const hit = state.entries.get(fullKey);
  if (hit) {
    // Most recently used last: Map keeps insertion order, the oldest goes first.
    state.entries.delete(fullKey);
    state.entries.set(fullKey, hit);
    return hit.value as T;
  }
  const running = state.pending.get(fullKey);
  if (running) return running as Promise<T>;
  const computing = compute().then(
    (value) => {
      if (state.pending.get(fullKey) === computing) state.pending.delete(fullKey);
      // Data loaded meanwhile: answer, but do not keep an answer of the old data.
      if (state.versions !== versions || generation.value !== seenGeneration) return value;
      const bytes = size(value);
      if (bytes <= MAX_BYTES / 10) {
        state.entries.set(fullKey, { value, bytes });
        state.bytes += bytes;
        for (const [oldKey, old] of state.entries) {
          if (state.entries.size <= MAX_ENTRIES && state.bytes <= MAX_BYTES) break;
          state.entries.delete(oldKey);
          state.bytes -= old.bytes;
        }
      }
      return value;
    },
    (error: unknown) => {
      if (state.pending.get(fullKey) === computing) state.pending.delete(fullKey);
      throw error;
    },
  );
  state.pending.set(fullKey, computing);
  return computing;
}
