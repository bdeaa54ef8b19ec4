/**
 * Coverage analysis through HTTP (`coverage`, `coveragebyids`, `unionarea`, `fallfigure`, `notcovershp`):
 * every figure is checked against an independent computation written differently from the service — one
 * hand-written statement over the full-resolution boundary (`geom_hi`, the service measures `geom_mid`
 * pieces) or the exported geometry measured again — within 0.1 %.
 *
 * Fixture scenes (collection `fixture-cov`): a grid of overlapping squares over Shijiazhuang (130100) with
 * two cells left out, plus exact duplicates of three cells with more cloud (which a minimal set never needs).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { POST as coveragePost } from '../../app/api/normal/v5/normalmeta/coverage/route';
import { POST as coverageByIdsPost } from '../../app/api/normal/v5/normalmeta/coveragebyids/route';
import { POST as fallFigurePost } from '../../app/api/normal/v5/normalmeta/fallfigure/route';
import { POST as notCoverPost } from '../../app/api/normal/v5/normalmeta/notcovershp/route';
import { POST as unionAreaPost } from '../../app/api/normal/v5/normalmeta/unionarea/route';
import { POST as searchPost } from '../../app/api/normal/v5/normalmeta/base/route';
import { heavyWorkGate, resetHeavyWorkGate } from '../../lib/server/api/heavy-work';
import { resetEnvCache } from '../../lib/server/env';
import { API_CODES } from '../../lib/shared/contracts/api';
import { coverageAnalysisSchema, COVERAGE_LIMITS, fallFiguresSchema, unionAreaSchema } from '../../lib/shared/contracts/coverage';
import { SUBREGION_PIECE } from '../../lib/server/catalogue/coverage';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();

const CITY = '130100';
const COLLECTION = 'fixture-cov';
const REGION_FILTER = { collections: [COLLECTION], area: { mode: 1, regionCodes: [CITY] } };
const BBOX: [number, number, number, number] = [113.9, 37.7, 115.1, 38.5];
const EXTENT_FILTER = { collections: [COLLECTION], area: { mode: 2, bbox: BBOX } };

const squareWkt = (lon: number, lat: number, d: number) =>
  `POLYGON((${lon - d / 2} ${lat - d / 2},${lon + d / 2} ${lat - d / 2},${lon + d / 2} ${lat + d / 2},${lon - d / 2} ${lat + d / 2},${lon - d / 2} ${lat - d / 2}))`;

interface Fixture {
  id: string;
  lon: number;
  lat: number;
  cloud: number;
}
const FIXTURES: Fixture[] = [];
const DUPLICATES = new Map<string, string>(); // cloudy duplicate → the clear scene it copies

async function insert(f: Fixture, day: number) {
  await db().query(
    `INSERT INTO scenes (id, file_name, collection, satellite, sensor, platform, product_level, resolution_m, acquired_at, cloud_pct,
       footprint, centre, area_km2, online, source)
     SELECT $1, $1 || '.tar.gz', $2, 'COV', 'PMS', 'fixture', 'L1A', 2, $3::timestamptz, $4, g, ST_Centroid(g),
            ST_Area(g::geography) / 1e6, true, 'imported'
       FROM (SELECT ST_GeomFromText($5, 4326) AS g) x`,
    [f.id, COLLECTION, new Date(Date.UTC(2025, 0, 1 + day, 3)).toISOString(), f.cloud, squareWkt(f.lon, f.lat, 0.45)],
  );
}

beforeAll(async () => {
  let n = 0;
  for (const lat of [37.6, 38.0, 38.4, 38.8]) {
    for (const lon of [113.6, 114.0, 114.4, 114.8, 115.2]) {
      n++;
      // Two holes: the cells at (114.4, 38.0) and (113.6, 38.8) are left out.
      if ((lon === 114.4 && lat === 38.0) || (lon === 113.6 && lat === 38.8)) continue;
      FIXTURES.push({ id: `COV_${String(n).padStart(2, '0')}`, lon, lat, cloud: (n * 7) % 30 });
    }
  }
  for (const [i, src] of [FIXTURES[2]!, FIXTURES[6]!, FIXTURES[11]!].entries()) {
    const dup = { id: `COV_DUP_${i}`, lon: src.lon, lat: src.lat, cloud: src.cloud + 40 };
    DUPLICATES.set(dup.id, src.id);
    FIXTURES.push(dup);
  }
  for (const [i, f] of FIXTURES.entries()) await insert(f, i);
}, 120_000);

const ALL_IDS = () => FIXTURES.map((f) => f.id);

async function post(handler: typeof coveragePost, name: string, body: unknown, locale: 'zh' | 'en' = 'en', query = '') {
  return call(handler, `/api/normal/v5/normalmeta/${name}${query}`, { body, headers: { 'x-locale': locale } });
}

/** km² of the union of these scenes inside the area, and of the area, by one independent statement. */
async function independent(
  ids: string[],
  areaSql: string,
  areaParams: unknown[],
): Promise<{ covered: number; area: number; union: number }> {
  const [row] = await db().query<{ covered: number; area: number; union: number }>(
    `WITH u AS (SELECT ST_Union(footprint) AS g FROM scenes WHERE id = ANY ($1::text[])), a AS (SELECT (${areaSql}) AS g)
     SELECT ST_Area(ST_Intersection(u.g, a.g)::geography) / 1e6 AS covered, ST_Area(a.g::geography) / 1e6 AS area,
            ST_Area(u.g::geography) / 1e6 AS union FROM u, a`,
    [ids, ...areaParams] as never[],
  );
  return row!;
}
const cityHi = { sql: `SELECT geom_hi FROM regions WHERE code = $2`, params: [CITY] };
const bboxSql = { sql: `SELECT ST_MakeEnvelope($2, $3, $4, $5, 4326)`, params: BBOX };

