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

/** The sun's elevation (degrees) at a place and time: NOAA's low-precision formulae, good to a fraction of a degree. */
export function sunElevationDeg(at: LonLat, timeMs: number): number {
  const d = timeMs / 86_400_000 + 2440587.5 - 2451545.0;
  const g = (357.529 + 0.98560028 * d) * RAD;
  const q = 280.459 + 0.98564736 * d;
  const l = (q + 1.915 * Math.sin(g) + 0.02 * Math.sin(2 * g)) * RAD;
  const e = (23.439 - 0.00000036 * d) * RAD;
  const ra = Math.atan2(Math.cos(e) * Math.sin(l), Math.cos(l));
  const dec = Math.asin(Math.sin(e) * Math.sin(l));
  const gmstDeg = (18.697374558 + 24.06570982441908 * d) * 15;
  const hourAngle = (gmstDeg + at.lon) * RAD - ra;
  const lat = at.lat * RAD;
  return Math.asin(Math.sin(lat) * Math.sin(dec) + Math.cos(lat) * Math.cos(dec) * Math.cos(hourAngle)) * DEG;
}

/**
 * Expected position error of SGP4 from a TLE, km: about 1 km at the epoch, drifting 0.5–2 km a day along the
 * track; the upper rate is taken, so a widened swath errs on the side of "might be covered".
 */
export function positionUncertaintyKm(epochMs: number, atMs: number): number {
  return 1 + 2 * (Math.abs(atMs - epochMs) / 86_400_000);
}

/** Element sets older than this (days) at the start of a prediction are flagged as stale. */
export const STALE_TLE_DAYS = 14;

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
  /** Expected position error at the closest time from the element set's age (km), and the swath widened by it. */
  uncertaintyKm: number;
  /** Ground track over the pass, and the swath strip (closed ring, counter-clockwise) pointed as offNadirDeg says. */
  track: SubPoint[];
  swath: LonLat[];
  widenedSwath: LonLat[];
}

const centroidOf = (points: readonly LonLat[]): LonLat => ({
  lon: points.reduce((s, p) => s + p.lon, 0) / points.length,
  lat: points.reduce((s, p) => s + p.lat, 0) / points.length,
});

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

/** A low orbit's sub-satellite point moves at most about 7.8 km/s over the ground. */
const GROUND_SPEED_KM_S = 8;
/** Coarse samples are this many fine steps apart; only stretches near the target are sampled finely. */
const COARSE = 4;

/**
 * Every pass in the window whose swath can reach one of the target's points. The orbit is first sampled
 * every few steps with a margin of the ground covered in half such a step, so nothing within reach between
 * two coarse samples is missed; only the stretches near the target are then sampled at the fine step (on the
 * same time grid, so the passes are those of sampling everything finely).
 */
export function findPasses(satrec: SatRec, target: readonly LonLat[], options: PassOptions): Pass[] {
  if (target.length === 0) return [];
  const step = (options.stepSeconds ?? 20) * 1000;
  const reference = target.length === 1 ? target[0]! : centroidOf(target);
  const points = target.length === 1 ? target : [...target, reference];
  const nearest = (p: LonLat) => {
    let best = Number.POSITIVE_INFINITY;
    for (const t of points) best = Math.min(best, distanceKm(p, t));
    return best;
  };
  const reachOf = (p: SubPoint) => options.swathKm / 2 + groundOffsetKm(p.heightKm, options.maxOffNadirDeg);
  const margin = (GROUND_SPEED_KM_S * COARSE * step) / 2000;

  // Stretches (fine-grid indices) near the target, from the coarse samples.
  const last = Math.floor((options.endMs - options.startMs) / step);
  const stretches: [number, number][] = [];
  for (let k = 0; k <= last; k += COARSE) {
    const p = subPoint(satrec, options.startMs + k * step);
    if (p && nearest(p) > reachOf(p) + margin) continue;
    const from = Math.max(0, k - COARSE);
    const to = Math.min(last, k + COARSE);
    const previous = stretches[stretches.length - 1];
    if (previous && from <= previous[1]) previous[1] = to;
    else stretches.push([from, to]);
  }

  const passes: Pass[] = [];
  let run: { t: number; p: SubPoint }[] = [];
  const close = () => {
    if (run.length > 0) passes.push(describe(satrec, run, reference, options, step));
    run = [];
  };
  for (const [from, to] of stretches) {
    for (let k = from; k <= to; k++) {
      const t = options.startMs + k * step;
      const p = subPoint(satrec, t);
      if (p && nearest(p) <= reachOf(p)) run.push({ t, p });
      else close();
    }
    close();
  }
  return passes;
}

function describe(satrec: SatRec, run: readonly { t: number; p: SubPoint }[], reference: LonLat, options: PassOptions, step: number): Pass {
  // The closest time to the reference point: the best sample, then a ternary search a step either side.
  const distanceAt = (t: number) => {
    const p = subPoint(satrec, t);
    return p ? distanceKm(p, reference) : Number.POSITIVE_INFINITY;
  };
  let best = run[0]!;
  for (const s of run) if (distanceKm(s.p, reference) < distanceKm(best.p, reference)) best = s;
  let lo = best.t - step;
  let hi = best.t + step;
  for (let i = 0; i < 40; i++) {
    const m1 = lo + (hi - lo) / 3;
    const m2 = hi - (hi - lo) / 3;
    if (distanceAt(m1) < distanceAt(m2)) hi = m2;
    else lo = m1;
  }
  const closestMs = Math.round((lo + hi) / 2);
  const at = subPoint(satrec, closestMs) ?? best.p;
  const next = subPoint(satrec, closestMs + 1000) ?? at;
  const crossTrackKm = distanceKm(at, reference);
  const heading = bearing(at, next);
  const toTarget = bearing(at, reference);
  const side = (toTarget - heading + 360) % 360 < 180 ? 'right' : 'left';
  const offNadirDeg = Math.min(options.maxOffNadirDeg, offNadirFor(at.heightKm, crossTrackKm - options.swathKm / 2));
  const track = run.map((s) => s.p);
  const shift = groundOffsetKm(at.heightKm, offNadirDeg);
  const uncertaintyKm = positionUncertaintyKm((satrec.jdsatepoch - 2440587.5) * 86_400_000, closestMs);
  return {
    startMs: run[0]!.t,
    endMs: run[run.length - 1]!.t,
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
  };
}
