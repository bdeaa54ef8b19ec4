/**
 * Issue 36.2 and 36.6 (coverage statistics): the precomputed coverage figures equal a fresh geodesic overlay of the
 * scenes with the region (within 0.1 % of the region's area) for sample regions, periods and filters; the figures kept
 * incrementally by the job queue after a load (and after a deletion) equal a full rebuild; the public APIs refuse bad
 * input with localized messages and answer the new figures once they change.
 *
 * Small on purpose: the figures are built for Shijiazhuang's counties, the month of the demo catalogue with the most
 * scenes over it and the next one, not the whole country.
 */
import { execFile } from 'node:child_process';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { GET as itemGet } from '../../app/api/coverage/v1/coverage/item/[id]/route';
import { GET as latestGet } from '../../app/api/coverage/v1/coverage/lastest/[x]/route';
import { GET as visualItemGet } from '../../app/api/coverage/v1/coverage/visualitem/[id]/route';
import { GET as openApiGet } from '../../app/api/openapi.json/route';
import { GET as wfsGet } from '../../app/map/cloudPlatform/wfs/route';
import { GET as wmsGet } from '../../app/map/cloudPlatform/wms/route';
import { GET as exportGet } from '../../app/api/sta-image/v2/statistics/coverage/[a]/[b]/[c]/export/route';
import { GET as statisticsGet } from '../../app/api/sta-image/v2/statistics/coverage/[a]/[b]/[c]/route';
import { importStacText, SCENES_LOADED_JOB } from '../../lib/server/catalogue';
import { sceneLoadHandler } from '../../lib/server/composition/scene-loads';
import { COVERAGE_LOAD_JOB, coverageLoadHandler, drainCoverage, rebuildCoverage } from '../../lib/server/coverage-figures';
import { heavyWorkGate, resetHeavyWorkGate } from '../../lib/server/api/heavy-work';
import { resetEnvCache } from '../../lib/server/env';
import { runDueJobs } from '../../lib/server/jobs/runner';
import { call, withTestDatabase } from '../support/api';
import { parseCsv } from '../support/csv';
import { bboxPolygon } from '../../lib/shared/geo/bbox';

// The figures' duty bound (a share of the time, in turns) is tested in coverage-duty.test.ts; here a load's keys are
// computed at full speed within one run of the job.
process.env.COVERAGE_FIGURES_SHARE = '100';
resetEnvCache();

const db = withTestDatabase();
const run = promisify(execFile);
const RUNNER = { workerId: 'coverage-test', leaseSeconds: 60, backoffSeconds: 1 };
const CITY = '130100';
const HEBEI_NEAR_SJZ: [number, number, number, number] = [114.3, 37.9, 114.7, 38.2];

let counties: string[] = [];
let months: string[] = []; // YYYY-MM-01, ascending

const headers = (locale: 'zh' | 'en' = 'en') => ({ 'x-locale': locale });

async function statistics(a: string, b: string, c: string, query = '', locale: 'zh' | 'en' = 'en') {
  return call(statisticsGet, `/api/sta-image/v2/statistics/coverage/${a}/${b}/${c}${query}`, {
    params: { a, b, c },
    headers: headers(locale),
  });
}

/** The fresh overlay: the union of the period's selected footprints cut to the region, geodesic; and the scenes inside. */
async function fresh(code: string, from: string, to: string, extra = 'true') {
  const [row] = await db().query<{ covered: number; area: number; scenes: number }>(
    `WITH r AS (SELECT geom_hi AS g FROM regions WHERE code = $1),
          s AS (SELECT s.* FROM scenes s, r
                 WHERE s.acquired_at >= ($2::date)::timestamp AT TIME ZONE 'UTC'
                   AND s.acquired_at < ($3::date + interval '1 month')::timestamp AT TIME ZONE 'UTC'
                   AND ST_Intersects(s.footprint, r.g) AND ST_Area(ST_Intersection(s.footprint, r.g)) > 0 AND ${extra})
     SELECT coalesce((SELECT ST_Area(ST_Intersection(ST_Union(s.footprint), r.g)::geography) / 1e6 FROM s, r GROUP BY r.g), 0) AS covered,
            (SELECT ST_Area(g::geography) / 1e6 FROM r) AS area, (SELECT count(*)::int FROM s) AS scenes`,
    [code, from, to],
  );
  return row!;
}

