/**
 * Which passes count toward the area's coverage (its union, the "how soon" milestones), issue 32.7: a pass is
 * listed whenever its swath reaches the area, but it is claimed as coverage only when it can image it —
 *
 * - `lowSun`: an optical (daylight) sensor with the sun below OPTICAL_MIN_SUN_ELEVATION_DEG over the area; radar and
 *   thermal sensors image by night too;
 * - `possible`: the position uncertainty of its elements reaches half its swath, so the strip could lie wholly
 *   beside where it is drawn (./uncertainty.ts);
 * - `counted` otherwise, and then only with the part of its swath that is imaged wherever within the uncertainty the
 *   satellite really is (the swath narrowed by it on both sides).
 */
import type { PassStatus } from '../contracts/orbits';
import { needsDaylight, OPTICAL_MIN_SUN_ELEVATION_DEG, type SensorKind } from '../satellites/model';
import { certainSwathKm } from './uncertainty';

export interface PassFacts {
  sensorKind: SensorKind;
  sunElevationDeg: number;
  uncertaintyKm: number;
  swathKm: number;
}

export function passStatus(p: PassFacts): PassStatus {
  if (needsDaylight(p.sensorKind) && p.sunElevationDeg < OPTICAL_MIN_SUN_ELEVATION_DEG) return 'lowSun';
  if (certainSwathKm(p.swathKm, p.uncertaintyKm) <= 0) return 'possible';
  return 'counted';
}

/** How many passes have each status. */
export function countStatuses(passes: readonly { status: PassStatus }[]): Record<PassStatus, number> {
  const counts: Record<PassStatus, number> = { counted: 0, possible: 0, lowSun: 0 };
  for (const p of passes) counts[p.status]++;
  return counts;
}
