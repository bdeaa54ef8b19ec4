/**
 * Issue 22: predicted passes over an area (`/api/sateorbit/v2/satorbit/region` and `/shp`). Checked against a
 * brute-force search (every 10 s of a satellite's ground track tested against the region in PostGIS), the
 * same area given as regions, as an upload and as a drawn polygon, the clipping (shares, union, remainder =
 * PostGIS on the returned strips), side-looking, the image query's uncovered part, the cache, and the
 * refusals in both languages.
 */
import { POST as regionPost } from '../../app/api/sateorbit/v2/satorbit/region/route';
import { POST as shpPost } from '../../app/api/sateorbit/v2/satorbit/shp/route';
import { POST as uploadPost } from '../../app/api/normal/v5/normalmeta/upload/shp/route';
import { clearPredictionCache } from '../../lib/server/orbits/predict';
import { uncoveredRemainder } from '../../lib/server/catalogue';
import { predictionSchema, type Prediction } from '../../lib/shared/contracts/orbits';
import { subPoint } from '../../lib/shared/orbits/passes';
import { positionUncertaintyKm } from '../../lib/shared/orbits/uncertainty';
import { satrecOf } from '../../lib/shared/orbits/propagate';
import { SELECT_MODES } from '../../lib/shared/contracts/catalogue';
import en from '../../messages/en.json';
import zh from '../../messages/zh.json';
import { call, withTestDatabase } from '../support/api';
import { featureCollection } from '../support/area-files';

const db = withTestDatabase();
const START = '2026-08-22T00:00:00Z';
const GF6 = 43484;
const HEBEI = '130000';

async function region(body: object, locale: 'zh' | 'en' = 'en') {
  return call(regionPost, '/api/sateorbit/v2/satorbit/region', { body, headers: { 'x-locale': locale } });
}
async function shp(body: object, locale: 'zh' | 'en' = 'en') {
  return call(shpPost, '/api/sateorbit/v2/satorbit/shp', { body, headers: { 'x-locale': locale } });
}
const ok = (response: { json: { code: number; message: string; data: unknown } }): Prediction => {
  if (response.json.code !== 0) throw new Error(response.json.message);
  return predictionSchema.parse(response.json.data);
};

let hebei: Prediction;
let city: { code: string; geojson: string };

beforeAll(async () => {
  clearPredictionCache();
  hebei = ok(await region({ regionCodes: [HEBEI], start: START, days: 3 }));
  const [row] = await db().query<{ code: string; geojson: string }>(
    `SELECT code, ST_AsGeoJSON(geom_mid, 7) AS geojson FROM regions WHERE code = '130100'`,
  );
  city = row!;
}, 120_000);

