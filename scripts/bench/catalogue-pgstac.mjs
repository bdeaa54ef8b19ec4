// pgstac (the reference STAC back end) for the catalogue benchmark: installed from its single-file
// script in `../shared/anchors/pgstac` beside the repository (SOURCE.md there), into schema `pgstac` of
// the benchmark's PostgreSQL, and loaded with the SAME scenes as the portal's `scenes` table, turned into
// STAC items in SQL (the same core fields our STAC API writes: datetime to the microsecond, platform,
// instruments, gsd, eo:cloud_cover, view:*, sat:absolute_orbit, the footprint unchanged) and loaded the
// way pypgstac, pgstac's own loader, does it: partitions made once for their whole time range,
// items dehydrated by the loader and inserted into pgstac.items in batches, partition statistics
// queued and run once (`use_queue`, `run_queued_queries`). The stored rows equal what `create_items`
// stores (checked: content_slim of the full item = the loaded content); create_items itself dehydrates
// item by item in PL/pgSQL and recomputes the statistics of every partition a batch touches, which
// here took ~50 s per 20,000 items.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './server.mjs';

const PG_BIN = process.env.PG_BIN || '/usr/lib/postgresql/15/bin';
export const PGSTAC_DIR = path.resolve(ROOT, '../shared/anchors/pgstac');
export const PGSTAC_VERSION = '0.9.11';
const SCRIPT = path.join(PGSTAC_DIR, `pgstac--${PGSTAC_VERSION}.sql`);
const BATCH = 20_000;

/** Why pgstac cannot be measured here, or null. */
export function pgstacMissing() {
  if (!existsSync(SCRIPT)) return `no ${path.relative(ROOT, SCRIPT)} (pgstac's install script beside the repository)`;
  if (!existsSync(path.join(PG_BIN, 'psql'))) return `no psql in ${PG_BIN}`;
  return null;
}