/** The cells of the test's scope, comparable (geometry by its bytes). */
async function snapshot() {
  return db().query(
    `SELECT county, to_char(month, 'YYYY-MM') AS month, satellite, res_class, cloud_class, md5(ST_AsBinary(geom)) AS g,
            round(covered_km2::numeric, 6) AS covered, scene_ids, round(footprint_km2::numeric, 6) AS footprint, round(clear_km2::numeric, 6) AS clear
       FROM coverage_cells WHERE county = ANY ($1::text[]) AND month = ANY ($2::date[])
      ORDER BY county, month, satellite, res_class, cloud_class`,
    [counties, months],
  );
}

/** A STAC item with a box footprint at `datetime`. */
function item(
  id: string,
  platform: string,
  instrument: string,
  datetime: string,
  cloud: number | null,
  box: [number, number, number, number],
) {
  return JSON.stringify({
    type: 'Feature',
    stac_version: '1.0.0',
    id,
    geometry: bboxPolygon(box),
    properties: {
      datetime,
      platform,
      instruments: [instrument],
      gsd: 2,
      'processing:level': 'L1A',
      ...(cloud === null ? {} : { 'eo:cloud_cover': cloud }),
    },
    assets: {},
  });
}

const ym = (month: string) => month.slice(0, 7);

beforeAll(async () => {
  // The template's demo load queued its jobs: the figures here are built for the test's scope only.
  await db().query(`UPDATE jobs SET done_at = now() WHERE done_at IS NULL`);
  await db().query(`DELETE FROM coverage_pending`);
  await db().query(`DELETE FROM coverage_pending_months`);
  counties = (
    await db().query<{ code: string }>(
      `SELECT code FROM regions r WHERE parent_code = $1 AND NOT EXISTS (SELECT 1 FROM regions k WHERE k.parent_code = r.code) ORDER BY code`,
      [CITY],
    )
  ).map((r) => r.code);
  // The month with the most scenes over the city, and the next one (a two-month period needs both built).
  months = (
    await db().query<{ m: string; next: string }>(
      `SELECT to_char(m, 'YYYY-MM-DD') AS m, to_char(m + interval '1 month', 'YYYY-MM-DD') AS next
         FROM (SELECT date_trunc('month', s.acquired_at AT TIME ZONE 'UTC') AS m
                 FROM scenes s, regions r WHERE r.code = $1 AND ST_Intersects(s.footprint, r.geom_hi)
                GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1) x`,
      [CITY],
    )
  ).flatMap((r) => [r.m, r.next]);
  expect(counties.length).toBeGreaterThan(5);
  expect(months).toHaveLength(2);
  await rebuildCoverage(db(), { counties, months });
}, 300_000);

