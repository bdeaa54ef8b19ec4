import { areaInsideKm2, clipTarget, convexClip, ringAreaKm2, subdivideRings, type Ring } from './clip-area';

/**
 * The area between two meridians and two parallels on the WGS84 ellipsoid, in closed form:
 * (a²/2)·Δλ·(q(φ2) − q(φ1)), q of the authalic latitude — an independent check of the measurement.
 */
function cellKm2(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const a = 6_378_137;
  const f = 1 / 298.257223563;
  const e2 = f * (2 - f);
  const e = Math.sqrt(e2);
  const q = (lat: number) => {
    const s = Math.sin((lat * Math.PI) / 180);
    return (1 - e2) * (s / (1 - e2 * s * s) - (1 / (2 * e)) * Math.log((1 - e * s) / (1 + e * s)));
  };
  return (((a * a) / 2) * (((lon2 - lon1) * Math.PI) / 180) * (q(lat2) - q(lat1))) / 1e6;
}

/** A counter-clockwise box ring with every edge cut into pieces of at most `step` degrees. */
function box(lon1: number, lat1: number, lon2: number, lat2: number, step = 0.05): Ring {
  const out: Array<[number, number]> = [];
  const side = (x1: number, y1: number, x2: number, y2: number) => {
    const n = Math.max(1, Math.ceil(Math.max(Math.abs(x2 - x1), Math.abs(y2 - y1)) / step));
    for (let k = 0; k < n; k++) out.push([x1 + ((x2 - x1) * k) / n, y1 + ((y2 - y1) * k) / n]);
  };
  side(lon1, lat1, lon2, lat1);
  side(lon2, lat1, lon2, lat2);
  side(lon2, lat2, lon1, lat2);
  side(lon1, lat2, lon1, lat1);
  out.push(out[0]!);
  return out;
}

/** The ring with every edge cut into pieces of at most `step` degrees. */
function densify(ring: ReadonlyArray<readonly [number, number]>, step = 0.05): Ring {
  const out: Array<[number, number]> = [];
  for (let i = 0; i + 1 < ring.length; i++) {
    const [x1, y1] = ring[i]!;
    const [x2, y2] = ring[i + 1]!;
    const n = Math.max(1, Math.ceil(Math.hypot(x2 - x1, y2 - y1) / step));
    for (let k = 0; k < n; k++) out.push([x1 + ((x2 - x1) * k) / n, y1 + ((y2 - y1) * k) / n]);
  }
  out.push([...ring[ring.length - 1]!]);
  return out;
}

const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

