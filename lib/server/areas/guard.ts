import 'server-only';
/**
 * The geometry guard: every area a request brings (a drawn search area, a STAC `intersects` or CQL2 spatial
 * geometry, an application's drawn area, an uploaded file) is measured here, in the request's own code, before
 * the database sees it (docs/adr/0025-geometry-guard.md).
 *
 * PostGIS repairs a self-crossing ring (ST_MakeValid) at a cost that grows with the number of crossings far
 * faster than with the number of vertices: a 51-point "star" (1,224 crossings) took 10 s on the embedded
 * database and held every other request; 201 points, over 7 minutes. A ring with the same number of vertices
 * and a few crossings repairs in milliseconds. So the guard counts:
 *
 * - vertices, rings and parts (bounded by the caller's budget), walking the coordinates once;
 * - crossings of polygon edges: an R-tree scan of the edges' boxes, or where that would test too many pairs a
 *   sweep line (Bentley–Ottmann, the `isect` library), both stopping as soon as the budget is exceeded, so a
 *   hostile ring costs O(n log n) here however many crossings it has. Both are bounded by counted work (pair
 *   tests, sweep steps), not by time, so a geometry gets the same answer on a busy machine. A crossing is a
 *   point inside an edge that another edge meets, or a vertex shared by more than the two edges that meet
 *   there in sequence (a ring touching itself).
 *
 * Within the budget the geometry goes on (the database repairs the few crossings cheaply); beyond it the request
 * is refused with a localized 400 and nothing runs. Lines and points (STAC) are counted but not swept: they are
 * never repaired.
 */
import Flatbush from 'flatbush';
import { sweep } from 'isect';
import { API_CODES } from '../../shared/contracts/api';
import { ApiError } from '../api/errors';

/** What a geometry may cost. */
export interface GeometryBudget {
  /** All positions, every ring and part. */
  maxVertices: number;
  /** Polygons, rings, lines and points together. */
  maxParts: number;
  /** Self-crossings and self-touches of polygon edges the database may repair. */
  maxCrossings: number;
}

/**
 * Drawn areas and STAC/CQL2 geometries: the vertex limit the contracts already hold (CATALOGUE_LIMITS,
 * MAX_GEOMETRY_VERTICES); 50 crossings repair in well under a second on the embedded database (measured: a
 * 10,000-vertex ring with 64 twists, 0.8 s while the machine was busy; a 41-point star, 779 crossings, 1.9 s).
 */
export const DRAWN_GEOMETRY_BUDGET: GeometryBudget = { maxVertices: 10_000, maxParts: 1_000, maxCrossings: 50 };

/** Polygon rings as [lon, lat] positions (only the first two numbers of a position are read). */
type Ring = ReadonlyArray<ReadonlyArray<number>>;

export interface GeometryMeasure {
  vertices: number;
  parts: number;
  /** Crossings found, at most maxCrossings + 1 (the sweep stops there). */
  crossings: number;
}

/** Why a geometry was refused, with the limit it broke. */
export type GeometryRefusal = 'tooManyVertices' | 'tooManyParts' | 'tooManyCrossings' | 'uncheckable';

export class GeometryRefused extends ApiError {
  constructor(
    readonly reason: GeometryRefusal,
    max: number,
  ) {
    super(API_CODES.INVALID_INPUT, `Geometry.${reason}`, { max }, 400);
    this.name = 'GeometryRefused';
  }
}

interface Walk {
  vertices: number;
  parts: number;
  rings: Ring[];
}

const isArray = (v: unknown): v is unknown[] => Array.isArray(v);