/** Runs pgstac's install script with psql (stops at the first error); returns the seconds it took. */
export function installPgstac(db) {
  const started = Date.now();
  const run = spawnSync(
    path.join(PG_BIN, 'psql'),
    ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-h', db.host, '-p', String(db.port), '-U', db.user, '-d', db.database, '-f', SCRIPT],
    { encoding: 'utf8', env: { ...process.env, PGOPTIONS: '-c client_min_messages=warning' }, maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.status !== 0) throw new Error(`pgstac install failed: ${(run.stderr || String(run.error)).slice(-2000)}`);
  return (Date.now() - started) / 1000;
}

/** One STAC item per scene row `s`, as jsonb (null fields left out, as our STAC API does). */
const ITEM_SQL = `jsonb_strip_nulls(jsonb_build_object(
  'type', 'Feature',
  'stac_version', '1.0.0',
  'id', s.id,
  'collection', s.collection,
  'geometry', ST_AsGeoJSON(s.footprint, 15)::jsonb,
  'bbox', jsonb_build_array(ST_XMin(s.footprint), ST_YMin(s.footprint), ST_XMax(s.footprint), ST_YMax(s.footprint)),
  'properties', jsonb_build_object(
    'datetime', to_char(s.acquired_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    'platform', s.platform,
    'instruments', jsonb_build_array(lower(s.sensor)),
    'gsd', s.resolution_m,
    'eo:cloud_cover', s.cloud_pct,
    'view:off_nadir', s.off_nadir,
    'view:sun_elevation', s.sun_elevation,
    'view:sun_azimuth', s.sun_azimuth,
    'sat:absolute_orbit', s.orbit_number,
    'portal:source', s.source,
    'portal:satellite', s.satellite,
    'portal:product_level', s.product_level,
    'portal:online', s.online),
  'assets', jsonb_build_object('thumbnail', jsonb_build_object(
    'href', '/api/normal/v5/normalmeta/quicklook/' || s.id, 'type', 'image/png', 'roles', jsonb_build_array('thumbnail'))),
  'links', '[]'::jsonb))`;

/**
 * Collections (one per scenes.collection, with their real extents), the `eo:cloud_cover` queryable with
 * the b-tree index pgstac builds for an indexed queryable (as a deployment that filters on cloud would
 * declare it), then every scene, BATCH at a time in (collection, id) order.
 */
export async function loadPgstac(client, log) {
  const started = Date.now();
  await client.query(`SET search_path = pgstac, public`);
  await client.query(`SET client_min_messages = warning`);
  // pgstac's bulk-load mode: the per-partition statistics each insert would recompute over the whole
  // partition are queued and computed once at the end (run_queued_queries), as its docs advise.
  await client.query(`SET pgstac.use_queue = 'true'`);
  const { rows: collections } = await client.query(
    `SELECT collection AS id, min(satellite) AS satellite, min(sensor) AS sensor,
            ST_XMin(ST_Extent(footprint)) AS w, ST_YMin(ST_Extent(footprint)) AS s, ST_XMax(ST_Extent(footprint)) AS e, ST_YMax(ST_Extent(footprint)) AS n,
            to_char(min(acquired_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS t0,
            to_char(max(acquired_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS t1
       FROM public.scenes GROUP BY collection ORDER BY collection`,
  );
  for (const c of collections) {
    await client.query(`SELECT create_collection($1::jsonb)`, [
      JSON.stringify({
        type: 'Collection',
        stac_version: '1.0.0',
        id: c.id,
        title: `${c.satellite} ${c.sensor}`,
        description: `${c.satellite} ${c.sensor} scenes (portal demo catalogue)`,
        license: 'proprietary',
        extent: { spatial: { bbox: [[c.w, c.s, c.e, c.n]] }, temporal: { interval: [[c.t0, c.t1]] } },
        links: [],
      }),
    ]);
  }
  await client.query(
    `INSERT INTO queryables (name, definition, property_wrapper, property_index_type)
     VALUES ('eo:cloud_cover', '{"type": "number", "minimum": 0, "maximum": 100}', 'to_float', 'BTREE')`,
  );
  // As pypgstac's loader does: each partition is made once with the time range of everything it will
  // hold, so that no batch widens its constraints (which drops and re-validates them over the rows
  // already loaded: batches slow down as the partitions fill).
  for (const c of collections) {
    await client.query(`SELECT check_partition($1, tstzrange($2::timestamptz, $3::timestamptz, '[]'), tstzrange($2::timestamptz, $3::timestamptz, '[]'))`, [
      c.id,
      c.t0,
      c.t1,
    ]);
  }
  const { rows: total } = await client.query(`SELECT count(*)::int AS n FROM public.scenes`);
  const n = total[0].n;
  let last = ['', ''];
  let done = 0;
  let reported = 0;
  for (;;) {
    // pypgstac's way: items dehydrated by the loader (content_slim: the item without id, geometry,
    // collection, type and what equals the collection's base item — here stac_version) and inserted
    // into pgstac.items (its partitions, indexes and after-insert trigger). create_items does the same
    // per item in SQL (content_slim → strip_jsonb), at ~3 ms an item here: 50 minutes per million.
    const { rows } = await client.query(
      `WITH b AS MATERIALIZED (SELECT s.collection, s.id, s.footprint, s.acquired_at, ${ITEM_SQL} AS item FROM public.scenes s
                               WHERE (s.collection, s.id) > ($1, $2) ORDER BY s.collection, s.id LIMIT ${BATCH}),
            ins AS (INSERT INTO items (id, geometry, collection, datetime, end_datetime, content)
                    SELECT b.id, b.footprint, b.collection, b.acquired_at, b.acquired_at,
                           b.item - '{id,geometry,collection,type,stac_version}'::text[] FROM b RETURNING 1)
       SELECT l.collection, l.id, (SELECT count(*)::int FROM ins) AS n
         FROM (SELECT collection, id FROM b ORDER BY collection DESC, id DESC LIMIT 1) l`,
      last,
    );
    if (!rows[0] || !rows[0].n) break;
    last = [rows[0].collection, rows[0].id];
    done += rows[0].n;
    if (done - reported >= Math.max(BATCH, n / 5) || done === n) {
      reported = done;
      log(`pgstac: ${done.toLocaleString('en')} / ${n.toLocaleString('en')} items (${Math.round(done / ((Date.now() - started) / 1000)).toLocaleString('en')}/s)`);
    }
    if (rows[0].n < BATCH) break;
  }
  // The queued partition statistics (pgstac's own procedure; it commits between queries).
  await client.query(`CALL run_queued_queries()`);
  await client.query(`RESET pgstac.use_queue`);
  const loadSeconds = (Date.now() - started) / 1000;
  // pgstac keeps per-partition statistics; analyse as a deployment would after a bulk load.
  const analyseStarted = Date.now();
  await client.query(`ANALYZE pgstac.items`);
  const { rows: check } = await client.query(`SELECT count(*)::int AS n FROM pgstac.items`);
  if (check[0].n !== n) throw new Error(`pgstac holds ${check[0].n} items, the portal ${n} scenes`);
  return { items: n, collections: collections.length, loadSeconds, analyseSeconds: (Date.now() - analyseStarted) / 1000 };
}
