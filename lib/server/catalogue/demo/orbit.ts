import 'server-only';
/**
 * Ground tracks from two-line elements with satellite.js (SGP4). The demo catalogue propagates TLEs of
 * August 2026 over a two-year window: SGP4 that far from the epoch is off by hundreds of kilometres (and
 * the real orbits were manoeuvred meanwhile), which is fine for plausible demo ground tracks — the
 * passes have the right inclination, local time, speed and heading — and useless for pass prediction.
 */
import { eciToGeodetic, gstime, sgp4, twoline2satrec, type SatRec } from 'satellite.js';
import { parseTles, type Tle } from '../../../shared/satellites/tle';
import { bearing, type LonLat } from '../../../shared/geo/sphere';

const DEG = 180 / Math.PI;
const MS_PER_DAY = 86_400_000;
const JD_UNIX_EPOCH = 2440587.5;

export { parseTles, type Tle };

export interface SubPoint extends LonLat {
  /** Height above the ellipsoid, km. */
  height: number;
}

export class Orbit {
  readonly satrec: SatRec;
  /** Revolutions per day. */
  readonly revsPerDay: number;
  /** Revolution number at the epoch (TLE line 2, columns 64–68). */
  private readonly epochRev: number;
  readonly inclinationDeg: number;

  constructor(readonly tle: Tle) {
    this.satrec = twoline2satrec(tle.line1, tle.line2);
    this.revsPerDay = (this.satrec.no * 1440) / (2 * Math.PI);
    this.epochRev = Number(tle.line2.slice(63, 68).trim() || '0');
    this.inclinationDeg = this.satrec.inclo * DEG;
  }

  /** Sub-satellite point at a time (ms since 1970), or null where SGP4 gives up. */
  at(timeMs: number): SubPoint | null {
    const jd = timeMs / MS_PER_DAY + JD_UNIX_EPOCH;
    const pv = sgp4(this.satrec, (jd - this.satrec.jdsatepoch) * 1440);
    if (!pv || typeof pv.position !== 'object') return null;
    const g = eciToGeodetic(pv.position, gstime(jd));
    const lon = g.longitude * DEG;
    return { lon: lon > 180 ? lon - 360 : lon < -180 ? lon + 360 : lon, lat: g.latitude * DEG, height: g.height };
  }

  /** Argument of latitude (degrees from the ascending node, [0, 360)) and the rough sub-satellite point. */
  scanState(timeMs: number): { u: number; lon: number; lat: number } | null {
    const jd = timeMs / MS_PER_DAY + JD_UNIX_EPOCH;
    const pv = sgp4(this.satrec, (jd - this.satrec.jdsatepoch) * 1440);
    if (!pv || typeof pv.position !== 'object' || typeof pv.velocity !== 'object') return null;
    const r = pv.position;
    const v = pv.velocity;
    // Node vector k × h, with h = r × v.
    const hx = r.y * v.z - r.z * v.y;
    const hy = r.z * v.x - r.x * v.z;
    const nx = -hy;
    const ny = hx;
    const rn = Math.hypot(r.x, r.y, r.z);
    const cosU = (nx * r.x + ny * r.y) / (Math.hypot(nx, ny) * rn);
    let u = Math.acos(Math.max(-1, Math.min(1, cosU))) * DEG;
    if (r.z < 0) u = 360 - u;
    let lon = (Math.atan2(r.y, r.x) - gstime(jd)) * DEG;
    lon = (((lon % 360) + 540) % 360) - 180;
    return { u, lon, lat: Math.asin(r.z / rn) * DEG };
  }

  /** Ground-track heading (degrees clockwise from north) and ground speed (km/s) at a time. */
  track(timeMs: number): { heading: number; speedKmS: number } | null {
    const a = this.at(timeMs - 1000);
    const b = this.at(timeMs + 1000);
    if (!a || !b) return null;
    const dLat = (b.lat - a.lat) / DEG;
    const dLon = (((b.lon - a.lon + 540) % 360) - 180) / DEG;
    const mid = (a.lat + b.lat) / 2 / DEG;
    const km = 6371.0088 * Math.sqrt(dLat ** 2 + (Math.cos(mid) * dLon) ** 2);
    return { heading: bearing(a, b), speedKmS: km / 2 };
  }

  /** Revolution count at a time (the orbit number of a scene). */
  revolution(timeMs: number): number {
    const days = timeMs / MS_PER_DAY + JD_UNIX_EPOCH - this.satrec.jdsatepoch;
    return Math.max(0, Math.floor(this.epochRev + days * this.revsPerDay));
  }
}

export interface Pass {
  /** Start and end (ms) of the time the sub-satellite point spends inside the search box. */
  start: number;
  end: number;
  /** Heading north (ascending) or south (descending). */
  ascending: boolean;
}

export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * Every pass of the sub-satellite point through `box` between `from` and `to`. The scan follows the
 * argument of latitude (the angle from the ascending node, advancing at the mean motion): it jumps
 * straight to where the orbit next enters the box's latitudes, skips that stretch when the longitude is
 * far off, and steps 90 s at a time through the passes — about 100 propagations a day instead of 1,440.
 */
export function findPasses(orbit: Orbit, from: number, to: number, box: Box): Pass[] {
  const sinI = Math.sin(orbit.inclinationDeg / DEG);
  const uOf = (lat: number) => Math.asin(Math.max(-1, Math.min(1, Math.sin(lat / DEG) / sinI))) * DEG;
  const u1 = uOf(box.south);
  const u2 = uOf(box.north);
  // Ascending and descending stretches of the orbit inside the box's latitudes (merged near the pole).
  const bands: [number, number][] =
    u2 >= 89.9
      ? [[u1, 180 - u1]]
      : [
          [u1, u2],
          [180 - u2, 180 - u1],
        ];
  const degPerMs = (orbit.satrec.no * DEG) / 60_000;
  const passes: Pass[] = [];
  let t = from;
  let open: { start: number; last: number; firstLat: number } | null = null;
  const close = (ascending: boolean) => {
    if (open) passes.push({ start: open.start, end: open.last, ascending });
    open = null;
  };
  while (t < to) {
    const s = orbit.scanState(t);
    if (!s) {
      t += 60_000;
      continue;
    }
    if (s.lon >= box.west && s.lon <= box.east && s.lat >= box.south && s.lat <= box.north) {
      if (!open) open = { start: t, last: t, firstLat: s.lat };
      else open.last = t;
      t += 90_000;
      continue;
    }
    if (open) close(s.lat > open.firstLat);
    const band = bands.find(([a, b]) => s.u >= a - 1 && s.u <= b + 1);
    if (band) {
      // In the box's latitudes but not in the box: far off in longitude → skip this stretch.
      const off = s.lon < box.west ? box.west - s.lon : s.lon - box.east;
      const far = Math.min(off, 360 - off) > 25;
      t += far ? Math.max(60_000, (band[1] + 1 - s.u) / degPerMs) : 90_000;
      continue;
    }
    // Outside the latitudes: jump to the next band's start (a little early; the mean motion is not exact).
    let wait = Infinity;
    for (const [a] of bands) wait = Math.min(wait, (((a - s.u) % 360) + 360) % 360);
    t += Math.max(10_000, wait / degPerMs - 10_000);
  }
  if (open) close(true);
  return passes;
}
