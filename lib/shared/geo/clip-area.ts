/**
 * The area of an area of interest inside a convex footprint, on the WGS84 ellipsoid — what PostGIS gives
 * for `ST_Area(ST_Intersection(footprint, area)::geography)`, without an overlay per scene (the fall
 * figures' per-scene shares: 1,000 footprints over a province in tens of milliseconds instead of ~0.75 s
 * of PostGIS overlays; docs/adr/0011-coverage-analysis.md).
 *
 * The target is the area cut into small pieces (`ST_Subdivide`) whose edges are all short
 * (`ST_Segmentize` to ≤ 0.05°), each piece's rings oriented counter-clockwise (holes clockwise).
 * 1. Clip: each piece ring whose box meets the footprint is clipped to it by its edges' half-planes
 *    (Sutherland–Hodgman), in longitude/latitude as GEOS intersects them; a ring wholly inside counts
 *    its whole (precomputed) area. For a convex clip polygon the output of a concave ring may hold
 *    zero-width connections along the clip edges, but its signed area is exactly the signed area of the
 *    ring's part inside the footprint; holes count negative.
 * 2. Measure: every vertex goes to the ellipsoid's cylindrical equal-area projection (authalic latitude)
 *    and the shoelace formula gives the area. The area's own edges are short, so a straight segment in
 *    the projection bounds what PostGIS's geodesic bounds to far below 0.01 %; the cuts between pieces
 *    are measured the same way from both sides and cancel exactly (also where one side has a vertex the
 *    other lacks). The footprint's edges are long: the stretches of them inside the area are measured
 *    along their great circles, as PostGIS measures the intersection's edges (checked against PostGIS
 *    in tests/integration/catalogue-coverage.test.ts and tests/unit/clip-area.test.ts).
 */

export type Ring = ReadonlyArray<readonly [number, number]>;

const A = 6_378_137; // WGS84 semi-major axis, m
const F = 1 / 298.257223563;
const E2 = F * (2 - F);
const E = Math.sqrt(E2);
const RAD = Math.PI / 180;
/** Stretches along a clip edge closer than this (a share of the edge: ~1 mm of a 1,000 km edge) touch. */
const TOUCH = 1e-9;

/** q(φ) of the authalic latitude: the cylindrical equal-area projection's y is a·q/2. */
function q(latDeg: number): number {
  const s = Math.sin(latDeg * RAD);
  return (1 - E2) * (s / (1 - E2 * s * s) - (1 / (2 * E)) * Math.log((1 - E * s) / (1 + E * s)));
}

function project([lon, lat]: readonly [number, number]): [number, number] {
  return [A * lon * RAD, (A * q(lat)) / 2];
}

/** The points after `from` up to `to`, on the great circle, at most `maxEdgeKm` apart (`to` included). */
function edgePoints(from: readonly [number, number], to: readonly [number, number], maxEdgeKm: number): Array<readonly [number, number]> {
  const [l1, p1] = [from[0] * RAD, from[1] * RAD];
  const [l2, p2] = [to[0] * RAD, to[1] * RAD];
  const a = [Math.cos(p1) * Math.cos(l1), Math.cos(p1) * Math.sin(l1), Math.sin(p1)];
  const b = [Math.cos(p2) * Math.cos(l2), Math.cos(p2) * Math.sin(l2), Math.sin(p2)];
  const dot = Math.min(1, Math.max(-1, a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!));
  const angle = Math.acos(dot);
  const km = angle * 6_371;
  const pieces = Math.ceil(km / maxEdgeKm);
  if (pieces <= 1 || angle < 1e-12) return [to];
  const out: Array<readonly [number, number]> = [];
  const sin = Math.sin(angle);
  for (let k = 1; k < pieces; k++) {
    const t = k / pieces;
    const wa = Math.sin((1 - t) * angle) / sin;
    const wb = Math.sin(t * angle) / sin;
    const x = wa * a[0]! + wb * b[0]!;
    const y = wa * a[1]! + wb * b[1]!;
    const z = wa * a[2]! + wb * b[2]!;
    let lon = Math.atan2(y, x) / RAD;
    // Stay on the side of the edge's own longitudes (no jump at ±180°).
    if (lon - from[0] > 180) lon -= 360;
    else if (from[0] - lon > 180) lon += 360;
    out.push([lon, Math.atan2(z, Math.hypot(x, y)) / RAD]);
  }
  out.push(to);
  return out;
}

