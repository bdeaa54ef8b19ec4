/**
 * world-atlas stitches Natural Earth's polygons for spherical rendering: Russia's Chukotka and Fiji
 * run across ±180° and Antarctica circles the South Pole. Read as planar lon/lat (PostGIS geometry,
 * Leaflet), such rings would wrap the whole globe, so they are cut at the antimeridian and polar rings
 * are closed along it through the pole.
 */
import type { Position, Ring } from './geometry';

/** Rings lying entirely this close to a pole are the cap world-atlas leaves around it, not land. */
const POLE_CAP_LATITUDE = 89.99;

function crossesAntimeridian(a: Position, b: Position): boolean {
  return Math.abs(b[0] - a[0]) > 180;
}

function isPoleCap(ring: Ring): boolean {
  return ring.every(([, lat]) => Math.abs(lat) >= POLE_CAP_LATITUDE);
}

/** Makes longitudes continuous (179 → 181 rather than 179 → −179); `turns` counts net circuits of the globe. */
function unwrap(ring: Ring): { ring: Ring; turns: number } {
  let offset = 0;
  const out: Ring = [];
  ring.forEach((p, i) => {
    if (i > 0 && crossesAntimeridian(ring[i - 1]!, p)) offset += p[0] < ring[i - 1]![0] ? 360 : -360;
    out.push([p[0] + offset, p[1]]);
  });
  return { ring: out, turns: Math.round((out[out.length - 1]![0] - out[0]![0]) / 360) };
}

/** Closes a ring that circles a pole: along the antimeridian at both ends, then along the pole's latitude. */
function closeThroughPole(ring: Ring): Ring {
  const crossings = ring.map((p, i) => (i > 0 && crossesAntimeridian(ring[i - 1]!, p) ? i : -1)).filter((i) => i >= 0);
  if (crossings.length !== 1) throw new Error(`A ring around a pole crosses the antimeridian ${crossings.length} times`);
  const k = crossings[0]!;
  const chain = [...ring.slice(k, -1), ...ring.slice(0, k)];
  const first = chain[0]!;
  const last = chain[chain.length - 1]!;
  const east = last[0] > first[0] ? 180 : -180; // the meridian where the chain ends
  const lastUnwrapped = last[0] - 2 * east;
  const t = (-east - lastUnwrapped) / (first[0] - lastUnwrapped);
  const latitude = last[1] + t * (first[1] - last[1]);
  const meanLatitude = chain.reduce((sum, p) => sum + p[1], 0) / chain.length;
  const pole = meanLatitude < 0 ? -90 : 90;
  return [[-east, latitude], ...chain, [east, latitude], [east, pole], [-east, pole], [-east, latitude]];
}

/** Sutherland–Hodgman clip of a closed ring to one side of the meridian x = line. */
function clipToSide(ring: Ring, line: number, keepBelow: boolean): Ring {
  const inside = (p: Position) => (keepBelow ? p[0] <= line : p[0] >= line);
  const cut = (a: Position, b: Position): Position => [line, a[1] + ((line - a[0]) * (b[1] - a[1])) / (b[0] - a[0])];
  const out: Ring = [];
  for (let i = 0; i < ring.length - 1; i++) {
    const a = ring[i]!;
    const b = ring[i + 1]!;
    if (inside(a)) {
      out.push(a);
      if (!inside(b)) out.push(cut(a, b));
    } else if (inside(b)) {
      out.push(cut(a, b));
    }
  }
  if (out.length > 0) out.push([out[0]![0], out[0]![1]]);
  return out;
}

/** Number of separate stretches of the ring beyond the line (clipping is exact only for one). */
function stretchesBeyond(ring: Ring, line: number): number {
  const beyond = ring.slice(0, -1).map((p) => (line > 0 ? p[0] > line : p[0] < line));
  return beyond.filter((b, i) => b && !beyond[(i + beyond.length - 1) % beyond.length]).length;
}

function within(hole: Ring, piece: Ring): boolean {
  const xs = piece.map((p) => p[0]);
  const x = hole[0]![0];
  return x >= Math.min(...xs) && x <= Math.max(...xs);
}

/** Splits a ring that crosses ±180° into the part on this side and the part beyond, moved back by 360°. */
function splitRing(ring: Ring): Ring[] {
  const unwrapped = unwrap(ring).ring;
  const maxX = Math.max(...unwrapped.map((p) => p[0]));
  const line = maxX > 180 ? 180 : -180;
  if (stretchesBeyond(unwrapped, line) > 1)
    throw new Error('A ring crosses the antimeridian more than twice; cutting it needs a full polygon splitter');
  const near = clipToSide(unwrapped, line, line > 0);
  const far = clipToSide(unwrapped, line, line < 0).map(([x, y]): Position => [x - 2 * line, y]);
  return [near, far].filter((r) => r.length >= 4);
}

/** Cuts one polygon (exterior ring first) into planar polygons that stay within −180…180°. */
export function cutAtAntimeridian(polygon: readonly Ring[]): Ring[][] {
  const rings = polygon.filter((r) => !isPoleCap(r));
  const [exterior, ...holes] = rings;
  if (!exterior) return [];
  if (holes.some((h) => h.some((p, i) => i > 0 && crossesAntimeridian(h[i - 1]!, p)))) {
    throw new Error('A hole crosses the antimeridian; cutting it is not supported');
  }
  if (unwrap(exterior).turns !== 0) return [[closeThroughPole(exterior), ...holes]];
  if (!exterior.some((p, i) => i > 0 && crossesAntimeridian(exterior[i - 1]!, p))) return [rings];
  return splitRing(exterior).map((piece) => [piece, ...holes.filter((h) => within(h, piece))]);
}