describe('passes over a province', () => {
  it('uses the current element set, every government Chinese land-observation satellite, and says which it skipped', () => {
    expect(hebei.tleSet.source).toMatch(/CelesTrak/);
    expect(hebei.window).toEqual({ start: '2026-08-22T00:00:00.000Z', end: '2026-08-25T00:00:00.000Z', days: 3 });
    const names = hebei.satellites.map((s) => s.satelliteName);
    expect(names).toEqual(expect.arrayContaining(['GF-1', 'GF-2', 'GF-6', 'ZY-3']));
    expect(names).not.toContain('JL-1'); // commercial constellations are chosen by name
    expect(hebei.satellites.find((s) => s.satelliteName === 'GF-4')?.skipped).toBe('geostationary');
    // A day or two after the epochs: not stale; the sensor used is the finest with a swath.
    expect(hebei.stale).toBe(false);
    expect(hebei.satellites.find((s) => s.norad === GF6)).toMatchObject({ sensor: 'PMS', swathKm: 90, skipped: null });
    expect(hebei.passes.length).toBeGreaterThan(5);
    const starts = hebei.passes.map((p) => p.start);
    expect([...starts].sort()).toEqual(starts); // by time
  });

  it('misses no time a satellite’s nadir swath is over the province (brute force every 10 s in PostGIS)', async () => {
    const [tle] = await db().query<{ line1: string; line2: string }>(
      `SELECT line1, line2 FROM orbit_elements e JOIN tle_sets s ON s.id = e.set_id AND s.current WHERE norad = $1`,
      [GF6],
    );
    const satrec = satrecOf(tle!.line1, tle!.line2);
    const points: [number, number, number][] = [];
    for (let t = Date.parse(START); t < Date.parse(START) + 3 * 86_400_000; t += 10_000) {
      const p = subPoint(satrec, t)!;
      if (p.lon > 110 && p.lon < 125 && p.lat > 33 && p.lat < 45) points.push([t, p.lon, p.lat]);
    }
    // Sub-points inside Hebei: the swath centre is over the province, so a pass must be listed then.
    const inside = await db().query<{ t: string }>(
      `SELECT (x ->> 0) AS t FROM jsonb_array_elements($1::jsonb) x, regions r
        WHERE r.code = $2 AND ST_Intersects(r.geom_mid, ST_SetSRID(ST_MakePoint((x ->> 1)::float8, (x ->> 2)::float8), 4326))`,
      [JSON.stringify(points), HEBEI],
    );
    expect(inside.length).toBeGreaterThan(0);
    const gf6 = hebei.passes.filter((p) => p.norad === GF6);
    for (const { t } of inside) {
      const time = Number(t);
      expect(gf6.some((p) => Date.parse(p.start) - 1000 <= time && time <= Date.parse(p.end) + 1000)).toBe(true);
    }
  });

  it('clips each swath to the province: shares, union and remainder as PostGIS computes them from the strips', async () => {
    const total = hebei.area.km2;
    const [exact] = await db().query<{ km2: number }>(`SELECT ST_Area(geom_mid::geography) / 1e6 AS km2 FROM regions WHERE code = $1`, [HEBEI]);
    // The area is measured on the outline the strips are clipped to (simplified to 1/2000 of its extent): within
    // 0.1 % of the exact boundary's.
    expect(Math.abs(total - exact!.km2) / exact!.km2).toBeLessThan(0.001);
    for (const p of hebei.passes.slice(0, 8)) {
      // The share counts the swath as predicted: inside the strip widened by the uncertainty, and as large as the
      // (display-simplified) clipped part.
      const [row] = await db().query<{ widened: number; clipped: number }>(
        `SELECT ST_Area(ST_Intersection(ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON($1), 4326)), r.geom_mid)::geography) / 1e6 AS widened,
                ST_Area(ST_SetSRID(ST_GeomFromGeoJSON($2), 4326)::geography) / 1e6 AS clipped
           FROM regions r WHERE r.code = $3`,
        [JSON.stringify(p.possibleSwath), JSON.stringify(p.clipped), HEBEI],
      );
      expect(p.coveredKm2).toBeLessThanOrEqual(row!.widened + 0.5);
      expect(Math.abs(p.coveredKm2 - row!.clipped)).toBeLessThan(Math.max(1, p.coveredKm2 * 0.01));
      expect(p.sharePct).toBeCloseTo((100 * p.coveredKm2) / total, 1);
      expect(p.uncertaintyKm).toBeGreaterThanOrEqual(1);
      expect(Date.parse(p.start)).toBeLessThanOrEqual(Date.parse(p.closest) + 60_000);
      expect(p.daylight).toBe(p.sunElevationDeg > 0);
    }
    expect(hebei.union.km2 + hebei.uncovered.km2).toBeCloseTo(total, 0);
    // The union is of what the counted passes count: at least the largest, at most their sum.
    const counted = hebei.passes.filter((p) => p.status === 'counted');
    expect(counted.length).toBeGreaterThan(0);
    expect(hebei.union.sharePct).toBeGreaterThanOrEqual(Math.max(...counted.map((p) => p.countedPct)) - 0.01);
    expect(hebei.union.km2).toBeLessThanOrEqual(counted.reduce((sum, p) => sum + p.countedKm2, 0) + 0.5);
    expect(hebei.union.sharePct).toBeLessThanOrEqual(100);
    // How soon: the share imaged grows pass by pass within the window and ends near the union's (sampled, ±2 %).
    const progress = hebei.progress;
    expect(progress.length).toBeGreaterThan(1);
    progress.forEach((s, i) => {
      expect(s.at >= hebei.window.start && s.at <= hebei.window.end).toBe(true);
      if (i > 0) {
        expect(s.at >= progress[i - 1]!.at).toBe(true);
        expect(s.sharePct).toBeGreaterThan(progress[i - 1]!.sharePct);
      }
    });
    expect(Math.abs(progress[progress.length - 1]!.sharePct - hebei.union.sharePct)).toBeLessThan(2.5);
  });

  it('sorts by coverage on request, from the cache, with the same passes', async () => {
    const byCoverage = ok(await region({ regionCodes: [HEBEI], start: START, days: 3, sort: 'coverage' }));
    expect(byCoverage.cached).toBe(true);
    expect(byCoverage.sort).toBe('coverage');
    const shares = byCoverage.passes.map((p) => p.sharePct);
    expect([...shares].sort((a, b) => b - a)).toEqual(shares);
    expect(new Set(byCoverage.passes.map((p) => p.id))).toEqual(new Set(hebei.passes.map((p) => p.id)));
  });
});