/** Counts positions and parts of any GeoJSON geometry, collecting polygon rings; stops at the budget. */
function walk(geometry: unknown, budget: GeometryBudget, into: Walk, depth: number): void {
  if (typeof geometry !== 'object' || geometry === null || depth > 4) return;
  const { type, coordinates, geometries } = geometry as { type?: unknown; coordinates?: unknown; geometries?: unknown };
  const part = (n = 1) => {
    into.parts += n;
    if (into.parts > budget.maxParts) throw new GeometryRefused('tooManyParts', budget.maxParts);
  };
  const positions = (list: unknown): number => {
    const n = isArray(list) ? list.length : 0;
    into.vertices += n;
    if (into.vertices > budget.maxVertices) throw new GeometryRefused('tooManyVertices', budget.maxVertices);
    return n;
  };
  const rings = (polygon: unknown) => {
    if (!isArray(polygon)) return;
    for (const ring of polygon) {
      part();
      positions(ring);
      if (isArray(ring)) into.rings.push(ring as Ring);
    }
  };
  switch (type) {
    case 'Point':
      part();
      into.vertices += 1;
      if (into.vertices > budget.maxVertices) throw new GeometryRefused('tooManyVertices', budget.maxVertices);
      return;
    case 'MultiPoint':
    case 'LineString':
      part();
      positions(coordinates);
      return;
    case 'MultiLineString':
      if (isArray(coordinates))
        for (const line of coordinates) {
          part();
          positions(line);
        }
      return;
    case 'Polygon':
      rings(coordinates);
      return;
    case 'MultiPolygon':
      if (isArray(coordinates)) for (const polygon of coordinates) rings(polygon);
      return;
    case 'GeometryCollection':
      if (isArray(geometries)) for (const g of geometries) walk(g, budget, into, depth + 1);
      return;
  }
}

interface Edge {
  from: { x: number; y: number };
  to: { x: number; y: number };
  ring: number;
  index: number;
  /** Edges in the ring (to recognise the closing edge as the first one's neighbour). */
  count: number;
}

/**
 * Positions → the sweep's plane. The sweep works with absolute tolerances made for screen coordinates (an edge
 * with |dy| < 1e-5 is snapped level, 1e-9 tells points apart): in degrees, a metre. So the rings are scaled
 * to a square a million units wide first, where those tolerances are 1e-11 of the extent.
 */
interface Frame {
  x0: number;
  y0: number;
  scale: number;
}

function frameOf(rings: readonly Ring[]): Frame {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const ring of rings)
    for (const p of ring) {
      const x = Number(p[0]);
      const y = Number(p[1]);
      if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
      if (x < west) west = x;
      if (x > east) east = x;
      if (y < south) south = y;
      if (y > north) north = y;
    }
  const extent = Math.max(east - west, north - south);
  return { x0: west, y0: south, scale: extent > 0 && Number.isFinite(extent) ? 1e6 / extent : 1 };
}

/** The ring's edges, consecutive repeated positions dropped (a zero-length edge meets nothing). */
function ringEdges(ring: Ring, ringIndex: number, frame: Frame, out: Edge[]): void {
  const points: { x: number; y: number }[] = [];
  for (const p of ring) {
    const x = (Number(p[0]) - frame.x0) * frame.scale;
    const y = (Number(p[1]) - frame.y0) * frame.scale;
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    const last = points[points.length - 1];
    if (!last || last.x !== x || last.y !== y) points.push({ x, y });
  }
  const first = points[0];
  const last = points[points.length - 1];
  if (first && last && (first.x !== last.x || first.y !== last.y)) points.push({ ...first });
  const count = points.length - 1;
  if (count < 3) return;
  for (let i = 0; i < count; i++) out.push({ from: points[i]!, to: points[i + 1]!, ring: ringIndex, index: i, count });
}

// The sweep's own tolerance (isect's EPS, in the scaled plane): a vertex it reports may differ by rounding.
const same = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.abs(a.x - b.x) < 1e-9 && Math.abs(a.y - b.y) < 1e-9;

/** Whether two edges follow each other in their ring (they share a vertex by construction). */
const adjacent = (a: Edge, b: Edge) =>
  a.ring === b.ring && (Math.abs(a.index - b.index) === 1 || (a.count > 2 && Math.abs(a.index - b.index) === a.count - 1));

/**
 * Crossings among the rings' edges, counting up to `stopAfter` (then the sweep stops). A regular vertex (the
 * end of one edge and the start of the next) is not a crossing.
 */
export function countCrossings(rings: readonly Ring[], stopAfter: number): number {
  // One polygon: every crossing is its own.
  return countPartCrossings([rings], { self: stopAfter - 1, between: Infinity }).self;
}

interface Point {
  x: number;
  y: number;
}

/**
 * How much work the fast scan may do before the sweep line takes over: pair tests (an edge against another whose
 * box meets its own), 32 an edge and at least 100,000. A boundary's edge meets the boxes of its two neighbours
 * and a few more (a 150,000-vertex jagged ring: ~3 an edge); long edges whose boxes all overlap (a sunburst)
 * need an edge against nearly every other one. Counted, not timed: the same geometry is measured the same way
 * on a busy machine as on an idle one.
 */
const fastScanTests = (edges: number) => Math.max(100_000, 32 * edges);

