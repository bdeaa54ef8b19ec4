import 'server-only';
/**
 * Simplifying an area that has too many vertices (Douglas-Peucker per ring) with the least tolerance that
 * brings it under the limit, kept only if its area changes by no more than the allowed share. Areas here
 * are spherical (the formula turf uses), which is enough to compare an area with its own simplification;
 * the stored area is measured again on the ellipsoid by PostGIS.
 */
import type { Position } from './crs';

export type MultiPolygonCoordinates = Position[][][];

const EARTH_RADIUS = 6_378_137;
const rad = (d: number) => (d * Math.PI) / 180;

/** Spherical area (m²) of a ring, unsigned. */
export function ringArea(ring: readonly Position[]): number {
  const n = ring.length;
  if (n < 4) return 0;
  let total = 0;
  for (let i = 0; i < n - 1; i++) {
    const lower = ring[i]!;
    const middle = ring[(i + 1) % (n - 1)]!;
    const upper = ring[(i + 2) % (n - 1)]!;
    total += (rad(upper[0]) - rad(lower[0])) * Math.sin(rad(middle[1]));
  }
  return Math.abs((total * EARTH_RADIUS * EARTH_RADIUS) / 2);
}

/** Spherical area (m²) of a multipolygon: outer rings less their holes. */
export function multiPolygonArea(coordinates: MultiPolygonCoordinates): number {
  let area = 0;
  for (const polygon of coordinates) polygon.forEach((ring, i) => (area += i === 0 ? ringArea(ring) : -ringArea(ring)));
  return area;
}

export const vertexTotal = (coordinates: MultiPolygonCoordinates): number =>
  coordinates.reduce((n, polygon) => n + polygon.reduce((m, ring) => m + ring.length, 0), 0);

/** Squared distance from p to the segment a–b (planar, degrees). */
function segmentDistance2(p: Position, a: Position, b: Position): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  let t = dx === 0 && dy === 0 ? 0 : ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy);
  t = Math.max(0, Math.min(1, t));
  const x = a[0] + t * dx - p[0];
  const y = a[1] + t * dy - p[1];
  return x * x + y * y;
}

/** Douglas-Peucker on a closed ring (iterative); keeps at least the ring's first point and three others. */
export function simplifyRing(ring: readonly Position[], tolerance: number): Position[] {
  const n = ring.length;
  if (n <= 4) return ring.slice();
  const keep = new Uint8Array(n);
  keep[0] = 1;
  keep[n - 1] = 1;
  // A closed ring's ends coincide: split it at the point farthest from the start first.
  let far = 1;
  let farD = -1;
  for (let i = 1; i < n - 1; i++) {
    const d = (ring[i]![0] - ring[0]![0]) ** 2 + (ring[i]![1] - ring[0]![1]) ** 2;
    if (d > farD) {
      farD = d;
      far = i;
    }
  }
  keep[far] = 1;
  const tol2 = tolerance * tolerance;
  const stack: [number, number][] = [
    [0, far],
    [far, n - 1],
  ];
  while (stack.length) {
    const [first, last] = stack.pop()!;
    let index = -1;
    let max = tol2;
    for (let i = first + 1; i < last; i++) {
      const d = segmentDistance2(ring[i]!, ring[first]!, ring[last]!);
      if (d > max) {
        max = d;
        index = i;
      }
    }
    if (index >= 0) {
      keep[index] = 1;
      stack.push([first, index], [index, last]);
    }
  }
  const out = ring.filter((_, i) => keep[i] === 1);
  return out.length >= 4 ? out : [];
}

export interface Simplified {
  coordinates: MultiPolygonCoordinates;
  vertices: number;
  /** Relative change of the (spherical) area. */
  areaChange: number;
  tolerance: number;
}

export type SimplifyResult = ({ ok: true } & Simplified) | { ok: false; /** The fewest vertices reached within the area limit. */ vertices: number };

/**
 * The least simplification (found by bisection on the tolerance) with at most `maxVertices` vertices
 * whose area differs from the original's by at most `maxAreaChange`; when none does, the fewest vertices
 * any simplification within the area limit reached.
 */
export function simplifyToLimit(coordinates: MultiPolygonCoordinates, maxVertices: number, maxAreaChange: number): SimplifyResult {
  const original = multiPolygonArea(coordinates);
  let fewest = vertexTotal(coordinates);
  if (fewest <= maxVertices) return { ok: true, coordinates, vertices: fewest, areaChange: 0, tolerance: 0 };
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const polygon of coordinates)
    for (const [x, y] of polygon[0]!) {
      west = Math.min(west, x);
      east = Math.max(east, x);
      south = Math.min(south, y);
      north = Math.max(north, y);
    }
  const diagonal = Math.hypot(east - west, north - south);
  const attempt = (tolerance: number) => {
    const simplified: MultiPolygonCoordinates = [];
    for (const polygon of coordinates) {
      const outer = simplifyRing(polygon[0]!, tolerance);
      if (outer.length === 0) continue;
      const holes = polygon
        .slice(1)
        .map((ring) => simplifyRing(ring, tolerance))
        .filter((ring) => ring.length > 0);
      simplified.push([outer, ...holes]);
    }
    const areaChange = original > 0 ? Math.abs(multiPolygonArea(simplified) - original) / original : 1;
    return { ok: true as const, coordinates: simplified, vertices: vertexTotal(simplified), areaChange, tolerance };
  };
  // The vertex count falls as the tolerance grows: bisect (on a log scale) for the least tolerance that
  // brings it under the limit; the area moves the other way, so that tolerance is the best candidate.
  let low = diagonal * 1e-9;
  let high = diagonal * 0.05;
  let best: ({ ok: true } & Simplified) | null = null;
  for (let step = 0; step < 14 && high / low > 1.05; step++) {
    const result = attempt(Math.sqrt(low * high));
    if (result.areaChange <= maxAreaChange) fewest = Math.min(fewest, result.vertices);
    if (result.vertices <= maxVertices) {
      high = result.tolerance;
      best = result;
    } else low = result.tolerance;
  }
  if (best && best.areaChange <= maxAreaChange) return best;
  return { ok: false, vertices: fewest };
}
