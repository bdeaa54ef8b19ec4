/**
 * Orbital prediction (issue 22): where the satellites are now (spec §7 `/api/satelliteimage/v2/sateorbitimage/now/{x}`).
 */
import { z } from 'zod';
import { defineContract, localizedIssue } from './api';

/** At most this many satellites in one call. */
export const MAX_SATELLITES = 25;

/** `cn` (every active Chinese land-observation satellite) or a comma list of NORAD numbers. */
export const satelliteSelectionSchema = z
  .string()
  .regex(/^(cn|[1-9]\d{0,5}(,[1-9]\d{0,5})*)$/, localizedIssue('Orbits.errors.badSatellites'))
  .transform((x) => (x === 'cn' ? null : [...new Set(x.split(',').map(Number))]))
  .refine((x) => x === null || x.length <= MAX_SATELLITES, localizedIssue('Orbits.errors.tooManySatellites'));

const lonLatSchema = z.tuple([z.number(), z.number()]);

export const tleSetSchema = z.object({
  id: z.string(),
  source: z.string(),
  epochMin: z.string(),
  epochMax: z.string(),
});

export const satellitesNowSchema = z.object({
  /** The time the positions are for (ISO 8601, UTC). */
  at: z.string(),
  tleSet: tleSetSchema,
  satellites: z.array(
    z.object({
      norad: z.number().int(),
      name: z.string(),
      /** Epoch of the element set used, its age at `at` in days, and whether that is over 14 days. */
      epoch: z.string(),
      ageDays: z.number(),
      stale: z.boolean(),
      /** Expected position error from the element set's age, km. */
      uncertaintyKm: z.number(),
      now: z.object({ lon: z.number(), lat: z.number(), heightKm: z.number() }).nullable(),
      /** The next 90 minutes of ground track, a point a minute ([lon, lat]); a point SGP4 gives up on is left out. */
      track: z.array(lonLatSchema),
    }),
  ),
});
export type SatellitesNow = z.infer<typeof satellitesNowSchema>;

export const satellitesNowContract = defineContract({
  method: 'GET',
  path: '/api/satelliteimage/v2/sateorbitimage/now/{x}',
  summary: 'Sub-satellite points now and the next 90 minutes of ground track (cn: every active Chinese land-observation satellite)',
  tag: 'Orbits',
  access: 'public',
  cacheSeconds: 30,
  params: z.object({ x: satelliteSelectionSchema }),
  query: z.object({
    /** Another time than now (ISO 8601), within a year either side of now: what the map shows at that minute. */
    at: z.iso
      .datetime({ offset: true, message: localizedIssue('Orbits.errors.badTime') })
      .optional()
      .refine((t) => t === undefined || Math.abs(Date.parse(t) - Date.now()) <= 366 * 86_400_000, localizedIssue('Orbits.errors.badTime')),
  }),
  response: satellitesNowSchema,
});

export const ORBIT_CONTRACTS = [satellitesNowContract];