/** Relative agreement within 0.1 %. */
const close = (actual: number, expected: number, tolerance = 0.001) => {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(tolerance * Math.abs(expected) + 0.01);
};

describe('coverage figures against an independent computation', () => {
  it('coverage of a city by every result: covered km², %, per-county list and the uncovered part', async () => {
    const res = await post(coveragePost, 'coverage', { filter: REGION_FILTER });
    expect(res.json.code).toBe(0);
    const a = coverageAnalysisSchema.parse(res.json.data);
    const [inCity] = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM scenes s, regions r WHERE s.collection = $1 AND r.code = $2 AND ST_Intersects(s.footprint, r.geom_hi)`,
      [COLLECTION, CITY],
    );
    expect(inCity!.n).toBeLessThan(FIXTURES.length);
    expect(a).toMatchObject({ sceneCount: inCity!.n, matched: inCity!.n, capped: false, cap: COVERAGE_LIMITS.maxScenes });
    const ref = await independent(ALL_IDS(), cityHi.sql, cityHi.params);
    close(a.areaKm2, ref.area);
    close(a.coveredKm2, ref.covered);
    close(a.coveredPct, (100 * ref.covered) / ref.area);
    close(a.uncoveredKm2, ref.area - ref.covered, 0.005);
    // The two holes leave something uncovered, drawn as a (multi)polygon.
    expect(a.coveredPct).toBeGreaterThan(50);
    expect(a.coveredPct).toBeLessThan(99);
    expect(a.uncovered?.type).toMatch(/Polygon$/);

    // Per county: the counties of the city (from the boundaries table), each measured independently, summing to the whole.
    const counties = await db().query<{ code: string; area: number; covered: number }>(
      `WITH u AS (SELECT ST_Union(footprint) AS g FROM scenes WHERE collection = $1)
       SELECT r.code, ST_Area(r.geom_hi::geography) / 1e6 AS area, ST_Area(ST_Intersection(r.geom_hi, u.g)::geography) / 1e6 AS covered
         FROM regions r, u WHERE r.parent_code = $2 ORDER BY r.code`,
      [COLLECTION, CITY],
    );
    expect(a.subRegions.map((s) => s.code)).toEqual(counties.map((c) => c.code));
    for (const [i, s] of a.subRegions.entries()) {
      close(s.areaKm2, counties[i]!.area, 0.002);
      // Edge differences of the boundary's resolution matter more for a small covered part: 0.1 % of the county.
      expect(Math.abs(s.coveredKm2 - counties[i]!.covered)).toBeLessThanOrEqual(0.001 * counties[i]!.area + 0.01);
    }
    close(
      a.subRegions.reduce((t, s) => t + s.areaKm2, 0),
      a.areaKm2,
    );
    close(
      a.subRegions.reduce((t, s) => t + s.coveredKm2, 0),
      a.coveredKm2,
    );
    expect(a.subRegions.some((s) => s.coveredPct === 100)).toBe(true);
    expect(a.subRegions.some((s) => s.coveredPct < 100)).toBe(true);
  });

  it('coverage by checked ids over an extent, and the union area', async () => {
    const ids = FIXTURES.filter((_, i) => i % 2 === 0).map((f) => f.id);
    const res = await post(coverageByIdsPost, 'coveragebyids', { filter: EXTENT_FILTER, ids: [...ids, ...ids.slice(0, 3)] });
    expect(res.json.code).toBe(0);
    const a = coverageAnalysisSchema.parse(res.json.data);
    const inBbox = await db().query<{ id: string }>(
      `SELECT id FROM scenes WHERE id = ANY ($1::text[]) AND ST_Intersects(footprint, ST_MakeEnvelope($2, $3, $4, $5, 4326))`,
      [ids, ...BBOX],
    );
    expect(a.sceneCount).toBe(inBbox.length);
    const ref = await independent(ids, bboxSql.sql, bboxSql.params);
    close(a.areaKm2, ref.area);
    close(a.coveredKm2, ref.covered);
    // Counties the extent touches, cut to it, tile it.
    close(
      a.subRegions.reduce((t, s) => t + s.areaKm2, 0),
      a.areaKm2,
      0.002,
    );
    close(
      a.subRegions.reduce((t, s) => t + s.coveredKm2, 0),
      a.coveredKm2,
      0.002,
    );

    const u = unionAreaSchema.parse((await post(unionAreaPost, 'unionarea', { filter: EXTENT_FILTER, ids })).json.data);
    const all = await independent(
      inBbox.map((r) => r.id),
      bboxSql.sql,
      bboxSql.params,
    );
    close(u.unionKm2, all.union);
    close(u.insideKm2, ref.covered);
    expect(u.union?.type).toMatch(/Polygon$/);
  });

  it('fall figures: each scene’s share, and a minimal set that drops redundant scenes and keeps the clearest', async () => {
    const res = await post(fallFigurePost, 'fallfigure', { filter: REGION_FILTER });
    expect(res.json.code).toBe(0);
    const f = fallFiguresSchema.parse(res.json.data);
    const shares = await db().query<{ id: string; km2: number }>(
      `SELECT s.id, ST_Area(ST_Intersection(s.footprint, r.geom_hi)::geography) / 1e6 AS km2
         FROM scenes s, regions r WHERE s.collection = $1 AND r.code = $2 AND ST_Intersects(s.footprint, r.geom_hi)`,
      [COLLECTION, CITY],
    );
    const byId = new Map(shares.map((s) => [s.id, s.km2]));
    for (const s of f.scenes) {
      expect(byId.has(s.id)).toBe(true);
      // Tighter than the 0.1 % asked: the shares are measured as PostGIS measures the intersection.
      expect(Math.abs(s.coveredKm2 - byId.get(s.id)!)).toBeLessThanOrEqual(0.0001 * f.areaKm2 + 0.01);
    }
    // Most coverage first.
    expect(f.scenes.map((s) => s.coveredKm2)).toEqual([...f.scenes.map((s) => s.coveredKm2)].sort((x, y) => y - x));

    expect(f.minimalSet.cut).toBe(false);
    const chosen = f.minimalSet.steps.map((s) => s.id);
    expect(new Set(chosen).size).toBe(chosen.length);
    expect(chosen.length).toBeLessThan(f.scenes.length);
    for (const [dup, clear] of DUPLICATES) {
      expect(chosen).not.toContain(dup);
      if (byId.has(clear) && byId.get(clear)! > 0.001 * f.areaKm2) expect(chosen).toContain(clear);
    }
    // It covers what all the scenes cover, less at most the stopping threshold.
    expect(f.minimalSet.coveredKm2).toBeGreaterThanOrEqual(f.coveredKm2 - (COVERAGE_LIMITS.minGainPct / 100) * f.areaKm2 - 0.01);
    const ref = await independent(chosen, cityHi.sql, cityHi.params);
    close(f.minimalSet.coveredKm2, ref.covered);
    close(f.minimalSet.steps.at(-1)!.coveredKm2, ref.covered);
    close(f.minimalSet.uncoveredKm2, ref.area - ref.covered, 0.005);
    // Greedy by clear gain (the km² added, scaled by the share not under cloud): no step's clear gain exceeds the one
    // before (beyond the tie band); cumulative figures grow by the gains.
    const cloudOf = new Map(f.scenes.map((s) => [s.id, s.cloudPct ?? 0]));
    const clear = (step: { id: string; gainKm2: number }) => step.gainKm2 * (1 - cloudOf.get(step.id)! / 100);
    for (const [i, step] of f.minimalSet.steps.entries()) {
      if (i === 0) continue;
      const prev = f.minimalSet.steps[i - 1]!;
      expect(clear(step)).toBeLessThanOrEqual(clear(prev) / (1 - COVERAGE_LIMITS.tieTolerance) + 0.01);
      close(step.coveredKm2 - prev.coveredKm2, step.gainKm2, 0.01);
    }
    // The same ids through coveragebyids give the same figure.
    const again = coverageAnalysisSchema.parse(
      (await post(coverageByIdsPost, 'coveragebyids', { filter: REGION_FILTER, ids: chosen })).json.data,
    );
    close(again.coveredKm2, f.minimalSet.coveredKm2);
  });

  it('wide-swath scenes over a province: each share and the union inside as PostGIS measures the intersection', async () => {
    // Three wide-field footprints (~800 km × 200 km, turned like a descending pass) over Hebei: their long
    // edges are geodesics to PostGIS, which the share must follow (summing the area's pieces one by one
    // would not: it was off by up to 0.3 % of a province's area).
    const wide = 'fixture-cov-wide';
    const quads = [
      [
        [112.2, 36.1],
        [119.8, 37.4],
        [119.5, 39.2],
        [111.8, 37.9],
      ],
      [
        [113.0, 38.0],
        [120.6, 39.4],
        [120.2, 41.3],
        [112.5, 39.8],
      ],
      [
        [111.5, 34.9],
        [118.9, 36.0],
        [118.8, 37.6],
        [111.3, 36.6],
      ],
    ];
    for (const [i, q] of quads.entries()) {
      const wkt = `POLYGON((${[...q, q[0]!].map(([x, y]) => `${x} ${y}`).join(',')}))`;
      await db().query(
        `INSERT INTO scenes (id, file_name, collection, satellite, sensor, platform, product_level, resolution_m, acquired_at, cloud_pct,
           footprint, centre, area_km2, online, source)
         SELECT $1, $1 || '.tar.gz', $2, 'COV', 'WFV', 'fixture', 'L1A', 16, $3::timestamptz, 5, g, ST_Centroid(g), ST_Area(g::geography) / 1e6, true, 'imported'
           FROM (SELECT ST_ForcePolygonCCW(ST_GeomFromText($4, 4326)) AS g) x`,
        [`COV_WIDE_${i}`, wide, new Date(Date.UTC(2025, 5, 1 + i, 3)).toISOString(), wkt],
      );
    }
    const res = await post(fallFigurePost, 'fallfigure', { filter: { collections: [wide], area: { mode: 1, regionCodes: ['130000'] } } });
    expect(res.json.code).toBe(0);
    const f = fallFiguresSchema.parse(res.json.data);
    const shares = await db().query<{ id: string; km2: number }>(
      `SELECT s.id, ST_Area(ST_Intersection(s.footprint, r.geom_hi)::geography) / 1e6 AS km2
         FROM scenes s, regions r WHERE s.collection = $1 AND r.code = '130000'`,
      [wide],
    );
    expect(f.scenes.map((s) => s.id).sort()).toEqual(shares.map((s) => s.id).sort());
    for (const s of shares) {
      expect(s.km2).toBeGreaterThan(0.05 * f.areaKm2);
      expect(Math.abs(f.scenes.find((x) => x.id === s.id)!.coveredKm2 - s.km2)).toBeLessThanOrEqual(0.0001 * f.areaKm2);
    }
    // The union of such footprints inside the province, and per county, as one overlay measures them.
    const cov = await post(coverageByIdsPost, 'coveragebyids', {
      filter: { collections: [wide], area: { mode: 1, regionCodes: ['130000'] } },
      ids: shares.map((s) => s.id),
    });
    const a = coverageAnalysisSchema.parse(cov.json.data);
    const ref = await independent(
      shares.map((s) => s.id),
      `SELECT geom_hi FROM regions WHERE code = $2`,
      ['130000'],
    );
    close(a.coveredKm2, ref.covered, 0.0001);
  });

  it('caps the analysis at the newest 1,000 results and says so', async () => {
    const filter = { area: { mode: 2, bbox: [70, 15, 140, 55] } };
    const res = await post(unionAreaPost, 'unionarea', { filter });
    expect(res.json.code).toBe(0);
    const [row] = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM scenes WHERE ST_Intersects(footprint, ST_MakeEnvelope(70, 15, 140, 55, 4326))`,
    );
    expect(row!.n).toBeGreaterThan(COVERAGE_LIMITS.maxScenes);
    expect(res.json.data).toMatchObject({ sceneCount: COVERAGE_LIMITS.maxScenes, matched: row!.n, capped: true });
  }, 60_000);
});