describe('what is claimed as covered (issue 32.7)', () => {
  it('never covers more than the area: every pass, the union and the remainder are measured on one geometry', async () => {
    // The case: GF-3 and GF-3 02 with a 650 km swath over Hebei in the week of 27 November; a pass covering
    // the whole province was 188,555.6 km² of a 188,533.3 km² area.
    const wide = ok(await region({ regionCodes: [HEBEI], start: '2026-11-27T00:00:00Z', days: 7, satellites: [41727, 49495], sensor: 'widest' }));
    expect(wide.satellites.map((s) => s.swathKm)).toEqual([650, 650]);
    expect(wide.passes.some((p) => p.sharePct === 100)).toBe(true);
    for (const prediction of [hebei, wide]) {
      for (const p of prediction.passes) {
        expect(p.coveredKm2).toBeLessThanOrEqual(prediction.area.km2);
        expect(p.countedKm2).toBeLessThanOrEqual(p.coveredKm2 + 0.1);
        expect(p.sharePct).toBeLessThanOrEqual(100);
      }
      expect(prediction.union.km2).toBeLessThanOrEqual(prediction.area.km2);
      expect(prediction.uncovered.km2).toBeGreaterThanOrEqual(0);
    }
  });

  it('lists optical passes with the sun below 10° but counts none of them; radar counts by night', () => {
    const kinds = new Map(hebei.satellites.map((s) => [s.norad, s.sensorKind]));
    const lowSun = hebei.passes.filter((p) => p.status === 'lowSun');
    expect(lowSun.length).toBeGreaterThan(0); // optical satellites' ascending passes cross Hebei at night
    for (const p of lowSun) {
      expect(p.sunElevationDeg).toBeLessThan(10);
      expect(kinds.get(p.norad)).not.toBe('sar');
      expect([p.countedKm2, p.countedPct]).toEqual([0, 0]);
    }
    for (const p of hebei.passes.filter((x) => x.status === 'counted' && kinds.get(x.norad) !== 'sar')) expect(p.sunElevationDeg).toBeGreaterThanOrEqual(10);
    // GF-3 and its sisters fly a dawn–dusk orbit with the sun near the horizon: their passes are counted anyway.
    const radar = hebei.passes.filter((p) => kinds.get(p.norad) === 'sar');
    expect(radar.length).toBeGreaterThan(0);
    for (const p of radar) expect(p.status).not.toBe('lowSun');
  });

  it('uses the swath of the radar mode chosen: the finest strip mode (GF-3 ultra-fine stripmap, 30 km), or the widest (global, 650 km)', async () => {
    const GF3 = 41727;
    const finest = ok(await region({ regionCodes: [HEBEI], start: START, days: 3, satellites: [GF3] }));
    expect(finest.satellites[0]).toMatchObject({ sensor: 'C-SAR', sensorKind: 'sar', mode: { code: 'UFS', name: 'Ultra-fine stripmap' }, resolutionM: 3, swathKm: 30 });
    const widest = ok(await region({ regionCodes: [HEBEI], start: START, days: 3, satellites: [GF3], sensor: 'widest' }, 'zh'));
    expect(widest.satellites[0]).toMatchObject({ mode: { code: 'GLO', name: '全球观测' }, resolutionM: 500, swathKm: 650 });
    // A 30 km strip across a province a few hundred kilometres wide images a small part of it.
    expect(finest.passes.length).toBeGreaterThan(0);
    for (const p of finest.passes) expect(p.sharePct).toBeLessThan(15);
    expect(Math.max(...widest.passes.map((p) => p.sharePct))).toBeGreaterThan(Math.max(...finest.passes.map((p) => p.sharePct)));
  });

  it('with elements 98 days old, states one uncertainty and claims no coverage a narrow swath cannot promise', async () => {
    const late = '2026-11-27T00:00:00Z';
    const p = ok(await region({ regionCodes: [HEBEI], start: late, days: 2, satellites: [GF6] }));
    const epoch = Date.parse(p.satellites[0]!.epoch);
    const age = (Date.parse(late) - epoch) / 86_400_000;
    expect(age).toBeGreaterThan(95);
    expect(p.stale).toBe(true);
    expect(p.uncertainty).toEqual({
      oldestEpoch: p.satellites[0]!.epoch,
      ageDays: Math.round(age * 100) / 100,
      minKm: positionUncertaintyKm(age),
      maxKm: positionUncertaintyKm(age + 2),
    });
    expect(p.passes.length).toBeGreaterThan(0);
    for (const pass of p.passes) {
      expect(pass.uncertaintyKm).toBeGreaterThanOrEqual(p.uncertainty.minKm);
      expect(pass.uncertaintyKm).toBeLessThanOrEqual(p.uncertainty.maxKm);
      // GF-6 PMS: 90 km wide, ±190-odd km: only possible (or in the dark).
      expect(pass.status).not.toBe('counted');
    }
    expect([p.union.km2, p.progress]).toEqual([0, []]);
    // Its 800 km wide-field camera is still counted, with the swath narrowed by the uncertainty on both sides.
    const wide = ok(await region({ regionCodes: [HEBEI], start: late, days: 2, satellites: [GF6], sensor: 'widest' }));
    const counted = wide.passes.filter((x) => x.status === 'counted');
    expect(counted.length).toBeGreaterThan(0);
    for (const x of counted) expect(x.countedKm2).toBeLessThan(x.coveredKm2);
  });
});

