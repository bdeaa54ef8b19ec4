/**
 * Uploaded areas (SHP mode) against the database: a real county exported from our boundaries, turned into
 * a CGCS2000 shapefile by GDAL's ogr2ogr and uploaded, finds exactly the scenes REGION mode finds for that
 * county; a Gauss-Krüger copy keeps its area; bad rings are repaired and said to be; every refusal answers
 * its message in the caller's language and stores nothing; an upload lives by its id until it expires.
 */
import { execFileSync } from 'node:child_process';
import { POST as allIdsPost } from '../../app/api/normal/v5/normalmeta/allids/route';
import { POST as basePost } from '../../app/api/normal/v5/normalmeta/base/route';
import { GET as uploadGet } from '../../app/api/normal/v5/normalmeta/upload/shp/[id]/route';
import { POST as uploadPost } from '../../app/api/normal/v5/normalmeta/upload/shp/route';
import { uploadedAreaSchema } from '../../lib/shared/contracts/uploads';
import en from '../../messages/en.json';
import zh from '../../messages/zh.json';
import { call, withTestDatabase } from '../support/api';
import { featureCollection, shapefileMembers, shapefileZip, square, zipOf } from '../support/area-files';

const db = withTestDatabase();

async function upload(name: string, bytes: Uint8Array, locale: 'zh' | 'en' = 'en') {
  const form = new FormData();
  form.append('file', new Blob([bytes.slice()]), name);
  const request = new Request('http://localhost:3000/api/normal/v5/normalmeta/upload/shp', {
    method: 'POST',
    body: form,
    headers: { 'x-locale': locale },
  });
  const response = await uploadPost(request, { params: Promise.resolve({}) });
  return { status: response.status, json: (await response.json()) as { code: number; message: string; data: any } };
}

