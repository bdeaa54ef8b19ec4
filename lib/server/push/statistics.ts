import 'server-only';
/**
 * Push statistics (issue 36.3; `GET /api/usercenter/v1/userinfo/push/statistics` and its CSV export): every figure is
 * one SQL aggregate over the push tables — push_batches (with push_batch_redeliveries for the first fetch) and
 * push_batch_scenes joined to scenes, push_spot_batches and push_spot_batch_items — for the user counted and the
 * period. The definitions are the contract's (lib/shared/contracts/push-statistics.ts).
 *
 * Who is counted is decided here: `me` is the session's user; `all` and another user's id are for administrators
 * only — anyone else is answered "not found", as the push module answers another user's batch.
 */
import type { Locale } from '../../../i18n/routing';
import type { PushKind, PushStatistics } from '../../shared/contracts/push';
import {
  defaultPushStatsPeriod,
  periodBuckets,
  PUSH_STATS_LIMITS,
  type PushMeasures,
  type PushStatisticsFigures,
  type PushStatisticsExportQuery,
  type PushStatisticsQuery,
  type PushStatsStep,
  type RegionMeasures,
  type SceneMeasures,
} from '../../shared/contracts/push-statistics';
import type { MonthRange } from '../../shared/periods';
import { COUNTRY_CODE, regionPrefix } from '../../shared/regions/codes';
import { notFound } from '../api/errors';
import { csvDocument } from '../catalogue';
import { fileResponse } from '../files/file-response';
import { translateMessage } from '../i18n';
import { isAdministrator } from '../auth/roles';
import type { Queryable, SqlParam } from '../db/types';
import { nameSql } from '../regions/names';
import { requireRegion } from '../regions/rollup';
import type { Session } from '../session';

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
const km2 = (n: number) => round(n, 2);
const gb = (mb: number) => round(mb / 1024, 3);

/** The first instant of a month (`YYYY-MM`) and of the month after another, UTC. */
const monthStart = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1));
const monthAfter = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1));

/** to_char formats of the trend's period labels (as periodBuckets writes them). */
const LABEL_FORMAT: Record<PushStatsStep, string> = { month: 'YYYY-MM', quarter: 'YYYY"Q"Q', year: 'YYYY' };

/**
 * The batches counted ($1 user or null for everyone, $2..$3 the period, half open), image and spot in one relation:
 * `img`, `spot` and `allb`. An image batch's first fetch is the earliest of its manifest delivery, its feed
 * acknowledgement and any acknowledgement a re-delivery cleared.
 */
const BATCHES_SQL = `
  img AS MATERIALIZED (
    SELECT b.id, b.user_id, b.created_at, b.scene_count, b.footprint_km2, b.size_mb,
           least(b.delivered_at, b.acknowledged_at,
                 (SELECT min(r.acknowledged_at) FROM push_batch_redeliveries r WHERE r.batch_id = b.id)) AS first_fetch
      FROM push_batches b
     WHERE ($1::bigint IS NULL OR b.user_id = $1::bigint) AND b.created_at >= $2::timestamptz AND b.created_at < $3::timestamptz
  ), spot AS MATERIALIZED (
    SELECT b.id, b.user_id, b.created_at, b.spot_count, b.area_m2, b.fetched_at AS first_fetch
      FROM push_spot_batches b
     WHERE ($1::bigint IS NULL OR b.user_id = $1::bigint) AND b.created_at >= $2::timestamptz AND b.created_at < $3::timestamptz
  ), allb AS MATERIALIZED (
    SELECT user_id, created_at, created_at + $4::int * interval '1 hour' AS due, first_fetch, true AS image,
           scene_count, footprint_km2, size_mb, 0 AS spot_count, 0::float8 AS area_m2 FROM img
    UNION ALL
    SELECT user_id, created_at, created_at + $4::int * interval '1 hour', first_fetch, false, 0, 0::float8, 0::float8, spot_count, area_m2 FROM spot
  )`;