/** Signed area (km²) of a ring, geodesic edges on WGS84: counter-clockwise positive. */
export function ringAreaKm2(ring: Ring, maxEdgeKm = 10): number {
  return verticesAreaKm2(
    open(ring).map(([lon, lat]) => vertex(lon, lat)),
    maxEdgeKm,
    'geodesic',
  );
}

/** Drops a ring's closing vertex (equal to the first), if present. */
function open(ring: Ring): Ring {
  const n = ring.length;
  return n > 1 && ring[0]![0] === ring[n - 1]![0] && ring[0]![1] === ring[n - 1]![1] ? ring.slice(0, n - 1) : ring;
}

/**
 * The footprint as a convex counter-clockwise polygon (open ring), or null when it is not convex (or
 * degenerate, or spans more than 180° of longitude): the caller then measures it another way.
 */
export function convexClip(ring: Ring): Ring | null {
  let r = open(ring);
  if (r.length < 3) return null;
  let lonMin = Infinity;
  let lonMax = -Infinity;
  for (const [lon] of r) {
    lonMin = Math.min(lonMin, lon);
    lonMax = Math.max(lonMax, lon);
  }
  if (lonMax - lonMin > 180) return null;
  let area2 = 0;
  for (let i = 0; i < r.length; i++) {
    const [x1, y1] = r[i]!;
    const [x2, y2] = r[(i + 1) % r.length]!;
    area2 += x1 * y2 - x2 * y1;
  }
  if (Math.abs(area2) < 1e-18) return null;
  if (area2 < 0) r = [...r].reverse();
  // Convex: every turn to the left (collinear vertices allowed).
  for (let i = 0; i < r.length; i++) {
    const [ax, ay] = r[i]!;
    const [bx, by] = r[(i + 1) % r.length]!;
    const [cx, cy] = r[(i + 2) % r.length]!;
    if ((bx - ax) * (cy - by) - (by - ay) * (cx - bx) < -1e-15) return null;
  }
  return r;
}

/**
 * A vertex: longitude, latitude, its equal-area projection (x, y in m) and a bit mask of the clip edges'
 * lines it lies on (0 for the area's own vertices).
 */
type Vertex = readonly [number, number, number, number, number];

const vertex = (lon: number, lat: number, onClip = 0): Vertex => [lon, lat, A * lon * RAD, (A * q(lat)) / 2, onClip];

/**
 * One ring clipped to the convex counter-clockwise polygon `clip` (Sutherland–Hodgman), vertices carried
 * with their projection (only crossings are projected anew). Returns null when the ring lies wholly inside.
 */
function clipVertices(subject: readonly Vertex[], box: readonly [number, number, number, number], clip: Ring): Vertex[] | null {
  let out: readonly Vertex[] = subject;
  let cut = false;
  for (let i = 0; i < clip.length && out.length > 0; i++) {
    const [ax, ay] = clip[i]!;
    const [bx, by] = clip[(i + 1) % clip.length]!;
    const dx = bx - ax;
    const dy = by - ay;
    // The ring's box wholly inside this edge's half-plane (its nearest corner is): nothing to clip here.
    if (dx * ((dx >= 0 ? box[1] : box[3]) - ay) - dy * ((dy >= 0 ? box[2] : box[0]) - ax) >= 0) continue;
    const input = out;
    const next: Vertex[] = [];
    let prev = input[input.length - 1]!;
    let prevSide = dx * (prev[1] - ay) - dy * (prev[0] - ax); // ≥ 0: inside (left of the edge)
    for (const cur of input) {
      const curSide = dx * (cur[1] - ay) - dy * (cur[0] - ax);
      if (curSide >= 0) {
        if (prevSide < 0) next.push(crossing(prev, cur, prevSide, curSide, i));
        next.push(cur);
      } else {
        cut = true;
        if (prevSide >= 0) next.push(crossing(prev, cur, prevSide, curSide, i));
      }
      prev = cur;
      prevSide = curSide;
    }
    out = next;
  }
  return cut ? [...out] : null;
}

