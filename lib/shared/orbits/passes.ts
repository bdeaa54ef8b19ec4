/**
 * Passes of a satellite over a target (issue 22's prediction core): when its ground track comes close
 * enough for the swath to reach the target, the off-nadir angle that would centre on it, the pass direction,
 * the sun over the target, and the swath strip on the ground. Pure and synchronous: the server runs it in a
 * worker over many satellites and clips the strips to the area in PostGIS.
 *
 * The target is a set of points (a polygon's vertices and centroid, or one point): a pass is a run of
 * samples whose sub-satellite point lies within reach of any of them, reach being half the swath plus the
 * ground offset of the largest off-nadir angle allowed (zero for nadir-only). Geometry is spherical (mean
 * Earth radius): the swath width is exact across the track, within a fraction of a percent of the ellipsoid.
 */
import { eciToGeodetic, gstime, propagate, type SatRec } from 'satellite.js';
import { bearing, destination, distanceKm, EARTH_RADIUS_KM, type LonLat } from '../geo/sphere';
import { insideRings } from '../geo/point-in-polygon';
import { sunPosition } from '../geo/sun';
import { certainSwathKm, elementAgeDays, positionUncertaintyKm } from './uncertainty';

const DEG = 180 / Math.PI;
const RAD = Math.PI / 180;

export interface SubPoint extends LonLat {
  heightKm: number;
}

/** The sub-satellite point at a time (ms since 1970), or null where SGP4 gives up. */
export function subPoint(satrec: SatRec, timeMs: number): SubPoint | null {
  const date = new Date(timeMs);
  const state = propagate(satrec, date);
  if (!state || satrec.error !== 0) return null;
  const g = eciToGeodetic(state.position, gstime(date));
  return { lon: ((((g.longitude * DEG + 540) % 360) + 360) % 360) - 180, lat: g.latitude * DEG, heightKm: g.height };
}

/** Ground distance (km) from the nadir to where a view `offNadirDeg` off nadir meets the ground, from height h. */
export function groundOffsetKm(heightKm: number, offNadirDeg: number): number {
  const theta = offNadirDeg * RAD;
  const s = ((EARTH_RADIUS_KM + heightKm) / EARTH_RADIUS_KM) * Math.sin(theta);
  if (s >= 1) return Number.POSITIVE_INFINITY; // beyond the horizon
  return EARTH_RADIUS_KM * (Math.asin(s) - theta);
}

