import 'server-only';
/**
 * Seed step: the demo features of the wind, PV, road and steel themes and the wind and PV suitability
 * zones, generated once per content hash (generator version + loaded regions) in one transaction. Runs
 * after regions (the features are placed in counties) and after the land-cover spots.
 *
 * The JS generator (generate.ts) decides what and how big; PostGIS picks the anchor points inside the
 * counties, finds the county every feature lies in (its `center`), measures areas and lengths on the
 * ellipsoid and cuts the zones per county. Bump GENERATOR_VERSION when the generated data changes.
 */
import { generator, versionedSeed } from '../../db/versioned-seed';
import type { Queryable } from '../../db/types';
import { announceSpotBatches } from '../../theme-features/loads';
import { quarterPeriod } from '../../../shared/spots/dates';
import {
  anchorRequests,
  assembleRows,
  buildDemo,
  DEMO_THEMES,
  type DemoTheme,
  GENERATOR_VERSION,
  planSlots,
  type Slot,
  THEME_QUARTERS,
} from './generate';
import type { Xy } from './shapes';

const DATASET = 'themes-demo';
const INSERT_CHUNK = 10000;
const ZONE_THEMES = ['windmill', 'pvland'];

/** Leaf units: counties, and cities without counties (e.g. Dongguan). */
const LEAF = `r.level IN ('city', 'county') AND NOT EXISTS (SELECT 1 FROM regions c WHERE c.parent_code = r.code)`;

const BATCH_NAMES: Record<DemoTheme, { zh: string; en: string }> = {
  windmill: { zh: '风电监测', en: 'wind power monitoring' },
  pvland: { zh: '光伏用地监测', en: 'photovoltaic land monitoring' },
  road: { zh: '道路监测', en: 'road monitoring' },
  steelplant: { zh: '钢铁产能监测', en: 'steel capacity monitoring' },
};

function batchNames(theme: DemoTheme, quarter: string): { zh: string; en: string } {
  const [year, q] = quarter.split('Q') as [string, string];
  const zhNumber = ['一', '二', '三', '四'][Number(q) - 1]!;
  const names = BATCH_NAMES[theme];
  return { zh: `${year}年第${zhNumber}季度${names.zh}（演示）`, en: `${year} Q${q} ${names.en} (demo)` };
}

async function insertBatches(tx: Queryable): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const theme of DEMO_THEMES) {
    for (const [i, quarter] of THEME_QUARTERS.entries()) {
      const names = batchNames(theme, quarter);
      const period = quarterPeriod(quarter);
      const [row] = await tx.query<{ id: string }>(
        `INSERT INTO spot_batches (theme, quarter, type_name_zh, type_name_en, period_start, period_end, status, is_current, demo)
         VALUES ($1, $2, $3, $4, $5, $6, 'published', $7, true) RETURNING id::text AS id`,
        [theme, quarter, names.zh, names.en, period.start, period.end, i === THEME_QUARTERS.length - 1],
      );
      ids.set(`${theme}:${i}`, row!.id);
    }
  }
  return ids;
}

/**
 * One anchor point per slot, from ST_GeneratePoints in the slot's county (fixed seeds), on the lighter
 * mid-resolution outline: the county a feature is stored under is found from where it lies (locate).
 */
async function anchorPoints(tx: Queryable, slots: readonly Slot[]): Promise<Map<Slot, Xy>> {
  const requests = anchorRequests(slots);
  const points = await tx.query<{ key: string; lon: number; lat: number }>(
    `SELECT j.key, ST_X(p.geom) AS lon, ST_Y(p.geom) AS lat
     FROM jsonb_to_recordset($1::jsonb) AS j(key text, code text, n int, seed int)
     JOIN regions r ON r.code = j.code
     CROSS JOIN LATERAL ST_DumpPoints(ST_GeneratePoints(r.geom_mid, j.n, j.seed)) AS p
     ORDER BY j.key, p.path[1]`,
    [JSON.stringify(requests)],
  );
  const byKey = new Map<string, Xy[]>();
  for (const p of points) (byKey.get(p.key) ?? byKey.set(p.key, []).get(p.key)!).push([p.lon, p.lat]);
  const anchors = new Map<Slot, Xy>();
  const used = new Map<string, number>();
  for (const slot of slots) {
    const key = `${slot.purpose}:${slot.code}`;
    const i = used.get(key) ?? 0;
    used.set(key, i + 1);
    const point = byKey.get(key)?.[i];
    if (point) anchors.set(slot, point);
  }
  return anchors;
}