describe('clip-area', () => {
  it('measures a cell of meridians and parallels as the closed form does', () => {
    const target = clipTarget([[box(113, 34, 114, 35)]]);
    expect(rel(target.rings[0]!.areaKm2, cellKm2(113, 34, 114, 35))).toBeLessThan(1e-9);
  });

  it('counts a ring wholly inside a footprint whole, one outside not at all, and a hole negative', () => {
    const target = clipTarget([[box(113, 34, 114, 35), [...box(113.25, 34.25, 113.75, 34.75)].reverse()]]);
    const inside = convexClip([
      [112, 33],
      [115, 33],
      [115, 36],
      [112, 36],
      [112, 33],
    ])!;
    const expected = cellKm2(113, 34, 114, 35) - cellKm2(113.25, 34.25, 113.75, 34.75);
    expect(rel(areaInsideKm2(target, inside), expected)).toBeLessThan(1e-9);
    expect(
      areaInsideKm2(
        target,
        convexClip([
          [120, 40],
          [121, 40],
          [121, 41],
          [120, 41],
        ])!,
      ),
    ).toBe(0);
  });

  it('cuts along a meridian exactly (a meridian is both straight and a geodesic)', () => {
    const target = clipTarget([[box(113, 34, 114, 35)]]);
    // A tall footprint whose east edge is the meridian 113.4°: its part of the cell is a cell again.
    const west = convexClip([
      [112, 30],
      [113.4, 30],
      [113.4, 40],
      [112, 40],
    ])!;
    expect(rel(areaInsideKm2(target, west), cellKm2(113, 34, 113.4, 35))).toBeLessThan(1e-9);
  });

  it('measures the footprint’s long edges as geodesics, like PostGIS measures the intersection', () => {
    // A footprint wholly inside the area: its share is its own geodesic area, not the straight-edged one.
    const target = clipTarget([[box(100, 20, 130, 50)]]);
    const footprint: Ring = [
      [110, 30],
      [118, 31],
      [117, 37],
      [109, 36],
      [110, 30],
    ];
    const inside = areaInsideKm2(target, convexClip(footprint)!);
    expect(rel(inside, ringAreaKm2(footprint))).toBeLessThan(1e-6);
    // The two differ by far more than the tolerance: the test tells geodesic from straight edges.
    expect(rel(clipTarget([[footprint]]).rings[0]!.areaKm2, ringAreaKm2(footprint))).toBeGreaterThan(1e-4);
  });

  it('gives the same share for the area cut into pieces as for the area whole, T-junctions included', () => {
    const whole = clipTarget([[box(113, 34, 115, 35)]]);
    // Two pieces meeting on the meridian 114°; the west one has vertices on the cut every 0.05°, the east
    // one every 0.3°, so their vertices along the cut differ.
    const pieces = clipTarget([[box(113, 34, 114, 35, 0.05)], [box(114, 34, 115, 35, 0.3)]]);
    const footprint = convexClip([
      [112.6, 34.2],
      [115.6, 33.7],
      [115.9, 34.6],
      [112.9, 35.3],
    ])!;
    expect(rel(pieces.rings[0]!.areaKm2 + pieces.rings[1]!.areaKm2, whole.rings[0]!.areaKm2)).toBeLessThan(1e-9);
    expect(rel(areaInsideKm2(pieces, footprint), areaInsideKm2(whole, footprint))).toBeLessThan(1e-7);
  });

  it('accepts convex footprints in either orientation and refuses concave or degenerate ones', () => {
    const ccw: Ring = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ];
    expect(convexClip(ccw)).toHaveLength(4);
    const turned = convexClip([...ccw].reverse())!;
    expect(new Set(turned.map((p) => p.join()))).toEqual(new Set(convexClip(ccw)!.map((p) => p.join())));
    expect(ringAreaKm2(turned)).toBeGreaterThan(0); // counter-clockwise now
    expect(
      convexClip([
        [0, 0],
        [2, 0],
        [1, 0.5],
        [2, 1],
        [0, 1],
        [0, 0],
      ]),
    ).toBeNull();
    expect(
      convexClip([
        [0, 0],
        [1, 1],
        [2, 2],
        [0, 0],
      ]),
    ).toBeNull();
  });

  it('subdivides a concave area with a hole into small pieces that measure and clip as the whole does', () => {
    // A comb: a concave outline whose teeth cross the cuts, and a hole.
    const comb: Array<[number, number]> = [[110, 30]];
    for (let i = 0; i < 40; i++) comb.push([110 + i * 0.1, 33], [110 + i * 0.1 + 0.05, 31]);
    comb.push([114, 33], [114, 30], [110, 30]);
    // Counter-clockwise, every edge cut to ≤ 0.05° as the coverage analysis does (ST_Segmentize).
    const outer = densify([...comb].reverse());
    const hole = [...box(112.2, 30.2, 113.7, 30.8)].reverse();
    const whole = clipTarget([[outer, hole]]);
    const pieces = subdivideRings([[outer, hole]], 64);
    expect(pieces.length).toBeGreaterThan(20);
    for (const p of pieces) expect(p.length).toBeLessThanOrEqual(64);
    const cut = clipTarget(pieces.map((p) => [p]));
    const sum = (t: typeof whole) => t.rings.reduce((a, r) => a + r.areaKm2, 0);
    // Cut edges meet the short edges between their ends: a second-order difference of ~1e-7.
    expect(rel(sum(cut), sum(whole))).toBeLessThan(1e-6);
    const footprint = convexClip([
      [109.5, 31.5],
      [113.8, 29.6],
      [114.6, 31.4],
      [110.3, 33.4],
    ])!;
    expect(rel(areaInsideKm2(cut, footprint), areaInsideKm2(whole, footprint))).toBeLessThan(1e-6);
  });
});