describe('precomputed coverage figures', () => {
  it('equal a fresh geodesic overlay within 0.1 % of the region’s area (city and counties, one month and two)', async () => {
    const cases: Array<[string, string]> = [
      [ym(months[0]!), months[0]!],
      [`${ym(months[0]!)}..${ym(months[1]!)}`, months[1]!],
    ];
    for (const [period, last] of cases) {
      const answer = await statistics('children', CITY, period);
      expect(answer.json.code).toBe(0);
      const data = answer.json.data;
      const whole = await fresh(CITY, months[0]!, last);
      expect(whole.covered).toBeGreaterThan(0);
      expect(Math.abs(data.total.coveredKm2 - whole.covered)).toBeLessThanOrEqual(0.001 * whole.area);
      expect(Math.abs(data.total.areaKm2 - whole.area)).toBeLessThanOrEqual(0.001 * whole.area);
      expect(data.total.scenes).toBe(whole.scenes);
      expect(data.items.map((i: { code: string }) => i.code)).toEqual(counties);
      for (const county of data.items.slice(0, 4)) {
        const f = await fresh(county.code, months[0]!, last);
        expect(Math.abs(county.coveredKm2 - f.covered)).toBeLessThanOrEqual(0.001 * f.area);
        expect(county.scenes).toBe(f.scenes);
      }
      // Union, not a sum: the counties' covered km² add up to the city's, their scenes do not (one scene, several counties).
      const sum = data.items.reduce((n: number, i: { coveredKm2: number }) => n + i.coveredKm2, 0);
      expect(Math.abs(sum - data.total.coveredKm2)).toBeLessThan(0.01 * counties.length + 0.01);
      expect(data.total.uncoveredKm2).toBeCloseTo(data.total.areaKm2 - data.total.coveredKm2, 1);
      expect(data.total.effectiveKm2).toBeLessThanOrEqual(data.total.coveredKm2);
      expect(data.total.revisit).toBeGreaterThanOrEqual(data.total.coveredKm2 > 0 ? 1 : 0);
    }
  }, 120_000);

  it('equal the fresh overlay under filters: cloud limit, optical only, satellite group', async () => {
    const period = `${ym(months[0]!)}..${ym(months[1]!)}`;
    const checks: Array<[string, string]> = [
      ['?cloudMax=30', '(s.cloud_pct IS NULL OR s.cloud_pct <= 30)'],
      ['?kind=optical&cloudMax=50', 's.cloud_pct IS NOT NULL AND s.cloud_pct <= 50'],
      ['?groups=international', `s.satellite IN ('LC08', 'LC09', 'S2A', 'S2B', 'S2C')`],
    ];
    for (const [query, sql] of checks) {
      const answer = await statistics('county', CITY, period, query);
      expect(answer.json.code).toBe(0);
      const f = await fresh(CITY, months[0]!, months[1]!, sql);
      expect(Math.abs(answer.json.data.total.coveredKm2 - f.covered)).toBeLessThanOrEqual(0.001 * f.area);
      expect(answer.json.data.total.scenes).toBe(f.scenes);
    }
  }, 120_000);

  it('kept incrementally after a load (and a deletion) equal a full rebuild, and the public answer follows', async () => {
    const period = ym(months[0]!);
    const before = (await statistics('children', CITY, period)).json.data.total;
    const day = `${ym(months[0]!)}-15T03:00:00Z`;
    const report = await importStacText(
      db(),
      [
        item('COVT_GF1_SJZ', 'gf1', 'pms', day, 25, HEBEI_NEAR_SJZ),
        item('COVT_GF1_SJZ_B', 'gf1', 'pms', day, 80, [114.5, 38.0, 114.9, 38.3]),
        item('COVT_S2A_SJZ', 'sentinel-2a', 'msi', day, 5, [114.2, 37.8, 114.4, 38.1]),
      ].join('\n'),
    );
    expect(report).toMatchObject({ written: 3, problems: [] });
    // The load's job hands on to the coverage job, which recomputes the keys the load touched.
    expect(await runDueJobs(db(), { [SCENES_LOADED_JOB]: sceneLoadHandler, [COVERAGE_LOAD_JOB]: coverageLoadHandler }, RUNNER, 20)).toBe(2);
    const [pending] = await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM coverage_pending`);
    expect(pending!.n).toBe(0);
    const incremental = await snapshot();
    expect(JSON.stringify(incremental)).toContain('COVT_GF1_SJZ');
    await rebuildCoverage(db(), { counties, months });
    expect(await snapshot()).toEqual(incremental);

    const after = (await statistics('children', CITY, period)).json.data.total;
    expect(after.scenes).toBe(before.scenes + 3);
    expect(after.coveredKm2).toBeGreaterThanOrEqual(before.coveredKm2);
    const f = await fresh(CITY, months[0]!, months[0]!);
    expect(Math.abs(after.coveredKm2 - f.covered)).toBeLessThanOrEqual(0.001 * f.area);

    // A withdrawn scene queues its keys (trigger); draining them gives the rebuild's figures again.
    await db().query(`DELETE FROM scenes WHERE id = 'COVT_GF1_SJZ'`);
    const [queued] = await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM coverage_pending`);
    expect(queued!.n).toBeGreaterThan(0);
    expect((await drainCoverage(db(), 60_000)).left).toBe(false);
    const drained = await snapshot();
    expect(JSON.stringify(drained)).not.toContain('"COVT_GF1_SJZ"');
    await rebuildCoverage(db(), { counties, months });
    expect(await snapshot()).toEqual(drained);
    expect((await statistics('children', CITY, period)).json.data.total.scenes).toBe(before.scenes + 2);
  }, 300_000);
});