/** The measures of a set of `allb` rows (`due`: the cut plus the on-time hours, $4). */
const MEASURES_SQL = `
  count(*) FILTER (WHERE image)::int AS batches,
  coalesce(sum(scene_count), 0)::int AS scenes,
  coalesce(sum(footprint_km2), 0)::float8 AS km2,
  coalesce(sum(size_mb), 0)::float8 AS mb,
  count(*) FILTER (WHERE image AND first_fetch IS NOT NULL)::int AS fetched,
  count(*) FILTER (WHERE NOT image)::int AS spot_batches,
  count(*) FILTER (WHERE NOT image AND first_fetch IS NOT NULL)::int AS spot_acknowledged,
  coalesce(sum(spot_count), 0)::int AS spots,
  coalesce(sum(area_m2), 0)::float8 / 1e6 AS spot_km2,
  count(*) FILTER (WHERE first_fetch <= due)::int AS on_time,
  count(*) FILTER (WHERE first_fetch > due OR (first_fetch IS NULL AND now() > due))::int AS late,
  count(*) FILTER (WHERE first_fetch IS NULL AND now() <= due)::int AS waiting`;

interface MeasureRow {
  batches: number;
  scenes: number;
  km2: number;
  mb: number;
  fetched: number;
  spot_batches: number;
  spot_acknowledged: number;
  spots: number;
  spot_km2: number;
  on_time: number;
  late: number;
  waiting: number;
}

const EMPTY_ROW: MeasureRow = {
  batches: 0,
  scenes: 0,
  km2: 0,
  mb: 0,
  fetched: 0,
  spot_batches: 0,
  spot_acknowledged: 0,
  spots: 0,
  spot_km2: 0,
  on_time: 0,
  late: 0,
  waiting: 0,
};

function measures(row: MeasureRow | undefined): PushMeasures {
  const r = row ?? EMPTY_ROW;
  const decided = r.on_time + r.late;
  return {
    batches: r.batches,
    scenes: r.scenes,
    km2: km2(r.km2),
    gb: gb(r.mb),
    fetched: r.fetched,
    spotBatches: r.spot_batches,
    spotAcknowledged: r.spot_acknowledged,
    spots: r.spots,
    spotKm2: km2(r.spot_km2),
    onTime: r.on_time,
    late: r.late,
    waiting: r.waiting,
    onTimePct: decided > 0 ? round((100 * r.on_time) / decided, 1) : null,
  };
}

/** The SQL child-code prefix of a region code column (the prefix rule of lib/shared/regions/codes.ts). */
const prefixSql = (column: string) =>
  `CASE WHEN ${column} LIKE '%0000' THEN left(${column}, 2) WHEN ${column} LIKE '%00' THEN left(${column}, 4) ELSE ${column} END`;

export interface PushStatsSubject {
  /** null: everyone. */
  userId: string | null;
  username: string | null;
  mayChooseUser: boolean;
}

/** Who `user` counts for this session: the caller, or (administrators) everyone or one user; otherwise not found. */
export async function resolveSubject(db: Queryable, session: Session, user: string): Promise<PushStatsSubject> {
  const admin = isAdministrator(session);
  if (user === 'me' || user === session.userId) return { userId: session.userId, username: session.username, mayChooseUser: admin };
  if (!admin) throw notFound();
  if (user === 'all') return { userId: null, username: null, mayChooseUser: true };
  const [row] = await db.query<{ username: string }>(`SELECT username FROM users WHERE id = $1::bigint`, [user]);
  if (!row) throw notFound();
  return { userId: user, username: row.username, mayChooseUser: true };
}

export interface PushStatsOptions {
  locale: Locale;
  /** Users per page, and the page (1-based). */
  pageNum: number;
  pageSize: number;
}

/** The figures of the period for the subject. */
export async function pushStatisticsFigures(
  db: Queryable,
  subject: PushStatsSubject,
  query: Pick<PushStatisticsQuery, 'period' | 'step' | 'region'>,
  { locale, pageNum, pageSize }: PushStatsOptions,
): Promise<PushStatisticsFigures> {
  const range: MonthRange = query.period ?? defaultPushStatsPeriod();
  const step = query.step;
  const hours = PUSH_STATS_LIMITS.onTimeHours;
  const base: SqlParam[] = [subject.userId, monthStart(range.from).toISOString(), monthAfter(range.to).toISOString(), hours];
  const region = await requireRegion(db, query.region, locale);

  const [total] = await db.query<MeasureRow>(`WITH ${BATCHES_SQL} SELECT ${MEASURES_SQL} FROM allb`, base);

  const trendRows = await db.query<MeasureRow & { period: string }>(
    `WITH ${BATCHES_SQL} SELECT to_char(created_at AT TIME ZONE 'UTC', $5) AS period, ${MEASURES_SQL} FROM allb GROUP BY 1`,
    [...base, LABEL_FORMAT[step]],
  );
  const byPeriod = new Map(trendRows.map((r) => [r.period, r]));
  const trend = periodBuckets(range, step).map((period) => ({ period, ...measures(byPeriod.get(period)) }));

  const users = await userRows(db, subject, base, pageNum, pageSize);
  const { regions, regionTotal, regionRest } = await regionFigures(db, base, region.code, locale, measures(total));
  const { types, typeRest } = await typeFigures(db, base, measures(total));

  return {
    subject: { all: subject.userId === null, userId: subject.userId, username: subject.username },
    mayChooseUser: subject.mayChooseUser,
    period: { from: range.from, to: range.to, months: periodBuckets(range, 'month').length, step },
    onTimeHours: hours,
    figures: measures(total),
    trend,
    region,
    level: regions.level,
    regions: regions.items,
    regionTotal,
    regionRest,
    types,
    typeRest,
    users,
  };
}

