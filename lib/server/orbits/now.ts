import 'server-only';
/** Where the chosen satellites are at a time, and their next 90 minutes of ground track, from the current TLE set. */
import type { SatellitesNow } from '../../shared/contracts/orbits';
import { subPoint } from '../../shared/orbits/passes';
import { elementAgeDays, isStaleAge, positionUncertaintyKm } from '../../shared/orbits/uncertainty';
import { satrecOf } from '../../shared/orbits/propagate';
import { API_CODES } from '../../shared/contracts/api';
import { ApiError } from '../api/errors';
import type { Queryable } from '../db/types';
import { currentTleSet, elementsOf } from './elements';

const TRACK_MINUTES = 90;
const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

export async function satellitesNow(db: Queryable, options: { norads: readonly number[] | null; atMs: number }): Promise<SatellitesNow> {
  const set = await currentTleSet(db);
  if (!set) throw new ApiError(API_CODES.NOT_FOUND, 'Orbits.errors.noElements', {}, 404);
  const elements = await elementsOf(db, set.id, options.norads);
  if (options.norads) {
    const found = new Set(elements.map((e) => e.norad));
    const missing = options.norads.filter((n) => !found.has(n));
    if (missing.length) throw new ApiError(API_CODES.INVALID_INPUT, 'Orbits.errors.unknownSatellite', { norad: missing.join(', ') });
  }
  const at = options.atMs;
  return {
    at: new Date(at).toISOString(),
    tleSet: { id: set.id, source: set.source, epochMin: set.epoch_min.toISOString(), epochMax: set.epoch_max.toISOString() },
    satellites: elements.map((e) => {
      const satrec = satrecOf(e.line1, e.line2);
      const epochMs = e.epoch.getTime();
      const ageDays = elementAgeDays(epochMs, at);
      const now = subPoint(satrec, at);
      const track: [number, number][] = [];
      for (let m = 0; m <= TRACK_MINUTES; m++) {
        const p = subPoint(satrec, at + m * 60_000);
        if (p) track.push([round(p.lon, 4), round(p.lat, 4)]);
      }
      return {
        norad: e.norad,
        name: e.name,
        epoch: e.epoch.toISOString(),
        ageDays: round(ageDays, 2),
        stale: isStaleAge(ageDays),
        uncertaintyKm: positionUncertaintyKm(ageDays),
        now: now ? { lon: round(now.lon, 4), lat: round(now.lat, 4), heightKm: round(now.heightKm, 1) } : null,
        track,
      };
    }),
  };
}