/**
 * The sweep line's steps (events: two an edge, one a crossing found) before the geometry is refused as
 * uncheckable; a wall-clock limit guards only arrangements whose events are each costly (many edges through
 * one point), where the outcome on a busy machine may differ.
 */
const sweepSteps = (edges: number, crossings: number) => 4 * edges + crossings + 1_000;
const SWEEP_WALL_CLOCK_MS = 8_000;

/** Where two edges meet (isect's test: the segments' parameters both within [0, 1]), or undefined. */
function meet(a: Edge, b: Edge): Point | undefined {
  const s1x = a.from.x - a.to.x;
  const s1y = a.from.y - a.to.y;
  const s2x = b.from.x - b.to.x;
  const s2y = b.from.y - b.to.y;
  const div = s1x * s2y - s2x * s1y;
  const s = (s1y * (a.from.x - b.from.x) - s1x * (a.from.y - b.from.y)) / div;
  if (!(s >= 0 && s <= 1)) return undefined;
  const t = (s2x * (b.from.y - a.from.y) + s2y * (a.from.x - b.from.x)) / div;
  if (!(t >= 0 && t <= 1)) return undefined;
  return { x: a.from.x - t * s1x, y: a.from.y - t * s1y };
}

/**
 * The fast scan: a packed R-tree of the edges' boxes (Flatbush), each edge tested against the later edges whose
 * box meets its own. Returns 'overBudget' when the pair tests pass `maxTests` (the caller falls back to the
 * sweep), 'stopped' when `classify` asked to stop, else 'done'.
 */
function boxScan(edges: Edge[], classify: (point: Point, segments: Edge[]) => boolean, maxTests: number): 'done' | 'stopped' | 'overBudget' {
  const index = new Flatbush(edges.length);
  for (const e of edges) index.add(Math.min(e.from.x, e.to.x), Math.min(e.from.y, e.to.y), Math.max(e.from.x, e.to.x), Math.max(e.from.y, e.to.y));
  index.finish();
  let tests = 0;
  for (let i = 0; i < edges.length; i++) {
    const edge = edges[i]!;
    const ids = index.search(Math.min(edge.from.x, edge.to.x), Math.min(edge.from.y, edge.to.y), Math.max(edge.from.x, edge.to.x), Math.max(edge.from.y, edge.to.y));
    tests += ids.length;
    for (const j of ids) {
      if (j <= i) continue;
      const other = edges[j]!;
      const point = meet(other, edge);
      if (point && classify(point, [edge, other])) return 'stopped';
    }
    if (tests > maxTests) return 'overBudget';
  }
  return 'done';
}

/**
 * Finds the edges' crossings, handing each to `classify` (which says when to stop). First the fast scan (an
 * R-tree of the edges' boxes — a tenth of the sweep's time on a 100,000-vertex boundary), bounded by a number of
 * pair tests; an arrangement that makes it slow (many long edges whose boxes overlap) hands over to the sweep
 * line (isect's Bentley–Ottmann, O((n + k) log n) with k stopped at the caller's limit), bounded by a number of
 * steps. Throws when the sweep cannot order the edges or passes its bound (the caller refuses the geometry as
 * uncheckable).
 */
function scanCrossings<T>(edges: Edge[], stopAfter: number, fresh: () => { state: T; classify: (point: Point, segments: Edge[]) => boolean }): T {
  const attempt = fresh();
  if (boxScan(edges, attempt.classify, fastScanTests(edges.length)) !== 'overBudget') return attempt.state;
  const retry = fresh();
  let stopped = false;
  let steps = 0;
  const line = sweep(edges, {
    onFound(point: Point, segments: Edge[]) {
      stopped = retry.classify(point, segments);
      return stopped;
    },
    onError() {
      throw new Error('sweep');
    },
  });
  const maxSteps = sweepSteps(edges.length, stopAfter);
  const deadline = performance.now() + SWEEP_WALL_CLOCK_MS;
  while (!stopped && line.step()) {
    if (++steps > maxSteps) throw new Error('sweep took too many steps');
    if (steps % 16 === 0 && performance.now() > deadline) throw new Error('sweep took too long');
  }
  return retry.state;
}

// A request's geometry is turned into SQL several times (the count, the page, the checks): measured once.
const measured = new WeakMap<object, { budget: GeometryBudget; measure: GeometryMeasure }>();

