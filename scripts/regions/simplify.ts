/**
 * Topology-preserving simplification of every region at once. All levels go into ONE topology, so a
 * border that a county, its city, its province and the country share is a single arc, simplified once:
 * neighbours and levels cannot drift apart. Points are ranked by Visvalingam effective area in m²
 * (topojson-simplify's presimplify with a metric weight); a level of detail keeps the points above its
 * threshold plus the few "pinned" points that stop chosen rings (islands, small units) from collapsing.
 */
import { feature, mergeArcs } from 'topojson-client';
import { topology as buildTopologyFromGeoJson } from 'topojson-server';
import { presimplify } from 'topojson-simplify';
import type { GeometryObject, MultiPolygon as TopoMultiPolygon, Objects, Polygon as TopoPolygon, Topology } from 'topojson-specification';
import { distanceToSegmentMetres, ringAreaSquareMetres, triangleAreaSquareMetres, type MultiPolygon } from './geometry';

/** Arc indices of one ring; a negative index ~i means arc i reversed. */
type ArcRing = number[];

export interface RingInfo {
  arcs: ArcRing;
  areaSquareMetres: number;
  /** The exterior ring of the object's largest polygon. */
  largest: boolean;
}

/** Decides whether a ring must survive a level of detail even when its points fall below the threshold. */
export type RingPolicy = (ring: RingInfo) => boolean;

