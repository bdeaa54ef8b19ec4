/**
 * Plain-coordinate geometry helpers for the region build: coordinate mapping, local metric areas and
 * distances (equirectangular, exact enough at the scale of a triangle or a county), and the final
 * clean-up of a simplified MultiPolygon (rounding, degenerate rings, RFC 7946 winding).
 */
export type Position = [number, number];
export type Ring = Position[];
export type PolygonCoordinates = Ring[];
export type MultiPolygonCoordinates = PolygonCoordinates[];

export interface MultiPolygon {
  type: 'MultiPolygon';
  coordinates: MultiPolygonCoordinates;
}

/** Metres per degree of latitude (mean Earth radius 6,371,008.8 m). */
export const METRES_PER_DEGREE = (Math.PI / 180) * 6371008.8;

export function mapPositions(coordinates: MultiPolygonCoordinates, fn: (lon: number, lat: number) => Position): MultiPolygonCoordinates {
  return coordinates.map((polygon) => polygon.map((ring) => ring.map(([lon, lat]) => fn(lon, lat))));
}

/** Twice the signed planar area of a ring in squared degrees; positive when counter-clockwise. */
function doubledSignedArea(ring: readonly (readonly number[])[]): number {
  let sum = 0;
  for (let i = 0, n = ring.length - 1; i < n; i++) {
    const [x1, y1] = ring[i]!;
    const [x2, y2] = ring[i + 1]!;
    sum += x1! * y2! - x2! * y1!;
  }
  return sum;
}

/** Area of a ring in square metres, scaled at the ring's mean latitude. */
export function ringAreaSquareMetres(ring: readonly (readonly number[])[]): number {
  if (ring.length < 4) return 0;
  let latSum = 0;
  for (const p of ring) latSum += p[1]!;
  const cosLat = Math.cos(((latSum / ring.length) * Math.PI) / 180);
  return (Math.abs(doubledSignedArea(ring)) / 2) * METRES_PER_DEGREE * METRES_PER_DEGREE * cosLat;
}

/** Area in square metres of the triangle a–b–c (the Visvalingam weight of b). */
export function triangleAreaSquareMetres(a: readonly number[], b: readonly number[], c: readonly number[]): number {
  const cosLat = Math.cos((b[1]! * Math.PI) / 180);
  const abx = (b[0]! - a[0]!) * cosLat;
  const aby = b[1]! - a[1]!;
  const acx = (c[0]! - a[0]!) * cosLat;
  const acy = c[1]! - a[1]!;
  return (Math.abs(abx * acy - aby * acx) / 2) * METRES_PER_DEGREE * METRES_PER_DEGREE;
}

/** Distance in metres from p to the segment a–b. */
export function distanceToSegmentMetres(p: readonly number[], a: readonly number[], b: readonly number[]): number {
  const cosLat = Math.cos((p[1]! * Math.PI) / 180);
  const ax = a[0]! * cosLat;
  const ay = a[1]!;
  const dx = b[0]! * cosLat - ax;
  const dy = b[1]! - ay;
  const px = p[0]! * cosLat - ax;
  const py = p[1]! - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, (px * dx + py * dy) / lengthSquared));
  return Math.hypot(px - t * dx, py - t * dy) * METRES_PER_DEGREE;
}

export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const rounded = Math.round(value * factor) / factor;
  return rounded === 0 ? 0 : rounded; // no "-0" in the output
}

/** Rounds a ring, removes repeated consecutive positions and closes it. */
export function roundRing(ring: readonly (readonly number[])[], decimals: number): Ring {
  const out: Ring = [];
  for (const p of ring) {
    const q: Position = [roundTo(p[0]!, decimals), roundTo(p[1]!, decimals)];
    const last = out[out.length - 1];
    if (!last || last[0] !== q[0] || last[1] !== q[1]) out.push(q);
  }
  const first = out[0];
  const last = out[out.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) out.push([first[0], first[1]]);
  return out;
}

/** A ring that is closed, has at least four positions and encloses some area. */
export function isUsableRing(ring: Ring): boolean {
  return ring.length >= 4 && doubledSignedArea(ring) !== 0;
}

/** RFC 7946 winding: exterior rings counter-clockwise, holes clockwise. */
function wound(ring: Ring, exterior: boolean): Ring {
  const counterClockwise = doubledSignedArea(ring) > 0;
  return counterClockwise === exterior ? ring : [...ring].reverse();
}

export interface CleanResult {
  geometry: MultiPolygon | null;
  droppedRings: number;
}

/**
 * Rounds every position and drops what rounding or simplification left degenerate: rings with
 * fewer than four positions or no area, and polygons whose exterior ring went (with their holes).
 */
export function cleanMultiPolygon(coordinates: readonly (readonly (readonly (readonly number[])[])[])[], decimals: number): CleanResult {
  let droppedRings = 0;
  const polygons: MultiPolygonCoordinates = [];
  for (const polygon of coordinates) {
    const [exterior, ...holes] = polygon.map((ring) => roundRing(ring, decimals));
    if (!exterior || !isUsableRing(exterior)) {
      droppedRings += polygon.length;
      continue;
    }
    const usableHoles = holes.filter(isUsableRing);
    droppedRings += holes.length - usableHoles.length;
    polygons.push([wound(exterior, true), ...usableHoles.map((h) => wound(h, false))]);
  }
  return { geometry: polygons.length > 0 ? { type: 'MultiPolygon', coordinates: polygons } : null, droppedRings };
}
