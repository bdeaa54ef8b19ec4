import 'server-only';
/**
 * Seed step: the planting structure demo (planting.ts) — one batch per crop year, the county structure of
 * every year and the crop parcels of the sample areas — generated once per content hash (generator version
 * + loaded regions) in one transaction, after the regions. Every row is marked demo; batch names say so.
 */
import { generator, versionedSeed } from '../../db/versioned-seed';
import type { Queryable } from '../../db/types';
import { announceSpotBatches } from '../../theme-features/loads';
import { countyStructure, PLANTING_GENERATOR_VERSION, PLANTING_YEARS, sampleCounties, sampleParcels } from './demo';
import type { Xy } from '../demo/shapes';

const DATASET = 'planting-demo';
const THEME = 'plantingstructure';
const LEAF = `r.level IN ('city', 'county') AND NOT EXISTS (SELECT 1 FROM regions c WHERE c.parent_code = r.code)`;

export async function generatePlantingDemo(tx: Queryable): Promise<{ structure: number; parcels: number }> {
  await tx.query(`DELETE FROM spot_batches WHERE theme = $1 AND demo`, [THEME]);
  const leaves = (await tx.query<{ code: string }>(`SELECT r.code FROM regions r WHERE ${LEAF} ORDER BY r.code`)).map((r) => r.code);
  if (leaves.length === 0) return { structure: 0, parcels: 0 };

  const batchIds: string[] = [];
  for (const [i, year] of PLANTING_YEARS.entries()) {
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO spot_batches (theme, quarter, type_name_zh, type_name_en, period_start, period_end, status, is_current, demo)
       VALUES ($1, $2, $3, $4, $5, $6, 'published', $7, true) RETURNING id::text AS id`,
      [
        THEME,
        `${year}Q4`,
        `${year}年种植结构（演示）`,
        `${year} planting structure (demo)`,
        `${year}-01-01`,
        `${year}-12-31`,
        i === PLANTING_YEARS.length - 1,
      ],
    );
    batchIds.push(row!.id);
  }

  // The county structure: one record per county, season and crop with its five years, spread into rows here.
  const structure = countyStructure(leaves);
  const [inserted] = await tx.query<{ n: number }>(
    `WITH ins AS (
       INSERT INTO planting_structure (batch_id, xzqdm, season, crop, area_ha, demo)
       SELECT ($2::bigint[])[u.i], r.xzqdm, r.season, r.crop, u.v, true
       FROM jsonb_to_recordset($1::jsonb) AS r(xzqdm text, season text, crop text, areas float8[])
       CROSS JOIN LATERAL unnest(r.areas) WITH ORDINALITY AS u(v, i)
       RETURNING 1
     ) SELECT count(*)::int AS n FROM ins`,
    [JSON.stringify(structure), batchIds],
  );

  // Sample areas: anchored at a point inside their county, parcels measured on the ellipsoid once, one row per
  // parcel, season and year.
  const counties = sampleCounties(leaves);
  const points = await tx.query<{ code: string; lon: number; lat: number }>(
    `SELECT r.code, ST_X(p) AS lon, ST_Y(p) AS lat FROM regions r CROSS JOIN LATERAL ST_PointOnSurface(r.geom_mid) AS p WHERE r.code = ANY ($1::text[])`,
    [counties],
  );
  const byCode = new Map(points.map((p) => [p.code, [p.lon, p.lat] as Xy]));
  const { parcels, rows } = sampleParcels(
    counties,
    counties.map((c) => byCode.get(c) ?? null),
  );
  const year = new Map(PLANTING_YEARS.map((y, i) => [y, batchIds[i]!]));
  const [spots] = await tx.query<{ n: number }>(
    `WITH p AS MATERIALIZED (
       SELECT p.key, p.xzqdm, ST_GeomFromText(p.wkt, 4326) AS geom FROM jsonb_to_recordset($1::jsonb) AS p(key int, xzqdm text, wkt text)
     ), m AS MATERIALIZED (
       SELECT key, xzqdm, geom, ST_PointOnSurface(geom) AS center, ST_Area(geom::geography) AS area FROM p
     ), ins AS (
       INSERT INTO spots (theme, batch_id, xzqdm, stage, tblx, filename, area_m2, geom, center, detected_on, demo, feature_key)
       SELECT $3, r.batch_id, m.xzqdm, r.season, r.crop, r.filename, m.area, m.geom, m.center, r.detected_on, true, 'parcel-' || r.key
       FROM jsonb_to_recordset($2::jsonb) AS r(key int, batch_id bigint, season text, crop text, filename text, detected_on date)
       JOIN m ON m.key = r.key
       ORDER BY r.batch_id, r.key, r.season
       RETURNING 1
     ) SELECT count(*)::int AS n FROM ins`,
    [
      JSON.stringify(parcels),
      JSON.stringify(
        rows.map((r) => ({
          key: r.key,
          batch_id: year.get(r.year as (typeof PLANTING_YEARS)[number]),
          season: r.season,
          crop: r.crop,
          filename: r.filename,
          detected_on: r.detectedOn,
        })),
      ),
      THEME,
    ],
  );
  // Theme subscriptions hear of the new batches once this commits.
  await announceSpotBatches(tx, batchIds);
  return { structure: inserted!.n, parcels: spots!.n };
}

export const plantingDemoSeed = versionedSeed({
  name: 'planting-demo',
  dataset: DATASET,
  after: ['regions'],
  source: () => generator(PLANTING_GENERATOR_VERSION),
  load: (tx) => generatePlantingDemo(tx),
  report: (counts) => `generated the planting structure demo (${counts.structure} county crop areas, ${counts.parcels} parcel rows)`,
});
