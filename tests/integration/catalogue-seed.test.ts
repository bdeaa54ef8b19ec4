import { loadImage } from '@napi-rs/canvas';
import { GET as quicklookGet } from '../../app/api/normal/v5/normalmeta/quicklook/[id]/route';
import { shippedInputs } from '../../lib/server/catalogue/demo/inputs';
import { parseTles } from '../../lib/server/catalogue/demo/orbit';
import { catalogueSeedStep, CATALOGUE_DATASET, loadDemoCatalogue } from '../../lib/server/catalogue/demo/seed';
import { getEnv } from '../../lib/server/env';
import { COLLECTIONS } from '../../lib/shared/catalogue/missions';
import { withTestDatabase } from '../support/api';

const db = withTestDatabase();

const quicklook = (id: string, headers: Record<string, string> = {}) =>
  quicklookGet(new Request(`http://localhost:3000/api/normal/v5/normalmeta/quicklook/${encodeURIComponent(id)}`, { headers }), {
    params: Promise.resolve({ id }),
  });

async function sceneOf(where: string): Promise<{ id: string; cloud_pct: number | null }> {
  const [row] = await db().query<{ id: string; cloud_pct: number | null }>(
    `SELECT id, cloud_pct FROM scenes WHERE ${where} ORDER BY id LIMIT 1`,
  );
  return row!;
}

