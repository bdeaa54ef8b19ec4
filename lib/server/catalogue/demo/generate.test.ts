import { COLLECTIONS, findCollection } from '../../../shared/catalogue/missions';
import { meanCloud } from './climate';
import {
  catalogueAnchor,
  generateCatalogue,
  MIN_SUN_ELEVATION,
  planQuotas,
  sceneWidthKm,
  windowStart,
  wrs2Path,
  wrs2Row,
  wrs2RowLatitude,
  type DemoScene,
} from './generate';
import { bearing, distanceKm, headingDifference, signedArea2, type LonLat } from '../../../shared/geo/sphere';
import { shippedInputs } from './inputs';
import { onCatalogueLand } from './land';
import { Orbit, parseTles } from './orbit';
import { sunPosition } from '../../../shared/geo/sun';

const ANCHOR = catalogueAnchor(new Date('2026-11-24T12:00:00Z'));
const N = 3000;
const inputs = shippedInputs();
/**
 * One spacecraft of each kind keeps the run quick under jest (the integration test seeds from all of
 * them): Landsat 9, Sentinel-2C, Sentinel-1A/1C, GF-1, GF-2, GF-3, SuperView-1, Jilin-1 GF02A and KF01.
 */
const SAMPLE_NORAD = [49260, 60989, 39634, 62261, 39150, 40118, 41727, 43099, 44777, 45016];
const tles = parseTles(inputs.tleText);
const tleText = SAMPLE_NORAD.map((n) => tles.get(n)!)
  .map((t) => `${t.name}\n${t.line1}\n${t.line2}`)
  .join('\n');
let scenes: DemoScene[] = [];

beforeAll(() => {
  scenes = [...generateCatalogue({ tleText, launches: inputs.launches, anchor: ANCHOR, count: N })];
}, 300_000);

const midpoint = (a: LonLat, b: LonLat): LonLat => ({ lon: (a.lon + b.lon) / 2, lat: (a.lat + b.lat) / 2 });