async function userRows(db: Queryable, subject: PushStatsSubject, base: SqlParam[], pageNum: number, pageSize: number) {
  // Everyone: the push users and whoever received a batch in the period (a former push user keeps their figures).
  const rows = await db.query<
    MeasureRow & { user_id: string; username: string; real_name: string | null; kind: string | null; total: number }
  >(
    `WITH ${BATCHES_SQL},
     who AS (SELECT user_id FROM push_users WHERE $1::bigint IS NULL UNION SELECT user_id FROM allb
             UNION SELECT $1::bigint WHERE $1::bigint IS NOT NULL)
     SELECT u.id::text AS user_id, u.username, u.real_name, p.kind, m.*, count(*) OVER ()::int AS total
       FROM who w JOIN users u ON u.id = w.user_id LEFT JOIN push_users p ON p.user_id = w.user_id
       CROSS JOIN LATERAL (SELECT ${MEASURES_SQL} FROM allb a WHERE a.user_id = w.user_id) m
      ORDER BY m.scenes DESC, m.spots DESC, u.username
      LIMIT $5 OFFSET $6`,
    [...base, pageSize, (pageNum - 1) * pageSize],
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && pageNum > 1) {
    const [count] = await db.query<{ n: number }>(
      `WITH ${BATCHES_SQL} SELECT count(*)::int AS n FROM (SELECT user_id FROM push_users WHERE $1::bigint IS NULL
              UNION SELECT user_id FROM allb UNION SELECT $1::bigint WHERE $1::bigint IS NOT NULL) w JOIN users u ON u.id = w.user_id`,
      base,
    );
    total = count?.n ?? 0;
  }
  return {
    list: rows.map((r) => ({ userId: r.user_id, username: r.username, realName: r.real_name, kind: r.kind, ...measures(r) })),
    total,
    pageNum,
    pageSize,
  };
}

interface SceneRow {
  code: string | null;
  scenes: number;
  km2: number;
  mb: number;
}
interface SpotRow {
  code: string | null;
  spots: number;
  m2: number;
}

const sceneMeasures = (r: { scenes: number; km2: number; mb: number } | undefined): SceneMeasures => ({
  scenes: r?.scenes ?? 0,
  km2: km2(r?.km2 ?? 0),
  gb: gb(r?.mb ?? 0),
});

/**
 * Per child of the region: the scenes whose footprint centre lies in it (the first child by code on a shared
 * border) and the spots whose county code lies in it; the region's own figures and the part in none of its children.
 */
