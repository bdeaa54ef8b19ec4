import 'server-only';
/**
 * Seed step: the DEMO scene catalogue (generate.ts) in table `scenes`. On start it loads
 * DEMO_CATALOGUE_SCENES scenes (default 100,000) once per dataset version — a hash of the generator,
 * its inputs (TLEs, launch dates, mission declarations), the window's anchor month and the count — so a
 * new month, new TLEs or another count reload it, and a restart costs one query.
 *
 * `npm run db:seed -- --catalogue N` loads N scenes the same way and marks them as loaded by hand, so
 * the next start keeps them (until the inputs or the month change). Loading replaces the demo scenes
 * only: imported scenes stay. Rows go in batches of array parameters (`unnest`), one transaction each;
 * the version is marked after the last batch, so an interrupted load is redone on the next start.
 */
import { createHash } from 'node:crypto';
import { MISSIONS } from '../../../shared/catalogue/missions';
import { loadedVersion, markLoaded } from '../../db/dataset-version';
import type { Progress } from '../../db/migrate';
import type { SeedStep } from '../../db/seed';
import type { Database, Queryable } from '../../db/types';
import { getEnv } from '../../env';
import { beginSceneLoad, finishSceneLoad } from '../loads';
import { catalogueAnchor, GENERATOR_VERSION, generateCatalogue, type DemoScene } from './generate';
import { shippedInputs, type ShippedInputs } from './inputs';

export const CATALOGUE_DATASET = 'catalogue-demo';
const BATCH = 5000;

/** The version of the inputs and window, without the count. */
function inputsVersion(anchor: number): string {
  const { tleText, launches } = shippedInputs();
  return createHash('sha256')
    .update(
      `${GENERATOR_VERSION}\n${new Date(anchor).toISOString()}\n${tleText}\n${JSON.stringify([...launches].sort())}\n${JSON.stringify(MISSIONS)}`,
    )
    .digest('hex')
    .slice(0, 32);
}

const autoVersion = (inputs: string, count: number) => `${inputs}:n=${count}`;
const manualVersion = (inputs: string, count: number) => `manual:${inputs}:n=${count}`;

const ringWkt = (ring: DemoScene['ring']) => `POLYGON((${ring.map((p) => `${p.lon} ${p.lat}`).join(',')}))`;

async function insertBatch(tx: Queryable, scenes: readonly DemoScene[], loadId: string): Promise<void> {
  const col = <T extends string | number>(f: (s: DemoScene) => T) => scenes.map(f);
  // Nullable numbers travel as -1 (none of these can be negative) and come back as NULL.
  await tx.query(
    `INSERT INTO scenes (id, file_name, collection, satellite, sensor, platform, product_level, resolution_m, acquired_at,
                         cloud_pct, orbit_number, path, "row", footprint, centre, area_km2, sun_elevation, sun_azimuth,
                         off_nadir, size_mb, online, quicklook_url, source, properties, load_id)
     SELECT r.id, r.id, r.collection, r.satellite, r.sensor, r.platform, r.product_level, r.resolution_m,
            to_timestamp(r.acquired_ms / 1000.0), NULLIF(r.cloud_pct, -1), r.orbit_number, NULLIF(r.path, -1), NULLIF(r.row, -1),
            g.geom, ST_SetSRID(ST_MakePoint(r.lon, r.lat), 4326), ST_Area(g.geom::geography) / 1e6,
            r.sun_elevation, r.sun_azimuth, r.off_nadir, r.size_mb, r.online = 1, NULL, 'demo', r.properties::jsonb, $22::bigint
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::real[], $8::float8[],
                 $9::real[], $10::int[], $11::int[], $12::int[], $13::text[], $14::float8[], $15::float8[], $16::real[],
                 $17::real[], $18::real[], $19::real[], $20::int[], $21::text[])
          AS r(id, collection, satellite, sensor, platform, product_level, resolution_m, acquired_ms, cloud_pct, orbit_number,
               path, "row", wkt, lon, lat, sun_elevation, sun_azimuth, off_nadir, size_mb, online, properties)
     CROSS JOIN LATERAL (SELECT ST_GeomFromText(r.wkt, 4326) AS geom) AS g
     ON CONFLICT DO NOTHING`,
    [
      col((s) => s.id),
      col((s) => s.collection),
      col((s) => s.satellite),
      col((s) => s.sensor),
      col((s) => s.platform),
      col((s) => s.productLevel),
      col((s) => s.resolutionM),
      col((s) => s.acquiredAt),
      col((s) => s.cloudPct ?? -1),
      col((s) => s.orbitNumber),
      col((s) => s.path ?? -1),
      col((s) => s.row ?? -1),
      col((s) => ringWkt(s.ring)),
      col((s) => s.centre.lon),
      col((s) => s.centre.lat),
      col((s) => s.sunElevation),
      col((s) => s.sunAzimuth),
      col((s) => s.offNadir),
      col((s) => s.sizeMb),
      col((s) => (s.online ? 1 : 0)),
      col((s) => JSON.stringify(s.properties)),
      loadId,
    ],
  );
}

