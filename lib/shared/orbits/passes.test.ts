import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { distanceKm } from '../geo/sphere';
import { areaTarget, findPasses, groundOffsetKm, offNadirFor, subPoint, sunElevationDeg, swathRing } from './passes';
import { positionUncertaintyKm } from './uncertainty';
import { satrecOf } from './propagate';

const reference = z
  .object({
    passes: z.object({
      line1: z.string(),
      line2: z.string(),
      target: z.tuple([z.number(), z.number()]),
      halfSwathKm: z.number(),
      days: z.number(),
      closest: z.array(z.object({ minutesSinceEpoch: z.number(), distanceKm: z.number() })),
    }),
  })
  .parse(JSON.parse(readFileSync(path.join(__dirname, 'sgp4-reference.json'), 'utf8'))).passes;

const satrec = satrecOf(reference.line1, reference.line2);
const epochMs = (satrec.jdsatepoch - 2440587.5) * 86_400_000;
const beijing = { lon: reference.target[0], lat: reference.target[1] };
const window = { startMs: epochMs, endMs: epochMs + reference.days * 86_400_000 };

describe('passes over a target (GF-6, wide-field camera, over Beijing)', () => {
  const nadir = findPasses(satrec, [beijing], { ...window, swathKm: 2 * reference.halfSwathKm, maxOffNadirDeg: 0 });

  it('finds every pass the independent SGP4 reference finds, at the same time and distance', () => {
    expect(reference.closest.length).toBeGreaterThan(0);
    expect(nadir.map((p) => (p.closestMs - epochMs) / 60_000)).toHaveLength(reference.closest.length);
    reference.closest.forEach((ref, i) => {
      const pass = nadir[i]!;
      expect(Math.abs((pass.closestMs - epochMs) / 60_000 - ref.minutesSinceEpoch) * 60).toBeLessThan(5); // seconds
      expect(Math.abs(pass.crossTrackKm - ref.distanceKm)).toBeLessThan(1);
      expect(pass.offNadirDeg).toBe(0);
    });
  });

  it('tells a descending morning pass in daylight from an ascending night pass', () => {
    // GF-6 crosses the equator southbound at about 10:30 local time.
    const day = nadir.find((p) => !p.ascending)!;
    const night = nadir.find((p) => p.ascending)!;
    expect(day.sunElevationDeg).toBeGreaterThan(10);
    expect(night.sunElevationDeg).toBeLessThan(0);
  });

  it('draws a swath strip as wide as the swath (within 2 %) around the ground track', () => {
    const pass = nadir[0]!;
    const ring = swathRing(pass.track, 800, 0, 'right');
    const n = ring.length - 1;
    expect(ring[0]).toEqual(ring[n]);
    const mid = Math.floor(n / 4);
    const width = distanceKm(ring[mid]!, ring[n - 1 - mid]!);
    expect(Math.abs(width - 800) / 800).toBeLessThan(0.02);
    // Shifted by a side-looking view, the strip keeps its width and moves off the track.
    const shifted = swathRing(pass.track, 800, 150, 'left');
    expect(Math.abs(distanceKm(shifted[mid]!, shifted[n - 1 - mid]!) - 800) / 800).toBeLessThan(0.02);
  });

  it('widens each pass’s swath by the position error expected from the element set’s age, and narrows what is certain', () => {
    for (const pass of nadir) {
      const days = (pass.closestMs - epochMs) / 86_400_000;
      expect(pass.uncertaintyKm).toBe(positionUncertaintyKm(days));
      const n = pass.widenedSwath.length - 1;
      const mid = Math.floor(n / 4);
      expect(distanceKm(pass.widenedSwath[mid]!, pass.widenedSwath[n - 1 - mid]!)).toBeCloseTo(800 + 2 * pass.uncertaintyKm, -1);
      const m = pass.certainSwath.length - 1;
      const cmid = Math.floor(m / 4);
      expect(distanceKm(pass.certainSwath[cmid]!, pass.certainSwath[m - 1 - cmid]!)).toBeCloseTo(800 - 2 * pass.uncertaintyKm, -1);
    }
  });

  it('leaves nothing certain when the uncertainty reaches half the swath', () => {
    // 100–106 days after the epoch: ±201 km or more, beyond half of a 90 km swath.
    const late = findPasses(satrec, [beijing], { startMs: epochMs + 100 * 86_400_000, endMs: epochMs + 106 * 86_400_000, swathKm: 90, maxOffNadirDeg: 0 });
    expect(late.length).toBeGreaterThan(0);
    for (const pass of late) {
      expect(pass.uncertaintyKm).toBeGreaterThan(45);
      expect(pass.certainSwath).toEqual([]);
      expect(pass.swath.length).toBeGreaterThan(0);
    }
  });

  it('reaches further with side-looking, and says which angle centres the edge on the target', () => {
    const side = findPasses(satrec, [beijing], { ...window, swathKm: 2 * reference.halfSwathKm, maxOffNadirDeg: 30 });
    expect(side.length).toBeGreaterThan(nadir.length);
    for (const pass of side) {
      expect(pass.offNadirDeg).toBeGreaterThanOrEqual(0);
      expect(pass.offNadirDeg).toBeLessThanOrEqual(30);
      if (pass.crossTrackKm > reference.halfSwathKm && pass.offNadirDeg < 30)
        expect(reference.halfSwathKm + groundOffsetKm(pass.heightKm, pass.offNadirDeg)).toBeCloseTo(pass.crossTrackKm, 0);
    }
  });
});