describe('coverage APIs', () => {
  it('the latest figures of a region are its last month with imagery', async () => {
    const answer = await call(latestGet, `/api/coverage/v1/coverage/lastest/${CITY}`, { params: { x: CITY }, headers: headers() });
    expect(answer.json.code).toBe(0);
    // The figures are built for the test's two months only: the later of them with a scene over the city.
    const latest = (await fresh(CITY, months[1]!, months[1]!)).scenes > 0 ? ym(months[1]!) : ym(months[0]!);
    expect(answer.json.data.period).toEqual({ from: latest, to: latest, months: 1 });
    expect(answer.json.data.region.code).toBe(CITY);
    expect(answer.json.data.total.coveredKm2).toBeGreaterThan(0);
  });

  it('export the same figures as CSV (headers in the caller’s language) and GeoJSON', async () => {
    const period = `${ym(months[0]!)}..${ym(months[1]!)}`;
    const params = { a: 'county', b: CITY, c: period };
    const json = (await statistics('county', CITY, period, '?cloudMax=50')).json.data;
    const file = (format: string, locale: 'zh' | 'en') =>
      exportGet(
        new Request(
          `http://localhost:3000/api/sta-image/v2/statistics/coverage/county/${CITY}/${period}/export?cloudMax=50&format=${format}`,
          {
            headers: headers(locale),
          },
        ),
        { params: Promise.resolve(params) },
      );
    const csv = await file('csv', 'zh');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const rows = parseCsv((await csv.text()).replace(/^\uFEFF/, ''));
    expect(rows[0]!.slice(0, 4)).toEqual(['行政区代码', '行政区', '面积（平方千米）', '覆盖面积（平方千米）']);
    expect(rows).toHaveLength(json.items.length + 2);
    expect(rows.slice(1, -1).map((r) => [r[0], Number(r[3]), Number(r[7])])).toEqual(
      json.items.map((i: { code: string; coveredKm2: number; scenes: number }) => [i.code, i.coveredKm2, i.scenes]),
    );
    expect(Number(rows.at(-1)![3])).toBe(json.total.coveredKm2);
    const english = parseCsv((await (await file('csv', 'en')).text()).replace(/^\uFEFF/, ''));
    expect(english[0]![3]).toBe('Covered (km²)');

    const geo = await file('geojson', 'en');
    expect(geo.headers.get('content-type')).toBe('application/geo+json');
    const collection = (await geo.json()) as {
      properties: { total: unknown };
      features: Array<{ geometry: { type: string }; properties: { code: string } }>;
    };
    expect(collection.properties.total).toEqual(json.total);
    expect(collection.features.map((f) => f.properties)).toEqual(json.items);
    expect(collection.features.every((f) => f.geometry.type === 'MultiPolygon')).toBe(true);

    const refused = await call(exportGet, `/api/sta-image/v2/statistics/coverage/county/${CITY}/${period}/export?format=xlsx`, {
      params,
      headers: headers('zh'),
    });
    expect(refused.json.code).toBe(400);
    expect(refused.json.message).toContain('csv、geojson 或 geotiff');
  });

  it('export the scene-count grid as a GeoTIFF that GDAL reads, each cell counting the scenes over it', async () => {
    const period = `${ym(months[0]!)}..${ym(months[1]!)}`;
    const params = { a: 'county', b: CITY, c: period };
    const response = await exportGet(
      new Request(
        `http://localhost:3000/api/sta-image/v2/statistics/coverage/county/${CITY}/${period}/export?format=geotiff&cell=0.1&cloudMax=60`,
      ),
      { params: Promise.resolve(params) },
    );
    expect(response.headers.get('content-type')).toBe('image/tiff');
    const bytes = new Uint8Array(await response.arrayBuffer());
    const dir = mkdtempSync(path.join(os.tmpdir(), 'coverage-grid-'));
    const file = path.join(dir, 'grid.tif');
    writeFileSync(file, bytes);
    try {
      const info = JSON.parse((await run('gdalinfo', ['-json', '-stats', file])).stdout) as {
        size: [number, number];
        geoTransform: number[];
        coordinateSystem: { wkt: string };
        bands: Array<{ type: string; noDataValue: number; maximum: number }>;
      };
      const [box] = await db().query<{ minx: number; miny: number; maxx: number; maxy: number }>(
        `SELECT min_lon AS minx, min_lat AS miny, max_lon AS maxx, max_lat AS maxy FROM regions WHERE code = $1`,
        [CITY],
      );
      const west = Math.floor(box!.minx / 0.1) * 0.1;
      const north = Math.ceil(box!.maxy / 0.1) * 0.1;
      expect(info.geoTransform[0]).toBeCloseTo(west, 6);
      expect(info.geoTransform[1]).toBeCloseTo(0.1, 9);
      expect(info.geoTransform[3]).toBeCloseTo(north, 6);
      expect(info.geoTransform[5]).toBeCloseTo(-0.1, 9);
      expect(info.coordinateSystem.wkt).toContain('WGS 84');
      expect(info.bands[0]!.type).toBe('UInt16');
      expect(info.bands[0]!.noDataValue).toBe(65535);
      expect(info.bands[0]!.maximum).toBeGreaterThan(0);
      // Cells read back through GDAL equal an independent count: scenes of the period whose footprint's interior
      // meets the cell's box (the city's busiest cell, and a few others).
      const [width, height] = info.size;
      const values = (await run('gdal_translate', ['-q', '-of', 'AAIGrid', file, '/vsistdout/'])).stdout
        .split('\n')
        .filter((l) => /^\s*-?\d/.test(l) && !/^[a-z]/i.test(l))
        .join(' ')
        .trim()
        .split(/\s+/)
        .map(Number);
      expect(values).toHaveLength(width * height);
      const checked = [...values.keys()]
        .filter((k) => values[k]! >= 0)
        .sort((a, b) => values[b]! - values[a]!)
        .slice(0, 4);
      checked.push([...values.keys()].find((k) => values[k] === 65535)!);
      for (const k of checked) {
        const x = west + (k % width) * 0.1;
        const y = north - Math.floor(k / width) * 0.1;
        const [truth] = await db().query<{ n: number }>(
          `SELECT count(*)::int AS n FROM scenes s
            WHERE s.acquired_at >= ($1::date)::timestamp AT TIME ZONE 'UTC'
              AND s.acquired_at < ($2::date + interval '1 month')::timestamp AT TIME ZONE 'UTC'
              AND (s.cloud_pct IS NULL OR s.cloud_pct <= 60)
              AND ST_Relate(ST_MakeEnvelope($3::float8, $4::float8, $3::float8 + 0.1, $4::float8 + 0.1, 4326), s.footprint, 'T********')`,
          [months[0]!, months[1]!, x, y - 0.1],
        );
        if (values[k] === 65535) continue; // outside the city: nodata whatever lies there
        expect(values[k]).toBe(truth!.n);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const refused = await call(exportGet, `/api/sta-image/v2/statistics/coverage/county/${CITY}/${period}/export?format=geotiff&cell=0.3`, {
      params,
      headers: headers('zh'),
    });
    expect(refused.json.code).toBe(400);
    expect(refused.json.message).toContain('格网单元');
    const country = await call(
      exportGet,
      `/api/sta-image/v2/statistics/coverage/province/100000/${period}/export?format=geotiff&cell=0.02`,
      {
        params: { a: 'province', b: '100000', c: period },
        headers: headers('en'),
      },
    );
    expect(country.json.code).toBe(400);
    expect(country.json.message).toContain('choose a larger cell');
    // The worst a small cell over a large region could cost (each footprint's box in cells) is refused before any
    // cell is counted: Hebei at 0.02° over three years of the demo catalogue spans millions of cells.
    const started = performance.now();
    const dense = await call(
      exportGet,
      `/api/sta-image/v2/statistics/coverage/province/130000/2024..2026/export?format=geotiff&cell=0.02`,
      {
        params: { a: 'province', b: '130000', c: '2024..2026' },
        headers: headers('zh'),
      },
    );
    expect(dense.json.code).toBe(400);
    expect(dense.json.message).toContain('影像覆盖的单元过多');
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('the acquisition_report layer serves each county’s month with the covered share of the figures, by WFS and WMS', async () => {
    const month = ym(months[0]!);
    const figures = (await statistics('county', CITY, month)).json.data as {
      items: Array<{ code: string; coveredPct: number; scenes: number }>;
    };
    const filter = encodeURIComponent(`month = '${months[0]}' AND city = '${CITY}'`);
    const wfs = await wfsGet(
      new Request(
        `http://localhost:3000/map/cloudPlatform/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=cloudPlatform:acquisition_report&OUTPUTFORMAT=application/json&CQL_FILTER=${filter}`,
      ),
    );
    expect(wfs.status).toBe(200);
    const collection = (await wfs.json()) as { features: Array<{ properties: { county: string; covered_pct: number; scenes: number } }> };
    const layer = new Map(collection.features.map((f) => [f.properties.county, f.properties]));
    const covered = figures.items.filter((i) => i.scenes > 0);
    expect(covered.length).toBeGreaterThan(0);
    for (const item of covered) {
      expect(layer.get(item.code)?.covered_pct).toBeCloseTo(item.coveredPct, 1);
      expect(layer.get(item.code)?.scenes).toBe(item.scenes);
    }
    // Counties with no scene that month have no row (drawn as nothing: no data, not 0 %).
    expect([...layer.keys()].sort()).toEqual(covered.map((i) => i.code).sort());

    const [box] = await db().query<{ b: string }>(
      `SELECT concat_ws(',', min_lon, min_lat, max_lon, max_lat) AS b FROM regions WHERE code = $1`,
      [CITY],
    );
    const map = await wmsGet(
      new Request(
        `http://localhost:3000/map/cloudPlatform/wms?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=cloudPlatform:acquisition_report&STYLES=&SRS=EPSG:4326&BBOX=${box!.b}&WIDTH=128&HEIGHT=128&FORMAT=image/png&TRANSPARENT=TRUE&CQL_FILTER=${filter}`,
      ),
    );
    expect(map.status).toBe(200);
    expect(map.headers.get('content-type')).toBe('image/png');
    const image = await loadImage(Buffer.from(await map.arrayBuffer()));
    const canvas = createCanvas(image.width, image.height);
    canvas.getContext('2d').drawImage(image, 0, 0);
    const pixels = canvas.getContext('2d').getImageData(0, 0, image.width, image.height).data;
    let painted = 0;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) painted++;
    expect(painted).toBeGreaterThan(100);
  });

  it('a coverage item is the region’s figures for the period, what each satellite gave and its latest scenes', async () => {
    const period = `${ym(months[0]!)}..${ym(months[1]!)}`;
    const id = `${CITY}_${period}`;
    const answer = await call(itemGet, `/api/coverage/v1/coverage/item/${id}?cloudMax=60`, { params: { id }, headers: headers() });
    expect(answer.json.code).toBe(0);
    const data = answer.json.data;
    const whole = (await statistics('children', CITY, period, '?cloudMax=60')).json.data;
    expect(data.id).toBe(id);
    expect(data.figures).toEqual(whole.total);
    // Per satellite, checked against the scenes themselves: distinct scenes with area inside the city in the period.
    const truth = await db().query<{ satellite: string; n: number; optical: boolean }>(
      `SELECT s.satellite, count(*)::int AS n, bool_or(s.cloud_pct IS NOT NULL) AS optical
         FROM scenes s, regions r
        WHERE r.code = $1 AND s.acquired_at >= ($2::date)::timestamp AT TIME ZONE 'UTC'
          AND s.acquired_at < ($3::date + interval '1 month')::timestamp AT TIME ZONE 'UTC'
          AND (s.cloud_pct IS NULL OR s.cloud_pct <= 60)
          AND ST_Intersects(s.footprint, r.geom_hi) AND ST_Area(ST_Intersection(s.footprint, r.geom_hi)) > 0
        GROUP BY s.satellite ORDER BY s.satellite`,
      [CITY, months[0]!, months[1]!],
    );
    expect(truth.length).toBeGreaterThan(0);
    const satellites = data.satellites as Array<{ satellite: string; scenes: number; clearPct: number | null }>;
    expect(satellites.map((s) => [s.satellite, s.scenes]).sort()).toEqual(truth.map((t) => [t.satellite, t.n]).sort());
    expect(satellites.reduce((n, s) => n + s.scenes, 0)).toBe(whole.total.scenes);
    for (const s of satellites) {
      const optical = truth.find((t) => t.satellite === s.satellite)!.optical;
      if (optical) expect(s.clearPct).toBeGreaterThanOrEqual(40);
      else expect(s.clearPct).toBeNull();
    }
    const latest = data.latestScenes as Array<{ acquiredAt: string }>;
    expect(latest.length).toBe(Math.min(50, whole.total.scenes));
    expect(latest.map((s) => s.acquiredAt)).toEqual([...latest.map((s) => s.acquiredAt)].sort().reverse());
  });

  it('a visual item draws each county’s covered and uncovered parts with the figures’ km²; the country is refused', async () => {
    const id = `${CITY}_${ym(months[0]!)}`;
    const answer = await call(visualItemGet, `/api/coverage/v1/coverage/visualitem/${id}`, { params: { id }, headers: headers() });
    expect(answer.json.code).toBe(0);
    const collection = answer.json.data as {
      type: string;
      tolerance: number;
      features: Array<{ geometry: { type: string }; properties: { code: string; part: string; km2: number } }>;
    };
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.tolerance).toBeGreaterThan(0);
    const figures = (await statistics('county', CITY, ym(months[0]!))).json.data;
    for (const county of figures.items as Array<{ code: string; coveredKm2: number; uncoveredKm2: number }>) {
      const parts = collection.features.filter((f) => f.properties.code === county.code);
      const covered = parts.find((f) => f.properties.part === 'covered');
      const uncovered = parts.find((f) => f.properties.part === 'uncovered');
      expect(covered?.properties.km2 ?? 0).toBeCloseTo(county.coveredKm2, 1);
      if (county.coveredKm2 > 0) expect(covered?.geometry.type).toBe('MultiPolygon');
      if (county.uncoveredKm2 > 1) expect(uncovered?.properties.km2).toBeCloseTo(county.uncoveredKm2, 1);
    }
    expect(collection.features.some((f) => f.properties.part === 'covered')).toBe(true);

    const country = await call(visualItemGet, `/api/coverage/v1/coverage/visualitem/100000_2026Q1`, {
      params: { id: '100000_2026Q1' },
      headers: headers('zh'),
    });
    expect(country.json.code).toBe(400);
    expect(country.json.message).toContain('按省或更小的区域');
    for (const bad of ['130100-2026Q1', '130100_2026Q5', '13010_2026', `${CITY}_2019..2026`]) {
      const refused = await call(itemGet, `/api/coverage/v1/coverage/item/${bad}`, { params: { id: bad }, headers: headers() });
      expect(refused.json.code).toBe(400);
    }
    const named = await call(itemGet, `/api/coverage/v1/coverage/item/x`, { params: { id: 'x' }, headers: headers('zh') });
    expect(named.json.message).toContain('区域代码、下划线和时段');
  });

  it('are in the OpenAPI document, public, with their segments and filters', async () => {
    const doc = (await openApiGet().json()) as {
      paths: Record<string, { get: { parameters: Array<{ name: string; in: string }>; security: unknown[] } }>;
    };
    const stats = doc.paths['/api/sta-image/v2/statistics/coverage/{a}/{b}/{c}']!.get;
    expect(stats.security).toEqual([]);
    expect(stats.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['path:a', 'path:b', 'path:c', 'query:groups', 'query:resolutions', 'query:cloudMax', 'query:kind']),
    );
    expect(doc.paths['/api/coverage/v1/coverage/lastest/{x}']!.get.security).toEqual([]);
    expect(doc.paths['/api/sta-image/v2/statistics/coverage/{a}/{b}/{c}/export']!.get.security).toEqual([]);
    expect(doc.paths['/api/coverage/v1/coverage/item/{id}']!.get.security).toEqual([]);
    expect(doc.paths['/api/coverage/v1/coverage/visualitem/{id}']!.get.security).toEqual([]);
  });

  it('refuses bad input with envelope 400/404 and a message in the caller’s language', async () => {
    const refusals: Array<[string, string, string, string, number, string, string]> = [
      ['state', CITY, '2026', '', 400, 'level', '层级'],
      ['county', CITY, '2026Q5', '', 400, 'The period must be a year', '时段须为'],
      ['county', CITY, '2020..2025', '', 400, 'at most 60 months', '最长 60 个月'],
      ['county', CITY, '2026-02..2026-01', '', 400, 'The period must be', '时段须为'],
      ['county', '13010', '2026', '', 400, 'six digits', '六位数字'],
      ['county', '990000', '2026', '', 404, 'no region with this code', '没有这个代码'],
      ['county', CITY, '2026', '?cloudMax=25', 400, 'multiple of 10', '10 的倍数'],
      ['county', CITY, '2026', '?groups=optical', 400, 'cn-optical, radar and international', '卫星组'],
      ['county', CITY, '2026', '?resolutions=fine', 400, 'submeter', '分辨率等级'],
      ['county', CITY, '2026', '?kind=lidar', 400, 'all, optical or radar', '类型须为'],
    ];
    for (const [a, b, c, q, code, en, zh] of refusals) {
      const english = await statistics(a, b, c, q, 'en');
      expect([english.status, english.json.code]).toEqual([200, code]);
      expect(english.json.message).toContain(en);
      const chinese = await statistics(a, b, c, q, 'zh');
      expect(chinese.json.code).toBe(code);
      expect(chinese.json.message).toContain(zh);
    }
    // No imagery over a region (with these filters): the latest figures are a 404.
    const none = await call(latestGet, `/api/coverage/v1/coverage/lastest/650000`, { params: { x: '650000' }, headers: headers('zh') });
    expect(none.json.code).toBe(404);
    expect(none.json.message).toContain('尚无影像覆盖');
  });
});

describe('the coverage export is bounded per client (issue 32.2)', () => {
  it('a client with an analysis running and one waiting is refused an export at once, in its language; others are not', async () => {
    process.env.HEAVY_MAX_ACTIVE = '2';
    resetEnvCache();
    resetHeavyWorkGate();
    const address = '203.0.113.77';
    const gate = heavyWorkGate();
    const running = await gate.enter(`ip:${address}`);
    const waiting = gate.enter(`ip:${address}`);
    const month = months[0]!.slice(0, 7);
    const exportFor = (client: string, locale: 'zh' | 'en') =>
      call(exportGet, `/api/sta-image/v2/statistics/coverage/county/${CITY}/${month}/export`, {
        params: { a: 'county', b: CITY, c: month },
        headers: { 'x-locale': locale, 'x-forwarded-for': client },
      });
    try {
      const refused = await exportFor(address, 'zh');
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      expect(refused.json.message).toMatch(/仍在进行/);
      // The screen's own answers are not held up (it asks for several at once: the period, the comparison, the trend).
      const figures = await call(statisticsGet, `/api/sta-image/v2/statistics/coverage/county/${CITY}/${month}`, {
        params: { a: 'county', b: CITY, c: month },
        headers: { 'x-locale': 'en', 'x-forwarded-for': address },
      });
      expect(figures.json.code).toBe(0);
    } finally {
      running();
      (await waiting)();
    }
    // Another client gets the file (a CSV, not an envelope).
    const file = await exportGet(
      new Request(`http://localhost:3000/api/sta-image/v2/statistics/coverage/county/${CITY}/${month}/export`, {
        headers: { 'x-locale': 'en', 'x-forwarded-for': '198.51.100.77' },
      }),
      { params: Promise.resolve({ a: 'county', b: CITY, c: month }) },
    );
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/csv/);
    delete process.env.HEAVY_MAX_ACTIVE;
    resetEnvCache();
    resetHeavyWorkGate();
  });
});

