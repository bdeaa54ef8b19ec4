import { countCrossings, countPartCrossings, DRAWN_GEOMETRY_BUDGET, GeometryRefused, guardGeometries, guardGeometry } from './guard';

type Position = [number, number];

/** The regular star polygon {n/k}: n points on a circle, each joined to the one k steps on (closed). */
function star(n: number, k: number, cx = 116, cy = 40): { type: 'Polygon'; coordinates: Position[][] } {
  const ring: Position[] = [];
  for (let i = 0; i <= n; i++) {
    const a = (2 * Math.PI * ((i * k) % n)) / n;
    ring.push([cx + Math.cos(a), cy + Math.sin(a)]);
  }
  return { type: 'Polygon', coordinates: [ring] };
}

/** A simple (non-crossing) wobbly circle of n vertices. */
function circle(n: number, r = 1, cx = 116, cy = 40): Position[] {
  const ring: Position[] = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    const rr = r * (1 + 0.01 * Math.sin(i * 7));
    ring.push([cx + rr * Math.cos(a), cy + rr * Math.sin(a)]);
  }
  ring.push(ring[0]!);
  return ring;
}

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof GeometryRefused) return { reason: error.reason, status: error.status, max: error.values.max };
    throw error;
  }
  return null;
};

describe('the geometry guard', () => {
  it('lets a simple polygon, a polygon with a hole and a 10,000-vertex ring through with no crossings', () => {
    const square: Position[] = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ];
    const hole: Position[] = [
      [0.2, 0.2],
      [0.2, 0.8],
      [0.8, 0.8],
      [0.8, 0.2],
      [0.2, 0.2],
    ];
    expect(guardGeometry({ type: 'Polygon', coordinates: [square] }).crossings).toBe(0);
    expect(guardGeometry({ type: 'Polygon', coordinates: [square, hole] }).crossings).toBe(0);
    const big = guardGeometry({ type: 'Polygon', coordinates: [circle(9_999)] });
    expect(big).toEqual({ vertices: 10_000, parts: 1, crossings: 0 });
  });

  it('counts a bow-tie once and lets it through for the database to repair', () => {
    const bowTie: Position[] = [
      [0, 0],
      [1, 1],
      [1, 0],
      [0, 1],
      [0, 0],
    ];
    expect(guardGeometry({ type: 'Polygon', coordinates: [bowTie] }).crossings).toBe(1);
  });

  it('counts a ring that touches itself at a vertex (a figure eight) as a crossing', () => {
    const eight: Position[] = [
      [0, 0],
      [1, 1],
      [2, 0],
      [2, 2],
      [1, 1],
      [0, 2],
      [0, 0],
    ];
    expect(countCrossings([eight], 100)).toBeGreaterThanOrEqual(1);
  });

  it('ignores repeated consecutive positions and an unclosed last position', () => {
    const ring: Position[] = [
      [0, 0],
      [0, 0],
      [1, 0],
      [1, 1],
      [1, 1],
      [0, 1],
    ];
    expect(countCrossings([ring], 100)).toBe(0);
  });

  it('refuses the hostile stars of the report at once, however many crossings they have', () => {
    for (const [n, k] of [
      [51, 25],
      [71, 35],
      [101, 50],
      [201, 100],
      [2001, 1000],
    ] as const) {
      const started = performance.now();
      expect(refusal(() => guardGeometry(star(n, k)))).toEqual({ reason: 'tooManyCrossings', status: 400, max: DRAWN_GEOMETRY_BUDGET.maxCrossings });
      // The sweep stops at the budget: milliseconds, not the minutes PostGIS took to repair them.
      expect(performance.now() - started).toBeLessThan(250);
    }
  });

  it('lets a star with few crossings through (an 11-point star crosses itself 44 times)', () => {
    expect(guardGeometry(star(11, 5)).crossings).toBe(44);
    expect(refusal(() => guardGeometry(star(13, 6)))).toMatchObject({ reason: 'tooManyCrossings' });
  });

  it('refuses more vertices or parts than the budget before sweeping', () => {
    expect(refusal(() => guardGeometry({ type: 'Polygon', coordinates: [circle(10_000)] }))).toEqual({
      reason: 'tooManyVertices',
      status: 400,
      max: 10_000,
    });
    const many = { type: 'MultiPolygon', coordinates: Array.from({ length: 1_001 }, (_, i) => [circle(4, 0.001, 100 + i * 0.01, 30)]) };
    expect(refusal(() => guardGeometry(many))).toMatchObject({ reason: 'tooManyParts', max: 1_000 });
    const points = { type: 'MultiPoint', coordinates: Array.from({ length: 10_001 }, (_, i) => [i / 1e4, 0]) };
    expect(refusal(() => guardGeometry(points))).toMatchObject({ reason: 'tooManyVertices' });
  });

  it('stays bounded on an arrangement that defeats the fast scan (a sunburst: every edge box overlaps the centre)', () => {
    // Vertices alternate between the rim and a tiny inner circle: a simple polygon of long spikes whose boxes all
    // meet near the centre, so the box index tests nearly every pair; the sweep line takes over within its budget.
    const ring: Position[] = [];
    const n = 9_998;
    for (let i = 0; i < n; i++) {
      const a = (2 * Math.PI * i) / n;
      const r = i % 2 === 0 ? 1 : 0.0001;
      ring.push([116 + r * Math.cos(a), 40 + r * Math.sin(a)]);
    }
    ring.push(ring[0]!);
    const started = performance.now();
    // Either measured (no crossings) or, where the sweep cannot order edges this close together, refused as
    // uncheckable: never an unbounded wait, never a pass of an unmeasured ring.
    const outcome = refusal(() => guardGeometry({ type: 'Polygon', coordinates: [ring] }));
    expect([null, 'uncheckable']).toContain(outcome?.reason ?? null);
    expect(performance.now() - started).toBeLessThan(8_000);
  });

  it('gives the same answer on a busy machine: the scan is bounded by counted work, not by the clock', () => {
    // A CI run refused an ordinary upload as uncheckable when the scan was timed and the machine was loaded. Here
    // the clock runs a second each time it is read: an ordinary 100,000-vertex ring still passes, a sunburst is
    // still refused, and an eleven-point star still counts its 44 crossings.
    let clock = 0;
    const now = jest.spyOn(performance, 'now').mockImplementation(() => (clock += 1_000));
    try {
      const ordinary = countPartCrossings([[circle(100_000)]], { self: 200, between: 20_000 });
      expect(ordinary).toEqual({ self: 0, between: 0 });
      expect(guardGeometry(star(11, 5)).crossings).toBe(44);
      const spikes: Position[] = [];
      for (let i = 0; i < 2_000; i++) {
        const a = (2 * Math.PI * i) / 2_000;
        const r = i % 2 === 0 ? 1 : 0.0001;
        spikes.push([116 + r * Math.cos(a), 40 + r * Math.sin(a)]);
      }
      spikes.push(spikes[0]!);
      expect([null, 'uncheckable']).toContain(refusal(() => guardGeometry({ type: 'Polygon', coordinates: [spikes] }))?.reason ?? null);
    } finally {
      now.mockRestore();
    }
  });

  it('counts lines and points without sweeping them (a self-crossing line is no repair)', () => {
    const zigzag = { type: 'LineString', coordinates: [[0, 0], [1, 1], [1, 0], [0, 1]] };
    expect(guardGeometry(zigzag)).toEqual({ vertices: 4, parts: 1, crossings: 0 });
    expect(guardGeometry({ type: 'GeometryCollection', geometries: [zigzag, { type: 'Point', coordinates: [1, 2] }] })).toEqual({
      vertices: 5,
      parts: 2,
      crossings: 0,
    });
  });

  it('adds up several geometries of one request against one budget', () => {
    // Three 11-point stars: 44 crossings each, 132 together.
    expect(guardGeometries([star(11, 5)]).crossings).toBe(44);
    expect(refusal(() => guardGeometries([star(11, 5), star(11, 5, 100), star(11, 5, 90)]))).toEqual({
      reason: 'tooManyCrossings',
      status: 400,
      max: DRAWN_GEOMETRY_BUDGET.maxCrossings,
    });
    const half = { type: 'Polygon', coordinates: [circle(6_000)] };
    expect(refusal(() => guardGeometries([half, half]))).toMatchObject({ reason: 'tooManyVertices', max: 10_000 });
  });
});
