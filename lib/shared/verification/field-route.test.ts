import { mulberry32 } from '../random';
import { distanceMatrix, nearestNeighbour, orderRoute, pathLength, ROUTE_MAX_STOPS, improvePath, type RouteStop } from './field-route';
import type { LonLat } from '../map/measure';

/** Points scattered over a county-sized box (≈ 40 km) around Shijiazhuang. */
function scatter(seed: number, n: number): RouteStop[] {
  const rng = mulberry32(seed);
  return Array.from({ length: n }, (_, i) => ({ id: `s${i}`, position: [114.3 + rng() * 0.5, 37.9 + rng() * 0.4] as LonLat }));
}

/** The shortest open path from point 0 through all the others: every permutation of the rest. */
function bruteForce(points: readonly LonLat[]): number {
  const n = points.length;
  const d = distanceMatrix(points);
  const rest = Array.from({ length: n - 1 }, (_, i) => i + 1);
  let best = Infinity;
  const permute = (k: number) => {
    if (k === rest.length) {
      best = Math.min(best, pathLength([0, ...rest], d, n));
      return;
    }
    for (let i = k; i < rest.length; i++) {
      [rest[k], rest[i]] = [rest[i]!, rest[k]!];
      permute(k + 1);
      [rest[k], rest[i]] = [rest[i]!, rest[k]!];
    }
  };
  permute(0);
  return best;
}

describe('field route ordering (nearest neighbour, then 2-opt and Or-opt, great-circle)', () => {
  it('is the brute-force optimum on most small sets, and never more than 10 % longer', () => {
    let optimal = 0;
    let worst = 1;
    const runs = 200;
    for (let seed = 1; seed <= runs; seed++) {
      const n = 3 + (seed % 6); // 3–8 spots
      const stops = scatter(seed, n);
      const withPosition = seed % 2 === 0;
      const start: LonLat | null = withPosition ? [114.55, 38.1] : null;
      const route = orderRoute(stops, { start });
      const points = withPosition ? [start!, ...stops.map((s) => s.position)] : stops.map((s) => s.position);
      const best = bruteForce(points);
      const ratio = route.totalM / best;
      expect(ratio).toBeGreaterThanOrEqual(1 - 1e-9);
      worst = Math.max(worst, ratio);
      if (ratio < 1 + 1e-9) optimal++;
      // Every stop once; starts where it says.
      expect(route.stops.map((s) => s.id).sort()).toEqual(stops.map((s) => s.id).sort());
      if (!withPosition) expect(route.stops[0]!.id).toBe('s0');
    }
    expect(worst).toBeLessThanOrEqual(1.1);
    // Measured: 189 of 200 optimal, the worst 7.7 % longer.
    expect(optimal / runs).toBeGreaterThanOrEqual(0.9);
  });

  it('2-opt and Or-opt never lengthen a path, whatever order it is given, and reaches a local optimum', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const points = scatter(seed, 5 + (seed % 40)).map((s) => s.position);
      const n = points.length;
      const d = distanceMatrix(points);
      const rng = mulberry32(seed * 7);
      // A random order (fixed first point) and the nearest-neighbour order.
      const shuffled = [0, ...Array.from({ length: n - 1 }, (_, i) => i + 1).sort(() => rng() - 0.5)];
      for (const order of [shuffled, nearestNeighbour(d, n, 0)]) {
        const before = pathLength(order, d, n);
        const stats = improvePath(order, d, n);
        expect(pathLength(order, d, n)).toBeLessThanOrEqual(before + 1e-6);
        expect(order[0]).toBe(0);
        expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
        expect(stats.capped).toBe(false);
        // No single reversal shortens it any more.
        const again = improvePath([...order], d, n);
        expect(again.moves).toBe(0);
      }
    }
  });

  it('stops at the evaluation cap with a route no longer than nearest neighbour’s', () => {
    const stops = scatter(99, 200);
    const capped = orderRoute(stops, { maxEvaluations: 1000 });
    expect(capped.improvement).toMatchObject({ capped: true, evaluations: 1000 });
    expect(capped.totalM).toBeLessThanOrEqual(capped.nearestNeighbourM + 1e-6);
    const full = orderRoute(stops);
    expect(full.improvement.capped).toBe(false);
    expect(full.totalM).toBeLessThan(capped.nearestNeighbourM);
  });

  it('gives legs that add up to the total, the first from the user’s position', () => {
    const stops = scatter(5, 12);
    const route = orderRoute(stops, { start: [114.2, 37.8] });
    expect(route.fromPosition).toBe(true);
    expect(route.legsM).toHaveLength(12);
    expect(route.legsM[0]).toBeGreaterThan(0);
    expect(route.legsM.reduce((a, b) => a + b, 0)).toBeCloseTo(route.totalM, 6);
    const fromFirst = orderRoute(stops);
    expect(fromFirst.legsM[0]).toBe(0);
    expect(orderRoute([]).stops).toEqual([]);
  });

  it('orders the most spots it allows within a CPU budget, and refuses more', () => {
    const stops = scatter(7, ROUTE_MAX_STOPS);
    const t0 = performance.now();
    const route = orderRoute(stops, { start: [114.5, 38] });
    const ms = performance.now() - t0;
    expect(route.stops).toHaveLength(ROUTE_MAX_STOPS);
    expect(route.totalM).toBeLessThanOrEqual(route.nearestNeighbourM);
    expect(ms).toBeLessThan(2000);
    expect(() => orderRoute(scatter(7, ROUTE_MAX_STOPS + 1))).toThrow();
  });
});