export interface DeviationStats {
  removedPoints: number;
  keptPoints: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Presimplified topology over every region, keyed by code, plus each region's rings. */
export interface RegionTopology {
  topology: Topology;
  rings: Map<string, RingInfo[]>;
}

function polygonsOf(object: GeometryObject): ArcRing[][] {
  if (object.type === 'Polygon') return [(object as TopoPolygon).arcs];
  if (object.type === 'MultiPolygon') return (object as TopoMultiPolygon).arcs;
  return [];
}

function ringPositions(arcs: number[][][], ring: ArcRing): number[][] {
  const positions: number[][] = [];
  for (const ref of ring) {
    const arc = ref < 0 ? [...arcs[~ref]!].reverse() : arcs[ref]!;
    positions.push(...(positions.length > 0 ? arc.slice(1) : arc));
  }
  return positions;
}

function describeRings(arcs: number[][][], object: GeometryObject): RingInfo[] {
  const rings: RingInfo[] = [];
  let largest: RingInfo | undefined;
  for (const polygon of polygonsOf(object)) {
    polygon.forEach((ring, i) => {
      const info = { arcs: ring, areaSquareMetres: ringAreaSquareMetres(ringPositions(arcs, ring)), largest: false };
      if (i === 0 && (!largest || info.areaSquareMetres > largest.areaSquareMetres)) largest = info;
      rings.push(info);
    });
  }
  if (largest) largest.largest = true;
  return rings;
}

/**
 * Builds the shared topology (objects inserted in code order, so the output is deterministic), adds
 * the merged regions (union of their children through shared arcs) and ranks every point.
 */
export function buildRegionTopology(
  geometries: ReadonlyMap<string, MultiPolygon>,
  merged: ReadonlyMap<string, readonly string[]>,
): RegionTopology {
  const codes = [...geometries.keys()].sort();
  const input: Record<string, MultiPolygon> = {};
  for (const code of codes) input[code] = geometries.get(code)!;
  const raw = buildTopologyFromGeoJson(input);
  for (const [code, children] of [...merged].sort(([a], [b]) => a.localeCompare(b))) {
    raw.objects[code] = mergeArcs(
      raw,
      children.map((c) => raw.objects[c] as TopoPolygon | TopoMultiPolygon),
    );
  }
  const ranked = presimplify(raw as unknown as Topology<Objects<object>>, ([a, b, c]) => triangleAreaSquareMetres(a, b, c));
  const rings = new Map<string, RingInfo[]>();
  for (const code of Object.keys(ranked.objects).sort()) rings.set(code, describeRings(ranked.arcs, ranked.objects[code]!));
  return { topology: ranked, rings };
}

function weightOf(point: readonly number[]): number {
  return point[2] ?? Infinity;
}

/** Pins the highest-ranked dropped points of a ring until it keeps three vertices (a closed ring of four positions). */
function pinRing(arcs: number[][][], ring: ArcRing, threshold: number, pins: Map<number, Set<number>>): void {
  let vertices = 0;
  const candidates: { arc: number; index: number; weight: number }[] = [];
  for (const ref of ring) {
    const arcIndex = ref < 0 ? ~ref : ref;
    const arc = arcs[arcIndex]!;
    const pinned = pins.get(arcIndex);
    vertices += 1; // the arc's start; its end is the next arc's start
    for (let j = 1; j < arc.length - 1; j++) {
      if (weightOf(arc[j]!) >= threshold || pinned?.has(j)) vertices++;
      else candidates.push({ arc: arcIndex, index: j, weight: weightOf(arc[j]!) });
    }
  }
  if (vertices >= 3) return;
  candidates.sort((x, y) => y.weight - x.weight || x.arc - y.arc || x.index - y.index);
  for (const c of candidates.slice(0, 3 - vertices)) {
    const set = pins.get(c.arc) ?? new Set<number>();
    set.add(c.index);
    pins.set(c.arc, set);
  }
}

function pinsFor(region: RegionTopology, threshold: number, policy: RingPolicy): Map<number, Set<number>> {
  const pins = new Map<number, Set<number>>();
  for (const code of [...region.rings.keys()].sort()) {
    for (const ring of region.rings.get(code)!) if (policy(ring)) pinRing(region.topology.arcs, ring.arcs, threshold, pins);
  }
  return pins;
}

function keptIndices(arc: readonly number[][], threshold: number, pinned: ReadonlySet<number> | undefined): number[] {
  const kept: number[] = [];
  arc.forEach((point, j) => {
    if (weightOf(point) >= threshold || pinned?.has(j)) kept.push(j);
  });
  return kept;
}

export interface LevelOfDetail {
  /** Topology with only the kept points; read features from it with `featureGeometry`. */
  topology: Topology;
  deviation: DeviationStats;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

/** Keeps the points ranked at or above `threshold` (m²) plus pinned ones; measures how far removed points lie from the result. */
export function simplifyAt(region: RegionTopology, threshold: number, policy: RingPolicy): LevelOfDetail {
  const pins = pinsFor(region, threshold, policy);
  const distances: number[] = [];
  let keptPoints = 0;
  const arcs = region.topology.arcs.map((arc, i) => {
    const kept = keptIndices(arc, threshold, pins.get(i));
    keptPoints += kept.length;
    for (let k = 1; k < kept.length; k++) {
      const a = arc[kept[k - 1]!]!;
      const b = arc[kept[k]!]!;
      for (let j = kept[k - 1]! + 1; j < kept[k]!; j++) distances.push(distanceToSegmentMetres(arc[j]!, a, b));
    }
    return kept.map((j) => [arc[j]![0]!, arc[j]![1]!]);
  });
  const sorted = Float64Array.from(distances).sort();
  return {
    topology: { ...region.topology, arcs },
    deviation: {
      removedPoints: sorted.length,
      keptPoints,
      p50: percentile(sorted, 0.5),
      p95: percentile(sorted, 0.95),
      p99: percentile(sorted, 0.99),
      max: sorted.length > 0 ? sorted[sorted.length - 1]! : 0,
    },
  };
}

/** The geometry of one region at a level of detail, as MultiPolygon coordinates (possibly empty). */
export function featureCoordinates(lod: LevelOfDetail, code: string): number[][][][] {
  const object = lod.topology.objects[code];
  if (!object) throw new Error(`No region ${code} in the topology`);
  const geometry = (feature(lod.topology, object) as GeoJSON.Feature).geometry;
  if (geometry?.type === 'Polygon') return [geometry.coordinates];
  if (geometry?.type === 'MultiPolygon') return geometry.coordinates;
  return [];
}
