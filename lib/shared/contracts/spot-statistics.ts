/**
 * Spot statistics (issue 36.4, spec §2 `/statistics/spot`): every monitoring theme's features and the verification
 * cases in one table per region and period — per region the count and measures of each theme (lib/shared/themes)
 * and the verification cases with their verdict mix, confirmed illegal area and rectified share.
 *
 * `GET /api/statistics/v1/spot?region=…&level=…&from=…&to=…`:
 * - `region`: a region code (six digits; 100000, the default, is the country); the items are its children, or every
 *   region of `level` (`province`, `city`, `county`) inside it;
 * - `from`, `to`: quarters (`2026Q2`), both included, at most SPOT_STATS_LIMITS.maxQuarters apart; absent: the newest
 *   quarter with spots or cases. A theme's features count in the quarter of their batch; a theme whose batches are
 *   inventories (`snapshots`: turbines, plants) counts its newest batch in the period only, so that a facility is not
 *   counted once per quarter. A case counts in the quarter of its verification batch.
 *
 * Who sees what (the rule the server applies, tests/integration/spot-statistics-screen.test.ts holds it):
 * - the themes' counts and measures are public, as the themes' own statistics are (spec §4, §6);
 * - of the verification cases everyone sees how many were pushed per region (an aggregate count);
 * - the verification details (area, verdict mix, confirmed illegal area, rectified share) only administrators and
 *   verification roles, and a role only for a region that lies wholly inside its own region (a Hebei confirmer sees
 *   Hebei and its cities and counties, not the country's total, which would be partly others' cases); the rest is
 *   null, never a partial sum.
 */
import { z } from 'zod';
import { VERIFICATION_VERDICTS } from '../workflow';
import { defineContract, localizedIssue, type ApiContract } from './api';
import { regionFiguresItemSchema, regionRefSchema } from './statistics';

const TAG = 'spot-statistics';

export const SPOT_STATS_LIMITS = {
  /** Longest period, in quarters (five years). */
  maxQuarters: 20,
} as const;

/** The stages of a case whose verdict the province has confirmed (an objected one is being reviewed again). */
export const CONFIRMED_STAGES = ['confirmed', 'ordered', 'rectifying', 'rectified', 'closed'] as const;
/** A confirmed illegal case is rectified once the province has accepted its rectification and closed it. */
export const RECTIFIED_STAGES = ['closed'] as const;

const err = (key: string) => localizedIssue(`SpotStatistics.errors.${key}`);

const QUARTER = /^(\d{4})Q([1-4])$/;

/** Quarters from `from` to `to`, both included (0 or less when `to` is earlier). */
export function quarterSpan(from: string, to: string): number {
  const a = QUARTER.exec(from);
  const b = QUARTER.exec(to);
  if (!a || !b) return 0;
  return (Number(b[1]) - Number(a[1])) * 4 + Number(b[2]) - Number(a[2]) + 1;
}

const quarter = z.string().regex(QUARTER, err('badQuarter'));

export const spotStatisticsQuerySchema = z
  .object({
    region: z
      .string()
      .regex(/^[1-9]\d{5}$/, err('badRegion'))
      .default('100000'),
    level: z.enum(['province', 'city', 'county'], err('badLevel')).optional(),
    from: quarter.optional(),
    to: quarter.optional(),
  })
  .superRefine((q, ctx) => {
    if ((q.from === undefined) !== (q.to === undefined)) ctx.addIssue({ code: 'custom', path: ['to'], message: err('bothQuarters') });
    else if (q.from && q.to) {
      const span = quarterSpan(q.from, q.to);
      if (span < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: err('backwards') });
      else if (span > SPOT_STATS_LIMITS.maxQuarters) ctx.addIssue({ code: 'custom', path: ['to'], message: err('tooLong') });
    }
  });
export type SpotStatisticsQuery = z.infer<typeof spotStatisticsQuerySchema>;

/** A theme's figures in a region: its features and the measures it declares (m², km, MW or Mt/a). */
export const themeFiguresSchema = z.object({
  count: z.number().int(),
  area: z.number(),
  length: z.number().optional(),
  capacity: z.number().optional(),
});
export type ThemeFigures = z.infer<typeof themeFiguresSchema>;

/** The verification details of a region (for those allowed to see them). */
export const caseDetailsSchema = z.object({
  areaM2: z.number(),
  /** Cases per recorded verdict; cases not yet judged are `pending`. */
  byVerdict: z.partialRecord(z.enum(VERIFICATION_VERDICTS), z.number().int()),
  pending: z.number().int(),
  /** Cases with an illegal verdict the province has confirmed (CONFIRMED_STAGES), and their area. */
  confirmedIllegal: z.number().int(),
  confirmedIllegalAreaM2: z.number(),
  /** Of those, the ones whose rectification is accepted (RECTIFIED_STAGES), and their share (null: none confirmed). */
  rectified: z.number().int(),
  rectifiedShare: z.number().nullable(),
});
export type CaseDetails = z.infer<typeof caseDetailsSchema>;

const figures = {
  /** Per declared feature theme, in the order of `themes`. */
  themes: z.array(themeFiguresSchema),
  /** Verification cases pushed (public). */
  cases: z.number().int(),
  /** null: not for this caller here (see the rule above). */
  caseDetails: caseDetailsSchema.nullable(),
};

export const spotStatisticsSchema = z.object({
  region: regionRefSchema,
  level: z.string(),
  period: z.object({ from: z.string(), to: z.string() }),
  /** Every quarter with spots or cases, oldest first (the period picker's choices). */
  quarters: z.array(z.string()),
  /** The feature themes, in menu order: id, screen, measures, and their newest batch in the period (for the link). */
  themes: z.array(
    z.object({
      id: z.string(),
      path: z.string(),
      measures: z.array(z.string()),
      capacityUnit: z.string().nullable(),
      batchId: z.string().nullable(),
    }),
  ),
  /** What of the verification the caller may see: everything, the regions inside their range, or the counts only. */
  caseAccess: z.enum(['all', 'range', 'counts']),
  items: z.array(regionFiguresItemSchema(figures)),
  total: z.object(figures),
});
export type SpotStatisticsAnswer = z.infer<typeof spotStatisticsSchema>;

export const spotStatisticsContract = defineContract({
  method: 'GET',
  path: '/api/statistics/v1/spot',
  summary:
    'Spot statistics by region and period: every monitoring theme’s features (public) and the verification cases (counts public; area, verdict mix, confirmed illegal area and rectified share for administrators and for verification roles inside their region)',
  tag: TAG,
  access: 'public',
  query: spotStatisticsQuerySchema,
  response: spotStatisticsSchema,
});

export const SPOT_STATS_CONTRACTS: readonly ApiContract[] = [spotStatisticsContract];