async function regionFigures(db: Queryable, base: SqlParam[], code: string, locale: Locale, whole: PushMeasures) {
  const country = code === COUNTRY_CODE;
  const children = await db.query<{ code: string; name: string; level: string }>(
    `SELECT r.code, ${nameSql(locale, 'r')} AS name, r.level FROM regions r WHERE r.parent_code = $1 ORDER BY r.code`,
    [code],
  );
  const sceneRows = await db.query<SceneRow>(
    `WITH ${BATCHES_SQL},
     kids AS MATERIALIZED (SELECT code, geom_mid FROM regions WHERE parent_code = $5),
     sc AS (SELECT s.centre, s.area_km2, s.size_mb FROM img b JOIN push_batch_scenes bs ON bs.batch_id = b.id JOIN scenes s ON s.id = bs.scene_id
             WHERE $5 = '${COUNTRY_CODE}' OR ST_Intersects((SELECT geom_mid FROM regions WHERE code = $5), s.centre))
     SELECT (SELECT k.code FROM kids k WHERE ST_Intersects(k.geom_mid, sc.centre) ORDER BY k.code LIMIT 1) AS code,
            count(*)::int AS scenes, coalesce(sum(sc.area_km2), 0)::float8 AS km2, coalesce(sum(sc.size_mb), 0)::float8 AS mb
       FROM sc GROUP BY 1`,
    [...base, code],
  );
  const spotRows = await db.query<SpotRow>(
    `WITH ${BATCHES_SQL},
     kids AS MATERIALIZED (SELECT code, ${prefixSql('code')} AS prefix FROM regions WHERE parent_code = $5)
     SELECT (SELECT k.code FROM kids k WHERE i.xzqdm LIKE k.prefix || '%' ORDER BY k.code LIMIT 1) AS code,
            count(*)::int AS spots, coalesce(sum(i.area_m2), 0)::float8 AS m2
       FROM spot b JOIN push_spot_batch_items i ON i.batch_id = b.id
      WHERE i.xzqdm LIKE $6 || '%'
      GROUP BY 1`,
    [...base, code, regionPrefix(code)],
  );
  const scenesBy = new Map(sceneRows.map((r) => [r.code, r]));
  const spotsBy = new Map(spotRows.map((r) => [r.code, r]));
  const of = (key: string | null): RegionMeasures => ({
    ...sceneMeasures(scenesBy.get(key)),
    spots: spotsBy.get(key)?.spots ?? 0,
    spotKm2: km2((spotsBy.get(key)?.m2 ?? 0) / 1e6),
  });
  const items = children.map((c) => ({ code: c.code, name: c.name, ...of(c.code) }));
  const sum = (pick: (r: SceneRow) => number) => sceneRows.reduce((s, r) => s + pick(r), 0);
  const spotSum = (pick: (r: SpotRow) => number) => spotRows.reduce((s, r) => s + pick(r), 0);
  // The country holds every delivery, also of scenes since removed from the catalogue (no centre to place).
  const regionTotal: RegionMeasures = country
    ? { scenes: whole.scenes, km2: whole.km2, gb: whole.gb, spots: whole.spots, spotKm2: whole.spotKm2 }
    : {
        ...sceneMeasures({ scenes: sum((r) => r.scenes), km2: sum((r) => r.km2), mb: sum((r) => r.mb) }),
        spots: spotSum((r) => r.spots),
        spotKm2: km2(spotSum((r) => r.m2) / 1e6),
      };
  const placed = (pick: (m: RegionMeasures) => number) => items.reduce((s, i) => s + pick(i), 0);
  const regionRest: RegionMeasures = {
    scenes: regionTotal.scenes - placed((m) => m.scenes),
    km2: km2(Math.max(0, regionTotal.km2 - placed((m) => m.km2))),
    gb: round(Math.max(0, regionTotal.gb - placed((m) => m.gb)), 3),
    spots: regionTotal.spots - placed((m) => m.spots),
    spotKm2: km2(Math.max(0, regionTotal.spotKm2 - placed((m) => m.spotKm2))),
  };
  return { regions: { level: children[0]?.level ?? '', items }, regionTotal, regionRest };
}

/** Per image type (satellite × sensor × product level) of the delivered scenes still in the catalogue. */
async function typeFigures(db: Queryable, base: SqlParam[], whole: PushMeasures) {
  const rows = await db.query<{ satellite: string; sensor: string; product_level: string; scenes: number; km2: number; mb: number }>(
    `WITH ${BATCHES_SQL}
     SELECT s.satellite, s.sensor, s.product_level, count(*)::int AS scenes,
            coalesce(sum(s.area_km2), 0)::float8 AS km2, coalesce(sum(s.size_mb), 0)::float8 AS mb
       FROM img b JOIN push_batch_scenes bs ON bs.batch_id = b.id JOIN scenes s ON s.id = bs.scene_id
      GROUP BY 1, 2, 3 ORDER BY 4 DESC, 1, 2, 3 LIMIT $5`,
    [...base, PUSH_STATS_LIMITS.maxTypes],
  );
  const types = rows.map((r) => ({ satellite: r.satellite, sensor: r.sensor, productLevel: r.product_level, ...sceneMeasures(r) }));
  const listed = (pick: (m: SceneMeasures) => number) => types.reduce((s, t) => s + pick(t), 0);
  const typeRest: SceneMeasures = {
    scenes: whole.scenes - listed((m) => m.scenes),
    km2: km2(Math.max(0, whole.km2 - listed((m) => m.km2))),
    gb: round(Math.max(0, whole.gb - listed((m) => m.gb)), 3),
  };
  return { types, typeRest };
}