describe('a reload of the regions', () => {
  it('queues every month with scenes for the figures (they are cut to the boundaries, and dropped with them)', async () => {
    await db().query(`DELETE FROM coverage_pending_months`);
    const months = async () =>
      (await db().query<{ m: string }>(`SELECT to_char(month, 'YYYY-MM') AS m FROM coverage_pending_months ORDER BY 1`)).map((r) => r.m);
    const expected = (
      await db().query<{ m: string }>(
        `SELECT DISTINCT to_char(date_trunc('month', acquired_at AT TIME ZONE 'UTC'), 'YYYY-MM') AS m FROM scenes ORDER BY 1`,
      )
    ).map((r) => r.m);
    expect(expected.length).toBeGreaterThan(1);
    // A region added (a new county: its city is no longer a leaf) and removed again, as a reload deletes and inserts.
    await db().query(
      `INSERT INTO regions (code, name_zh, name_en, level, parent_code, geom_lo, geom_mid, geom_hi, min_lon, min_lat, max_lon, max_lat, label_point, area_km2)
       SELECT '139999', '测试县', 'Test county', 'county', '130100', geom_lo, geom_mid, geom_hi, min_lon, min_lat, max_lon, max_lat, label_point, area_km2
         FROM regions WHERE code = $1`,
      [counties[0]!],
    );
    expect(await months()).toEqual(expected);
    await db().query(`DELETE FROM coverage_pending_months`);
    await db().query(`DELETE FROM regions WHERE code = '139999'`);
    expect(await months()).toEqual(expected);
    await db().query(`DELETE FROM coverage_pending_months`);
  });
});
