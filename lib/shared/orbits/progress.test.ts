import type { Position } from './job';
import { coverageProgress, gridPointsIn, milestones } from './progress';

/** A 10 × 10 grid of points over [0, 1] × [0, 1] (at the equator, so the weights are ~equal). */
const grid: Position[] = [];
for (let i = 0; i < 10; i++) for (let j = 0; j < 10; j++) grid.push([0.05 + i / 10, 0.05 + j / 10]);
const strip = (w: number, e: number): Position[] => [
  [w, -1],
  [e, -1],
  [e, 2],
  [w, 2],
  [w, -1],
];

describe('coverage progress', () => {
  it('adds each pass’s new points in time order, counting a point once', () => {
    const steps = coverageProgress(
      [
        { endMs: 3000, ring: strip(0.4, 1.1) }, // the right 60 %, overlapping the first
        { endMs: 1000, ring: strip(-0.1, 0.5) }, // the left half
        { endMs: 2000, ring: strip(-0.1, 0.3) }, // inside the first: adds nothing
      ],
      grid,
    );
    expect(steps.map((s) => s.atMs)).toEqual([1000, 3000]);
    expect(steps[0]!.sharePct).toBeCloseTo(50, 6);
    expect(steps[1]!.sharePct).toBeCloseTo(100, 6);
  });

  it('weights points by the cosine of their latitude', () => {
    const points: Position[] = [
      [0, 0],
      [0, 60],
    ];
    const [step] = coverageProgress([{ endMs: 1, ring: strip(-1, 1).map(([x, y]) => [x, y < 0 ? -1 : 30]) }], points);
    expect(step!.sharePct).toBeCloseTo((100 * 1) / 1.5, 6);
  });

  it('names when each share is first reached, or that it is not', () => {
    const steps = [
      { atMs: 10, sharePct: 30 },
      { atMs: 20, sharePct: 80 },
    ];
    expect(milestones(steps, [25, 50, 80, 100])).toEqual([
      { pct: 25, atMs: 10 },
      { pct: 50, atMs: 20 },
      { pct: 80, atMs: 20 },
      { pct: 100, atMs: null },
    ]);
  });
});

describe('grid points over an area', () => {
  it('puts about n points inside the area only, holes left out', () => {
    const outer: Position[] = [
      [110, 30],
      [120, 30],
      [120, 40],
      [110, 40],
      [110, 30],
    ];
    const hole: Position[] = [
      [112, 32],
      [118, 32],
      [118, 38],
      [112, 38],
      [112, 32],
    ];
    const points = gridPointsIn([[outer, hole]], 2000);
    expect(points.length).toBeGreaterThan(1700);
    expect(points.length).toBeLessThan(2300);
    for (const [x, y] of points) {
      expect(x > 110 && x < 120 && y > 30 && y < 40).toBe(true);
      expect(x > 112 && x < 118 && y > 32 && y < 38).toBe(false);
    }
    expect(gridPointsIn([[outer, hole]], 2000)).toEqual(points);
  });
});
