/**
 * The image query API against the database: every filter agrees with an independent SQL count, the
 * region search uses the real boundary, drawn shapes are kept and repaired, bad input runs no query.
 * Fixture scenes (collection `fixture-*`) are inserted here so the cases do not depend on the demo
 * generator; the counts compare with SQL over the whole table, demo scenes included.
 */
import { POST as allIdsPost } from '../../app/api/normal/v5/normalmeta/allids/route';
import { POST as basePost } from '../../app/api/normal/v5/normalmeta/base/route';
import { GET as fileNameGet } from '../../app/api/normal/v5/normalmeta/filename/route';
import { GET as sceneGet } from '../../app/api/normal/v5/normalmeta/id/[id]/route';
import { CATALOGUE_LIMITS, scenePageSchema, sceneSchema, type SceneFilter } from '../../lib/shared/contracts/catalogue';
import { mulberry32 } from '../../lib/shared/random';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();

interface Fixture {
  id: string;
  collection: string;
  lon: number;
  lat: number;
  sizeDeg: number;
  at: string;
  cloud: number | null;
  resolution: number;
  level: string;
  online: boolean;
}

/** A square footprint (counter-clockwise) of `sizeDeg` centred on lon/lat. */
const squareWkt = (lon: number, lat: number, d: number) =>
  `POLYGON((${lon - d / 2} ${lat - d / 2},${lon + d / 2} ${lat - d / 2},${lon + d / 2} ${lat + d / 2},${lon - d / 2} ${lat + d / 2},${lon - d / 2} ${lat - d / 2}))`;

async function insert(f: Fixture) {
  await db().query(
    `INSERT INTO scenes (id, file_name, collection, satellite, sensor, platform, product_level, resolution_m, acquired_at, cloud_pct,
       footprint, centre, area_km2, online, source)
     SELECT $1, $1 || '.tar.gz', $2, upper(split_part($2, '-', 2)), 'PMS', 'fixture', $3, $4, $5::timestamptz, $6, g, ST_Centroid(g),
            ST_Area(g::geography) / 1e6, $7, 'imported'
       FROM (SELECT ST_GeomFromText($8, 4326) AS g) x`,
    [f.id, f.collection, f.level, f.resolution, f.at, f.cloud, f.online, squareWkt(f.lon, f.lat, f.sizeDeg)],
  );
}

const FIXTURES: Fixture[] = [];
beforeAll(async () => {
  const rng = mulberry32(17);
  const collections = ['fixture-a', 'fixture-b', 'fixture-sar'];
  for (let i = 0; i < 300; i++) {
    const collection = collections[i % 3]!;
    const f: Fixture = {
      id: `FIX_${String(i).padStart(4, '0')}`,
      collection,
      lon: 100 + rng() * 25,
      lat: 25 + rng() * 17,
      sizeDeg: 0.2 + rng() * 1.5,
      at: new Date(Date.UTC(2024, 0, 1) + Math.floor(rng() * 700) * 86_400_000 + Math.floor(rng() * 86_400_000)).toISOString(),
      cloud: collection === 'fixture-sar' ? null : Math.round(rng() * 1000) / 10,
      resolution: [0.8, 2, 16][i % 3]!,
      level: i % 5 === 0 ? 'L2A' : 'L1A',
      online: i % 7 !== 0,
    };
    FIXTURES.push(f);
  }
  // Inside Hebei's bounding box but in Shandong (Dongying): a region search for Hebei must not return it.
  FIXTURES.push({
    id: 'FIX_DONGYING',
    collection: 'fixture-a',
    lon: 118.6,
    lat: 37.4,
    sizeDeg: 0.1,
    at: '2025-03-01T03:00:00Z',
    cloud: 5,
    resolution: 2,
    level: 'L1A',
    online: true,
  });
  // Inside Hebei (Shijiazhuang).
  FIXTURES.push({
    id: 'FIX_SHIJIAZHUANG',
    collection: 'fixture-a',
    lon: 114.5,
    lat: 38.05,
    sizeDeg: 0.1,
    at: '2025-03-02T03:00:00Z',
    cloud: 5,
    resolution: 2,
    level: 'L1A',
    online: true,
  });
  for (const f of FIXTURES) await insert(f);
}, 120_000);

