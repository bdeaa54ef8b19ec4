/**
 * Push statistics (spec §2 `/statistics/push`, issue 36.3): what the push delivery (issue 35) delivered, for a period
 * — scenes, km² and GB of image push batches, spot push batches delivered and acknowledged, on-time delivery — over
 * the periods of a range (the trend), by region (the children of a region, drilled from the country), by image type
 * (satellite, sensor and product level, as the grants name them) and per push user.
 *
 * `GET /api/usercenter/v1/userinfo/push/statistics` answers it; without a query it is the old "what has been pushed
 * to me" (the all-time fields stay as they were). Who is counted (`user`): `me` (default), or — administrators only —
 * `all` or one user's id; anyone else asking for another user is answered "not found".
 *
 * Definitions (also shown on the screen):
 * - a batch counts in the period it was cut (`created_at`, UTC calendar months);
 * - a scene counts once per batch that delivered it (a scene pushed to two users counts twice), with its footprint
 *   km² and size as the batch was cut (GB = MB / 1024);
 * - a scene's region is the region its footprint's centre lies in (mid-resolution boundaries); a spot's region is its
 *   county code's;
 * - a batch is fetched when its push user first fetched it (image: the signed manifest or the pull feed's
 *   ItemCollection, also when later re-delivered; spot: its vector or Excel), and on time when that happened within
 *   PUSH_STATS_LIMITS.onTimeHours hours of its cut; late when later, or not yet fetched after that many hours;
 *   waiting while neither.
 */
import { z } from 'zod';
import type zh from '../../../messages/zh.json';
import { childLevelOf, COUNTRY_CODE, REGION_CODE_PATTERN } from '../regions/codes';
import { defineContract, localizedIssue, pageSchema, type ApiContract } from './api';
import { monthSpan, parsePeriod, type MonthRange } from '../periods';
import { regionRefSchema } from './statistics';

// The errors sit with the push module's (`Push.errors.stats…`): every push screen already has those messages.
type PushStatsErrorKey = Extract<keyof (typeof zh)['Push']['errors'], `stats${string}`>;
const issue = (key: PushStatsErrorKey) => ({ error: localizedIssue(`Push.errors.${key}`) });

export const PUSH_STATS_LIMITS = {
  /** Longest period, in months (60 trend points at most). */
  maxMonths: 60,
  minYear: 2000,
  /** A batch fetched within this many hours of its cut was delivered on time. */
  onTimeHours: 24,
  /** Rows of the per-user table (page size: default, most). */
  usersPageSize: 20,
  usersMaxPageSize: 100,
  /** Users in one export file. */
  exportUsers: 1_000,
  /** Image types (satellite × sensor × level) listed; the rest are summed into `typeRest`. */
  maxTypes: 200,
} as const;

export const PUSH_STATS_STEPS = ['month', 'quarter', 'year'] as const;
export type PushStatsStep = (typeof PUSH_STATS_STEPS)[number];

/** The whole (country): the default region. */
export const PUSH_STATS_DEFAULT_REGION = COUNTRY_CODE;

const periodSchema = z
  .string(issue('statsBadPeriod'))
  .trim()
  .max(40, issue('statsBadPeriod'))
  .transform((text, ctx): MonthRange => {
    const range = parsePeriod(text);
    if (!range || Number(range.from.slice(0, 4)) < PUSH_STATS_LIMITS.minYear || range.from > range.to) {
      ctx.addIssue({ code: 'custom', message: issue('statsBadPeriod').error });
      return z.NEVER;
    }
    if (monthSpan(range) > PUSH_STATS_LIMITS.maxMonths) {
      ctx.addIssue({ code: 'custom', message: issue('statsPeriodTooLong').error });
      return z.NEVER;
    }
    return range;
  });

const pageNum = z.coerce
  .number(issue('statsBadPage'))
  .int(issue('statsBadPage'))
  .min(1, issue('statsBadPage'))
  .max(100_000, issue('statsBadPage'));
const pageSize = z.coerce
  .number(issue('statsBadPageSize'))
  .int(issue('statsBadPageSize'))
  .min(1, issue('statsBadPageSize'))
  .max(PUSH_STATS_LIMITS.usersMaxPageSize, issue('statsBadPageSize'));

export const pushStatisticsQuerySchema = z.object({
  /** `me`, or (administrators) `all` or a user id. */
  user: z
    .string(issue('statsBadUser'))
    .regex(/^(me|all|[1-9]\d{0,17})$/, issue('statsBadUser'))
    .default('me'),
  /** `2026`, `2026Q2`, `2026-05`, or a range joined by `..`; default: the last 12 months up to this one. */
  period: periodSchema.optional(),
  /** The trend's period. */
  step: z.enum(PUSH_STATS_STEPS, issue('statsBadStep')).default('month'),
  /** The region whose children the region table lists (country, a province or a city). */
  region: z
    .string(issue('statsBadRegion'))
    .trim()
    .regex(REGION_CODE_PATTERN, issue('statsBadRegion'))
    .refine((code) => childLevelOf(code) !== null, issue('statsBadRegion'))
    .default(PUSH_STATS_DEFAULT_REGION),
  pageNum: pageNum.default(1),
  pageSize: pageSize.default(PUSH_STATS_LIMITS.usersPageSize),
});
export type PushStatisticsQuery = z.output<typeof pushStatisticsQuerySchema>;
export type PushStatisticsQueryInput = z.input<typeof pushStatisticsQuerySchema>;