/** Where edge p→c crosses clip line `line`: on that line, and on any line both ends lie on. */
function crossing(p: Vertex, c: Vertex, sp: number, sc: number, line: number): Vertex {
  const t = sp / (sp - sc);
  return vertex(p[0] + t * (c[0] - p[0]), p[1] + t * (c[1] - p[1]), (1 << line) | (p[4] & c[4]));
}

/** Shoelace terms (2 × m²) of the path from→to: along its great circle, or straight in longitude/latitude. */
function pathTerms(from: Vertex, to: Vertex, maxEdgeKm: number, along: 'geodesic' | 'straight'): number {
  const shortDeg = maxEdgeKm / 111.32; // shorter than maxEdgeKm anywhere
  const dLon = to[0] - from[0];
  const dLat = to[1] - from[1];
  if (Math.abs(dLon) + Math.abs(dLat) <= shortDeg) return from[2] * to[3] - to[2] * from[3];
  let sum = 0;
  let a: readonly [number, number] = [from[2], from[3]];
  let points: Array<readonly [number, number]>;
  if (along === 'geodesic') points = edgePoints([from[0], from[1]], [to[0], to[1]], maxEdgeKm);
  else {
    // Straight in longitude/latitude is a gentle curve in the projection: 0.25° pieces follow it to ~1 m.
    const steps = Math.ceil((Math.abs(dLon) + Math.abs(dLat)) / 0.25);
    points = Array.from({ length: steps }, (_, k) => [from[0] + ((k + 1) / steps) * dLon, from[1] + ((k + 1) / steps) * dLat] as const);
  }
  for (const p of points) {
    const c = project(p);
    sum += a[0] * c[1] - c[0] * a[1];
    a = c;
  }
  return sum;
}

/**
 * Signed area (km²) of projected vertices; the ring's own edges follow their great circle (`geodesic`)
 * or the straight line in longitude/latitude (`straight`: a target's pieces, whose cuts must cancel),
 * and edges along a clip line (both ends on it) are measured straight: Sutherland–Hodgman may run back
 * and forth along a clip line, and only straight paths cancel exactly (the geodesic of each real stretch
 * is added by areaInsideKm2).
 */
function verticesAreaKm2(ring: readonly Vertex[], maxEdgeKm: number, own: 'geodesic' | 'straight'): number {
  const n = ring.length;
  if (n < 3) return 0;
  let sum = 0;
  let prev = ring[n - 1]!;
  for (const cur of ring) {
    sum += pathTerms(prev, cur, maxEdgeKm, (prev[4] & cur[4]) !== 0 ? 'straight' : own);
    prev = cur;
  }
  return sum / 2 / 1e6;
}

/** Bounding box of a ring: [minLon, minLat, maxLon, maxLat]. */
function bbox(ring: Ring): [number, number, number, number] {
  const b: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of ring) {
    if (x < b[0]) b[0] = x;
    if (y < b[1]) b[1] = y;
    if (x > b[2]) b[2] = x;
    if (y > b[3]) b[3] = y;
  }
  return b;
}

/** The area to clip: its rings, projected once, with their boxes and signed areas. */
export interface ClipTarget {
  rings: Array<{ vertices: Vertex[]; bbox: [number, number, number, number]; areaKm2: number }>;
  maxEdgeKm: number;
}