/**
 * Stores every feature's geometry once (features repeat over the snapshot batches) with its centre,
 * ellipsoidal area and length, then finds the leaf county covering each centre, county by county (so
 * each county outline is read once and PostGIS prepares it for all the centres it holds). Offshore
 * features keep their coastal county; roads must lie inside the country. Answers the located features.
 */
async function locate(
  tx: Queryable,
  features: readonly { key: number; wkt: string; offshore: boolean; county: string; kind: string }[],
): Promise<Map<number, string>> {
  await tx.query(
    `CREATE TEMP TABLE theme_demo_shapes (
       key int PRIMARY KEY, geom geometry NOT NULL, center geometry NOT NULL, fallback text, xzqdm text,
       area_m2 float8 NOT NULL, length_m float8
     ) ON COMMIT DROP`,
  );
  for (let i = 0; i < features.length; i += INSERT_CHUNK) {
    const chunk = features.slice(i, i + INSERT_CHUNK).map((f) => ({ key: f.key, wkt: f.wkt, fallback: f.offshore ? f.county : null }));
    await tx.query(
      `WITH f AS MATERIALIZED (
         SELECT f.key, ST_GeomFromText(f.wkt, 4326) AS geom, f.fallback
         FROM jsonb_to_recordset($1::jsonb) AS f(key int, wkt text, fallback text)
       )
       INSERT INTO theme_demo_shapes (key, geom, center, fallback, area_m2, length_m)
       SELECT f.key, f.geom, CASE WHEN GeometryType(f.geom) = 'POINT' THEN f.geom ELSE ST_PointOnSurface(f.geom) END, f.fallback,
              CASE WHEN GeometryType(f.geom) = 'MULTIPOLYGON' THEN ST_Area(f.geom::geography) ELSE 0 END,
              CASE WHEN GeometryType(f.geom) = 'MULTILINESTRING' THEN ST_Length(f.geom::geography) END
       FROM f`,
      [JSON.stringify(chunk)],
    );
  }
  await tx.query(`CREATE INDEX ON theme_demo_shapes USING gist (center)`);
  await tx.query(`ANALYZE theme_demo_shapes`);
  await tx.query(
    `UPDATE theme_demo_shapes s SET xzqdm = m.code
     FROM (
       SELECT x.key, min(r.code) AS code
       FROM regions r
       CROSS JOIN LATERAL (SELECT t.key FROM theme_demo_shapes t WHERE ST_Covers(r.geom_hi, t.center)) AS x
       WHERE ${LEAF}
       GROUP BY x.key
     ) AS m
     WHERE m.key = s.key`,
  );
  await tx.query(`UPDATE theme_demo_shapes SET xzqdm = fallback WHERE xzqdm IS NULL`);
  const lines = features.filter((f) => f.kind === 'line').map((f) => f.key);
  await tx.query(
    `UPDATE theme_demo_shapes s SET xzqdm = NULL
     WHERE s.key = ANY($1::int[]) AND NOT ST_Covers((SELECT geom_mid FROM regions WHERE level = 'country'), s.geom)`,
    [lines],
  );
  const rows = await tx.query<{ key: number; xzqdm: string }>(`SELECT key, xzqdm FROM theme_demo_shapes WHERE xzqdm IS NOT NULL`);
  return new Map(rows.map((r) => [r.key, r.xzqdm]));
}

/**
 * Suitability zones: the blobs of a class merged, minus the better classes (so classes never overlap),
 * cut per leaf county along its mid-resolution outline (modest vertex counts), slivers under 0.1 km² dropped.
 */
