import 'server-only';
/**
 * Seed step: the demo spots of non-agricultural and non-grain use of farmland (generator in
 * nonagricultural.ts), once per content hash (generator version + loaded regions), in one transaction.
 * PostGIS picks each county's cluster centres (ST_GeneratePoints, fixed seeds) and keeps only spots whose
 * inner point lies in the county they are stored under, so statistics by county code match the map.
 */
import { generator, versionedSeed } from '../../db/versioned-seed';
import type { Queryable } from '../../db/types';
import { announceSpotBatches } from '../../theme-features/loads';
import { mulberry32 } from '../../../shared/random';
import { quarterPeriod } from '../../../shared/spots/dates';
import { sceneFilename } from '../landcover/demo';
import { buildSpots, NONAGRICULTURAL_GENERATOR_VERSION, NONAGRICULTURAL_QUARTERS, planCounties } from './demo';
import type { Xy } from '../demo/shapes';

const THEME = 'nonagricultural';
const DATASET = 'nonagricultural-demo';
const INSERT_CHUNK = 4000;

/** Leaf units: counties, and cities without counties (e.g. Dongguan). */
const LEAF = `r.level IN ('city', 'county') AND NOT EXISTS (SELECT 1 FROM regions c WHERE c.parent_code = r.code)`;

function batchNames(quarter: string): { zh: string; en: string } {
  const [year, q] = quarter.split('Q') as [string, string];
  const zhNumber = ['一', '二', '三', '四'][Number(q) - 1]!;
  return {
    zh: `${year}年第${zhNumber}季度耕地非农化非粮化监测（演示）`,
    en: `${year} Q${q} non-agricultural and non-grain use of farmland (demo)`,
  };
}

export async function generateNonagriculturalDemo(tx: Queryable): Promise<number> {
  await tx.query(`DELETE FROM spot_batches WHERE theme = $1 AND demo`, [THEME]);
  const batchIds: string[] = [];
  for (const [i, quarter] of NONAGRICULTURAL_QUARTERS.entries()) {
    const names = batchNames(quarter);
    const period = quarterPeriod(quarter);
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO spot_batches (theme, quarter, type_name_zh, type_name_en, period_start, period_end, status, is_current, demo)
       VALUES ($1, $2, $3, $4, $5, $6, 'published', $7, true) RETURNING id::text AS id`,
      [THEME, quarter, names.zh, names.en, period.start, period.end, i === NONAGRICULTURAL_QUARTERS.length - 1],
    );
    batchIds.push(row!.id);
  }
  const leaves = await tx.query<{ code: string }>(`SELECT r.code FROM regions r WHERE ${LEAF} ORDER BY r.code`);
  const plans = planCounties(leaves.map((l) => l.code));
  const points = await tx.query<{ code: string; lon: number; lat: number }>(
    `SELECT r.code, ST_X(p.geom) AS lon, ST_Y(p.geom) AS lat
     FROM jsonb_to_recordset($1::jsonb) AS j(code text, n int, seed int)
     JOIN regions r ON r.code = j.code
     CROSS JOIN LATERAL ST_DumpPoints(ST_GeneratePoints(r.geom_mid, j.n, j.seed)) AS p
     ORDER BY r.code, p.path[1]`,
    [JSON.stringify(plans.map((p, i) => ({ code: p.code, n: p.clusters, seed: 7000 + i })))],
  );
  const centres = new Map<string, Xy[]>();
  for (const p of points) (centres.get(p.code) ?? centres.set(p.code, []).get(p.code)!).push([p.lon, p.lat]);
  const spots = buildSpots(plans, centres);

  // One scene per county and batch: its spots share the image filename and detection date.
  const rng = mulberry32(NONAGRICULTURAL_GENERATOR_VERSION.length * 104729);
  const scenes = new Map<string, { filename: string; date: string }>();
  const rows = spots.map((s) => {
    const key = `${s.code}:${s.batch}`;
    let scene = scenes.get(key);
    if (!scene) {
      const period = quarterPeriod(NONAGRICULTURAL_QUARTERS[s.batch]!);
      const days = (Date.parse(period.end) - Date.parse(period.start)) / 86_400_000;
      const date = new Date(Date.parse(period.start) + Math.floor(rng() * (days + 1)) * 86_400_000).toISOString().slice(0, 10);
      const [lon, lat] = centres.get(s.code)![0]!;
      scene = { filename: sceneFilename(rng, lon, lat, date), date };
      scenes.set(key, scene);
    }
    return {
      batch_id: batchIds[s.batch]!,
      xzqdm: s.code,
      stage: s.stage,
      tblx: s.kind,
      landuse_type: s.farmland,
      filename: scene.filename,
      wkt: s.wkt,
      detected_on: scene.date,
    };
  });
  let stored = 0;
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const [row] = await tx.query<{ n: number }>(
      `WITH r AS (
         SELECT r.*, g.geom, ST_PointOnSurface(g.geom) AS center
         FROM jsonb_to_recordset($1::jsonb) AS r(batch_id bigint, xzqdm text, stage text, tblx text, landuse_type text,
              filename text, wkt text, detected_on date)
         CROSS JOIN LATERAL (SELECT ST_GeomFromText(r.wkt, 4326) AS geom) AS g
       ), inserted AS (
         INSERT INTO spots (theme, batch_id, xzqdm, stage, tblx, filename, area_m2, landuse_type, geom, center, detected_on, demo)
         SELECT $2, r.batch_id, r.xzqdm, r.stage, r.tblx, r.filename, ST_Area(r.geom::geography), r.landuse_type,
                r.geom, r.center, r.detected_on, true
         FROM r JOIN regions c ON c.code = r.xzqdm
         WHERE ST_Covers(c.geom_mid, r.center)
         ORDER BY r.xzqdm, r.batch_id
         RETURNING 1
       )
       SELECT count(*)::int AS n FROM inserted`,
      [JSON.stringify(rows.slice(i, i + INSERT_CHUNK)), THEME],
    );
    stored += row!.n;
  }
  // Theme subscriptions hear of the new batches once this commits.
  await announceSpotBatches(tx, batchIds);
  return stored;
}

export const nonagriculturalDemoSeed = versionedSeed({
  name: 'nonagricultural-demo',
  dataset: DATASET,
  after: ['regions'],
  source: () => generator(NONAGRICULTURAL_GENERATOR_VERSION),
  load: (tx) => generateNonagriculturalDemo(tx),
  report: (count) => `generated ${count} demo spots of non-agricultural and non-grain use of farmland`,
});