/** Measures a GeoJSON geometry against the budget; throws GeometryRefused (a localized 400) beyond it. */
export function guardGeometry(geometry: unknown, budget: GeometryBudget = DRAWN_GEOMETRY_BUDGET): GeometryMeasure {
  const known = typeof geometry === 'object' && geometry !== null ? measured.get(geometry) : undefined;
  if (known && known.budget === budget) return known.measure;
  const measure = measureAgainst(geometry, budget);
  if (typeof geometry === 'object' && geometry !== null) measured.set(geometry, { budget, measure });
  return measure;
}

function measureAgainst(geometry: unknown, budget: GeometryBudget): GeometryMeasure {
  const walked: Walk = { vertices: 0, parts: 0, rings: [] };
  walk(geometry, budget, walked, 0);
  let crossings: number;
  try {
    crossings = countCrossings(walked.rings, budget.maxCrossings + 1);
  } catch {
    // The sweep met a configuration its floating point cannot order: refuse rather than let an unmeasured
    // ring reach the repair.
    throw new GeometryRefused('uncheckable', budget.maxCrossings);
  }
  if (crossings > budget.maxCrossings) throw new GeometryRefused('tooManyCrossings', budget.maxCrossings);
  return { vertices: walked.vertices, parts: walked.parts, crossings };
}

/**
 * Several geometries of one request (a CQL2 filter's spatial predicates) against one budget: vertices and parts
 * add up, and so do the crossings of each (a geometry's rings are swept on their own: two predicates' polygons
 * overlapping each other is no repair).
 */
export function guardGeometries(geometries: readonly unknown[], budget: GeometryBudget = DRAWN_GEOMETRY_BUDGET): GeometryMeasure {
  const total: GeometryMeasure = { vertices: 0, parts: 0, crossings: 0 };
  for (const geometry of geometries) {
    const left: GeometryBudget = {
      maxVertices: budget.maxVertices - total.vertices,
      maxParts: budget.maxParts - total.parts,
      maxCrossings: budget.maxCrossings - total.crossings,
    };
    try {
      const one = guardGeometry(geometry, left);
      total.vertices += one.vertices;
      total.parts += one.parts;
      total.crossings += one.crossings;
    } catch (error) {
      // Refused against what was left: say the request's whole budget.
      if (error instanceof GeometryRefused) throw new GeometryRefused(error.reason, budget[LIMIT_OF[error.reason]]);
      throw error;
    }
  }
  return total;
}

const LIMIT_OF: Record<GeometryRefusal, keyof GeometryBudget> = {
  tooManyVertices: 'maxVertices',
  tooManyParts: 'maxParts',
  tooManyCrossings: 'maxCrossings',
  uncheckable: 'maxCrossings',
};

/** Crossings of an upload's polygons: within one polygon (repaired one by one) and between two (dissolved). */
export interface PartCrossings {
  self: number;
  between: number;
}

/**
 * One sweep over every polygon's edges, each crossing counted as a polygon's own (a ring crossing or touching
 * itself or its polygon's other rings) or as one between two polygons (overlapping parcels); stops as soon as
 * either passes its limit. Throws GeometryRefused('uncheckable') when the sweep cannot order the edges.
 */
export function countPartCrossings(polygons: readonly (readonly Ring[])[], limits: { self: number; between: number }): PartCrossings {
  const edges: Edge[] = [];
  const polygonOf: number[] = [];
  const frame = frameOf(polygons.flat());
  let ringIndex = 0;
  polygons.forEach((rings, p) => {
    for (const ring of rings) {
      polygonOf[ringIndex] = p;
      ringEdges(ring, ringIndex++, frame, edges);
    }
  });
  if (edges.length < 2) return { self: 0, between: 0 };
  try {
    const stopAfter = limits.self + (Number.isFinite(limits.between) ? limits.between : 0) + 2;
    return scanCrossings(edges, stopAfter, () => {
      const found: PartCrossings = { self: 0, between: 0 };
      const classify = (point: Point, segments: Edge[]) => {
        const inside = segments.some((s) => !same(s.from, point) && !same(s.to, point));
        if (!inside && segments.length === 2 && adjacent(segments[0]!, segments[1]!)) return false;
        const first = polygonOf[segments[0]!.ring];
        if (segments.every((s) => polygonOf[s.ring] === first)) found.self += 1;
        // Neighbouring parcels share vertices: only an edge crossed inside counts between polygons.
        else if (inside) found.between += 1;
        return found.self > limits.self || found.between > limits.between;
      };
      return { state: found, classify };
    });
  } catch {
    throw new GeometryRefused('uncheckable', limits.self);
  }
}