describe('the same area as regions, an upload and a drawing', () => {
  it('gives the same passes and shares', async () => {
    const options = { start: START, days: 2, satellites: [GF6, 40118, 39150] };
    const byRegion = ok(await region({ ...options, regionCodes: [city.code] }));
    const form = new FormData();
    form.append('file', new Blob([JSON.stringify(featureCollection(JSON.parse(city.geojson)))]), 'shijiazhuang.geojson');
    const uploaded = await uploadPost(
      new Request('http://localhost:3000/api/normal/v5/normalmeta/upload/shp', { method: 'POST', body: form, headers: { 'x-locale': 'en' } }),
      { params: Promise.resolve({}) },
    );
    const upload = (await uploaded.json()) as { code: number; data: { id: string } };
    expect(upload.code).toBe(0);
    const byUpload = ok(await shp({ ...options, area: { mode: SELECT_MODES.SHP, uploadId: upload.data.id } }));
    const byDrawing = ok(await shp({ ...options, area: { mode: SELECT_MODES.DRAW, geometry: JSON.parse(city.geojson) } }));
    expect(byRegion.passes.length).toBeGreaterThan(0);
    for (const other of [byUpload, byDrawing]) {
      expect(other.area.km2).toBeCloseTo(byRegion.area.km2, -1);
      expect(other.passes.map((p) => p.id)).toEqual(byRegion.passes.map((p) => p.id));
      other.passes.forEach((p, i) => expect(Math.abs(p.sharePct - byRegion.passes[i]!.sharePct)).toBeLessThan(0.5));
    }
  });

  it('reaches further looking sideways, within each sensor’s published angle', async () => {
    await db().query(`UPDATE satellite_sensors SET max_off_nadir_deg = 35 WHERE satellite_slug = 'gf2' AND code = 'PMS'`);
    clearPredictionCache();
    const options = { start: START, days: 5, satellites: [40118], regionCodes: [city.code] };
    const nadir = ok(await region({ ...options, mode: 'nadir' }));
    const side = ok(await region({ ...options, mode: 'side' }));
    expect(side.satellites[0]).toMatchObject({ maxOffNadirDeg: 35, swathKm: 45 });
    expect(side.passes.length).toBeGreaterThan(nadir.passes.length);
    for (const p of nadir.passes) expect(p.offNadirDeg).toBe(0);
    for (const p of side.passes) expect(p.offNadirDeg).toBeLessThanOrEqual(35);
    expect(side.passes.some((p) => p.offNadirDeg > 5)).toBe(true);
  });
});

