// The cache handler of the rendered pages (next.config.mjs `cacheHandler`, docs/adr/0035): Next's own file-system
// cache, plus, when the portal runs on PostgreSQL (DATABASE_URL), the expirations of cache tags shared by every process.
// An editor's publish calls revalidatePath in the process that served it; Next keeps the expired tags in that process's
// memory only, so every other process would serve its copy of the page until `revalidate` (300 s for the news pages)
// ran out. Here each expiration is also written to `isr_tag_expirations`, and every process reads the new ones before
// it answers from its cache — at most once a second, waiting at most SYNC_WAIT_MS for the database — so a page
// expired anywhere is rendered afresh everywhere within about a second (plus server.mjs's micro-cache, 2 s).
// On the embedded database there is one process, and this is Next's file-system cache unchanged.
import fileSystemCacheModule from 'next/dist/server/lib/incremental-cache/file-system-cache.js';
import tagsManifestModule from 'next/dist/server/lib/incremental-cache/tags-manifest.external.js';
import pg from 'pg';

const FileSystemCache = fileSystemCacheModule.default ?? fileSystemCacheModule;
const { tagsManifest } = tagsManifestModule;

/** How often a process reads the expirations others made, and how long a page waits for that read at most. */
const SYNC_MS = 1000;
const SYNC_WAIT_MS = 200;
/** Rows are read again from a little before the previous read: a write that committed late is not missed. */
const OVERLAP_MS = 10_000;

/** One state per process (Next may construct the handler once per request). */
const state = (globalThis.__portalSharedIsrTags ??= { pool: null, checkedAt: 0, readFrom: null, syncing: null, warned: false });

function pool() {
  const url = process.env.DATABASE_URL;
  if (!url) return null;
  if (!state.pool) {
    state.pool = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 30_000, application_name: 'portal isr tags' });
    state.pool.on('error', () => {});
  }
  return state.pool;
}

function warnOnce(what, error) {
  if (state.warned) return;
  state.warned = true;
  console.warn(
    JSON.stringify({ level: 'warn', msg: `shared page cache: ${what}`, error: error instanceof Error ? error.message : String(error) }),
  );
}

/** Applies an expiration made elsewhere (or here: harmless) to this process's tag manifest. */
export function applyExpiration(tag, expiredAt) {
  const entry = tagsManifest.get(tag) ?? {};
  if (typeof entry.expired === 'number' && entry.expired >= expiredAt) return;
  tagsManifest.set(tag, { ...entry, expired: expiredAt });
}

/** Reads the expirations recorded since the last read (with an overlap) into the tag manifest. */
export async function syncExpirations() {
  const db = pool();
  if (!db) return;
  const { rows } = await db.query(
    `SELECT tag, expired_at, (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS now_ms
       FROM isr_tag_expirations
      WHERE $1::float8 IS NULL OR recorded_at > to_timestamp($1::float8 / 1000)`,
    [state.readFrom],
  );
  for (const row of rows) applyExpiration(row.tag, Number(row.expired_at));
  const now = rows[0]?.now_ms ?? (await db.query(`SELECT (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS now_ms`)).rows[0].now_ms;
  state.readFrom = Number(now) - OVERLAP_MS;
}

function syncSoon() {
  if (!process.env.DATABASE_URL || Date.now() - state.checkedAt < SYNC_MS) return Promise.resolve();
  state.checkedAt = Date.now();
  state.syncing ??= syncExpirations()
    .catch((error) => warnOnce('expirations not read', error))
    .finally(() => (state.syncing = null));
  let timer;
  const patience = new Promise((resolve) => (timer = setTimeout(resolve, SYNC_WAIT_MS)));
  return Promise.race([state.syncing, patience]).finally(() => clearTimeout(timer));
}

export default class SharedIsrCache extends FileSystemCache {
  async get(...args) {
    await syncSoon();
    return super.get(...args);
  }

  async revalidateTag(tags, durations) {
    await super.revalidateTag(tags, durations);
    const db = pool();
    const list = typeof tags === 'string' ? [tags] : tags;
    if (!db || list.length === 0) return;
    const delayMs = durations?.expire !== undefined ? durations.expire * 1000 : 0;
    try {
      await db.query(
        `INSERT INTO isr_tag_expirations (tag, expired_at, recorded_at)
         SELECT t, extract(epoch FROM clock_timestamp()) * 1000 + $2::float8, clock_timestamp() FROM unnest($1::text[]) AS t
         ON CONFLICT (tag) DO UPDATE SET expired_at = EXCLUDED.expired_at, recorded_at = EXCLUDED.recorded_at`,
        [list, delayMs],
      );
    } catch (error) {
      warnOnce('expiration not shared', error);
    }
  }
}