/** The off-nadir angle (degrees) whose view meets the ground `offsetKm` from the nadir (bisection; monotonic). */
export function offNadirFor(heightKm: number, offsetKm: number): number {
  if (offsetKm <= 0) return 0;
  let lo = 0;
  let hi = 89;
  for (let i = 0; i < 50; i++) {
    const mid = (lo + hi) / 2;
    if (groundOffsetKm(heightKm, mid) < offsetKm) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** The sun's elevation (degrees) at a place and time (lib/shared/geo/sun.ts, as the demo catalogue's scenes use). */
export function sunElevationDeg(at: LonLat, timeMs: number): number {
  return sunPosition(timeMs, at.lon, at.lat).elevation;
}

export interface PassOptions {
  startMs: number;
  endMs: number;
  /** Full swath width at nadir, km. */
  swathKm: number;
  /** Largest off-nadir (side-looking) angle allowed; 0 for nadir-only coverage. */
  maxOffNadirDeg: number;
  /** Sampling step along the orbit, seconds (a low orbit moves ~7 km/s over the ground). */
  stepSeconds?: number;
}

export interface Pass {
  startMs: number;
  endMs: number;
  /** When the ground track is closest to the target's reference point (its centroid). */
  closestMs: number;
  ascending: boolean;
  /** Ground distance from the track to the reference point at the closest time, km. */
  crossTrackKm: number;
  /** Off-nadir angle that centres the swath's edge on the reference point (0 when it lies inside the nadir swath). */
  offNadirDeg: number;
  /** Which side of the track the reference point lies on, looking along it. */
  side: 'left' | 'right';
  heightKm: number;
  sunElevationDeg: number;
  /** Expected position error at the closest time from the element set's age (km, ./uncertainty.ts). */
  uncertaintyKm: number;
  /** Ground track over the pass, and the swath strip (closed ring, counter-clockwise) pointed as offNadirDeg says. */
  track: SubPoint[];
  swath: LonLat[];
  /** The strip widened by the uncertainty on both sides: where the pass may image. */
  widenedSwath: LonLat[];
  /** The strip narrowed by it on both sides: what the pass images wherever it really is; empty when nothing is certain. */
  certainSwath: LonLat[];
}

/** The swath strip along a track: the nadir swath shifted `shiftKm` to one side, as a closed counter-clockwise ring. */
export function swathRing(track: readonly LonLat[], swathKm: number, shiftKm: number, side: 'left' | 'right'): LonLat[] {
  if (track.length < 2) return [];
  const sign = side === 'right' ? 1 : -1;
  const left: LonLat[] = [];
  const right: LonLat[] = [];
  track.forEach((p, i) => {
    const a = track[Math.max(0, i - 1)]!;
    const b = track[Math.min(track.length - 1, i + 1)]!;
    const heading = bearing(a, b);
    const centre = shiftKm > 0 ? destination(p, heading + 90 * sign, shiftKm) : p;
    right.push(destination(centre, heading + 90, swathKm / 2));
    left.push(destination(centre, heading - 90, swathKm / 2));
  });
  const ring = [...right, ...left.reverse()];
  // Counter-clockwise in lon/lat for OGC exteriors: reverse if the shoelace sum says clockwise.
  let twice = 0;
  for (let i = 0; i < ring.length; i++) {
    const p = ring[i]!;
    const q = ring[(i + 1) % ring.length]!;
    twice += p.lon * q.lat - q.lon * p.lat;
  }
  const ordered = twice < 0 ? ring.reverse() : ring;
  return [...ordered, ordered[0]!];
}

/** A low orbit's sub-satellite point moves at most about 7.5 km/s over the (rotating) ground; 8 bounds it. */
const GROUND_SPEED_KM_S = 8;

/**
 * What passes are searched against: a reference point (the area's centre: closest time, off-nadir angle,
 * sun) and the ground distance from a sub-satellite point to the target (0 inside an area).
 */
export interface PassTarget {
  reference: LonLat;
  distanceKm(p: LonLat): number;
}

const centroidOf = (points: readonly LonLat[]): LonLat => ({
  lon: points.reduce((s, p) => s + p.lon, 0) / points.length,
  lat: points.reduce((s, p) => s + p.lat, 0) / points.length,
});

/** A set of points (one point, or a polygon's vertices and centroid): the distance to the nearest. */
export function pointsTarget(points: readonly LonLat[]): PassTarget {
  const reference = points.length === 1 ? points[0]! : centroidOf(points);
  const all = points.length === 1 ? points : [...points, reference];
  return {
    reference,
    distanceKm(p) {
      let best = Number.POSITIVE_INFINITY;
      for (const t of all) best = Math.min(best, distanceKm(p, t));
      return best;
    },
  };
}

const KM_PER_DEG_LAT = (Math.PI * EARTH_RADIUS_KM) / 180;

/**
 * An area (polygons of rings in lon/lat, not across the antimeridian): 0 inside, else the distance to its
 * outline. Far away (beyond the outline's radius around the reference plus `nearKm`) the great-circle
 * distance to the reference less that radius is used — a lower bound, so a skip on it never jumps over the
 * area; near, the distance to the nearest edge in a local equirectangular frame (well under 1 % off within
 * a few hundred kilometres).
 */
export function areaTarget(polygons: readonly (readonly (readonly LonLat[])[])[], reference: LonLat, nearKm = 1500): PassTarget {
  const rings = polygons.flat().filter((r) => r.length >= 3);
  let radius = 0;
  for (const ring of rings) for (const v of ring) radius = Math.max(radius, distanceKm(reference, v));
  const positions = rings.map((r) => r.map((v): [number, number] => [v.lon, v.lat]));
  const inside = (p: LonLat) => insideRings(positions, [p.lon, p.lat]);
  return {
    reference,
    distanceKm(p) {
      const far = distanceKm(p, reference) - radius;
      if (far > nearKm) return far;
      if (inside(p)) return 0;
      const kx = KM_PER_DEG_LAT * Math.cos(p.lat * RAD);
      let best = Number.POSITIVE_INFINITY;
      for (const ring of rings)
        for (let i = 0; i + 1 < ring.length; i++) {
          const ax = (ring[i]!.lon - p.lon) * kx;
          const ay = (ring[i]!.lat - p.lat) * KM_PER_DEG_LAT;
          const bx = (ring[i + 1]!.lon - p.lon) * kx;
          const by = (ring[i + 1]!.lat - p.lat) * KM_PER_DEG_LAT;
          const dx = bx - ax;
          const dy = by - ay;
          const len2 = dx * dx + dy * dy;
          const t = len2 > 0 ? Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2)) : 0;
          best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
        }
      return best;
    },
  };
}

