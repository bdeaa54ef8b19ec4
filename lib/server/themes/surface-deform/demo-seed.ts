import 'server-only';
/**
 * Seed step of the surface deformation demo (deformation.ts): the products and the rate cells, once per
 * content hash (generator version + loaded regions), in one transaction after the regions. PostGIS finds
 * the county each cell's centre lies in (county by county, as the theme features' seed does); cells over
 * water or outside every county are dropped, as InSAR keeps no coherent points there.
 */
import { generator, versionedSeed } from '../../db/versioned-seed';
import type { Queryable } from '../../db/types';
import { DEFORM_GENERATOR_VERSION, demoCells, demoProducts, SERIES_START, SERIES_STEP_DAYS } from './demo';

const DATASET = 'deform-demo';
const CHUNK = 2500;

/** Leaf units: counties, and cities without counties. */
const LEAF = `r.level IN ('city', 'county') AND NOT EXISTS (SELECT 1 FROM regions c WHERE c.parent_code = r.code)`;

export async function generateDeformDemo(tx: Queryable): Promise<{ products: number; cells: number }> {
  await tx.query(`DELETE FROM deform_products WHERE demo`);
  await tx.query(`DELETE FROM deform_cells WHERE demo`);
  const products = demoProducts();
  await tx.query(
    `INSERT INTO deform_products (id, file_name, mission, satellite, pass, track, frame, date_start, date_end, epochs,
                                  footprint, area_km2, size_mb, demo)
     SELECT p.id, p.file_name, p.mission, p.satellite, p.pass, p.track, p.frame, p.date_start, p.date_end, p.epochs,
            g.footprint, ST_Area(g.footprint::geography) / 1e6, p.size_mb, true
       FROM jsonb_to_recordset($1::jsonb) AS p(id text, file_name text, mission text, satellite text, pass text, track int,
            frame int, date_start date, date_end date, epochs int, ring text, size_mb float8)
      CROSS JOIN LATERAL (SELECT ST_SetSRID(ST_GeomFromGeoJSON(p.ring), 4326) AS footprint) g
      ORDER BY p.id`,
    [
      JSON.stringify(
        products.map((p) => ({
          id: p.id,
          file_name: p.fileName,
          mission: p.mission,
          satellite: p.satellite,
          pass: p.pass,
          track: p.track,
          frame: p.frame,
          date_start: p.dateStart,
          date_end: p.dateEnd,
          epochs: p.epochs,
          ring: JSON.stringify({ type: 'Polygon', coordinates: [p.ring] }),
          size_mb: p.sizeMb,
        })),
      ),
    ],
  );
  await tx.query(
    `CREATE TEMP TABLE deform_demo_cells (
       x int NOT NULL, y int NOT NULL, rate real NOT NULL, coherence real NOT NULL, series real[] NOT NULL,
       geom geometry NOT NULL, center geometry NOT NULL, xzqdm text, PRIMARY KEY (x, y)
     ) ON COMMIT DROP`,
  );
  const cells = demoCells().flatMap((s) => s.cells);
  for (let i = 0; i < cells.length; i += CHUNK) {
    const chunk = cells.slice(i, i + CHUNK).map((c) => ({ x: c.x, y: c.y, b: c.bounds, rate: c.rate, coherence: c.coherence, series: c.series }));
    // Neighbouring windows may share a tile: the first site's cell wins.
    await tx.query(
      `INSERT INTO deform_demo_cells (x, y, rate, coherence, series, geom, center)
       SELECT c.x, c.y, c.rate, c.coherence, c.series, e.g, ST_Centroid(e.g)
         FROM jsonb_to_recordset($1::jsonb) AS c(x int, y int, b float8[], rate real, coherence real, series real[])
        CROSS JOIN LATERAL (SELECT ST_MakeEnvelope(c.b[1], c.b[2], c.b[3], c.b[4], 4326) AS g) e
       ON CONFLICT (x, y) DO NOTHING`,
      [JSON.stringify(chunk)],
    );
  }
  await tx.query(`CREATE INDEX ON deform_demo_cells USING gist (center)`);
  await tx.query(`ANALYZE deform_demo_cells`);
  await tx.query(
    `UPDATE deform_demo_cells d SET xzqdm = m.code
       FROM (SELECT x.x, x.y, min(r.code) AS code
               FROM regions r
              CROSS JOIN LATERAL (SELECT t.x, t.y FROM deform_demo_cells t WHERE ST_Covers(r.geom_hi, t.center)) AS x
              WHERE ${LEAF}
              GROUP BY x.x, x.y) m
      WHERE m.x = d.x AND m.y = d.y`,
  );
  const [inserted] = await tx.query<{ n: number }>(
    `WITH i AS (
       INSERT INTO deform_cells (x, y, xzqdm, rate, coherence, t0, step_days, series, geom, demo)
       SELECT x, y, xzqdm, rate, coherence, $1::date, $2::int, series, geom, true
         FROM deform_demo_cells WHERE xzqdm IS NOT NULL ORDER BY y, x
       RETURNING 1)
     SELECT count(*)::int AS n FROM i`,
    [SERIES_START, SERIES_STEP_DAYS],
  );
  return { products: products.length, cells: inserted?.n ?? 0 };
}

export const deformDemoSeed = versionedSeed({
  name: 'deform-demo',
  dataset: DATASET,
  after: ['regions'],
  source: () => generator(DEFORM_GENERATOR_VERSION),
  load: (tx) => generateDeformDemo(tx),
  report: (counts) => `generated surface deformation demo (${counts.products} products, ${counts.cells} rate cells)`,
});