const rows = async () => (await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM catalogue_uploads`))[0]!.n;
const text = (s: string) => new TextEncoder().encode(s);

let county: { code: string; name: string; geojson: string; km2: number };

beforeAll(async () => {
  // A county with scenes on it: the one holding the centre of one of the first demo scenes.
  const [row] = await db().query<{ code: string; name: string; geojson: string; km2: number }>(
    `SELECT r.code, r.name_zh AS name, ST_AsGeoJSON(r.geom_hi, 15) AS geojson, ST_Area(r.geom_hi::geography) / 1e6 AS km2
       FROM (SELECT centre FROM scenes ORDER BY id LIMIT 200) s JOIN regions r ON r.level = 'county' AND ST_Contains(r.geom_hi, s.centre)
      ORDER BY r.code LIMIT 1`,
  );
  if (!row) throw new Error('no county under the demo scenes');
  county = row;
});

describe('a real county uploaded as a shapefile', () => {
  it('finds the same scenes as REGION mode with that county code, and keeps its area', async () => {
    const countyFile = featureCollection(JSON.parse(county.geojson));
    // The geometry exported from our boundaries with GDAL: CGCS2000 geographic (EPSG:4490), zipped.
    const zip = shapefileZip(countyFile, 4490, 'county');
    expect(execFileSync('ogrinfo', ['--version']).toString()).toMatch(/GDAL/);
    const before = await rows();
    const { json } = await upload(`${county.code}.zip`, zip);
    expect(json.code).toBe(0);
    const area = uploadedAreaSchema.parse(json.data);
    expect(area.name).toBe(`${county.code}.zip`);
    expect(area.crs).toBe('GCS_China_Geodetic_Coordinate_System_2000');
    expect(area.repaired).toBe(false);
    expect(Math.abs(area.areaKm2 - county.km2) / county.km2).toBeLessThan(0.001);
    expect(await rows()).toBe(before + 1);

    const shp = await call(allIdsPost, '/api/normal/v5/normalmeta/allids', { body: { filter: { area: { mode: 3, uploadId: area.id } } } });
    const region = await call(allIdsPost, '/api/normal/v5/normalmeta/allids', {
      body: { filter: { area: { mode: 1, regionCodes: [county.code] } } },
    });
    expect(shp.json.code).toBe(0);
    expect(region.json.data.ids.length).toBeGreaterThan(0);
    expect(shp.json.data.ids).toEqual(region.json.data.ids);
    const page = await call(basePost, '/api/normal/v5/normalmeta/base', {
      body: { filter: { area: { mode: 3, uploadId: area.id } }, pageSize: 5 },
    });
    expect(page.json.data.total).toBe(region.json.data.total);

    // The same county in a Gauss-Krüger zone (metres, .prj names the zone): same area within 0.1 %.
    const zone = Math.round(JSON.parse(county.geojson).coordinates[0][0][0][0] / 3);
    const gk = await upload('gk.zip', shapefileZip(countyFile, 4513 + zone - 25, 'county'));
    expect(gk.json.code).toBe(0);
    expect(gk.json.data.crs).toMatch(/CGCS2000_3_Degree_GK_Zone_/);
    expect(Math.abs(gk.json.data.areaKm2 - county.km2) / county.km2).toBeLessThan(0.001);

    // Restored by id (the page URL's shp=) while it lives, then gone.
    const again = await call(uploadGet, `/api/normal/v5/normalmeta/upload/shp/${area.id}`, { params: { id: area.id } });
    expect(again.json.data).toEqual(area);
    await db().query(`UPDATE catalogue_uploads SET expires_at = now() - interval '1 minute' WHERE id = $1`, [area.id]);
    for (const [locale, messages] of [
      ['zh', zh],
      ['en', en],
    ] as const) {
      const gone = await call(uploadGet, `/api/normal/v5/normalmeta/upload/shp/${area.id}`, {
        params: { id: area.id },
        headers: { 'x-locale': locale },
      });
      expect(gone.status).toBe(404);
      expect(gone.json.message).toBe(messages.Upload.errors.notFound);
    }
    const expired = await call(allIdsPost, '/api/normal/v5/normalmeta/allids', {
      body: { filter: { area: { mode: 3, uploadId: area.id } } },
    });
    expect(expired.json.code).not.toBe(0);
    // The next upload purges it.
    expect((await upload('a.geojson', text(JSON.stringify(square(100, 30, 1))))).json.code).toBe(0);
    expect((await db().query(`SELECT 1 FROM catalogue_uploads WHERE id = $1`, [area.id])).length).toBe(0);
  });
});

describe('a large uploaded area', () => {
  it('gets a verified core, hull and lighter copy, and its search still returns exactly the footprints that meet it', async () => {
    // A wiggly 6,000-vertex outline (the search's exact test of a 99,000-vertex upload took 9-12 s at 1 M
    // scenes; the core and hull leave it to the footprints along the border).
    const ring: Array<[number, number]> = [];
    for (let i = 0; i < 6000; i++) {
      const a = (2 * Math.PI * i) / 6000;
      const r = 0.5 * (1 + 0.01 * Math.sin(i * 7.3) * Math.sin(i * 0.91));
      ring.push([101.3 + 1.2 * r * Math.cos(a), 27.4 + r * Math.sin(a)]);
    }
    ring.push(ring[0]!);
    const { json } = await upload('large.geojson', text(JSON.stringify({ type: 'Polygon', coordinates: [ring] })));
    expect(json.code).toBe(0);
    const area = uploadedAreaSchema.parse(json.data);
    const [shapes] = await db().query<{ core: boolean; hull: boolean; mid: number | null; inside: boolean; around: boolean }>(
      `SELECT core IS NOT NULL AS core, hull IS NOT NULL AS hull, ST_NPoints(geom_mid) AS mid,
              ST_CoveredBy(core, geom) AS inside, ST_Covers(hull, geom) AS around
         FROM catalogue_uploads WHERE id = $1`,
      [area.id],
    );
    expect(shapes).toEqual({ core: true, hull: true, mid: expect.any(Number), inside: true, around: true });
    expect(shapes!.mid).toBeLessThan(area.vertices);
    // Footprints strewn across the border: inside, outside and straddling it, small and large.
    await db().query(
      `INSERT INTO scenes (id, file_name, collection, satellite, sensor, platform, product_level, resolution_m, acquired_at, cloud_pct,
                           footprint, centre, area_km2, online, source)
       SELECT id, id || '.tar.gz', 'fixture-upload-border', 'FIX', 'PMS', 'fixture', 'L1A', 2, '2025-05-01T03:00:00Z', 10,
              g, ST_Centroid(g), ST_Area(g::geography) / 1e6, true, 'imported'
         FROM (SELECT 'UPBORDER_' || i AS id,
                      ST_Expand(ST_Translate(ST_LineInterpolatePoint(ST_ExteriorRing(ST_GeometryN(u.geom, 1)), i::float8 / 400),
                                             0.02 * sin(i * 12.9898), 0.02 * cos(i * 78.233)), (ARRAY[0.0005, 0.003, 0.01, 0.2])[1 + i % 4]) AS g
                 FROM catalogue_uploads u, generate_series(0, 399) AS i WHERE u.id = $1) x`,
      [area.id],
    );
    const filter = { collections: ['fixture-upload-border'], area: { mode: 3, uploadId: area.id } };
    const shp = await call(allIdsPost, '/api/normal/v5/normalmeta/allids', { body: { filter } });
    const exact = await db().query<{ id: string }>(
      `SELECT s.id FROM scenes s, catalogue_uploads u
        WHERE u.id = $1 AND s.collection = 'fixture-upload-border' AND ST_Intersects(s.footprint, u.geom)
        ORDER BY s.acquired_at DESC, s.id DESC`,
      [area.id],
    );
    expect(exact.length).toBeGreaterThan(100);
    expect(exact.length).toBeLessThan(400);
    expect(shp.json.data.ids).toEqual(exact.map((r) => r.id));
  });
});

describe('repair and dissolve', () => {
  it('dissolves overlapping polygons into one area and repairs a bow-tie, saying so', async () => {
    const overlapping = featureCollection(square(100, 30, 1), square(100.5, 30, 1));
    const dissolved = await upload('two.geojson', text(JSON.stringify(overlapping)));
    expect(dissolved.json.data).toMatchObject({ repaired: false, features: 2 });
    const [expected] = await db().query<{ km2: number }>(
      `SELECT ST_Area(ST_MakeEnvelope(100, 30, 101.5, 31, 4326)::geography) / 1e6 AS km2`,
    );
    expect(Math.abs(dissolved.json.data.areaKm2 - expected!.km2) / expected!.km2).toBeLessThan(1e-4); // the union keeps extra vertices on the great-circle edges
    const bowTie = {
      type: 'Polygon',
      coordinates: [
        [
          [100, 30],
          [101, 31],
          [101, 30],
          [100, 31],
          [100, 30],
        ],
      ],
    };
    const repaired = await upload('bow.geojson', text(JSON.stringify(bowTie)));
    expect(repaired.json.code).toBe(0);
    expect(repaired.json.data.repaired).toBe(true);
    expect(repaired.json.data.areaKm2).toBeGreaterThan(0);
    const [stored] = await db().query<{ valid: boolean; type: string }>(
      `SELECT ST_IsValid(geom) AS valid, GeometryType(geom) AS type FROM catalogue_uploads WHERE id = $1`,
      [repaired.json.data.id],
    );
    expect(stored).toEqual({ valid: true, type: 'MULTIPOLYGON' });
  });
});

describe('refusals', () => {
  it('answer their message in the caller’s language and store nothing', async () => {
    const members = shapefileMembers(featureCollection(square(116, 39, 0.5)), 4490, 'area');
    const without = (ext: string) => zipOf(Object.fromEntries(Object.entries(members).filter(([k]) => !k.endsWith(ext))));
    const bomb = zipOf({ 'area.shp': new Uint8Array(51 * 1024 * 1024), 'area.shx': new Uint8Array(1), 'area.dbf': new Uint8Array(1) });
    const cases: [string, Uint8Array, keyof typeof en.Upload.errors][] = [
      ['notes.txt', text('hello'), 'wrongType'],
      [
        'lines.geojson',
        text(
          JSON.stringify({
            type: 'LineString',
            coordinates: [
              [1, 2],
              [3, 4],
            ],
          }),
        ),
        'noPolygons',
      ],
      ['a.zip', without('.shp'), 'missingShp'],
      ['a.zip', without('.shx'), 'missingShx'],
      ['a.zip', without('.dbf'), 'missingDbf'],
      [
        'a.zip',
        zipOf({ ...Object.fromEntries(Object.entries(members).filter(([k]) => !k.endsWith('.prj'))), 'area.prj': 'GEOGCS[' }),
        'badPrj',
      ],
      ['bomb.zip', bomb, 'zipBomb'],
      ['big.geojson', new Uint8Array(20 * 1024 * 1024 + 10), 'tooLarge'],
      ['broken.kml', text('<kml><Document>'), 'unreadable'],
    ];
    const before = await rows();
    for (const [name, bytes, key] of cases) {
      for (const [locale, messages] of [
        ['zh', zh],
        ['en', en],
      ] as const) {
        const { json } = await upload(name, bytes, locale);
        const expected = messages.Upload.errors[key].replace('{mb}', key === 'zipBomb' ? '50' : '20');
        expect([name, json.message]).toEqual([name, expected]);
        expect(json.code).not.toBe(0);
      }
    }
    // Without a file field at all.
    const empty = await uploadPost(
      new Request('http://localhost:3000/api/normal/v5/normalmeta/upload/shp', {
        method: 'POST',
        body: new FormData(),
        headers: { 'x-locale': 'en' },
      }),
      { params: Promise.resolve({}) },
    );
    expect(((await empty.json()) as { message: string }).message).toBe(en.Upload.errors.noFile);
    expect(await rows()).toBe(before);
  });
});