/**
 * Every pass in the window whose swath can reach the target. The orbit is sampled on a fixed time grid
 * (`stepSeconds`), but far from the target whole stretches are skipped: a sample `excess` km beyond reach
 * cannot come within reach for excess / (8 km/s) seconds, so the next sample looked at is the first grid
 * time after that (most of an orbit is thousands of kilometres away). Samples within half a step's ground
 * distance of reach are candidates — between two samples the track is never further than that from one of
 * them, so no pass is missed however short (a narrow swath over a county lasts a few seconds); each run of
 * candidates is then searched between its grid times for the closest approach, and kept only if that is within
 * reach, with its start and end refined by bisection.
 */
export function findPasses(satrec: SatRec, target: readonly LonLat[] | PassTarget, options: PassOptions): Pass[] {
  const t = 'distanceKm' in target ? target : target.length > 0 ? pointsTarget(target) : null;
  if (!t) return [];
  const step = (options.stepSeconds ?? 20) * 1000;
  const stepKm = (GROUND_SPEED_KM_S * step) / 1000;
  const excessAt = (p: SubPoint) => t.distanceKm(p) - options.swathKm / 2 - groundOffsetKm(p.heightKm, options.maxOffNadirDeg);
  const last = Math.floor((options.endMs - options.startMs) / step);

  const passes: Pass[] = [];
  let run: { t: number; p: SubPoint; excess: number }[] = [];
  const close = () => {
    if (run.length > 0) {
      const pass = refine(satrec, run, t, options, step, excessAt);
      if (pass) passes.push(pass);
    }
    run = [];
  };
  for (let k = 0; k <= last;) {
    const time = options.startMs + k * step;
    const p = subPoint(satrec, time);
    if (!p) {
      close();
      k++;
      continue;
    }
    const excess = excessAt(p);
    if (excess <= stepKm / 2) {
      run.push({ t: time, p, excess });
      k++;
    } else {
      close();
      k += Math.max(1, Math.floor((excess - stepKm / 2) / stepKm) + 1);
    }
  }
  close();
  return passes.filter((p) => p.endMs >= options.startMs && p.startMs <= options.endMs);
}

