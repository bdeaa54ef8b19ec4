import 'server-only';
/**
 * Simplifying an area that has too many vertices (Visvalingam–Whyatt over all rings, O(n log n)) down to the
 * limit, kept only if its area changes by no more than the allowed share. Areas here
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

/** A binary min-heap of vertex indices by key, with lazy deletion (a stale entry carries an old stamp). */
class VertexHeap {
  private keys: number[] = [];
  private items: number[] = [];
  private stamps: number[] = [];
  get size(): number {
    return this.items.length;
  }
  push(item: number, key: number, stamp: number): void {
    this.keys.push(key);
    this.items.push(item);
    this.stamps.push(stamp);
    let i = this.items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.keys[parent]! <= this.keys[i]!) break;
      this.swap(i, parent);
      i = parent;
    }
  }
  pop(): { item: number; key: number; stamp: number } {
    const top = { item: this.items[0]!, key: this.keys[0]!, stamp: this.stamps[0]! };
    const last = this.items.length - 1;
    this.swap(0, last);
    this.keys.pop();
    this.items.pop();
    this.stamps.pop();
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < this.items.length && this.keys[l]! < this.keys[m]!) m = l;
      if (r < this.items.length && this.keys[r]! < this.keys[m]!) m = r;
      if (m === i) break;
      this.swap(i, m);
      i = m;
    }
    return top;
  }
  private swap(a: number, b: number): void {
    [this.keys[a], this.keys[b]] = [this.keys[b]!, this.keys[a]!];
    [this.items[a], this.items[b]] = [this.items[b]!, this.items[a]!];
    [this.stamps[a], this.stamps[b]] = [this.stamps[b]!, this.stamps[a]!];
  }
}

export interface Simplified {
  coordinates: MultiPolygonCoordinates;
  vertices: number;
  /** Relative change of the (spherical) area. */
  areaChange: number;
}

export type SimplifyResult = ({ ok: true } & Simplified) | { ok: false; /** The fewest vertices reached within the area limit. */ vertices: number };

/**
 * The area with at most `maxVertices` vertices, by Visvalingam–Whyatt over all its rings at once: the vertex
 * whose triangle with its neighbours is smallest goes first (a heap: O(n log n), whatever the shape — the
 * Douglas–Peucker bisection it replaces took 75 s on one jagged 150,000-vertex ring), and no ring drops below a
 * triangle. Kept only if its area differs from the original's by at most `maxAreaChange`; otherwise the answer
 * says the fewest vertices reached while the area stayed within it.
 */
export function simplifyToLimit(coordinates: MultiPolygonCoordinates, maxVertices: number, maxAreaChange: number): SimplifyResult {
  const original = multiPolygonArea(coordinates);
  const total = vertexTotal(coordinates);
  if (total <= maxVertices) return { ok: true, coordinates, vertices: total, areaChange: 0 };

  // Every ring as a cycle of distinct positions (the closing repeat dropped); planar x/y scaled by cos(lat) so
  // that triangle areas compare like areas on the ground.
  const xs: number[] = [];
  const ys: number[] = [];
  const ringOf: number[] = [];
  const prev: number[] = [];
  const next: number[] = [];
  const ringStart: number[] = [];
  const ringAlive: number[] = [];
  /** Signed planar area of each ring (shoelace), kept up to date as vertices go. */
  const ringSigned: number[] = [];
  const shape: number[][] = [];
  for (const polygon of coordinates) {
    const rings: number[] = [];
    for (const ring of polygon) {
      const n = ring.length - 1;
      const r = ringStart.length;
      rings.push(r);
      ringStart.push(xs.length);
      ringAlive.push(n);
      const k = Math.cos(rad(ring[0]![1]));
      let signed = 0;
      for (let i = 0; i < n; i++) {
        const at = xs.length;
        xs.push(ring[i]![0] * k);
        ys.push(ring[i]![1]);
        ringOf.push(r);
        prev.push(ringStart[r]! + ((i + n - 1) % n));
        next.push(ringStart[r]! + ((i + 1) % n));
        const [x2, y2] = [ring[(i + 1) % n]![0] * k, ring[(i + 1) % n]![1]];
        signed += xs[at]! * y2 - x2 * ys[at]!;
      }
      ringSigned.push(signed / 2);
    }
    shape.push(rings);
  }
  // Outer rings add their area, holes take theirs away; the total follows each change of a ring's area.
  const role: number[] = [];
  for (const rings of shape) rings.forEach((r, i) => (role[r] = i === 0 ? 1 : -1));
  let planar = 0;
  for (let r = 0; r < ringSigned.length; r++) planar += role[r]! * Math.abs(ringSigned[r]!);
  const planarOriginal = planar;
  const triangle = (i: number) => {
    const a = prev[i]!;
    const c = next[i]!;
    return (xs[a]! * (ys[i]! - ys[c]!) + xs[i]! * (ys[c]! - ys[a]!) + xs[c]! * (ys[a]! - ys[i]!)) / 2;
  };
  const stamp = new Array<number>(xs.length).fill(0);
  const alive = new Uint8Array(xs.length).fill(1);
  const heap = new VertexHeap();
  for (let i = 0; i < xs.length; i++) heap.push(i, Math.abs(triangle(i)), 0);

  let vertices = total;
  let fewestWithin = total;
  let withinLimit = true;
  let floor = 0;
  while (vertices > maxVertices && heap.size > 0) {
    const { item: i, key, stamp: s } = heap.pop();
    if (!alive[i] || s !== stamp[i]) continue;
    const r = ringOf[i]!;
    if (ringAlive[r]! <= 3) continue; // a triangle stays
    // Removing i changes the ring's signed area by minus its signed triangle.
    const before = Math.abs(ringSigned[r]!);
    ringSigned[r] = ringSigned[r]! - triangle(i);
    planar += role[r]! * (Math.abs(ringSigned[r]!) - before);
    alive[i] = 0;
    ringAlive[r] = ringAlive[r]! - 1;
    vertices -= 1;
    const a = prev[i]!;
    const c = next[i]!;
    next[a] = c;
    prev[c] = a;
    if (ringStart[r] === i) ringStart[r] = c;
    // Effective area never falls below the last removed one (the usual VW rule keeps the order monotone).
    floor = Math.max(floor, key);
    for (const j of [a, c]) {
      stamp[j] = stamp[j]! + 1;
      heap.push(j, Math.max(floor, Math.abs(triangle(j))), stamp[j]!);
    }
    if (withinLimit) {
      const change = planarOriginal > 0 ? Math.abs(planar - planarOriginal) / planarOriginal : 1;
      if (change > maxAreaChange) withinLimit = false;
      else fewestWithin = vertices;
    }
  }

  const simplified: MultiPolygonCoordinates = coordinates.map((polygon, p) =>
    polygon.map((ring, q) => {
      const r = shape[p]![q]!;
      const out: Position[] = [];
      const k = Math.cos(rad(ring[0]![1]));
      let i = ringStart[r]!;
      do {
        out.push([xs[i]! / k, ys[i]!]);
        i = next[i]!;
      } while (i !== ringStart[r]);
      out.push(out[0]!);
      return out;
    }),
  );
  const areaChange = original > 0 ? Math.abs(multiPolygonArea(simplified) - original) / original : 1;
  if (vertices <= maxVertices && areaChange <= maxAreaChange) return { ok: true, coordinates: simplified, vertices: vertexTotal(simplified), areaChange };
  return { ok: false, vertices: Math.max(fewestWithin, maxVertices + 1) };
}
