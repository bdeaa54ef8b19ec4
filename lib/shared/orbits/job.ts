/**
 * One prediction job: the passes of several satellites over one area, in plain data (what a worker thread
 * is sent and answers). Pure: the server splits the satellites over its worker threads (lib/server/orbits/
 * pool.ts) and clips the strips to the area in PostGIS.
 */
import type { LonLat } from '../geo/sphere';
import { areaTarget, findPasses, type Pass } from './passes';
import { satrecOf } from './propagate';

export type Position = [number, number];

export interface JobSatellite {
  norad: number;
  line1: string;
  line2: string;
  swathKm: number;
  /** Largest off-nadir angle used (0: nadir-only). */
  maxOffNadirDeg: number;
}

export interface PassJob {
  satellites: JobSatellite[];
  /** The area: polygons of rings of [lon, lat] (simplified outline). */
  polygons: Position[][][];
  /** Its centre (a point on its surface). */
  reference: Position;
  startMs: number;
  endMs: number;
}

export interface JobPass {
  norad: number;
  startMs: number;
  endMs: number;
  closestMs: number;
  ascending: boolean;
  crossTrackKm: number;
  offNadirDeg: number;
  side: 'left' | 'right';
  sunElevationDeg: number;
  uncertaintyKm: number;
  track: Position[];
  swath: Position[];
  widenedSwath: Position[];
  /** Empty when the uncertainty reaches half the swath. */
  certainSwath: Position[];
}

export interface JobResult {
  passes: JobPass[];
  /** Satellites whose elements SGP4 cannot propagate over the window (decayed, bad elements). */
  failed: number[];
}

const round = (x: number) => Math.round(x * 1e5) / 1e5;
const toPositions = (points: readonly LonLat[]): Position[] => points.map((p) => [round(p.lon), round(p.lat)]);
const toLonLat = ([lon, lat]: Position): LonLat => ({ lon, lat });

function plain(norad: number, p: Pass): JobPass {
  return {
    norad,
    startMs: p.startMs,
    endMs: p.endMs,
    closestMs: p.closestMs,
    ascending: p.ascending,
    crossTrackKm: p.crossTrackKm,
    offNadirDeg: p.offNadirDeg,
    side: p.side,
    sunElevationDeg: p.sunElevationDeg,
    uncertaintyKm: p.uncertaintyKm,
    track: toPositions(p.track),
    swath: toPositions(p.swath),
    widenedSwath: toPositions(p.widenedSwath),
    certainSwath: toPositions(p.certainSwath),
  };
}

export function runPassJob(job: PassJob): JobResult {
  const target = areaTarget(
    job.polygons.map((polygon) => polygon.map((ring) => ring.map(toLonLat))),
    toLonLat(job.reference),
  );
  const passes: JobPass[] = [];
  const failed: number[] = [];
  for (const s of job.satellites) {
    const satrec = satrecOf(s.line1, s.line2);
    const found = findPasses(satrec, target, {
      startMs: job.startMs,
      endMs: job.endMs,
      swathKm: s.swathKm,
      maxOffNadirDeg: s.maxOffNadirDeg,
    });
    if (satrec.error !== 0) failed.push(s.norad);
    for (const p of found) passes.push(plain(s.norad, p));
  }
  return { passes, failed };
}