describe('who fills my gap next', () => {
  it('predicts for the part an image query search leaves uncovered', async () => {
    // Sub-metre scenes of one month: sparse, so part of the city stays uncovered.
    const filter = { area: { mode: SELECT_MODES.REGION, regionCodes: [city.code] }, dateFrom: '2025-06-01', dateTo: '2025-06-30', resolutionMax: 1 };
    const coverage = { filter };
    const rest = await uncoveredRemainder(db(), { filter });
    const gap = await shp({ start: START, days: 2, sort: 'coverage', area: { mode: 'UNCOVERED', coverage } });
    expect(rest.uncoveredKm2).toBeGreaterThan(0);
    const p = ok(gap);
    expect(p.area.km2).toBeCloseTo(rest.uncoveredKm2, -1);
    const shares = p.passes.map((x) => x.sharePct);
    expect([...shares].sort((a, b) => b - a)).toEqual(shares);
    // Everything the search covered is outside the predicted area: nothing else moved with it.
    const whole = ok(await region({ start: START, days: 2, regionCodes: [city.code] }));
    expect(p.area.km2).toBeLessThan(whole.area.km2);
  });
});

describe('refusals in the reader’s language, changing nothing', () => {
  it.each([
    ['a window over 14 days', { regionCodes: [HEBEI], days: 15 }, 'badWindow'],
    ['an unknown satellite', { regionCodes: [HEBEI], satellites: [99999] }, 'unknownSatellite'],
    ['a malformed region', { regionCodes: ['12'] }, 'badRegion'],
    ['a region that does not exist', { regionCodes: ['999999'] }, 'badRegion'],
    ['more than 25 satellites', { regionCodes: [HEBEI], satellites: Array.from({ length: 26 }, (_, i) => 40000 + i) }, 'tooManySatellites'],
    ['a bad coverage mode', { regionCodes: [HEBEI], mode: 'sideways' }, 'badMode'],
  ])('%s', async (_, body, key) => {
    for (const [locale, messages] of [['zh', zh], ['en', en]] as const) {
      const response = await region(body, locale);
      expect(response.json.code).toBe(400);
      const expected = messages.Orbits.errors[key as keyof typeof messages.Orbits.errors];
      expect(response.json.message).toContain(expected.split('{')[0]!.trim());
    }
  });

  it('refuses bad areas: a list instead of an area, an expired upload, a country-sized rectangle', async () => {
    const list = await shp({ area: { mode: SELECT_MODES.FILE, uploadId: '00000000-0000-4000-8000-000000000000' } }, 'zh');
    expect(list.json.code).toBe(400);
    expect(list.json.message).toContain(zh.Orbits.errors.badArea);
    const gone = await shp({ area: { mode: SELECT_MODES.SHP, uploadId: '00000000-0000-4000-8000-000000000000' } }, 'en');
    expect(gone.json.message).toBe(en.Orbits.errors.areaNotFound);
    const china = await shp({ area: { mode: SELECT_MODES.EXTENT, bbox: [73, 18, 135, 54] } }, 'zh');
    expect(china.json.code).toBe(400);
    expect(china.json.message).toMatch(/^范围面积为 [\d,]+ 平方千米/);
  });
});

describe('the sensor used', () => {
  it('takes the widest swath on request (GF-6: the 800 km wide-field camera, not the 90 km PMS)', async () => {
    const wide = ok(await region({ regionCodes: [city.code], start: START, days: 1, sensor: 'widest', satellites: [GF6] }));
    expect(wide.satellites[0]).toMatchObject({ sensor: 'WFV', swathKm: 800 });
    const fine = ok(await region({ regionCodes: [city.code], start: START, days: 1, satellites: [GF6] }));
    expect(wide.passes.length).toBeGreaterThanOrEqual(fine.passes.length);
  });

  it('never pairs a radar’s finest resolution with its widest swath when its modes are not in the satellite data', async () => {
    const S1A = 39634; // Sentinel-1A: 5 m (stripmap) … 400 km (extra-wide), no mode table
    const fine = ok(await region({ regionCodes: [HEBEI], start: START, days: 2, satellites: [S1A, GF6] }));
    expect(fine.satellites.find((s) => s.norad === S1A)).toMatchObject({ skipped: 'modeUnknown', passCount: 0 });
    const wide = ok(await region({ regionCodes: [HEBEI], start: START, days: 2, satellites: [S1A], sensor: 'widest' }));
    expect(wide.satellites[0]).toMatchObject({ skipped: null, swathKm: 400, resolutionM: null, mode: null });
  });
});