describe('the uncovered remainder as a file', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'notcover-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a zipped shapefile GDAL opens, and GeoJSON whose area is the uncovered km²', async () => {
    const body = { filter: REGION_FILTER };
    const analysis = coverageAnalysisSchema.parse((await post(coveragePost, 'coverage', body)).json.data);
    const request = (query: string) =>
      new Request(`http://localhost:3000/api/normal/v5/normalmeta/notcovershp${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-locale': 'en' },
        body: JSON.stringify(body),
      });
    const shp = await notCoverPost(request(''), { params: Promise.resolve({}) });
    expect(shp.status).toBe(200);
    expect(shp.headers.get('content-type')).toBe('application/zip');
    expect(shp.headers.get('content-disposition')).toContain('not_covered.zip');
    const zip = path.join(dir, 'not_covered.zip');
    writeFileSync(zip, Buffer.from(await shp.arrayBuffer()));
    const info = execFileSync('ogrinfo', ['-al', '-so', `/vsizip/${zip}`], { encoding: 'utf8' });
    expect(info).toMatch(/Geometry: (Multi )?Polygon/);
    expect(info).toMatch(/Feature Count: 1/);
    expect(info).toMatch(/area_km2: Real/);
    const values = execFileSync('ogrinfo', ['-al', '-q', `/vsizip/${zip}`], { encoding: 'utf8' });
    const shpKm2 = Number(/area_km2 \(Real\) = ([\d.]+)/.exec(values)?.[1]);
    close(shpKm2, analysis.uncoveredKm2, 0.005);

    const gj = await notCoverPost(request('?format=geojson'), { params: Promise.resolve({}) });
    expect(gj.headers.get('content-type')).toBe('application/geo+json');
    const collection = (await gj.json()) as { type: string; features: { geometry: unknown; properties: { area_km2: number } }[] };
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features).toHaveLength(1);
    const [measured] = await db().query<{ km2: number }>(`SELECT ST_Area(ST_GeomFromGeoJSON($1)::geography) / 1e6 AS km2`, [
      JSON.stringify(collection.features[0]!.geometry),
    ]);
    close(measured!.km2, analysis.uncoveredKm2, 0.005);

    const bad = await call(notCoverPost, '/api/normal/v5/normalmeta/notcovershp?format=kml', { body, headers: { 'x-locale': 'en' } });
    expect(bad.json.code).toBe(400);
    expect(bad.json.message).toMatch(/The file format must be shp or geojson/);
  });
});

describe('coverage: refusals in both languages', () => {
  const fileArea = { collections: [COLLECTION], area: { mode: 5, uploadId: '3f2b8c1e-1d2a-4c3b-9e8f-0a1b2c3d4e5f' } };
  const unknownShp = { collections: [COLLECTION], area: { mode: 3, uploadId: '3f2b8c1e-1d2a-4c3b-9e8f-0a1b2c3d4e5f' } };
  const cases: Array<[string, typeof coveragePost, string, unknown, RegExp, RegExp]> = [
    ['a scene list (FILE) as the area', coveragePost, 'coverage', { filter: fileArea }, /needs an area of interest/, /区域|范围/],
    ['no area at all', fallFigurePost, 'fallfigure', { filter: { collections: [COLLECTION] } }, /needs an area of interest/, /区域|范围/],
    [
      'too many ids',
      coverageByIdsPost,
      'coveragebyids',
      { filter: REGION_FILTER, ids: Array.from({ length: 1001 }, (_, i) => `S${i}`) },
      /At most 1000 scenes/,
      /1000/,
    ],
    ['no ids', coverageByIdsPost, 'coveragebyids', { filter: REGION_FILTER, ids: [] }, /Check at least one scene/, /至少/],
    ['an unknown upload', unionAreaPost, 'unionarea', { filter: unknownShp }, /upload/i, /上传/],
  ];
  it.each(cases)('%s', async (_name, handler, name, body, en, zh) => {
    const english = await post(handler, name, body, 'en');
    expect(english.json.code).toBe(400);
    expect(english.json.message).toMatch(en);
    const chinese = await post(handler, name, body, 'zh');
    expect(chinese.json.code).toBe(400);
    expect(chinese.json.message).toMatch(zh);
    expect(chinese.json.message).not.toMatch(/[A-Za-z]{6,}/);
  });
});

describe('the expensive analyses are admitted per client (issue 32.2)', () => {
  const ADDRESS = '198.51.100.7';
  const from = (address: string, locale: 'zh' | 'en') => ({ 'x-locale': locale, 'x-forwarded-for': address });

  it('a client with an analysis running and one waiting is refused a third at once, in its language; others are not', async () => {
    // Two at once in the process (the embedded database's default is one), so another client's can run meanwhile.
    process.env.HEAVY_MAX_ACTIVE = '2';
    resetEnvCache();
    resetHeavyWorkGate();
    const gate = heavyWorkGate();
    const running = await gate.enter(`ip:${ADDRESS}`);
    const waiting = gate.enter(`ip:${ADDRESS}`);
    try {
      for (const [locale, text] of [
        ['en', /still running/],
        ['zh', /仍在进行/],
      ] as const) {
        const refused = await call(coveragePost, '/api/normal/v5/normalmeta/coverage', {
          body: { filter: REGION_FILTER },
          headers: from(ADDRESS, locale),
        });
        expect(refused.status).toBe(503);
        expect(refused.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
        expect(refused.json).toMatchObject({ code: API_CODES.UNAVAILABLE, data: null });
        expect(refused.json.message).toMatch(text);
      }
      // A search sorted by coverage is one of them; sorted by time it is not.
      const search = (sort: string) =>
        call(searchPost, '/api/normal/v5/normalmeta/base', { body: { ...REGION_FILTER, sort }, headers: from(ADDRESS, 'en') });
      expect((await search('coverage')).status).toBe(503);
      expect((await search('time')).json.code).toBe(0);
      // Another address is not held up by this client's work.
      const other = await call(unionAreaPost, '/api/normal/v5/normalmeta/unionarea', {
        body: { filter: REGION_FILTER },
        headers: from('198.51.100.8', 'en'),
      });
      expect(other.json.code).toBe(0);
    } finally {
      running();
      (await waiting)();
    }
    const again = await call(coveragePost, '/api/normal/v5/normalmeta/coverage', { body: { filter: REGION_FILTER }, headers: from(ADDRESS, 'en') });
    expect(again.json.code).toBe(0);
    delete process.env.HEAVY_MAX_ACTIVE;
    resetEnvCache();
    resetHeavyWorkGate();
  });

  it('on the embedded database’s default, one at a time: another client waits its turn, then runs', async () => {
    resetHeavyWorkGate();
    const gate = heavyWorkGate();
    expect(gate.limits.maxActive).toBe(process.env.DATABASE_URL ? 4 : 1);
    const held = await Promise.all(Array.from({ length: gate.limits.maxActive }, (_, i) => gate.enter(`ip:203.0.113.${i}`)));
    const other = call(unionAreaPost, '/api/normal/v5/normalmeta/unionarea', { body: { filter: REGION_FILTER }, headers: from('198.51.100.9', 'en') });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(gate.load('ip:198.51.100.9')).toEqual({ running: 0, waiting: 1 });
    for (const release of held) release();
    expect((await other).json.code).toBe(0);
  });
});

describe('a long analysis is made of short statements (issue 32.2)', () => {
  it('lets other statements run between its pieces: a country-wide analysis never holds the database for long', async () => {
    // Every scene of the catalogue over the whole country (the newest COVERAGE_LIMITS.maxScenes), counted per
    // county: ~2,800 overlays. On the embedded database one statement runs at a time and none has a time bound,
    // so a probe waits as long as the longest piece of the analysis — or the whole of it, were it one transaction.
    // The probe asks again at once (no timer: here the database runs on this thread, and timers wait for it).
    const filter = { area: { mode: 2, bbox: [73, 18, 135, 54] } };
    let probing = true;
    let worst = 0;
    let probes = 0;
    const probe = (async () => {
      while (probing) {
        const started = performance.now();
        await db().query(`SELECT 1`);
        worst = Math.max(worst, performance.now() - started);
        probes++;
      }
    })();
    const started = performance.now();
    const response = await call(coveragePost, '/api/normal/v5/normalmeta/coverage', { body: { filter }, headers: { 'x-locale': 'en' } });
    const took = performance.now() - started;
    probing = false;
    await probe;
    const analysis = coverageAnalysisSchema.parse(response.json.data);
    expect(analysis.subRegions.length).toBeGreaterThan(2 * SUBREGION_PIECE);
    expect(probes).toBeGreaterThan(3);
    // The longest wait is one piece of the analysis, a small part of the whole.
    expect(worst).toBeLessThan(took / 2);
  });
});
