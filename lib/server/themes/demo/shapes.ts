import 'server-only';
/**
 * Random draws and plane shapes of the theme demo data, in metres around a point and written as WKT in
 * EPSG:4326 (a local equirectangular frame: good to well under 1 % over the tens of kilometres used).
 */
import { normal, weighted, type Rng } from '../../../shared/random';

export { normal, weighted };

export const METRES_PER_DEGREE = 111_320;

export type Xy = readonly [number, number];


/** Log-normal around `median`, clamped to [min, max]. */
export function logNormal(rng: Rng, median: number, sigma: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, median * Math.exp(sigma * normal(rng))));
}


export function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)]!;
}

/** The plane around (lon, lat): metres east/north to degrees and back. */
export interface Frame {
  lon: number;
  lat: number;
}

export function toLonLat(frame: Frame, [x, y]: Xy): Xy {
  const perLon = METRES_PER_DEGREE * Math.cos((frame.lat * Math.PI) / 180);
  return [frame.lon + x / perLon, frame.lat + y / METRES_PER_DEGREE];
}

export function rotate([x, y]: Xy, angle: number): Xy {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [x * c - y * s, x * s + y * c];
}

/** Shoelace area of a ring (m², positive for counter-clockwise). */
export function ringArea(ring: readonly Xy[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i]!;
    const [x2, y2] = ring[(i + 1) % ring.length]!;
    sum += x1 * y2 - x2 * y1;
  }
  return sum / 2;
}

/** Ray casting: whether a point lies inside a ring (open: the closing vertex is implied). */
export function insideRing(ring: readonly Xy[], [x, y]: Xy): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * A smooth blob of the given area: a radius that varies with a few low harmonics of the angle, so the
 * ring is star-shaped around its centre and therefore simple (never self-intersecting).
 */
export function blob(rng: Rng, areaM2: number, vertices: number, roughness: number): Xy[] {
  const harmonics = [2, 3, 4, 5].map((k) => ({ k, a: (roughness * rng()) / (k - 1), phase: rng() * 2 * Math.PI }));
  const factor = (t: number) => 1 + harmonics.reduce((s, h) => s + h.a * Math.cos(h.k * t + h.phase), 0);
  const unit: Xy[] = Array.from({ length: vertices }, (_, i) => {
    const t = (2 * Math.PI * i) / vertices;
    const r = Math.max(0.25, factor(t));
    return [r * Math.cos(t), r * Math.sin(t)];
  });
  const scale = Math.sqrt(areaM2 / ringArea(unit));
  return unit.map(([x, y]) => [x * scale, y * scale]);
}

/** A rectangle of the given area and aspect (length / width), rotated, centred on the origin. */
export function rectangle(areaM2: number, aspect: number, angle: number, offset: Xy = [0, 0]): Xy[] {
  const width = Math.sqrt(areaM2 / aspect);
  const length = width * aspect;
  return (
    [
      [-length / 2, -width / 2],
      [length / 2, -width / 2],
      [length / 2, width / 2],
      [-length / 2, width / 2],
    ] as Xy[]
  ).map(([x, y]) => rotate([x + offset[0], y + offset[1]], angle));
}

/** An L-shaped site: a rectangle missing one corner quadrant (simple, counter-clockwise). */
export function lShape(areaM2: number, aspect: number, angle: number, cut: number): Xy[] {
  // The full rectangle minus a corner of cut² of it: scale so the remaining area is areaM2.
  const full = areaM2 / (1 - cut * cut);
  const width = Math.sqrt(full / aspect);
  const length = width * aspect;
  const l = length / 2;
  const w = width / 2;
  const cx = l - 2 * l * cut;
  const cy = w - 2 * w * cut;
  const ring: Xy[] = [
    [-l, -w],
    [l, -w],
    [l, cy],
    [cx, cy],
    [cx, w],
    [-l, w],
  ];
  return ring.map((p) => rotate(p, angle));
}

function coordinates(frame: Frame, ring: readonly Xy[], closed: boolean): string {
  const points = ring.map((p) => {
    const [lon, lat] = toLonLat(frame, p);
    return `${lon.toFixed(6)} ${lat.toFixed(6)}`;
  });
  if (closed) points.push(points[0]!);
  return points.join(',');
}

/** WKT of polygons given as outer rings (each counter-clockwise) and optional holes. */
export function multiPolygonWkt(frame: Frame, polygons: readonly (readonly (readonly Xy[])[])[]): string {
  const parts = polygons.map((rings) => `(${rings.map((ring) => `(${coordinates(frame, ring, true)})`).join(',')})`);
  return `MULTIPOLYGON(${parts.join(',')})`;
}

export function pointWkt(frame: Frame, p: Xy = [0, 0]): string {
  const [lon, lat] = toLonLat(frame, p);
  return `POINT(${lon.toFixed(6)} ${lat.toFixed(6)})`;
}

export function multiLineWkt(frame: Frame, line: readonly Xy[]): string {
  return `MULTILINESTRING((${coordinates(frame, line, false)}))`;
}

/**
 * A road: a walk along a slowly turning general direction with a damped, bounded deviation from it, so
 * it bends like a road laid out in the landscape rather than a straight dart or a scribble; re-centred
 * so its middle vertex is the origin. `straightness` near 1 gives the long gentle curves of expressways.
 */
export function roadLine(rng: Rng, lengthM: number, step: number, straightness: number): Xy[] {
  const steps = Math.max(2, Math.round(lengthM / step));
  let goal = rng() * 2 * Math.PI;
  let deviation = 0;
  const bend = (1 - straightness) * 0.25;
  const drift = (1 - straightness) * 0.03;
  const points: Xy[] = [[0, 0]];
  let x = 0;
  let y = 0;
  for (let i = 0; i < steps; i++) {
    goal += drift * normal(rng);
    deviation = Math.max(-1.1, Math.min(1.1, 0.85 * deviation + bend * normal(rng)));
    x += Math.cos(goal + deviation) * step;
    y += Math.sin(goal + deviation) * step;
    points.push([x, y]);
  }
  const [mx, my] = points[Math.floor(points.length / 2)]!;
  return points.map(([px, py]) => [px - mx, py - my]);
}

export function lineLength(line: readonly Xy[]): number {
  let sum = 0;
  for (let i = 1; i < line.length; i++) sum += Math.hypot(line[i]![0] - line[i - 1]![0], line[i]![1] - line[i - 1]![1]);
  return sum;
}
