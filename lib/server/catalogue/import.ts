import 'server-only';
/**
 * Real catalogue import (`npm run catalogue:import -- FILE`): STAC 1.0 items from an ItemCollection /
 * FeatureCollection or newline-delimited JSON become scene rows (source `imported`). Idempotent by id: a
 * second import of the same item updates it. An item that cannot be used is reported with its line (or
 * feature number) and the reason, and skipped; the rest load.
 *
 * Field mapping (STAC → scenes): platform → platform/satellite, instruments[0] (or sar:instrument_mode) →
 * sensor, datetime (or start_datetime) → acquired_at, eo:cloud_cover → cloud_pct, gsd (or the finest
 * asset gsd, or sar:resolution_range) → resolution_m, view:* → sun/off-nadir, sat:absolute_orbit → orbit,
 * WRS / CBERS / Amazonia path and row, the thumbnail asset → quick-look link. The whole item's
 * properties and assets are kept in `properties` for the STAC API to give back.
 */
import { z } from 'zod';
import { CATALOGUE_LIMITS } from '../../shared/contracts/catalogue';
import { markLoaded } from '../db/dataset-version';
import type { Queryable } from '../db/types';
import { dropImagery, IMAGERY_ROLES, putImageryAsset, imageryRoot, isUnderRoot } from '../scene-imagery';
import { beginSceneLoad, finishSceneLoad } from './loads';

const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/;
/** Largest accepted item (one NDJSON line or one feature), bytes. */
export const MAX_ITEM_BYTES = 1_048_576;

const positionSchema = z.array(z.number().finite()).min(2).max(3);
const polygonCoordinates = z.array(z.array(positionSchema).min(4)).min(1);
const geometrySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Polygon'), coordinates: polygonCoordinates }),
  z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(polygonCoordinates).min(1) }),
]);

const assetSchema = z.looseObject({
  href: z.string(),
  type: z.string().optional(),
  roles: z.array(z.string()).optional(),
  gsd: z.number().positive().optional(),
});

const itemSchema = z.looseObject({
  type: z.literal('Feature', 'not a GeoJSON Feature'),
  id: z.string('id missing').regex(ID_PATTERN, 'id must be 1–200 letters, digits, . _ : -'),
  collection: z.string().optional(),
  geometry: geometrySchema.nullable(),
  properties: z.looseObject({
    datetime: z.string().nullable().optional(),
    start_datetime: z.string().optional(),
    platform: z.string().min(1).max(64).optional(),
    instruments: z.array(z.string()).optional(),
    gsd: z.number().positive().optional(),
    'eo:cloud_cover': z.number().min(0).max(100).optional(),
    'view:sun_elevation': z.number().min(-90).max(90).optional(),
    'view:sun_azimuth': z.number().min(0).max(360).optional(),
    'view:off_nadir': z.number().min(0).max(90).optional(),
    'sat:absolute_orbit': z.number().int().min(0).optional(),
  }),
  assets: z.record(z.string(), assetSchema).default({}),
});
type StacItem = z.infer<typeof itemSchema>;

/** A scene row ready to upsert. */
export interface ImportedScene {
  id: string;
  collection: string;
  satellite: string;
  sensor: string;
  platform: string;
  productLevel: string;
  resolutionM: number;
  acquiredAt: string;
  cloudPct: number | null;
  orbitNumber: number | null;
  path: number | null;
  row: number | null;
  geometry: string;
  sunElevation: number | null;
  sunAzimuth: number | null;
  offNadir: number | null;
  quicklookUrl: string | null;
  properties: Record<string, unknown>;
  /** Its COG assets with role data or visual, served as imagery (file: URLs under IMAGERY_ROOT). */
  imagery?: SceneImagery[];
}

export interface SceneImagery {
  key: string;
  href: string;
  roles: string[];
  commonNames: (string | null)[];
}

export type Mapped = { ok: true; scene: ImportedScene } | { ok: false; reason: string };

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const int = (v: unknown): number | null => (Number.isInteger(v) && (v as number) >= 0 ? (v as number) : null);

function firstNumber(...values: unknown[]): number | null {
  for (const v of values) {
    const n = Array.isArray(v) ? num(v[0]) : num(v);
    if (n !== null) return n;
  }
  return null;
}

function vertexCount(geometry: NonNullable<StacItem['geometry']>): number {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.reduce((n, polygon) => n + polygon.reduce((m, ring) => m + ring.length, 0), 0);
}

