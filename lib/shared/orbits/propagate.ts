/**
 * SGP4 propagation of two-line elements with satellite.js (issue 22's orbital prediction builds on it): the
 * TEME state of a satellite some minutes after its element set's epoch. Checked against an independent
 * SGP4 (Debian's python3-sgp4; `scripts/orbits/sgp4-fixtures.py`) in `propagate.test.ts`.
 */
import { sgp4, twoline2satrec, type SatRec } from 'satellite.js';

export type Vector3 = readonly [number, number, number];

export interface TemeState {
  /** Position in the True Equator Mean Equinox frame, km. */
  positionKm: Vector3;
  /** Velocity in the same frame, km/s. */
  velocityKmS: Vector3;
}

export function satrecOf(line1: string, line2: string): SatRec {
  return twoline2satrec(line1, line2);
}

/** The satellite's TEME state `minutes` after its epoch, or null where SGP4 gives up (decayed, diverged). */
export function temeAt(satrec: SatRec, minutes: number): TemeState | null {
  const state = sgp4(satrec, minutes);
  if (!state || satrec.error !== 0) return null;
  const { position: p, velocity: v } = state;
  return { positionKm: [p.x, p.y, p.z], velocityKmS: [v.x, v.y, v.z] };
}

/** Distance between two positions, km. */
export function distanceKm(a: Vector3, b: Vector3): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}