/**
 * Prepares the pieces of an area (GeoJSON coordinates of polygons that tile it, e.g. `ST_Subdivide`
 * then `ST_Segmentize(…, 0.05)`). Outer rings and holes must be oriented oppositely (e.g.
 * `ST_ForcePolygonCCW` in PostGIS): holes then count negative. Their edges are measured straight in
 * longitude/latitude, so that the cuts between pieces cancel; keep them short (≤ 0.05°), where straight
 * and geodesic agree to far below 0.01 %.
 */
export function clipTarget(polygons: ReadonlyArray<ReadonlyArray<Ring>>, maxEdgeKm = 10): ClipTarget {
  const rings = polygons.flatMap((polygon) =>
    polygon.map((ring) => {
      const vertices = open(ring).map(([lon, lat]) => vertex(lon, lat));
      return { vertices, bbox: bbox(ring), areaKm2: verticesAreaKm2(vertices, maxEdgeKm, 'straight') };
    }),
  );
  return { rings, maxEdgeKm };
}

/** km² of the target (its signed total) inside the convex counter-clockwise footprint `clip` (from convexClip). */
export function areaInsideKm2(target: ClipTarget, clip: Ring): number {
  const box = bbox(clip);
  let sum = 0;
  // Per clip edge: the signed runs along it (parameter 0…1 from its start), +1 forward, −1 backward.
  const runs: Array<Array<[number, number]>> = clip.map(() => []);
  const param = (line: number, v: Vertex) => {
    const [ax, ay] = clip[line]!;
    const [bx, by] = clip[(line + 1) % clip.length]!;
    return ((v[0] - ax) * (bx - ax) + (v[1] - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2);
  };
  for (const { vertices, bbox: b, areaKm2 } of target.rings) {
    if (b[0] > box[2] || b[2] < box[0] || b[1] > box[3] || b[3] < box[1]) continue;
    const part = clipVertices(vertices, b, clip);
    if (part === null) {
      sum += areaKm2;
      continue;
    }
    sum += verticesAreaKm2(part, target.maxEdgeKm, 'straight');
    let prev = part[part.length - 1]!;
    for (const cur of part) {
      const common = prev[4] & cur[4];
      if (common !== 0) {
        const line = 31 - Math.clz32(common);
        runs[line]!.push([param(line, prev), param(line, cur)]);
      }
      prev = cur;
    }
  }
  // Along each clip edge the runs add up to +1 exactly where the footprint's edge is inside the target
  // (the intersection's boundary runs forward there; back-and-forth runs cancel). Those stretches were
  // measured straight: add the difference to their geodesics, the intersection's true edges.
  let correction = 0;
  for (const [line, list] of runs.entries()) {
    if (list.length === 0) continue;
    const events: Array<[number, number]> = [];
    for (const [t0, t1] of list) {
      if (t0 < t1) events.push([t0, 1], [t1, -1]);
      else if (t1 < t0) events.push([t1, -1], [t0, 1]);
    }
    events.sort((x, y) => x[0] - y[0] || y[1] - x[1]);
    // The stretches where the cover is positive; stretches that touch (pieces meet on a cut, where
    // each side computed the crossing on its own, a few ulps apart) are one stretch: one geodesic, as
    // PostGIS measures the one edge of the intersection there.
    const stretches: Array<[number, number]> = [];
    let cover = 0;
    let start = 0;
    for (const [t, d] of events) {
      const before = cover;
      cover += d;
      if (before <= 0 && cover > 0) {
        const last = stretches.at(-1);
        if (last && t - last[1] <= TOUCH) {
          start = stretches.pop()![0];
        } else start = t;
      } else if (before > 0 && cover <= 0 && t > start) stretches.push([start, t]);
    }
    const a = clip[line]!;
    const b = clip[(line + 1) % clip.length]!;
    const at = (t: number) => vertex(a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]));
    for (const [t0, t1] of stretches) {
      const p = at(t0);
      const r = at(t1);
      correction += pathTerms(p, r, target.maxEdgeKm, 'geodesic') - pathTerms(p, r, target.maxEdgeKm, 'straight');
    }
  }
  return Math.max(0, sum + correction / 2 / 1e6);
}