/** Figures of delivered scenes: deliveries, footprint km², GB. */
export const sceneMeasuresSchema = z.object({ scenes: z.number().int(), km2: z.number(), gb: z.number() });
export type SceneMeasures = z.infer<typeof sceneMeasuresSchema>;

/** Every figure of a period, a user or the whole. */
export const pushMeasuresSchema = sceneMeasuresSchema.extend({
  /** Image push batches cut, and of them fetched by their user. */
  batches: z.number().int(),
  fetched: z.number().int(),
  /** Spot push batches cut, and of them acknowledged (fetched) by their user; their spots and spot km². */
  spotBatches: z.number().int(),
  spotAcknowledged: z.number().int(),
  spots: z.number().int(),
  spotKm2: z.number(),
  /** Image and spot batches by delivery: on time, late, still waiting (see the definitions above). */
  onTime: z.number().int(),
  late: z.number().int(),
  waiting: z.number().int(),
  /** onTime / (onTime + late), %; null when no batch is decided yet. */
  onTimePct: z.number().nullable(),
});
export type PushMeasures = z.infer<typeof pushMeasuresSchema>;

export const regionMeasuresSchema = sceneMeasuresSchema.extend({ spots: z.number().int(), spotKm2: z.number() });
export type RegionMeasures = z.infer<typeof regionMeasuresSchema>;

export const pushStatsUserSchema = pushMeasuresSchema.extend({
  userId: z.string(),
  username: z.string(),
  realName: z.string().nullable(),
  /** The push user's kind; null when they are no longer a push user. */
  kind: z.string().nullable(),
});
export type PushStatsUser = z.infer<typeof pushStatsUserSchema>;

export const pushStatisticsFiguresSchema = z.object({
  /** Who is counted: one user, or (administrators) everyone. */
  subject: z.object({ all: z.boolean(), userId: z.string().nullable(), username: z.string().nullable() }),
  /** The caller may count everyone or another user (administrators). */
  mayChooseUser: z.boolean(),
  period: z.object({ from: z.string(), to: z.string(), months: z.number().int(), step: z.enum(PUSH_STATS_STEPS) }),
  onTimeHours: z.number().int(),
  figures: pushMeasuresSchema,
  /** One point per period of the range (`2026-05`, `2026Q2` or `2026`), empty periods included. */
  trend: z.array(pushMeasuresSchema.extend({ period: z.string() })),
  region: regionRefSchema,
  /** The level of `regions`: the region's children. */
  level: z.string(),
  regions: z.array(regionMeasuresSchema.extend({ code: z.string(), name: z.string() })),
  /** Figures of the region itself; `regionRest` is the part in none of its children (or, for the country, scenes no longer in the catalogue). */
  regionTotal: regionMeasuresSchema,
  regionRest: regionMeasuresSchema,
  types: z.array(sceneMeasuresSchema.extend({ satellite: z.string(), sensor: z.string(), productLevel: z.string() })),
  /** Scenes no longer in the catalogue (type unknown) and types past PUSH_STATS_LIMITS.maxTypes. */
  typeRest: sceneMeasuresSchema,
  /** Per push user, most scenes first (everyone: paged; one user: that user). */
  users: pageSchema(pushStatsUserSchema),
});
export type PushStatisticsFigures = z.infer<typeof pushStatisticsFiguresSchema>;

export const pushStatisticsExportQuerySchema = pushStatisticsQuerySchema.omit({ pageNum: true, pageSize: true }).extend({
  format: z.enum(['csv'], issue('statsBadFormat')).default('csv'),
});
export type PushStatisticsExportQuery = z.output<typeof pushStatisticsExportQuerySchema>;

export const pushStatisticsExportContract = defineContract({
  method: 'GET',
  path: '/api/usercenter/v1/userinfo/push/statistics/export',
  summary:
    'The push statistics as CSV (headers in the request’s language): one row for the whole, per period of the trend, ' +
    'per region, per image type and per push user (at most 1,000) — the same figures as the JSON answer',
  tag: 'Push delivery',
  access: 'login',
  query: pushStatisticsExportQuerySchema,
  response: z.custom<Response>((v) => v instanceof Response),
});

export const PUSH_STATS_CONTRACTS: readonly ApiContract[] = [pushStatisticsExportContract];

/** The months of the default period: the last 12 up to the current one (UTC). */
export function defaultPushStatsPeriod(now = new Date()): MonthRange {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  const index = y * 12 + (m - 1) - 11;
  const from = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  return { from, to: `${y}-${String(m).padStart(2, '0')}` };
}

/** The period labels of a range by step, in order (`2026-05`, `2026Q2`, `2026`). */
export function periodBuckets({ from, to }: MonthRange, step: PushStatsStep): string[] {
  const labels: string[] = [];
  const start = Number(from.slice(0, 4)) * 12 + Number(from.slice(5, 7)) - 1;
  const end = Number(to.slice(0, 4)) * 12 + Number(to.slice(5, 7)) - 1;
  for (let i = start; i <= end; i++) {
    const y = Math.floor(i / 12);
    const m = (i % 12) + 1;
    const label = step === 'month' ? `${y}-${String(m).padStart(2, '0')}` : step === 'quarter' ? `${y}Q${Math.ceil(m / 3)}` : String(y);
    if (labels[labels.length - 1] !== label) labels.push(label);
  }
  return labels;
}