async function insertZones(tx: Queryable, zones: readonly { theme: string; zoneClass: string; wkt: string }[]): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    `WITH b AS (
       SELECT z.theme, z.zone_class, ST_GeomFromText(z.wkt, 4326) AS g
       FROM jsonb_to_recordset($1::jsonb) AS z(theme text, zone_class text, wkt text)
     ), u AS (
       SELECT theme, zone_class, ST_Union(g) AS g FROM b GROUP BY theme, zone_class
     ), d AS (
       SELECT u.theme, u.zone_class,
              COALESCE(ST_Difference(u.g, (SELECT ST_Union(h.g) FROM u h WHERE h.theme = u.theme AND h.zone_class < u.zone_class)), u.g) AS g
       FROM u
     ), parts AS (
       SELECT theme, zone_class, (ST_Dump(g)).geom AS g FROM d
     ), cut AS (
       SELECT p.theme, p.zone_class, r.code, ST_CollectionExtract(ST_Intersection(r.geom_mid, p.g), 3) AS g
       FROM parts p JOIN regions r ON ST_Intersects(r.geom_mid, p.g) AND ${LEAF}
     ), merged AS (
       SELECT theme, zone_class, code, ST_Multi(ST_Union(g)) AS g FROM cut WHERE NOT ST_IsEmpty(g) GROUP BY theme, zone_class, code
     ), inserted AS (
       INSERT INTO theme_zones (theme, zone_class, xzqdm, area_m2, geom, demo)
       SELECT theme, zone_class, code, ST_Area(g::geography), g, true
       FROM merged WHERE GeometryType(g) = 'MULTIPOLYGON' AND ST_Area(g::geography) >= 100000
       ORDER BY theme, zone_class, code
       RETURNING 1
     )
     SELECT count(*)::int AS n FROM inserted`,
    [JSON.stringify(zones.map((z) => ({ theme: z.theme, zone_class: z.zoneClass, wkt: z.wkt })))],
  );
  return row!.n;
}

export interface ThemeDemoCounts {
  rows: Record<DemoTheme, number>;
  zones: number;
}

export async function generateThemeDemo(tx: Queryable): Promise<ThemeDemoCounts> {
  await tx.query(`DELETE FROM spot_batches WHERE theme = ANY($1::text[]) AND demo`, [DEMO_THEMES]);
  await tx.query(`DELETE FROM theme_zones WHERE theme = ANY($1::text[]) AND demo`, [ZONE_THEMES]);
  const leaves = await tx.query<{ code: string; name_zh: string; name_en: string | null }>(
    `SELECT r.code, r.name_zh, r.name_en FROM regions r WHERE ${LEAF} ORDER BY r.code`,
  );
  const slots = planSlots(leaves.map((l) => l.code));
  const anchors = await anchorPoints(tx, slots);
  const world = buildDemo(
    leaves.map((l) => ({ code: l.code, nameZh: l.name_zh, nameEn: l.name_en ?? l.name_zh })),
    slots.filter((s) => anchors.has(s)),
    anchors,
  );
  const located = await locate(tx, world.features);
  const rows = assembleRows(world, located);
  const batchIds = await insertBatches(tx);
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK).map(({ batch, ...r }) => ({ ...r, batch_id: batchIds.get(`${r.theme}:${batch}`)! }));
    await tx.query(
      `INSERT INTO spots (theme, batch_id, xzqdm, stage, tblx, filename, area_m2, length_m, capacity, landuse_type,
                          name_zh, name_en, geom, center, detected_on, demo, feature_key)
       SELECT r.theme, r.batch_id, r.xzqdm, r.stage, r.tblx, r.filename, s.area_m2, s.length_m, r.capacity, r.landuse_type,
              r.name_zh, r.name_en, s.geom, s.center, r.detected_on, true, r.key::text
       FROM jsonb_to_recordset($1::jsonb) AS r(theme text, batch_id bigint, key int, xzqdm text, stage text, tblx text,
            filename text, capacity float8, landuse_type text, name_zh text, name_en text, detected_on date)
       JOIN theme_demo_shapes s ON s.key = r.key
       ORDER BY r.batch_id, r.key`,
      [JSON.stringify(chunk)],
    );
  }
  // Theme subscriptions hear of the new batches once this commits.
  await announceSpotBatches(tx, [...batchIds.values()]);
  const counts = Object.fromEntries(DEMO_THEMES.map((t) => [t, 0])) as Record<DemoTheme, number>;
  for (const r of rows) counts[r.theme]++;
  return { rows: counts, zones: await insertZones(tx, world.zones) };
}

export const themesDemoSeed = versionedSeed({
  name: 'themes-demo',
  dataset: DATASET,
  after: ['regions'],
  source: () => generator(GENERATOR_VERSION),
  load: (tx) => generateThemeDemo(tx),
  report: (counts) =>
    `generated demo theme features (${DEMO_THEMES.map((t) => `${counts.rows[t]} ${t}`).join(', ')}) and ${counts.zones} suitability zones`,
});