describe('demo scene catalogue seed', () => {
  it('fills `scenes` with the configured number of valid, counter-clockwise, declared demo rows', async () => {
    const [stats] = await db().query<{
      n: number;
      invalid: number;
      clockwise: number;
      empty_area: number;
      area_off: number;
      sar_cloud: number;
      optical_no_cloud: number;
      centre_outside: number;
      missions: number;
    }>(
      `SELECT count(*)::int AS n,
              count(*) FILTER (WHERE NOT ST_IsValid(footprint))::int AS invalid,
              count(*) FILTER (WHERE NOT ST_IsPolygonCCW(footprint))::int AS clockwise,
              count(*) FILTER (WHERE area_km2 <= 0)::int AS empty_area,
              count(*) FILTER (WHERE abs(area_km2 - ST_Area(footprint::geography) / 1e6) > 0.001 * area_km2)::int AS area_off,
              count(*) FILTER (WHERE sensor IN ('IW', 'FSII') AND cloud_pct IS NOT NULL)::int AS sar_cloud,
              count(*) FILTER (WHERE sensor NOT IN ('IW', 'FSII') AND cloud_pct IS NULL)::int AS optical_no_cloud,
              count(*) FILTER (WHERE NOT ST_Intersects(centre, footprint))::int AS centre_outside,
              count(DISTINCT satellite)::int AS missions
       FROM scenes WHERE source = 'demo'`,
    );
    expect(stats).toEqual({
      n: getEnv().DEMO_CATALOGUE_SCENES,
      invalid: 0,
      clockwise: 0,
      empty_area: 0,
      area_off: 0,
      sar_cloud: 0,
      optical_no_cloud: 0,
      centre_outside: 0,
      missions: expect.any(Number),
    });
    // Every declared mission that has spacecraft in the TLE file appears (ZY-3 01 and others lack TLEs).
    expect(stats!.missions).toBeGreaterThanOrEqual(22);
    // The demo scenes' collections (the template also holds the imported Olinda image, in a collection of its own).
    const collections = await db().query<{ collection: string }>(`SELECT DISTINCT collection FROM scenes WHERE source = 'demo'`);
    const declared = new Set(COLLECTIONS.map((c) => c.id));
    for (const { collection } of collections) expect(declared).toContain(collection);
    const [demo] = await db().query<{ flagged: number }>(
      `SELECT count(*)::int AS flagged FROM scenes WHERE (properties->>'demo')::boolean`,
    );
    expect(demo!.flagged).toBe(stats!.n);
  });

  it('reseeds idempotently, and a reload replaces demo scenes but keeps imported ones', async () => {
    const before = await db().query<{ version: string; loaded_at: string }>(
      `SELECT version, loaded_at::text FROM dataset_versions WHERE name = $1`,
      [CATALOGUE_DATASET],
    );
    const ids = (await db().query<{ id: string }>(`SELECT id FROM scenes ORDER BY id`)).map((r) => r.id);
    await catalogueSeedStep().run(db(), () => {});
    expect(await db().query(`SELECT version, loaded_at::text FROM dataset_versions WHERE name = $1`, [CATALOGUE_DATASET])).toEqual(before);
    expect((await db().query<{ id: string }>(`SELECT id FROM scenes ORDER BY id`)).map((r) => r.id)).toEqual(ids);

    await db().query(
      `INSERT INTO scenes (id, file_name, collection, satellite, sensor, platform, product_level, resolution_m, acquired_at, footprint, centre,
                           area_km2, quicklook_url, source)
       VALUES ('IMPORTED_1', 'IMPORTED_1', 'lc09-oli_tirs', 'LC09', 'OLI_TIRS', 'landsat-9', 'L1TP', 15, now(),
               ST_GeomFromText('POLYGON((116 39,117 39,117 40,116 40,116 39))', 4326), ST_SetSRID(ST_MakePoint(116.5, 39.5), 4326), 9000,
               'https://example.org/thumb/IMPORTED_1.png', 'imported'),
              ('IMPORTED_2', 'IMPORTED_2', 'lc09-oli_tirs', 'LC09', 'OLI_TIRS', 'landsat-9', 'L1TP', 15, now(),
               ST_GeomFromText('POLYGON((116 39,117 39,117 40,116 40,116 39))', 4326), ST_SetSRID(ST_MakePoint(116.5, 39.5), 4326), 9000,
               NULL, 'imported')`,
    );
    const lines: string[] = [];
    // Three spacecraft keep the reload quick (the template was seeded from all of them).
    const shipped = shippedInputs();
    const tles = parseTles(shipped.tleText);
    const tleText = [49260, 39634, 39150]
      .map((n) => tles.get(n)!)
      .map((t) => `${t.name}\n${t.line1}\n${t.line2}`)
      .join('\n');
    const options = { count: 700, manual: true, progress: (m: string) => lines.push(m), inputs: { ...shipped, tleText } };
    expect(await loadDemoCatalogue(db(), options)).toBe(700);
    expect(lines.at(-1)).toMatch(/700 \/ 700 demo scenes \(100 %/);
    const counts = await db().query<{ source: string; n: number }>(
      `SELECT source, count(*)::int AS n FROM scenes GROUP BY source ORDER BY source`,
    );
    expect(counts).toEqual([
      { source: 'demo', n: 700 },
      // The two above and the demo's Olinda image (imported, with imagery: lib/server/imagery/seed.ts).
      { source: 'imported', n: 3 },
    ]);
    // The start-up step keeps a catalogue loaded by hand (npm run db:seed -- --catalogue N).
    await catalogueSeedStep().run(db(), () => {});
    expect((await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM scenes WHERE source = 'demo'`))[0]!.n).toBe(700);
  });
});

describe('quick-looks (GET /api/normal/v5/normalmeta/quicklook/{id})', () => {
  it('draws a demo scene as a PNG in its footprint’s box, transparent outside, with immutable cache headers and an ETag', async () => {
    const scene = await sceneOf(`source = 'demo' AND sensor = 'WFV'`);
    const response = await quicklook(scene.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(response.headers.get('x-demo-data')).toBe('true');
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const png = Buffer.from(await response.arrayBuffer());
    const image = await loadImage(png);
    expect(Math.max(image.width, image.height)).toBe(256);
    // The footprint is turned to the track, so the box's corners lie outside it: transparent.
    const { createCanvas } = await import('@napi-rs/canvas');
    const canvas = createCanvas(image.width, image.height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(image, 0, 0);
    expect(ctx.getImageData(0, 0, 1, 1).data[3]).toBe(0);
    expect(ctx.getImageData(Math.floor(image.width / 2), Math.floor(image.height / 2), 1, 1).data[3]).toBe(255);
    // Same picture again (deterministic), and 304 for a client that has it.
    expect(Buffer.from(await (await quicklook(scene.id)).arrayBuffer()).equals(png)).toBe(true);
    const again = await quicklook(scene.id, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    // Remote readers (GDAL /vsicurl) learn the size and read byte ranges.
    expect(response.headers.get('content-length')).toBe(String(png.length));
    const part = await quicklook(scene.id, { range: 'bytes=8-23' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 8-23/${png.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(png.subarray(8, 24))).toBe(true);
    const tail = await quicklook(scene.id, { range: 'bytes=-10' });
    expect(Buffer.from(await tail.arrayBuffer()).equals(png.subarray(png.length - 10))).toBe(true);
    expect((await quicklook(scene.id, { range: `bytes=${png.length}-` })).status).toBe(416);
  });

  it('draws radar scenes without clouds and optical clouds matching the cover', async () => {
    const sar = await sceneOf(`source = 'demo' AND sensor = 'IW'`);
    expect((await quicklook(sar.id)).status).toBe(200);
    const { sceneQuicklook } = await import('../../lib/server/catalogue/quicklook');
    const { drawQuicklook } = await import('../../lib/server/catalogue/quicklook/draw');
    const [row] = await db().query<{ wkb: Uint8Array; w: number; s: number; e: number; n: number }>(
      `SELECT ST_AsBinary(footprint) AS wkb, ST_XMin(footprint) AS w, ST_YMin(footprint) AS s, ST_XMax(footprint) AS e, ST_YMax(footprint) AS n
       FROM scenes WHERE source = 'demo' AND sensor = 'WFV' ORDER BY id LIMIT 1`,
    );
    for (const cloudPct of [0, 35, 80]) {
      const drawn = await drawQuicklook({
        id: 'X',
        bbox: [row!.w, row!.s, row!.e, row!.n],
        footprintWkb: new Uint8Array(row!.wkb),
        cloudPct,
        sar: false,
        land: [],
      });
      expect(Math.abs(drawn.cloudCover * 100 - cloudPct)).toBeLessThan(2);
    }
    expect((await sceneQuicklook(db(), 'NO_SUCH_SCENE', null)).kind).toBe('missing');
  });

  it('redirects imported scenes to their thumbnail, 404s without one, and for unknown or invalid ids', async () => {
    const redirect = await quicklook('IMPORTED_1');
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('https://example.org/thumb/IMPORTED_1.png');
    const none = await quicklook('IMPORTED_2');
    expect(none.status).toBe(404);
    const unknown = await quicklook('GF1_PMS1_E114.6_N38.1_20250312_L1A0000000000', { 'x-locale': 'en' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ code: 404, message: 'Scene not found', data: null });
    const bad = await quicklook('../etc/passwd', { 'x-locale': 'en' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('The scene id is not valid');
  });
});
