import 'server-only';
/**
 * Ground tracks from two-line elements with satellite.js (SGP4). The demo catalogue propagates TLEs of
 * August 2026 over a two-year window: SGP4 that far from the epoch is off by hundreds of kilometres (and
 * the real orbits were manoeuvred meanwhile), which is fine for plausible demo ground tracks — the
 * passes have the right inclination, local time, speed and heading — and useless for pass prediction.
 */
import { eciToGeodetic, gstime, sgp4, twoline2satrec, type SatRec } from 'satellite.js';
import { bearing, type LonLat } from './geo';

const DEG = 180 / Math.PI;
const MS_PER_DAY = 86_400_000;
const JD_UNIX_EPOCH = 2440587.5;

export interface Tle {
  name: string;
  norad: number;
  line1: string;
  line2: string;
}

/** Three-line TLE text (name, line 1, line 2) → records by NORAD number. */
export function parseTles(text: string): Map<number, Tle> {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const out = new Map<number, Tle>();
  for (let i = 0; i + 2 < lines.length; i += 3) {
    const [name, line1, line2] = [lines[i]!, lines[i + 1]!, lines[i + 2]!];
    if (!line1.startsWith('1 ') || !line2.startsWith('2 ')) throw new Error(`Malformed TLE near line ${i + 1}`);
    out.set(Number(line1.slice(2, 7)), { name: name.trim(), norad: Number(line1.slice(2, 7)), line1, line2 });
  }
  return out;
}

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

  /**
   * Geocentric sub-satellite point, cheaper than `at` (no geodetic iteration; latitude up to 0.2° off):
   * good enough to find passes, never used for a footprint.
   */
  roughAt(timeMs: number): LonLat | null {
    const jd = timeMs / MS_PER_DAY + JD_UNIX_EPOCH;
    const pv = sgp4(this.satrec, (jd - this.satrec.jdsatepoch) * 1440);
    if (!pv || typeof pv.position !== 'object') return null;
    const { x, y, z } = pv.position;
    let lon = (Math.atan2(y, x) - gstime(jd)) * DEG;
    lon = ((lon % 360) + 540) % 360 - 180;
    return { lon, lat: Math.atan2(z, Math.hypot(x, y)) * DEG };
  }

  /** Ground-track heading (degrees clockwise from north) and ground speed (km/s) at a time. */
  track(timeMs: number): { heading: number; speedKmS: number } | null {
    const a = this.at(timeMs - 1000);
    const b = this.at(timeMs + 1000);
    if (!a || !b) return null;
    const dLat = (b.lat - a.lat) / DEG;
    const dLon = (((b.lon - a.lon + 540) % 360) - 180) / DEG;
    const mid = ((a.lat + b.lat) / 2) / DEG;
    const km = 6371.0088 * Math.sqrt(dLat ** 2 + (Math.cos(mid) * dLon) ** 2);
    return { heading: bearing(a, b), speedKmS: km / 2 };
  }

  /** Revolution count at a time (the orbit number of a scene). */
  revolution(timeMs: number): number {
    const days = (timeMs / MS_PER_DAY + JD_UNIX_EPOCH - this.satrec.jdsatepoch);
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

const inBox = (p: LonLat, box: Box) => p.lon >= box.west && p.lon <= box.east && p.lat >= box.south && p.lat <= box.north;

/**
 * Every pass of the sub-satellite point through `box` between `from` and `to`. Far from the box the scan
 * jumps ahead by the least time the satellite needs to get there (the ground point moves at most ~4.2°
 * of arc a minute), near it steps 90 s at a time: about a tenth of the propagations of a fixed step.
 */
export function findPasses(orbit: Orbit, from: number, to: number, box: Box): Pass[] {
  const centre = { lon: (box.west + box.east) / 2, lat: (box.south + box.north) / 2 };
  const radiusDeg = Math.hypot((box.east - box.west) / 2 * Math.cos((box.south * Math.PI) / 180), (box.north - box.south) / 2) + 1;
  const degPerMinute = (orbit.revsPerDay * 360) / 1440 + 0.5;
  const passes: Pass[] = [];
  let t = from;
  let open: { start: number; last: number; firstLat: number } | null = null;
  while (t < to) {
    const p = orbit.roughAt(t);
    if (!p) {
      t += 60_000;
      continue;
    }
    if (inBox(p, box)) {
      if (!open) open = { start: t, last: t, firstLat: p.lat };
      else open.last = t;
      t += 90_000;
      continue;
    }
    if (open) {
      passes.push({ start: open.start, end: open.last, ascending: p.lat > open.firstLat });
      open = null;
    }
    const d = angularDistanceDeg(p, centre) - radiusDeg;
    t += d > 4 ? Math.max(60_000, (d / degPerMinute) * 60_000) : 60_000;
  }
  if (open) passes.push({ start: open.start, end: open.last, ascending: true });
  return passes;
}

function angularDistanceDeg(a: LonLat, b: LonLat): number {
  const la1 = a.lat / DEG;
  const la2 = b.lat / DEG;
  const c = Math.sin(la1) * Math.sin(la2) + Math.cos(la1) * Math.cos(la2) * Math.cos((b.lon - a.lon) / DEG);
  return Math.acos(Math.max(-1, Math.min(1, c))) * DEG;
}