function quicklookOf(assets: StacItem['assets']): string | null {
  const isImage = (type?: string) => !type || /^image\/(png|jpeg|jpg|webp)/.test(type);
  const candidates = [
    assets.thumbnail,
    ...Object.values(assets).filter((a) => a.roles?.includes('thumbnail') && isImage(a.type)),
    assets.rendered_preview,
    ...Object.values(assets).filter((a) => a.roles?.includes('overview') && isImage(a.type)),
  ];
  const found = candidates.find((a) => a && /^https?:\/\//.test(a.href) && a.href.length <= 2048 && isImage(a.type));
  return found?.href ?? null;
}

const COG_TYPE = /^image\/tiff(;|$)/i;
const ASSET_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * The item's imagery: GeoTIFF assets with role `data` or `visual`. Only `file:` URLs under IMAGERY_ROOT are served
 * (`refused` names the other file: assets); assets elsewhere (https, s3) stay ordinary STAC assets.
 */
function imageryOf(assets: StacItem['assets']): { served: SceneImagery[]; refused: string[] } {
  const served: SceneImagery[] = [];
  const refused: string[] = [];
  for (const [key, asset] of Object.entries(assets)) {
    const roles = (asset.roles ?? []).filter((r) => (IMAGERY_ROLES as readonly string[]).includes(r));
    const isTiff = asset.type ? COG_TYPE.test(asset.type) : /\.tiff?$/i.test(asset.href);
    if (roles.length === 0 || !isTiff || !asset.href.startsWith('file:')) continue;
    if (!ASSET_KEY.test(key) || !isUnderRoot(asset.href)) {
      refused.push(key);
      continue;
    }
    const bands = (asset['eo:bands'] ?? asset.bands) as unknown;
    const commonNames = Array.isArray(bands)
      ? bands.map((b: unknown) =>
          b && typeof b === 'object' && typeof (b as { common_name?: unknown }).common_name === 'string'
            ? (b as { common_name: string }).common_name
            : null,
        )
      : [];
    served.push({ key, href: asset.href, roles, commonNames });
  }
  return { served, refused };
}

function productLevelOf(p: Record<string, unknown>): string {
  const value = [
    p['processing:level'],
    p['s1:processing_level'],
    p['landsat:correction'],
    p['cbers:data_type'],
    p['amazonia:data_type'],
    p['s2:product_type'],
  ].find((v) => typeof v === 'string' && /^[A-Za-z0-9_-]{1,32}$/.test(v));
  return (value as string | undefined) ?? 'unknown';
}

/** Maps one parsed JSON value to a scene, or says why it cannot be used. */
export function mapStacItem(value: unknown): Mapped {
  const parsed = itemSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, reason: `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}` };
  }
  const item = parsed.data;
  const p = item.properties as Record<string, unknown>;
  if (!item.geometry) return { ok: false, reason: 'geometry: an item without a footprint cannot be searched' };
  if (vertexCount(item.geometry) > CATALOGUE_LIMITS.maxVertices)
    return { ok: false, reason: `geometry: more than ${CATALOGUE_LIMITS.maxVertices} vertices` };
  const when = item.properties.datetime ?? item.properties.start_datetime;
  if (!when || Number.isNaN(Date.parse(when))) return { ok: false, reason: 'properties.datetime: missing or not RFC 3339' };
  const platform = item.properties.platform;
  if (!platform) return { ok: false, reason: 'properties.platform: missing' };
  const sensor =
    item.properties.instruments?.[0] ?? (typeof p['sar:instrument_mode'] === 'string' ? (p['sar:instrument_mode'] as string) : undefined);
  if (!sensor || sensor.length > 64) return { ok: false, reason: 'properties.instruments: missing' };
  const assetGsd = Object.values(item.assets)
    .map((a) => a.gsd)
    .filter((g): g is number => g !== undefined);
  const resolution =
    item.properties.gsd ??
    (assetGsd.length ? Math.min(...assetGsd) : null) ??
    firstNumber(p['sar:resolution_range'], p['sar:pixel_spacing_range']);
  if (resolution === null || !(resolution > 0)) return { ok: false, reason: 'properties.gsd: missing (no gsd on the item or its assets)' };
  const collection = (item.collection ?? `${platform}-${sensor}`)
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '-')
    .slice(0, 64);
  if (!/^[a-z0-9]/.test(collection)) return { ok: false, reason: 'collection: must start with a letter or digit' };
  const zenith = num(p['s2:mean_solar_zenith']);
  const path = int(
    p['landsat:wrs_path'] !== undefined
      ? Number(p['landsat:wrs_path'])
      : (p['cbers:path'] ?? p['amazonia:path'] ?? p['sat:relative_orbit']),
  );
  const row = int(p['landsat:wrs_row'] !== undefined ? Number(p['landsat:wrs_row']) : (p['cbers:row'] ?? p['amazonia:row']));
  const imagery = imageryOf(item.assets);
  if (imagery.refused.length)
    return { ok: false, reason: `assets ${imagery.refused.join(', ')}: file: imagery must lie under IMAGERY_ROOT (${imageryRoot()})` };
  return {
    ok: true,
    scene: {
      id: item.id,
      collection,
      satellite: platform.toUpperCase(),
      sensor: sensor.toUpperCase(),
      platform: platform.toLowerCase(),
      productLevel: productLevelOf(p),
      resolutionM: resolution,
      acquiredAt: new Date(when).toISOString(),
      cloudPct: item.properties['eo:cloud_cover'] ?? null,
      orbitNumber: item.properties['sat:absolute_orbit'] ?? null,
      path,
      row,
      geometry: JSON.stringify(item.geometry),
      sunElevation: item.properties['view:sun_elevation'] ?? (zenith === null ? null : 90 - zenith),
      sunAzimuth: item.properties['view:sun_azimuth'] ?? num(p['s2:mean_solar_azimuth']),
      offNadir: item.properties['view:off_nadir'] ?? null,
      quicklookUrl: quicklookOf(item.assets),
      properties: {
        stac: {
          properties: item.properties,
          assets: item.assets,
          ...(item.stac_extensions ? { stac_extensions: item.stac_extensions } : {}),
        },
      },
      imagery: imagery.served,
    },
  };
}