/** `userinfo/push/statistics`: the all-time figures of the subject, then those of the asked period. */
export async function pushStatistics(
  db: Queryable,
  session: Session,
  query: PushStatisticsQuery = { user: 'me', step: 'month', region: COUNTRY_CODE, pageNum: 1, pageSize: PUSH_STATS_LIMITS.usersPageSize },
  locale: Locale = 'zh',
): Promise<PushStatistics> {
  const subject = await resolveSubject(db, session, query.user);
  const [row] = await db.query<{ kind: PushKind | null; batches: number; scenes: number; km2: number; mb: number; last: Date | null }>(
    `SELECT (SELECT kind FROM push_users WHERE user_id = $1::bigint) AS kind, count(*)::int AS batches,
            coalesce(sum(scene_count), 0)::int AS scenes, coalesce(sum(footprint_km2), 0) AS km2, coalesce(sum(size_mb), 0) AS mb,
            max(created_at) AS last
       FROM push_batches WHERE $1::bigint IS NULL OR user_id = $1::bigint`,
    [subject.userId],
  );
  const figures = await pushStatisticsFigures(db, subject, query, { locale, pageNum: query.pageNum, pageSize: query.pageSize });
  return {
    pushUser: Boolean(row?.kind),
    kind: row?.kind ?? null,
    batches: row?.batches ?? 0,
    scenes: row?.scenes ?? 0,
    footprintKm2: round(row?.km2 ?? 0, 2),
    sizeMb: round(row?.mb ?? 0, 1),
    lastBatchAt: row?.last ? new Date(row.last).toISOString() : null,
    ...figures,
  };
}

const EXPORT_MEASURES = [
  'batches',
  'scenes',
  'km2',
  'gb',
  'fetched',
  'spotBatches',
  'spotAcknowledged',
  'spots',
  'spotKm2',
  'onTime',
  'late',
  'waiting',
  'onTimePct',
] as const satisfies ReadonlyArray<keyof PushMeasures>;

/** The figures as CSV: one row for the whole, per period, per region (with the region and the rest), per image type and per user. */
export async function pushStatisticsExport(
  db: Queryable,
  session: Session,
  query: PushStatisticsExportQuery,
  locale: Locale,
): Promise<Response> {
  const subject = await resolveSubject(db, session, query.user);
  const s = await pushStatisticsFigures(db, subject, query, { locale, pageNum: 1, pageSize: PUSH_STATS_LIMITS.exportUsers });
  const t = (key: string) => translateMessage(locale, `PushStats.${key}`);
  const row = (section: string, code: string, name: string, m: Partial<Record<(typeof EXPORT_MEASURES)[number], number | null>>) => [
    t(`sections.${section}`),
    code,
    name,
    ...EXPORT_MEASURES.map((k) => m[k] ?? null),
  ];
  const who = s.subject.all ? t('allUsers') : (s.subject.username ?? '');
  const rows = [
    row('total', '', who, s.figures),
    ...s.trend.map((p) => row('period', p.period, p.period, p)),
    row('region', s.region.code, `${s.region.name} (${t('columns.total')})`, s.regionTotal),
    ...s.regions.map((r) => row('region', r.code, r.name, r)),
    ...(s.regionRest.scenes || s.regionRest.spots ? [row('region', '', t('regionRest'), s.regionRest)] : []),
    ...s.types.map((ty) =>
      row('type', `${ty.satellite}/${ty.sensor}/${ty.productLevel}`, `${ty.satellite} ${ty.sensor} ${ty.productLevel}`, ty),
    ),
    ...(s.typeRest.scenes ? [row('type', '', t('typeRest'), s.typeRest)] : []),
    ...s.users.list.map((u) => row('user', u.userId, u.realName ? `${u.realName} (${u.username})` : u.username, u)),
  ];
  const headers = [t('columns.section'), t('columns.code'), t('columns.name'), ...EXPORT_MEASURES.map((k) => t(`columns.${k}`))];
  const name = `push-statistics-${s.subject.all ? 'all' : s.subject.userId}-${s.period.from}${s.period.to === s.period.from ? '' : `_${s.period.to}`}.csv`;
  return fileResponse(csvDocument(headers, rows), 'text/csv; charset=utf-8', name);
}
