import 'server-only';
/**
 * Seed step: the spot dictionaries (always brought up to date) and the demo land-cover spots, generated
 * once per content hash (generator version + loaded regions) in one transaction. Runs after regions.
 */
import { generator, versionedSeed } from '../../db/versioned-seed';
import type { Queryable } from '../../db/types';
import { announceSpotBatches } from '../../theme-features/loads';
import { themeDictionaries } from '../../../shared/themes';
import { mulberry32 } from '../../../shared/random';
import { quarterPeriod } from '../../../shared/spots/dates';
import { DEMO_QUARTERS, GENERATOR_VERSION, planCounts, sceneFilename, spotAttributes, spotShape } from './demo';

const THEME = 'landcover';
const DATASET = 'spots-landcover-demo';
const INSERT_CHUNK = 4000;

async function upsertDictionaries(db: Queryable): Promise<void> {
  const items = Object.entries(themeDictionaries()).flatMap(([code, list]) =>
    list.map((item, sort) => ({ code, item_value: item.value, name_zh: item.zh, name_en: item.en, sort })),
  );
  await db.query(
    `INSERT INTO dictionary_items (code, item_value, name_zh, name_en, sort)
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(code text, item_value text, name_zh text, name_en text, sort int)
     ON CONFLICT (code, item_value) DO UPDATE SET name_zh = EXCLUDED.name_zh, name_en = EXCLUDED.name_en, sort = EXCLUDED.sort`,
    [JSON.stringify(items)],
  );
}

function quarterNames(quarter: string): { zh: string; en: string } {
  const [year, q] = quarter.split('Q') as [string, string];
  const zhNumber = ['一', '二', '三', '四'][Number(q) - 1]!;
  return { zh: `${year}年第${zhNumber}季度土地覆盖监测（演示）`, en: `${year} Q${q} land cover monitoring (demo)` };
}

async function generate(tx: Queryable): Promise<number> {
  await tx.query(`DELETE FROM spot_batches WHERE theme = $1 AND demo`, [THEME]);
  const batchIds: string[] = [];
  for (const [i, quarter] of DEMO_QUARTERS.entries()) {
    const names = quarterNames(quarter);
    const period = quarterPeriod(quarter);
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO spot_batches (theme, quarter, type_name_zh, type_name_en, period_start, period_end, status, is_current, demo)
       VALUES ($1, $2, $3, $4, $5, $6, 'published', $7, true) RETURNING id::text AS id`,
      [THEME, quarter, names.zh, names.en, period.start, period.end, i === DEMO_QUARTERS.length - 1],
    );
    batchIds.push(row!.id);
  }
  // Spots sit in leaf units: counties, and cities without counties (e.g. Dongguan).
  const leaves = await tx.query<{ code: string }>(
    `SELECT r.code FROM regions r
     WHERE r.level IN ('city', 'county') AND NOT EXISTS (SELECT 1 FROM regions c WHERE c.parent_code = r.code)
     ORDER BY r.code`,
  );
  const plan = planCounts(
    leaves.map((l) => l.code),
    DEMO_QUARTERS.length,
  );
  const requests = [...plan].map(([code, counts], i) => ({ code, n: counts.reduce((a, b) => a + b, 0), seed: 1000 + i }));
  const points = await tx.query<{ code: string; lon: number; lat: number }>(
    `SELECT r.code, ST_X(p.geom) AS lon, ST_Y(p.geom) AS lat
     FROM jsonb_to_recordset($1::jsonb) AS j(code text, n int, seed int)
     JOIN regions r ON r.code = j.code
     CROSS JOIN LATERAL ST_DumpPoints(ST_GeneratePoints(r.geom_hi, j.n, j.seed)) AS p
     ORDER BY r.code, p.path[1]`,
    [JSON.stringify(requests)],
  );
  const byCounty = new Map<string, { lon: number; lat: number }[]>();
  for (const p of points) (byCounty.get(p.code) ?? byCounty.set(p.code, []).get(p.code)!).push({ lon: p.lon, lat: p.lat });

  const rng = mulberry32(GENERATOR_VERSION.length * 7919);
  const rows: Record<string, string | number>[] = [];
  for (const [code, counts] of [...plan].sort(([a], [b]) => a.localeCompare(b))) {
    const available = byCounty.get(code) ?? [];
    let next = 0;
    for (const [b, count] of counts.entries()) {
      if (count === 0) continue;
      const period = quarterPeriod(DEMO_QUARTERS[b]!);
      const days = (Date.parse(period.end) - Date.parse(period.start)) / 86_400_000;
      const date = new Date(Date.parse(period.start) + Math.floor(rng() * (days + 1)) * 86_400_000).toISOString().slice(0, 10);
      const first = available[next];
      if (!first) break;
      const filename = sceneFilename(rng, first.lon, first.lat, date);
      for (let k = 0; k < count; k++) {
        const point = available[next++];
        if (!point) break;
        const shape = spotShape(rng, point.lon, point.lat);
        const a = spotAttributes(rng, b, counts.length);
        rows.push({
          batch_id: batchIds[b]!,
          xzqdm: code,
          stage: a.stage,
          tblx: a.tblx,
          change_type: a.changeType,
          landuse_type: a.landuseType,
          filename,
          wkt: shape.wkt,
          detected_on: date,
        });
      }
    }
  }
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await tx.query(
      `INSERT INTO spots (theme, batch_id, xzqdm, stage, tblx, filename, area_m2, change_type, landuse_type, geom, center, detected_on, demo)
       SELECT $2, r.batch_id, r.xzqdm, r.stage, r.tblx, r.filename, ST_Area(g.geom::geography), r.change_type, r.landuse_type,
              g.geom, ST_PointOnSurface(g.geom), r.detected_on, true
       FROM jsonb_to_recordset($1::jsonb) AS r(batch_id bigint, xzqdm text, stage text, tblx text, change_type smallint,
            landuse_type text, filename text, wkt text, detected_on date)
       CROSS JOIN LATERAL (SELECT ST_Multi(ST_GeomFromText(r.wkt, 4326)) AS geom) AS g`,
      [JSON.stringify(rows.slice(i, i + INSERT_CHUNK)), THEME],
    );
  }
  // Theme subscriptions hear of the new batches once this commits.
  await announceSpotBatches(tx, batchIds);
  return rows.length;
}

export const spotsSeed = versionedSeed({
  name: 'spots',
  dataset: DATASET,
  after: ['regions'],
  prepare: upsertDictionaries,
  source: () => generator(GENERATOR_VERSION),
  load: (tx) => generate(tx),
  report: (count) => `generated ${count} demo land-cover spots`,
});