type Box = [number, number, number, number];

/**
 * Cuts an area (its polygons' rings; outer rings and holes oriented oppositely) into pieces of at most
 * `maxVertices` vertices, halving the box along its longer side as ST_Subdivide does, each half by
 * Sutherland–Hodgman on its half-plane: O(n log n), ~30 ms for 100,000 vertices where ST_Subdivide took
 * ~4 s. The pieces are open rings whose signed areas add up to the area's (a concave ring's piece may
 * run along the cut and back: zero width, zero area). Every cut lies on a meridian or a parallel, straight
 * in the equal-area projection, so the cuts cancel exactly when the pieces are measured (clipTarget).
 */
export function subdivideRings(polygons: ReadonlyArray<ReadonlyArray<Ring>>, maxVertices = 256): Ring[] {
  const pieces: Ring[] = [];
  const split = (rings: Ring[], box: Box, depth: number) => {
    let n = 0;
    for (const r of rings) n += r.length;
    if (n <= maxVertices || depth >= 30) {
      pieces.push(...rings);
      return;
    }
    const [west, south, east, north] = box;
    const axis = east - west >= north - south ? 0 : 1;
    const middle = axis === 0 ? (west + east) / 2 : (south + north) / 2;
    for (const low of [true, false]) {
      const half = rings.map((r) => halfPlane(r, axis, middle, low)).filter((r) => r.length >= 3);
      if (half.length === 0) continue;
      const b: Box = [...box];
      b[axis + (low ? 2 : 0)] = middle;
      split(half, b, depth + 1);
    }
  };
  const rings = polygons.flatMap((p) => p.map(open)).filter((r) => r.length >= 3);
  if (rings.length > 0) {
    const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
    for (const r of rings) {
      const [w, s, e, n] = bbox(r);
      box[0] = Math.min(box[0], w);
      box[1] = Math.min(box[1], s);
      box[2] = Math.max(box[2], e);
      box[3] = Math.max(box[3], n);
    }
    split(rings, box, 0);
  }
  return pieces;
}

/** The part of a ring on one side of the line `axis` = `at` (low: ≤), Sutherland–Hodgman. */
function halfPlane(ring: Ring, axis: 0 | 1, at: number, low: boolean): Array<readonly [number, number]> {
  const out: Array<readonly [number, number]> = [];
  let prev = ring[ring.length - 1]!;
  let prevIn = low ? prev[axis] <= at : prev[axis] >= at;
  for (const cur of ring) {
    const curIn = low ? cur[axis] <= at : cur[axis] >= at;
    if (curIn !== prevIn) {
      // Computed from prev → cur on both sides: the two halves share the very same point.
      const t = (at - prev[axis]) / (cur[axis] - prev[axis]);
      out.push(axis === 0 ? [at, prev[1] + t * (cur[1] - prev[1])] : [prev[0] + t * (cur[0] - prev[0]), at]);
    }
    if (curIn) out.push(cur);
    prev = cur;
    prevIn = curIn;
  }
  return out;
}

type Polygonal = { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] };
const polygonsOf = (text: string): Ring[][] => {
  const g = JSON.parse(text) as Polygonal;
  return g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
};

/**
 * An area as GeoJSON text of a (multi)polygon (PostGIS's `ST_AsGeoJSON`; holes oriented against their
 * outer rings, edges short), cut into pieces and ready to clip; an empty target for null.
 */
export function areaTargetOf(geojson: string | null): ClipTarget {
  return clipTarget(subdivideRings(geojson ? polygonsOf(geojson) : []).map((ring) => [ring]));
}

/** A footprint as GeoJSON text: its convex counter-clockwise ring, or null when it is anything else. */
export function footprintClipOf(geojson: string): Ring | null {
  const polygons = polygonsOf(geojson);
  return polygons.length === 1 && polygons[0]!.length === 1 ? convexClip(polygons[0]![0]!) : null;
}