async function search(body: unknown) {
  return call(basePost, '/api/normal/v5/normalmeta/base', { body, headers: { 'x-locale': 'en' } });
}

async function sqlCount(where: string, params: unknown[] = []): Promise<number> {
  const [row] = await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM scenes WHERE ${where}`, params as never[]);
  return row!.n;
}

describe('image query: filters agree with SQL', () => {
  const cases: Array<[string, SceneFilter, string, unknown[]]> = [
    ['collections', { collections: ['fixture-a', 'fixture-sar'] }, `collection IN ('fixture-a', 'fixture-sar')`, []],
    ['cloud ≤ 20 (radar passes)', { cloudMax: 20 }, `(cloud_pct IS NULL OR cloud_pct <= 20)`, []],
    ['cloud 10–30', { cloudMin: 10, cloudMax: 30 }, `(cloud_pct IS NULL OR cloud_pct BETWEEN 10 AND 30)`, []],
    [
      'dates (UTC days, both ends)',
      { dateFrom: '2024-06-01', dateTo: '2024-08-31' },
      `acquired_at >= '2024-06-01T00:00:00Z' AND acquired_at < '2024-09-01T00:00:00Z'`,
      [],
    ],
    ['resolution 1–5 m', { resolutionMin: 1, resolutionMax: 5 }, `resolution_m BETWEEN 1 AND 5`, []],
    ['product level', { productLevels: ['L2A'] }, `product_level = 'L2A'`, []],
    ['offline', { online: false }, `NOT online`, []],
    ['extent', { area: { mode: 2, bbox: [110, 30, 115, 35] } }, `ST_Intersects(footprint, ST_MakeEnvelope(110, 30, 115, 35, 4326))`, []],
    [
      'all together',
      {
        collections: ['fixture-a', 'fixture-b'],
        cloudMax: 50,
        dateFrom: '2024-03-01',
        dateTo: '2025-03-01',
        resolutionMax: 3,
        online: true,
        area: { mode: 2, bbox: [100, 25, 118, 40] },
      },
      `collection IN ('fixture-a', 'fixture-b') AND (cloud_pct IS NULL OR cloud_pct <= 50) AND acquired_at >= '2024-03-01T00:00:00Z'
       AND acquired_at < '2025-03-02T00:00:00Z' AND resolution_m <= 3 AND online AND ST_Intersects(footprint, ST_MakeEnvelope(100, 25, 118, 40, 4326))`,
      [],
    ],
  ];

  it.each(cases)('%s', async (_name, filter, where, params) => {
    const expected = await sqlCount(where, params);
    expect(expected).toBeGreaterThan(0);
    const response = await search({ filter, pageSize: 100 });
    expect(response.json.code).toBe(0);
    const page = scenePageSchema.parse(response.json.data);
    expect(page.total).toBe(expected);
    expect(page.list.length).toBe(Math.min(100, expected));
    const ids = await call(allIdsPost, '/api/normal/v5/normalmeta/allids', { body: { filter } });
    expect(ids.json.data.total).toBe(expected);
    expect(ids.json.data.ids).toHaveLength(Math.min(expected, CATALOGUE_LIMITS.allIdsCap));
    expect(ids.json.data.capped).toBe(expected > CATALOGUE_LIMITS.allIdsCap);
  });
});

describe('image query: areas', () => {
  it('matches a region by its boundary, not its bounding box', async () => {
    const [pre] = await db().query<{ in_bbox: boolean; in_region: boolean }>(
      `SELECT ST_Intersects(ST_SetSRID(ST_MakePoint(118.6, 37.4), 4326), ST_MakeEnvelope(min_lon, min_lat, max_lon, max_lat, 4326)) AS in_bbox,
              ST_Intersects(ST_SetSRID(ST_MakePoint(118.6, 37.4), 4326), geom_hi) AS in_region FROM regions WHERE code = '130000'`,
    );
    expect(pre).toEqual({ in_bbox: true, in_region: false });
    const response = await call(allIdsPost, '/api/normal/v5/normalmeta/allids', {
      body: { filter: { collections: ['fixture-a'], area: { mode: 1, regionCodes: ['130000'] } } },
    });
    expect(response.json.code).toBe(0);
    expect(response.json.data.ids).toContain('FIX_SHIJIAZHUANG');
    expect(response.json.data.ids).not.toContain('FIX_DONGYING');
    const expected = await sqlCount(
      `collection = 'fixture-a' AND ST_Intersects(footprint, (SELECT geom_hi FROM regions WHERE code = '130000'))`,
    );
    expect(response.json.data.total).toBe(expected);
  });

  it('several regions select the union of their scenes', async () => {
    const response = await search({
      filter: { area: { mode: 1, regionCodes: ['130000', '370000'] }, collections: ['fixture-a'] },
      pageSize: 100,
    });
    const ids = response.json.data.list.map((s: { id: string }) => s.id);
    expect(ids).toEqual(expect.arrayContaining(['FIX_SHIJIAZHUANG', 'FIX_DONGYING']));
  });

  it('gives each scene of a region search its share of the regions, as PostGIS measures it', async () => {
    // Measured in JavaScript for a region (lib/server/catalogue/region-shares.ts); here against one
    // independent overlay per scene with the mid-resolution boundaries, to the 0.1 % the list shows,
    // also for a demo scene that is far larger than its region's part.
    for (const codes of [['130000'], ['130000', '370000'], ['110000']]) {
      const page = scenePageSchema.parse((await search({ filter: { area: { mode: 1, regionCodes: codes } }, pageSize: 40 })).json.data);
      expect(page.list.length).toBeGreaterThan(0);
      const expected = await db().query<{ id: string; pct: number }>(
        `WITH a AS (SELECT ST_Union(geom_mid) AS g FROM regions WHERE code = ANY ($1::text[]))
         SELECT s.id, 100 * ST_Area(ST_Intersection(s.footprint, a.g)::geography) / ST_Area(a.g::geography) AS pct
           FROM scenes s, a WHERE s.id = ANY ($2::text[])`,
        [codes, page.list.map((x) => x.id)],
      );
      const byId = new Map(expected.map((e) => [e.id, Math.min(100, e.pct)]));
      // Shown rounded to 0.1 %: within half a step plus a hair of the measure itself.
      for (const scene of page.list) expect(Math.abs(scene.coveragePct! - byId.get(scene.id)!)).toBeLessThanOrEqual(0.051);
    }
  });

  it('keeps a drawn polygon at full resolution and repairs a self-intersection', async () => {
    // A bow-tie over Shijiazhuang (the crossing point) — repaired into two triangles that still cover it.
    const bowTie = {
      type: 'Polygon',
      coordinates: [
        [
          [114.3, 37.9],
          [114.7, 38.2],
          [114.7, 37.9],
          [114.3, 38.2],
          [114.3, 37.9],
        ],
      ],
    };
    const response = await search({ filter: { collections: ['fixture-a'], area: { mode: 4, geometry: bowTie } } });
    expect(response.json.code).toBe(0);
    expect(response.json.data.list.map((s: { id: string }) => s.id)).toContain('FIX_SHIJIAZHUANG');

    // A 9,999-vertex circle: every vertex kept (a bounding box would also catch the corner scene).
    const ring: number[][] = [];
    for (let i = 0; i < 9_998; i++) {
      const a = (2 * Math.PI * i) / 9_998;
      ring.push([114.5 + 0.3 * Math.cos(a), 38.05 + 0.3 * Math.sin(a)]);
    }
    ring.push(ring[0]!);
    await insert({
      id: 'FIX_CORNER',
      collection: 'fixture-a',
      lon: 114.76,
      lat: 38.31,
      sizeDeg: 0.04,
      at: '2025-03-03T03:00:00Z',
      cloud: 1,
      resolution: 2,
      level: 'L1A',
      online: true,
    });
    const circle = await search({
      filter: { collections: ['fixture-a'], area: { mode: 4, geometry: { type: 'Polygon', coordinates: [ring] } } },
    });
    expect(circle.json.code).toBe(0);
    const ids = circle.json.data.list.map((s: { id: string }) => s.id);
    expect(ids).toContain('FIX_SHIJIAZHUANG');
    expect(ids).not.toContain('FIX_CORNER');
  });

  it('gives each scene its share of the area and sorts by it', async () => {
    const response = await search({
      filter: { collections: ['fixture-a'], area: { mode: 2, bbox: [114.45, 38.0, 114.55, 38.1] } },
      sort: 'coverage',
    });
    const page = scenePageSchema.parse(response.json.data);
    const scene = page.list.find((s) => s.id === 'FIX_SHIJIAZHUANG')!;
    expect(scene.coveragePct).toBeCloseTo(100, 0);
    const shares = page.list.map((s) => s.coveragePct!);
    expect(shares).toEqual([...shares].sort((a, b) => b - a));
  });

  it('refuses up front, in the caller’s language, to sort more matches by coverage than it may measure (issue 32.2)', async () => {
    // Every match is measured before a page can be cut, and the embedded database has no statement timeout:
    // five large provinces took 123 s. A count decides first.
    const bbox = [73, 18, 135, 54];
    const matches = await sqlCount(`footprint && ST_MakeEnvelope(73, 18, 135, 54, 4326)`);
    expect(matches).toBeGreaterThan(CATALOGUE_LIMITS.coverageSortMaxMatches);
    const started = Date.now();
    const refused = await search({ filter: { area: { mode: 2, bbox } }, sort: 'coverage' });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(refused.json.code).toBe(400);
    expect(refused.json.message).toContain(`at most ${CATALOGUE_LIMITS.coverageSortMaxMatches.toLocaleString('en')}`);
    const zhAnswer = await call(basePost, '/api/normal/v5/normalmeta/base', {
      body: { filter: { area: { mode: 2, bbox } }, sort: 'coverage' },
      headers: { 'x-locale': 'zh' },
    });
    expect(zhAnswer.json.message).toContain('按覆盖率排序最多支持');
    // Sorted by time, the same search answers.
    expect((await search({ filter: { area: { mode: 2, bbox } } })).json.code).toBe(0);
  });
});

describe('image query: sorting, paging, lookups', () => {
  it('pages through a result in time order without gaps or repeats', async () => {
    const filter = { collections: ['fixture-b'] };
    const seen: string[] = [];
    for (let pageNum = 1; pageNum <= 3; pageNum++) {
      const page = scenePageSchema.parse((await search({ filter, pageNum, pageSize: 40 })).json.data);
      expect(page.total).toBe(100);
      seen.push(...page.list.map((s) => s.id));
    }
    expect(new Set(seen).size).toBe(100);
    const times = FIXTURES.filter((f) => f.collection === 'fixture-b')
      .sort((a, b) => (a.at < b.at ? 1 : -1))
      .map((f) => f.id);
    expect(seen).toEqual(times);
  });

  it('pages through a search in a shape (one statement for total, page and coverage) in time and cloud order', async () => {
    // A drawn quadrilateral over the fixtures' middle: the total, each page, each row's share of the shape
    // and a page past the end agree with SQL written independently.
    const shape = {
      type: 'Polygon',
      coordinates: [
        [
          [104, 28],
          [121, 29],
          [120, 40],
          [105, 39],
          [104, 28],
        ],
      ],
    };
    const filter = { collections: ['fixture-a', 'fixture-b'], area: { mode: 4, geometry: shape } };
    const g = `ST_GeomFromGeoJSON('${JSON.stringify(shape)}')`;
    const where = `collection IN ('fixture-a', 'fixture-b') AND ST_Intersects(footprint, ${g})`;
    const total = await sqlCount(where);
    expect(total).toBeGreaterThan(60);
    for (const [sort, order, orderSql] of [
      ['time', 'desc', 'acquired_at DESC, id DESC'],
      ['cloud', 'asc', 'coalesce(cloud_pct, 0) ASC, acquired_at DESC, id DESC'],
    ] as const) {
      const expected = await db().query<{ id: string; pct: number }>(
        `SELECT id, 100 * ST_Area(ST_Intersection(footprint, ${g})::geography) / ST_Area(${g}::geography) AS pct
           FROM scenes WHERE ${where} ORDER BY ${orderSql}`,
      );
      const seen: Array<{ id: string; pct: number }> = [];
      for (let pageNum = 1; pageNum <= Math.ceil(total / 25); pageNum++) {
        const page = scenePageSchema.parse((await search({ filter, sort, order, pageNum, pageSize: 25 })).json.data);
        expect(page.total).toBe(total);
        seen.push(...page.list.map((s) => ({ id: s.id, pct: s.coveragePct! })));
      }
      expect(seen.map((s) => s.id)).toEqual(expected.map((e) => e.id));
      seen.forEach((s, i) => expect(s.pct).toBeCloseTo(Math.min(100, expected[i]!.pct), 1)); // shown to 0.1 %
    }
    const past = await search({ filter, pageNum: Math.ceil(total / 25) + 1, pageSize: 25 });
    expect(past.json.code).toBe(0);
    expect(scenePageSchema.parse(past.json.data)).toMatchObject({ total, list: [] });
    const none = await search({ filter: { ...filter, dateFrom: '2031-01-01' } });
    expect(scenePageSchema.parse(none.json.data)).toMatchObject({ total: 0, list: [] });
  });

  it('sorts by cloud, clearest first', async () => {
    const page = scenePageSchema.parse(
      (await search({ filter: { collections: ['fixture-a'] }, sort: 'cloud', order: 'asc', pageSize: 50 })).json.data,
    );
    const clouds = page.list.map((s) => s.cloudPct!);
    expect(clouds).toEqual([...clouds].sort((a, b) => a - b));
  });

  it('finds scenes by part of the file name and one scene by id', async () => {
    const byName = await call(fileNameGet, '/api/normal/v5/normalmeta/filename?filename=fix_001');
    expect(byName.json.data.total).toBe(10);
    const one = await call(sceneGet, '/api/normal/v5/normalmeta/id/FIX_0010', { params: { id: 'FIX_0010' } });
    const scene = sceneSchema.parse(one.json.data);
    expect(scene).toMatchObject({ id: 'FIX_0010', collection: 'fixture-b', source: 'imported' });
    expect(scene.footprint.type).toBe('Polygon');
    const missing = await call(sceneGet, '/api/normal/v5/normalmeta/id/NOPE', { params: { id: 'NOPE' }, headers: { 'x-locale': 'zh' } });
    expect(missing.json).toMatchObject({ code: 404, message: '找不到该景影像' });
  });
});

describe('image query: bad input', () => {
  const bad: Array<[string, unknown, RegExp]> = [
    ['page size over the cap', { pageSize: 101 }, /Page size must be between 1 and 100/],
    ['cloud range reversed', { filter: { cloudMin: 50, cloudMax: 10 } }, /minimum cloud cover cannot exceed/],
    ['bad date', { filter: { dateFrom: '2024-13-01' } }, /Dates must be YYYY-MM-DD/],
    ['unknown region', { filter: { area: { mode: 1, regionCodes: ['999999'] } } }, /Region not found/],
    ['bbox reversed', { filter: { area: { mode: 2, bbox: [120, 30, 110, 35] } } }, /extent must be/],
    [
      'open ring',
      {
        filter: {
          area: {
            mode: 4,
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [0, 0],
                  [1, 0],
                  [1, 1],
                  [0, 1],
                ],
              ],
            },
          },
        },
      },
      /must end where it starts/,
    ],
    [
      'degenerate ring',
      {
        filter: {
          area: {
            mode: 4,
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [0, 0],
                  [1, 1],
                  [2, 2],
                  [0, 0],
                ],
              ],
            },
          },
        },
      },
      /not valid GeoJSON/,
    ],
    ['SQL in a collection', { filter: { collections: ["a'; DROP TABLE scenes; --"] } }, /satellite\/sensor code is not valid/],
    ['unknown mode', { filter: { area: { mode: 9 } } }, /not supported/],
  ];
  it.each(bad)('%s', async (_name, body, message) => {
    const before = await sqlCount('true');
    const response = await search(body);
    expect(response.json.code).toBe(400);
    expect(response.json.message).toMatch(message);
    expect(await sqlCount('true')).toBe(before);
  });

  it('refuses more than 10,000 vertices, in the reader’s language', async () => {
    const ring: number[][] = [];
    for (let i = 0; i < 10_001; i++) ring.push([110 + Math.cos(i) * 0.001 * i, 30 + Math.sin(i) * 0.001]);
    ring.push(ring[0]!);
    const response = await call(basePost, '/api/normal/v5/normalmeta/base', {
      body: { filter: { area: { mode: 4, geometry: { type: 'Polygon', coordinates: [ring] } } } },
      headers: { 'x-locale': 'zh' },
    });
    expect(response.json.code).toBe(400);
    expect(response.json.message).toContain('顶点超过 10000 个');
  });
});