describe('demo catalogue: counts and window', () => {
  it('generates exactly the requested number of scenes with unique ids', () => {
    expect(scenes).toHaveLength(N);
    expect(new Set(scenes.map((s) => s.id)).size).toBe(N);
  });

  it('keeps every scene inside the two years before the anchor, the first day of the month', () => {
    expect(new Date(ANCHOR).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(new Date(windowStart(ANCHOR)).toISOString()).toBe('2024-11-01T00:00:00.000Z');
    for (const s of scenes) {
      expect(s.acquiredAt).toBeGreaterThanOrEqual(windowStart(ANCHOR));
      expect(s.acquiredAt).toBeLessThan(ANCHOR);
    }
  });

  it('uses only declared collections, covers every mission, and keeps plausible shares', () => {
    const counts = new Map<string, number>();
    for (const s of scenes) counts.set(s.collection, (counts.get(s.collection) ?? 0) + 1);
    for (const id of counts.keys()) expect(findCollection(id)).toBeDefined();
    const satellites = new Set(scenes.map((s) => s.satellite));
    expect([...satellites].sort()).toEqual(['GF1', 'GF2', 'GF3', 'JL1', 'LC09', 'S1A', 'S1C', 'S2C', 'SV1']);
    expect(counts.get('jl1-kf')).toBeGreaterThan(0);
    // Wide swath and the international missions frequent, sub-metre sparse.
    expect(counts.get('gf1-wfv')!).toBeGreaterThan(3 * counts.get('sv1-pms')!);
    expect(counts.get('lc09-oli_tirs')!).toBeGreaterThan(3 * counts.get('sv1-pms')!);
  });

  it('never has a scene before its spacecraft was launched', () => {
    for (const s of scenes) {
      const launch = inputs.launches.get(Number(s.properties.norad));
      expect(launch).toBeDefined();
      expect(s.acquiredAt).toBeGreaterThan(Date.parse(launch!));
    }
    // Sentinel-1C (launched 2024-12-05) and -2C (2024-09-05) are the youngest in the window.
    const s1c = scenes.filter((s) => s.satellite === 'S1C');
    expect(s1c.length).toBeGreaterThan(0);
    expect(Math.min(...s1c.map((s) => s.acquiredAt))).toBeGreaterThan(Date.parse('2024-12-05'));
  });

  it('splits a total by weight into quotas that add up exactly', () => {
    expect(planQuotas(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(planQuotas(1_000_000, [5, 0.8, 3.3]).reduce((a, b) => a + b, 0)).toBe(1_000_000);
  });
});

describe('demo catalogue: geometry follows the orbit', () => {
  it('footprints are closed, counter-clockwise quadrilaterals of the swath × frame length', () => {
    for (const s of scenes) {
      const spec = findCollection(s.collection)!;
      expect(s.ring).toHaveLength(5);
      expect(s.ring[4]).toEqual(s.ring[0]);
      expect(signedArea2(s.ring)).toBeGreaterThan(0);
      const [backLeft, backRight, frontRight, frontLeft] = s.ring as [LonLat, LonLat, LonLat, LonLat];
      const width = sceneWidthKm(spec);
      expect(s.widthKm).toBe(width);
      expect(Math.abs(distanceKm(backLeft, backRight) - width) / width).toBeLessThan(0.02);
      expect(Math.abs(distanceKm(frontLeft, frontRight) - width) / width).toBeLessThan(0.02);
      const length = distanceKm(midpoint(backLeft, backRight), midpoint(frontLeft, frontRight));
      expect(Math.abs(length - spec.sensor.frameKm) / spec.sensor.frameKm).toBeLessThan(0.02);
    }
  });

  it('uses each camera’s part of the swath (GF-1 WFV1–4, PMS1/2, GF-2 PMS1/2) and the whole swath elsewhere', () => {
    expect(sceneWidthKm(findCollection('gf1-wfv')!)).toBe(200);
    expect(sceneWidthKm(findCollection('gf1-pms')!)).toBe(30);
    expect(sceneWidthKm(findCollection('gf6-wfv')!)).toBe(800);
    expect(sceneWidthKm(findCollection('lc09-oli_tirs')!)).toBe(185);
  });

  it('turns each footprint to the ground track’s heading, propagated independently', () => {
    const orbits = new Map<number, Orbit>();
    let descending = 0;
    for (const s of scenes.filter((_, i) => i % 4 === 0)) {
      const norad = Number(s.properties.norad);
      const orbit = orbits.get(norad) ?? orbits.set(norad, new Orbit(tles.get(norad)!)).get(norad)!;
      const a = orbit.at(s.acquiredAt - 5000)!;
      const b = orbit.at(s.acquiredAt + 5000)!;
      const trackHeading = bearing(a, b);
      const [backLeft, backRight, frontRight, frontLeft] = s.ring as [LonLat, LonLat, LonLat, LonLat];
      const axis = bearing(midpoint(backLeft, backRight), midpoint(frontLeft, frontRight));
      expect(Math.abs(headingDifference(axis, trackHeading))).toBeLessThan(4);
      if (trackHeading > 90 && trackHeading < 270) descending++;
    }
    // Sun-synchronous morning orbits cross China southbound in daylight: most scenes are descending.
    expect(descending).toBeGreaterThan(scenes.length / 4 / 2);
  });

  it('centres scenes on land in China and its neighbourhood', () => {
    for (const s of scenes) expect(onCatalogueLand(s.centre.lon, s.centre.lat)).toBe(true);
    expect(onCatalogueLand(116.4, 39.9)).toBe(true); // Beijing
    expect(onCatalogueLand(124, 33)).toBe(false); // East China Sea
    expect(onCatalogueLand(115, 19)).toBe(false); // South China Sea
  });

  it('puts Landsat scenes on WRS-2 rows and paths (Beijing is path 123, row 32)', () => {
    const landsat = scenes.filter((s) => s.satellite.startsWith('LC'));
    expect(landsat.length).toBeGreaterThan(0);
    for (const s of landsat) {
      expect(wrs2Row(s.centre.lat, 98.2)).toBe(s.row);
      expect(s.fileName).toContain(`_${String(s.path).padStart(3, '0')}${String(s.row).padStart(3, '0')}_`);
    }
    expect(wrs2Row(wrs2RowLatitude(32, 98.2), 98.2)).toBe(32);
    // Path 123 crosses the equator southbound about 9.5° west of Beijing's meridian.
    expect(wrs2Path(106.9)).toBe(123);
  });
});

describe('demo catalogue: sun, radar and clouds', () => {
  it('cuts optical scenes only in daylight above the threshold and stores the sun’s position', () => {
    for (const s of scenes) {
      const sun = sunPosition(s.acquiredAt, s.centre.lon, s.centre.lat);
      expect(s.sunElevation).toBeCloseTo(sun.elevation, 1);
      expect(s.sunAzimuth).toBeCloseTo(sun.azimuth % 360, 1);
      if (!findCollection(s.collection)!.sensor.sar) expect(s.sunElevation).toBeGreaterThanOrEqual(MIN_SUN_ELEVATION);
    }
  });

  it('images radar day and night with no cloud cover; optical scenes always have one', () => {
    const sar = scenes.filter((s) => findCollection(s.collection)!.sensor.sar);
    expect(sar.length).toBeGreaterThan(0);
    for (const s of sar) expect(s.cloudPct).toBeNull();
    expect(sar.some((s) => s.sunElevation < 0)).toBe(true);
    for (const s of scenes.filter((x) => !findCollection(x.collection)!.sensor.sar)) {
      expect(s.cloudPct).not.toBeNull();
      expect(s.cloudPct!).toBeGreaterThanOrEqual(0);
      expect(s.cloudPct!).toBeLessThanOrEqual(100);
    }
  });

  it('makes wet southern summers cloudier than dry northern winters', () => {
    const mean = (list: DemoScene[]) => list.reduce((a, s) => a + s.cloudPct!, 0) / list.length;
    const month = (s: DemoScene) => new Date(s.acquiredAt).getUTCMonth() + 1;
    const optical = scenes.filter((s) => s.cloudPct !== null);
    const southSummer = optical.filter((s) => s.centre.lat < 30 && s.centre.lon > 105 && [6, 7, 8].includes(month(s)));
    const northWinter = optical.filter((s) => s.centre.lat > 38 && s.centre.lon > 105 && [12, 1, 2].includes(month(s)));
    expect(southSummer.length).toBeGreaterThan(20);
    expect(northWinter.length).toBeGreaterThan(20);
    expect(mean(southSummer) - mean(northWinter)).toBeGreaterThan(25);
    expect(meanCloud(113, 23, 200)).toBeGreaterThan(meanCloud(116, 40, 15) + 0.3);
  });

  it('takes some scenes offline, older ones more often', () => {
    const offline = scenes.filter((s) => !s.online).length / scenes.length;
    expect(offline).toBeGreaterThan(0.08);
    expect(offline).toBeLessThan(0.25);
    const middle = windowStart(ANCHOR) + (ANCHOR - windowStart(ANCHOR)) / 2;
    const share = (list: DemoScene[]) => list.filter((s) => !s.online).length / list.length;
    expect(share(scenes.filter((s) => s.acquiredAt < middle))).toBeGreaterThan(share(scenes.filter((s) => s.acquiredAt >= middle)));
  });

  it('declares every collection it fills', () => {
    const declared = new Set(COLLECTIONS.map((c) => c.id));
    for (const s of scenes) expect(declared).toContain(s.collection);
  });
});

describe('demo catalogue: determinism', () => {
  // One spacecraft (Sentinel-1A, day and night) keeps these four runs quick: each propagates its orbit
  // over the two years, and three spacecraft took ~40 s of CI. The generator hands absent missions'
  // shares to the others.
  const subset = [39634]
    .map((n) => tles.get(n)!)
    .map((t) => `${t.name}\n${t.line1}\n${t.line2}`)
    .join('\n');
  const run = (seed: number, anchor = ANCHOR) => [
    ...generateCatalogue({ tleText: subset, launches: inputs.launches, anchor, count: 300, seed }),
  ];

  it('gives identical output for the same inputs, different for another seed or month', () => {
    const a = run(1);
    expect(a).toHaveLength(300);
    expect(run(1)).toEqual(a);
    expect(run(2).map((s) => s.id)).not.toEqual(a.map((s) => s.id));
    const nextMonth = run(1, Date.UTC(2026, 11, 1));
    expect(Math.max(...nextMonth.map((s) => s.acquiredAt))).toBeGreaterThan(Date.UTC(2026, 10, 1) - 1);
  });
});