/**
 * Inserts or updates scenes in one statement. Footprints are made valid and counter-clockwise (the
 * table requires both); rows whose footprint is still unusable are returned by id, not inserted. New rows carry
 * `loadId` (lib/server/catalogue/loads.ts); an updated row keeps the load that first brought it, so it is not new again.
 */
export async function upsertScenes(
  db: Queryable,
  scenes: readonly ImportedScene[],
  loadId: string | null = null,
): Promise<{ written: string[] }> {
  if (scenes.length === 0) return { written: [] };
  const col = <K extends keyof ImportedScene>(k: K) => scenes.map((s) => s[k]);
  const rows = await db.query<{ id: string }>(
    `WITH input AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::float8[], $8::timestamptz[],
                            $9::float8[], $10::int[], $11::int[], $12::int[], $13::text[], $14::float8[], $15::float8[], $16::float8[],
                            $17::text[], $18::text[])
         AS t(id, collection, satellite, sensor, platform, product_level, resolution_m, acquired_at, cloud_pct, orbit_number, path, "row",
              geojson, sun_elevation, sun_azimuth, off_nadir, quicklook_url, properties)
     ), shaped AS (
       SELECT i.*, ST_ForcePolygonCCW(ST_CollectionExtract(ST_MakeValid(ST_Force2D(ST_SetSRID(ST_GeomFromGeoJSON(i.geojson), 4326))), 3)) AS g
         FROM input i
     )
     INSERT INTO scenes AS s (id, file_name, collection, satellite, sensor, platform, product_level, resolution_m, acquired_at, cloud_pct,
                         orbit_number, path, "row", footprint, centre, area_km2, sun_elevation, sun_azimuth, off_nadir, online,
                         quicklook_url, source, properties, updated_at, load_id)
     SELECT id, id, collection, satellite, sensor, platform, product_level, resolution_m, acquired_at, cloud_pct, orbit_number, path, "row",
            g, ST_PointOnSurface(g), ST_Area(g::geography) / 1e6, sun_elevation, sun_azimuth, off_nadir, true, quicklook_url, 'imported',
            properties::jsonb, now(), $19::bigint
       FROM shaped WHERE NOT ST_IsEmpty(g) AND ST_IsValid(g)
     ON CONFLICT (id) DO UPDATE SET
       collection = excluded.collection, satellite = excluded.satellite, sensor = excluded.sensor, platform = excluded.platform,
       product_level = excluded.product_level, resolution_m = excluded.resolution_m, acquired_at = excluded.acquired_at,
       cloud_pct = excluded.cloud_pct, orbit_number = excluded.orbit_number, path = excluded.path, "row" = excluded."row",
       footprint = excluded.footprint, centre = excluded.centre, area_km2 = excluded.area_km2, sun_elevation = excluded.sun_elevation,
       sun_azimuth = excluded.sun_azimuth, off_nadir = excluded.off_nadir, quicklook_url = excluded.quicklook_url,
       properties = excluded.properties, updated_at = now()
       WHERE s.source = 'imported'
     RETURNING s.id`,
    [
      col('id'),
      col('collection'),
      col('satellite'),
      col('sensor'),
      col('platform'),
      col('productLevel'),
      col('resolutionM'),
      col('acquiredAt'),
      col('cloudPct') as number[],
      col('orbitNumber') as number[],
      col('path') as number[],
      col('row') as number[],
      col('geometry'),
      col('sunElevation') as number[],
      col('sunAzimuth') as number[],
      col('offNadir') as number[],
      col('quicklookUrl') as string[],
      scenes.map((s) => JSON.stringify(s.properties)),
      loadId,
    ],
  );
  return { written: rows.map((r) => r.id) };
}