export interface LoadOptions {
  count: number;
  /** Window anchor, ms (default: the current month, `catalogueAnchor`). */
  anchor?: number;
  /** Loaded by hand (`db:seed -- --catalogue N`): the next start keeps it. */
  manual?: boolean;
  progress?: Progress;
  /** Generator inputs (default: the shipped TLEs and launch dates); tests pass a few spacecraft. */
  inputs?: ShippedInputs;
}

/** Replaces the demo scenes with `count` generated ones; returns how many rows the table got. */
export async function loadDemoCatalogue(db: Database, options: LoadOptions): Promise<number> {
  const anchor = options.anchor ?? catalogueAnchor(new Date());
  const progress = options.progress ?? (() => {});
  const inputs = inputsVersion(anchor);
  const started = Date.now();
  const loadId = await db.transaction(async (tx) => {
    await tx.query(`DELETE FROM dataset_versions WHERE name = $1`, [CATALOGUE_DATASET]);
    // What the deletion below would do row by row, in one statement: verification cases forget the demo images they
    // were seen on (their ON DELETE SET NULL). Left to the foreign key, it is one UPDATE per deleted scene, each
    // firing the cases' statement triggers (per-county versions, migration 0035): 64 s for the 3,000 scenes of the
    // test database, measured; now one statement.
    await tx.query(
      `UPDATE verification_cases
          SET before_scene_id = CASE WHEN before_scene_id IN (SELECT id FROM scenes WHERE source = 'demo') THEN NULL ELSE before_scene_id END,
              after_scene_id = CASE WHEN after_scene_id IN (SELECT id FROM scenes WHERE source = 'demo') THEN NULL ELSE after_scene_id END
        WHERE before_scene_id IN (SELECT id FROM scenes WHERE source = 'demo') OR after_scene_id IN (SELECT id FROM scenes WHERE source = 'demo')`,
    );
    await tx.query(`DELETE FROM scenes WHERE source = 'demo'`);
    return beginSceneLoad(tx, 'demo');
  });
  let batch: DemoScene[] = [];
  let done = 0;
  let reported = 0;
  const flush = async () => {
    const rows = batch;
    batch = [];
    await db.transaction((tx) => insertBatch(tx, rows, loadId));
    done += rows.length;
    if (done === options.count || done - reported >= Math.max(BATCH, options.count / 20)) {
      reported = done;
      const seconds = (Date.now() - started) / 1000;
      progress(
        `catalogue: ${done.toLocaleString('en')} / ${options.count.toLocaleString('en')} demo scenes (${Math.round((done / options.count) * 100)} %, ${Math.round(done / Math.max(seconds, 0.001)).toLocaleString('en')}/s)`,
      );
    }
  };
  for (const scene of generateCatalogue({ ...(options.inputs ?? shippedInputs()), anchor, count: options.count })) {
    batch.push(scene);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length) await flush();
  await db.transaction(async (tx) => {
    await markLoaded(tx, CATALOGUE_DATASET, (options.manual ? manualVersion : autoVersion)(inputs, options.count));
    // New scenes for whoever delivers them (push batches), once the whole load is in.
    await finishSceneLoad(tx, loadId);
  });
  return done;
}

/** The seed step; `count` defaults to DEMO_CATALOGUE_SCENES. */
export function catalogueSeedStep(options: { count?: number; manual?: boolean } = {}): SeedStep {
  return {
    name: 'catalogue',
    async run(db, progress) {
      const count = options.count ?? getEnv().DEMO_CATALOGUE_SCENES;
      const anchor = catalogueAnchor(new Date());
      const inputs = inputsVersion(anchor);
      const loaded = await loadedVersion(db, CATALOGUE_DATASET);
      if (!options.manual) {
        if (loaded === autoVersion(inputs, count)) return;
        // A catalogue loaded by hand from the same inputs and month stays until they change.
        if (loaded?.startsWith(`manual:${inputs}:`)) return;
      } else if (loaded === manualVersion(inputs, count)) return;
      const started = Date.now();
      const n = await loadDemoCatalogue(db, { count, anchor, manual: options.manual, progress });
      progress(`generated ${n.toLocaleString('en')} demo scenes in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    },
  };
}

export const catalogueSeed: SeedStep = catalogueSeedStep();
