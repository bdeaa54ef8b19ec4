import 'server-only';
/**
 * Loads the bundled region layers (data/regions, data/world; built by scripts/regions) into PostGIS.
 * Each dataset is loaded once per content hash, in one transaction, so a rebuilt file replaces the
 * old rows on the next start and an interrupted load leaves nothing half-written.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Progress } from '../db/migrate';
import { loadedVersion, markLoaded } from '../db/dataset-version';
import type { SeedStep } from '../db/seed';
import type { Database } from '../db/types';
import { buildRegionCores, REGION_CORES_VERSION } from './cores';
import { REGION_LODS, type RegionLod } from '../../shared/contracts/regions';

const DATA_DIR = path.join(process.cwd(), 'data');
const LEVEL_ORDER = ['country', 'province', 'city', 'county'] as const;
const BATCH = 150;

interface SourceFeature<P> {
  properties: P;
  geometry: unknown;
}
interface RegionProps {
  code: string;
  name: string;
  nameEn: string | null;
  level: (typeof LEVEL_ORDER)[number];
  parent: string | null;
}
interface CountryProps {
  code: string;
  isoA3: string | null;
  nameEn: string;
  nameZh: string;
  parent: string;
}

async function readLayer<P>(file: string): Promise<{ features: SourceFeature<P>[]; hash: string }> {
  const gz = await readFile(path.join(DATA_DIR, file));
  const json = JSON.parse(gunzipSync(gz).toString('utf8')) as { features: SourceFeature<P>[] };
  return { features: json.features, hash: createHash('sha256').update(gz).digest('hex') };
}

/** A valid MultiPolygon (simplification can leave a self-touching ring now and then). */
const CLEAN = (g: string) => `ST_Multi(ST_CollectionExtract(CASE WHEN ST_IsValid(${g}) THEN ${g} ELSE ST_MakeValid(${g}) END, 3))`;
const PARSE = (json: string) => `ST_SetSRID(ST_GeomFromGeoJSON(${json}), 4326)`;

async function loadRegions(db: Database, progress: Progress): Promise<void> {
  const layers = await Promise.all(REGION_LODS.map((lod) => readLayer<RegionProps>(`regions/regions-${lod}.geojson.gz`)));
  const version = createHash('sha256')
    .update(layers.map((l) => l.hash).join())
    .digest('hex');
  // The cores (./cores.ts) are derived from the regions: rebuilt with them, or alone when only their
  // construction changed (or the table is new) and the regions are already loaded.
  const coresVersion = `${version}:${REGION_CORES_VERSION}`;
  if ((await loadedVersion(db, 'regions')) === version) {
    if ((await loadedVersion(db, 'region_cores')) === coresVersion) return;
    await db.transaction(async (tx) => {
      progress(`region cores ${await buildRegionCores(tx)}`);
      await markLoaded(tx, 'region_cores', coresVersion);
    });
    return;
  }

  const byLod = new Map<RegionLod, Map<string, unknown>>();
  REGION_LODS.forEach((lod, i) => byLod.set(lod, new Map(layers[i]!.features.map((f) => [f.properties.code, f.geometry]))));
  const rows = [...layers[0]!.features]
    .map((f) => f.properties)
    .sort((a, b) => LEVEL_ORDER.indexOf(a.level) - LEVEL_ORDER.indexOf(b.level) || a.code.localeCompare(b.code))
    .map((p) => ({ ...p, lo: byLod.get('lo')!.get(p.code), mid: byLod.get('mid')!.get(p.code), hi: byLod.get('hi')!.get(p.code) }));
  const missing = rows.find((r) => !r.lo || !r.mid || !r.hi);
  if (missing) throw new Error(`Region ${missing.code} lacks a level of detail in data/regions`);

  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM regions');
    for (let i = 0; i < rows.length; i += BATCH) {
      await tx.query(
        // Each CTE is materialized: inlined, PostgreSQL would parse and validate the hi geometry once per
        // expression that uses it (six times; measured 36 s instead of 6 s for the first batch on PGlite).
        `WITH src AS MATERIALIZED (
           SELECT f->>'code' AS code, f->>'name' AS name_zh, f->>'nameEn' AS name_en, f->>'level' AS level,
                  f->>'parent' AS parent_code, ${PARSE("f->>'lo'")} AS lo, ${PARSE("f->>'mid'")} AS mid, ${PARSE("f->>'hi'")} AS hi
           FROM jsonb_array_elements($1::jsonb) AS f
         ), clean AS MATERIALIZED (
           SELECT code, name_zh, name_en, level, parent_code, ${CLEAN('lo')} AS lo, ${CLEAN('mid')} AS mid, ${CLEAN('hi')} AS hi FROM src
         )
         INSERT INTO regions (code, name_zh, name_en, level, parent_code, geom_lo, geom_mid, geom_hi,
                              min_lon, min_lat, max_lon, max_lat, label_point, area_km2)
         SELECT code, name_zh, name_en, level, parent_code, lo, mid, hi,
                ST_XMin(hi), ST_YMin(hi), ST_XMax(hi), ST_YMax(hi),
                ST_PointOnSurface(mid), ST_Area(hi::geography) / 1e6
         FROM clean`,
        [
          JSON.stringify(
            rows.slice(i, i + BATCH).map((r) => ({ ...r, lo: JSON.stringify(r.lo), mid: JSON.stringify(r.mid), hi: JSON.stringify(r.hi) })),
          ),
        ],
      );
      progress(`regions ${Math.min(i + BATCH, rows.length)}/${rows.length}`);
    }
    await markLoaded(tx, 'regions', version);
    progress(`region cores ${await buildRegionCores(tx)}`);
    await markLoaded(tx, 'region_cores', coresVersion);
  });
}

async function loadCountries(db: Database, progress: Progress): Promise<void> {
  const layer = await readLayer<CountryProps>('world/countries.geojson.gz');
  if ((await loadedVersion(db, 'global_regions')) === layer.hash) return;
  const rows = layer.features.map((f) => ({ ...f.properties, geom: JSON.stringify(f.geometry) }));
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM global_regions');
    for (let i = 0; i < rows.length; i += BATCH) {
      await tx.query(
        `WITH src AS MATERIALIZED (
           SELECT f->>'code' AS code, f->>'isoA3' AS iso_a3, f->>'nameZh' AS name_zh, f->>'nameEn' AS name_en,
                  f->>'parent' AS parent_code, ${PARSE("f->>'geom'")} AS g
           FROM jsonb_array_elements($1::jsonb) AS f
         ), clean AS MATERIALIZED (
           SELECT code, iso_a3, name_zh, name_en, parent_code, ${CLEAN('g')} AS g FROM src
         )
         INSERT INTO global_regions (code, iso_a3, name_zh, name_en, parent_code, geom, min_lon, min_lat, max_lon, max_lat, label_point)
         SELECT code, iso_a3, name_zh, name_en, parent_code, g, ST_XMin(g), ST_YMin(g), ST_XMax(g), ST_YMax(g), ST_PointOnSurface(g)
         FROM clean`,
        [JSON.stringify(rows.slice(i, i + BATCH))],
      );
    }
    await markLoaded(tx, 'global_regions', layer.hash);
    progress(`countries ${rows.length}`);
  });
}

export const regionsSeed: SeedStep = {
  name: 'regions',
  async run(db, progress) {
    await loadRegions(db, progress);
    await loadCountries(db, progress);
  },
};