/** A run of candidate samples: the pass within it, if the swath's reach does meet the target. */
function refine(
  satrec: SatRec,
  run: readonly { t: number; p: SubPoint; excess: number }[],
  target: PassTarget,
  options: PassOptions,
  step: number,
  excessAt: (p: SubPoint) => number,
): Pass | null {
  const excessOf = (time: number) => {
    const p = subPoint(satrec, time);
    return p ? excessAt(p) : Number.POSITIVE_INFINITY;
  };
  // The deepest point: the best sample, then a ternary search a step either side (the excess is unimodal
  // over the two steps around a single approach).
  let best = run[0]!;
  for (const s of run) if (s.excess < best.excess) best = s;
  let deepest = best.t;
  if (best.excess > 0) {
    let lo = best.t - step;
    let hi = best.t + step;
    for (let i = 0; i < 40; i++) {
      const m1 = lo + (hi - lo) / 3;
      const m2 = hi - (hi - lo) / 3;
      if (excessOf(m1) < excessOf(m2)) hi = m2;
      else lo = m1;
    }
    deepest = (lo + hi) / 2;
    if (excessOf(deepest) > 0) return null; // the track passes near, but the swath does not reach
  }
  // Start and end: where the reach meets the target, by bisection to 0.1 s from the deepest point outwards
  // (the samples either side of the run are beyond reach).
  const edge = (inside: number, outside: number) => {
    let a = inside;
    let b = outside;
    while (Math.abs(b - a) > 100) {
      const m = (a + b) / 2;
      if (excessOf(m) <= 0) a = m;
      else b = m;
    }
    return Math.round(a);
  };
  let inFirst = deepest;
  for (const s of run) if (s.excess <= 0 && s.t < inFirst) inFirst = s.t;
  let inLast = deepest;
  for (const s of run) if (s.excess <= 0 && s.t > inLast) inLast = s.t;
  const startMs = edge(inFirst, Math.min(inFirst, run[0]!.t) - step);
  const endMs = edge(inLast, Math.max(inLast, run[run.length - 1]!.t) + step);
  return describe(satrec, startMs, endMs, target, options, step);
}

function describe(satrec: SatRec, startMs: number, endMs: number, target: PassTarget, options: PassOptions, step: number): Pass {
  const reference = target.reference;
  // The closest time to the reference point: the best of the pass's sampled times, then a ternary search a
  // step either side.
  const distanceAt = (t: number) => {
    const p = subPoint(satrec, t);
    return p ? distanceKm(p, reference) : Number.POSITIVE_INFINITY;
  };
  const times: number[] = [startMs - step, startMs];
  for (let t = startMs + step; t < endMs; t += step) times.push(t);
  times.push(endMs, endMs + step);
  let bestT = startMs;
  for (const t of times) if (t >= startMs && t <= endMs && distanceAt(t) < distanceAt(bestT)) bestT = t;
  let lo = Math.max(startMs - step, bestT - step);
  let hi = bestT + step;
  for (let i = 0; i < 40; i++) {
    const m1 = lo + (hi - lo) / 3;
    const m2 = hi - (hi - lo) / 3;
    if (distanceAt(m1) < distanceAt(m2)) hi = m2;
    else lo = m1;
  }
  const closestMs = Math.round((lo + hi) / 2);
  const at = subPoint(satrec, closestMs) ?? subPoint(satrec, bestT)!;
  const next = subPoint(satrec, closestMs + 1000) ?? at;
  const crossTrackKm = distanceKm(at, reference);
  const heading = bearing(at, next);
  const toTarget = bearing(at, reference);
  const side = (toTarget - heading + 360) % 360 < 180 ? 'right' : 'left';
  const offNadirDeg = Math.min(options.maxOffNadirDeg, offNadirFor(at.heightKm, crossTrackKm - options.swathKm / 2));

  // The strip runs a step beyond both ends, so that clipping to the area, not the sampling, decides its ends.
  const track = times.map((t) => subPoint(satrec, t)).filter((p): p is SubPoint => p !== null);
  const shift = groundOffsetKm(at.heightKm, offNadirDeg);
  const uncertaintyKm = positionUncertaintyKm(elementAgeDays((satrec.jdsatepoch - 2440587.5) * 86_400_000, closestMs));
  const certainKm = certainSwathKm(options.swathKm, uncertaintyKm);
  return {
    startMs,
    endMs,
    closestMs,
    ascending: next.lat > at.lat,
    crossTrackKm,
    offNadirDeg,
    side,
    heightKm: at.heightKm,
    sunElevationDeg: sunElevationDeg(reference, closestMs),
    uncertaintyKm,
    track,
    swath: swathRing(track, options.swathKm, shift, side),
    widenedSwath: swathRing(track, options.swathKm + 2 * uncertaintyKm, shift, side),
    certainSwath: certainKm > 0 ? swathRing(track, certainKm, shift, side) : [],
  };
}