describe('viewing geometry', () => {
  it('inverts the off-nadir ground offset, and sees no ground beyond the horizon', () => {
    expect(groundOffsetKm(645, 0)).toBe(0);
    expect(offNadirFor(645, groundOffsetKm(645, 25))).toBeCloseTo(25, 6);
    expect(groundOffsetKm(645, 80)).toBe(Number.POSITIVE_INFINITY);
  });

  it('puts the sun overhead near the subsolar point and below the horizon at midnight', () => {
    const june = Date.UTC(2026, 5, 21, 4, 0); // noon in Beijing (UTC+8) at the solstice
    expect(sunElevationDeg({ lon: 120, lat: 23.44 }, june)).toBeGreaterThan(88);
    expect(sunElevationDeg({ lon: 120, lat: 23.44 }, june + 12 * 3_600_000)).toBeLessThan(-40);
  });
});

describe('passes over an area', () => {
  // Hebei-sized square around Beijing, and a small square (a county) inside it.
  const square = (w: number, s: number, size: number) => [
    [
      [
        { lon: w, lat: s },
        { lon: w + size, lat: s },
        { lon: w + size, lat: s + size },
        { lon: w, lat: s + size },
        { lon: w, lat: s },
      ],
    ],
  ];

  it('measures 0 inside, the distance to the outline outside, and a lower bound far away', () => {
    const target = areaTarget(square(114, 37, 4), { lon: 116, lat: 39 });
    expect(target.distanceKm({ lon: 116, lat: 39 })).toBe(0);
    expect(target.distanceKm({ lon: 115, lat: 40.5 })).toBe(0);
    // One degree of latitude north of the top edge: ~111 km.
    expect(target.distanceKm({ lon: 116, lat: 42 })).toBeCloseTo(111.2, 0);
    // Far away the estimate never exceeds the true distance to the nearest vertex.
    const far = { lon: 60, lat: -20 };
    expect(target.distanceKm(far)).toBeLessThanOrEqual(distanceKm(far, { lon: 114, lat: 37 }));
  });

  it('skips far stretches of the orbit without missing a pass sampling every step would find', () => {
    const area = areaTarget(square(114, 37, 4), { lon: 116, lat: 39 });
    const skipping = findPasses(satrec, area, { ...window, swathKm: 90, maxOffNadirDeg: 25 });
    // The same search sampling every 20 s: a target that never lets the search skip (distance - reach ≤ 0 far away
    // would be wrong, so compare with points along the outline, which the skip is exact for).
    const every: number[] = [];
    for (let t = window.startMs; t <= window.endMs; t += 20_000) {
      const p = subPoint(satrec, t);
      if (p && area.distanceKm(p) <= 45 + groundOffsetKm(p.heightKm, 25)) every.push(t);
    }
    expect(skipping.length).toBeGreaterThan(0);
    for (const t of every) expect(skipping.some((p) => p.startMs - 20_000 < t && t < p.endMs + 20_000)).toBe(true);
    for (const p of skipping) expect(every.some((t) => p.startMs - 20_000 < t && t < p.endMs + 20_000)).toBe(true);
  });

  it('draws a strip through a small area even when the pass over it lasts less than one sampling step', () => {
    const county = areaTarget(square(116.2, 39.8, 0.2), { lon: 116.3, lat: 39.9 });
    const passes = findPasses(satrec, county, { ...window, swathKm: 90, maxOffNadirDeg: 0 });
    expect(passes.length).toBeGreaterThan(0);
    for (const p of passes) {
      expect(p.endMs - p.startMs).toBeLessThan(60_000);
      expect(p.track.length).toBeGreaterThanOrEqual(3);
      expect(p.swath.length).toBeGreaterThanOrEqual(7);
    }
  });
});