export interface ImportProblem {
  /** 1-based line of an NDJSON file, or 1-based feature number of a collection. */
  at: number;
  kind: 'line' | 'feature';
  reason: string;
}

export interface ImportReport {
  read: number;
  written: number;
  problems: ImportProblem[];
}

/** The JSON values of a file's text: a FeatureCollection's features, or one value per NDJSON line. */
export function itemsOfText(text: string): {
  kind: 'line' | 'feature';
  entries: Array<{ at: number; value: unknown } | { at: number; error: string }>;
} {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{')) {
    try {
      const whole = JSON.parse(text) as { type?: string; features?: unknown };
      if (whole && whole.type === 'FeatureCollection' && Array.isArray(whole.features)) {
        return { kind: 'feature', entries: whole.features.map((value, i) => ({ at: i + 1, value })) };
      }
      if (whole && whole.type === 'Feature') return { kind: 'line', entries: [{ at: 1, value: whole }] };
    } catch {
      // Not one JSON document: newline-delimited items.
    }
  }
  const entries: Array<{ at: number; value: unknown } | { at: number; error: string }> = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') return;
    if (Buffer.byteLength(line) > MAX_ITEM_BYTES) {
      entries.push({ at: i + 1, error: `item larger than ${MAX_ITEM_BYTES} bytes` });
      return;
    }
    try {
      entries.push({ at: i + 1, value: JSON.parse(line) });
    } catch (e) {
      entries.push({ at: i + 1, error: `not JSON (${(e as Error).message})` });
    }
  });
  return { kind: 'line', entries };
}

const BATCH = 500;

/** Imports the items of a file's text; progress gets a line per batch. */
export async function importStacText(db: Queryable, text: string, progress: (m: string) => void = () => {}): Promise<ImportReport> {
  const { kind, entries } = itemsOfText(text);
  const problems: ImportProblem[] = [];
  let written = 0;
  let batch: Array<{ at: number; scene: ImportedScene }> = [];
  const loadId = entries.length > 0 ? await beginSceneLoad(db, 'imported') : null;
  const flush = async () => {
    if (batch.length === 0) return;
    const { written: ids } = await upsertScenes(
      db,
      batch.map((b) => b.scene),
      loadId,
    );
    const done = new Set(ids);
    // The written scenes' imagery is what their items list now (a re-import may drop or change it).
    await dropImagery(db, ids);
    for (const { scene } of batch) {
      if (!done.has(scene.id)) continue;
      for (const asset of scene.imagery ?? []) await putImageryAsset(db, { sceneId: scene.id, ...asset });
    }
    for (const b of batch) {
      if (!done.has(b.scene.id))
        problems.push({ at: b.at, kind, reason: 'geometry: not a usable polygon, or the id belongs to a demo scene' });
    }
    written += ids.length;
    progress(`${written} scene(s) written`);
    batch = [];
  };
  const seen = new Set<string>();
  for (const entry of entries) {
    if ('error' in entry) {
      problems.push({ at: entry.at, kind, reason: entry.error });
      continue;
    }
    const mapped = mapStacItem(entry.value);
    if (!mapped.ok) {
      problems.push({ at: entry.at, kind, reason: mapped.reason });
      continue;
    }
    if (seen.has(mapped.scene.id)) {
      problems.push({ at: entry.at, kind, reason: `id ${mapped.scene.id} repeats an earlier item of this file` });
      continue;
    }
    seen.add(mapped.scene.id);
    batch.push({ at: entry.at, scene: mapped.scene });
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  // Cached answers computed from the catalogue (STAC collections and their extents) are recomputed.
  if (written > 0) await markLoaded(db, 'catalogue-imported', `${new Date().toISOString()} +${written}`);
  // The new scenes (not the updated ones) go to whoever delivers them, after every batch is written.
  if (loadId !== null) await finishSceneLoad(db, loadId);
  problems.sort((a, b) => a.at - b.at);
  return { read: entries.length, written, problems };
}
