import 'server-only';
/**
 * Deadlines that escalate (issue 33 point 4). Every open verification case has the due date of its stage
 * (`stage_due`, set by moveCase from the batch); a case is overdue when that date is before today (the database's
 * `current_date`) and it is not closed. An overdue case is listed for the level ABOVE the one that holds it, and
 * that level's reviewers get one e-mail a day about it.
 *
 * Who holds a case at each stage (the role whose move the machine is waiting for, lib/shared/workflow/machines/
 * verification.ts; the unit test holds this table to the machine), and who sees it once it is overdue:
 *
 *   stage                          holder (level)         escalates to (level above)
 *   pushed, checking, returned     checker   (county)     reviewer  (city reaching the county)
 *   ordered, rectifying            checker   (county)     reviewer  (city) — the county carries out the order
 *   submitted                      reviewer  (city)       confirmer (province reaching the city)
 *   passed, confirmed, objected,   confirmer (province)   admin     (national: administrators see every
 *   rectified                                                         province's overdue confirmations)
 *   closed                         nobody                 —
 *
 * The holding region is the case's county, its city or its province by the digits of the county code (cityOfCode,
 * provinceOfCode). A reviewer or confirmer sees the escalated cases whose county code starts with the prefix of
 * their role's region — the one area-range rule (codeWithin, lib/shared/regions/codes.ts), applied in SQL with the
 * prefixes as parameters — and only one level down: a province confirmer does not see the counties' overdue checks
 * (their city reviewers do), so each level is told about the level it supervises.
 *
 * The daily digest: the job worker's periodic task (scheduleDigest, on every pass) queues one 'verification.
 * digest_day' job per day, with the dedupe key 'verification.digest:<day>', so however many processes and passes
 * run, a day is scheduled once. That job queues one 'verification.digest' job per reviewer or confirmer (active,
 * with an e-mail address) who has escalated overdue cases, keyed 'verification.digest:<day>:<user>'; each writes
 * one e-mail (both languages, as the order mails; the outbox when no SMTP is configured) in the transaction that
 * completes the job. A digest for a day that has passed is dropped (the next day's covers it). "Day" is the
 * database's `current_date`, so the digest goes out at the database's midnight. Administrators are not mailed:
 * the province-held cases escalate to them through overdueFor (the tracking screen), not by e-mail.
 */
import { cityOfCode, provinceOfCode, regionPrefix } from '../../shared/regions/codes';
import { VERIFICATION_STATUSES, type VerificationStatus } from '../../shared/workflow';
import type { Locale } from '../../../i18n/routing';
import type { Database, Queryable } from '../db/types';
import { getEnv } from '../env';
import { translateMessage } from '../i18n';
import { enqueueJobs } from '../jobs/enqueue';
import type { JobHandler, JobHandlers, PeriodicTask } from '../jobs/runner';
import { transportFor } from '../messaging';
import { lastChangeSql } from '../workflow';
import { verificationRolesOf, type VerificationActor, type VerificationRoleName } from './cases';

export type HolderLevel = 'county' | 'city' | 'province';
/** Who an overdue case escalates to: the role one level up ('admin': the national level). */
export type EscalationRole = 'reviewer' | 'confirmer' | 'admin';

/** The role whose move each stage waits for (null: the case is closed). */
export const STAGE_HOLDER: Readonly<Record<VerificationStatus, VerificationRoleName | null>> = {
  pushed: 'checker',
  checking: 'checker',
  returned: 'checker',
  ordered: 'checker',
  rectifying: 'checker',
  submitted: 'reviewer',
  passed: 'confirmer',
  confirmed: 'confirmer',
  objected: 'confirmer',
  rectified: 'confirmer',
  closed: null,
};

export const HOLDER_LEVEL: Readonly<Record<VerificationRoleName, HolderLevel>> = {
  checker: 'county',
  reviewer: 'city',
  confirmer: 'province',
};

export const ESCALATES_TO: Readonly<Record<VerificationRoleName, EscalationRole>> = {
  checker: 'reviewer',
  reviewer: 'confirmer',
  confirmer: 'admin',
};

/** The stages held by `role`. */
export function stagesHeldBy(role: VerificationRoleName): VerificationStatus[] {
  return VERIFICATION_STATUSES.filter((s) => STAGE_HOLDER[s] === role);
}

/** The region that holds a case of county `xzqdm` when `role` holds it (by the code's digits). */
export function holderRegionCode(xzqdm: string, role: VerificationRoleName): string {
  if (role === 'checker') return xzqdm;
  if (role === 'reviewer') return cityOfCode(xzqdm) ?? xzqdm;
  return provinceOfCode(xzqdm);
}

/** A part of what an actor sees escalated: the stages held by `held`, in the counties matching `pattern` (LIKE). */
export interface EscalationScope {
  held: VerificationRoleName;
  stages: VerificationStatus[];
  pattern: string;
}

/**
 * What `actor` sees escalated: for each reviewer or confirmer role, the stages held one level below, inside the
 * role's region (its code prefix); for an administrator, the province-held stages anywhere.
 */
export function escalationScope(actor: VerificationActor): EscalationScope[] {
  const scopes: EscalationScope[] = [];
  const add = (held: VerificationRoleName, pattern: string) => {
    if (!scopes.some((s) => s.held === held && s.pattern === pattern)) scopes.push({ held, stages: stagesHeldBy(held), pattern });
  };
  for (const { role, regionCode } of actor.roles) {
    const held = (Object.keys(ESCALATES_TO) as VerificationRoleName[]).find((r) => ESCALATES_TO[r] === role);
    if (held) add(held, `${regionPrefix(regionCode)}%`);
  }
  if (actor.admin) add('confirmer', '%');
  return scopes;
}

const sqlList = (stages: readonly VerificationStatus[]) => stages.map((s) => `'${s}'`).join(', ');

/** SQL: the holding role of case `c` (from STAGE_HOLDER; constants only). */
const holderRoleSql = (c: string) =>
  `CASE ${c}.status ${VERIFICATION_STATUSES.filter((s) => STAGE_HOLDER[s])
    .map((s) => `WHEN '${s}' THEN '${STAGE_HOLDER[s]}'`)
    .join(' ')} END`;

/** SQL: the holding region's code of case `c` (as holderRegionCode). */
const holderRegionSql = (c: string) =>
  `CASE WHEN ${c}.status IN (${sqlList(stagesHeldBy('reviewer'))}) THEN left(${c}.xzqdm, 4) || '00'
        WHEN ${c}.status IN (${sqlList(stagesHeldBy('confirmer'))}) THEN left(${c}.xzqdm, 2) || '0000'
        ELSE ${c}.xzqdm END`;

/** SQL: when case `c` came to its stage — its last history row, or its creation when it has none. */
const sinceSql = (c: string) => `coalesce(${lastChangeSql('verification', `${c}.id`)}, ${c}.created_at)`;

export interface RegionRef {
  code: string;
  nameZh: string | null;
  nameEn: string | null;
}

export interface CaseHolder {
  role: VerificationRoleName;
  level: HolderLevel;
  region: RegionRef;
}

export interface OverdueCase {
  id: string;
  spotNo: string;
  batchId: string;
  status: VerificationStatus;
  county: RegionRef;
  holder: CaseHolder;
  escalatedTo: EscalationRole;
  /** The stage's due date (YYYY-MM-DD) and how many days before today it was. */
  stageDue: string;
  daysOverdue: number;
  /** When the case came to its stage (ISO time) and how many days it has been there. */
  since: string;
  daysHeld: number;
}

export interface OverdueRegionCount {
  region: RegionRef;
  role: VerificationRoleName;
  level: HolderLevel;
  count: number;
}

export interface OverdueList {
  /** The day the list is for (YYYY-MM-DD). */
  today: string;
  total: number;
  /** Counts by holding region, most first. */
  byRegion: OverdueRegionCount[];
  /** The most overdue first (then by case number), a page of them. */
  cases: OverdueCase[];
}

export interface OverdueQuery {
  /** The day to count from (YYYY-MM-DD; default the database's current_date). */
  today?: string;
  limit?: number;
  offset?: number;
}

const region = (code: string, nameZh: string | null, nameEn: string | null): RegionRef => ({ code, nameZh, nameEn });

/**
 * The overdue cases escalated to `actor` (see the table above): stage due before today, not closed, held one level
 * below one of the actor's reviewer/confirmer regions (or by a province, for an administrator). Empty for a user
 * with no such role.
 */
export async function overdueFor(db: Queryable, actor: VerificationActor, query: OverdueQuery = {}): Promise<OverdueList> {
  const scopes = escalationScope(actor);
  const [day] = await db.query<{ today: string }>(`SELECT coalesce($1::date, current_date)::text AS today`, [query.today ?? null]);
  const today = day!.today;
  if (scopes.length === 0) return { today, total: 0, byRegion: [], cases: [] };
  // One branch per scope: the stages are the code's constants, the county-code patterns parameters (so each
  // branch can use the xzqdm prefix index).
  const inScope = scopes.map((s, i) => `(c.status IN (${sqlList(s.stages)}) AND c.xzqdm LIKE $${i + 2})`).join(' OR ');
  const where = `c.stage_due < $1::date AND c.status NOT IN ('closed') AND (${inScope})`;
  const params = [today, ...scopes.map((s) => s.pattern)];
  const page = params.length;
  const counts = await db.query<{
    code: string;
    role: VerificationRoleName;
    count: number;
    name_zh: string | null;
    name_en: string | null;
  }>(
    `SELECT g.code, g.role, g.count, r.name_zh, r.name_en
       FROM (SELECT ${holderRegionSql('c')} AS code, ${holderRoleSql('c')} AS role, count(*)::int AS count
               FROM verification_cases c WHERE ${where} GROUP BY 1, 2) g
       LEFT JOIN regions r ON r.code = g.code
      ORDER BY g.count DESC, g.code`,
    params,
  );
  const rows = await db.query<{
    id: string;
    spot_no: string;
    batch_id: string;
    status: VerificationStatus;
    xzqdm: string;
    county_zh: string | null;
    county_en: string | null;
    holder_code: string;
    holder_zh: string | null;
    holder_en: string | null;
    stage_due: string;
    days_overdue: number;
    since: Date | string;
    days_held: number;
  }>(
    `SELECT c.id::text AS id, c.spot_no, c.batch_id::text AS batch_id, c.status, c.xzqdm, cr.name_zh AS county_zh, cr.name_en AS county_en,
            c.holder_code, hr.name_zh AS holder_zh, hr.name_en AS holder_en, c.stage_due::text AS stage_due,
            ($1::date - c.stage_due)::int AS days_overdue, c.since, ($1::date - (c.since)::date)::int AS days_held
       FROM (SELECT c.id, c.spot_no, c.batch_id, c.status, c.xzqdm, c.stage_due, ${holderRegionSql('c')} AS holder_code,
                    ${sinceSql('c')} AS since
               FROM verification_cases c WHERE ${where}
              ORDER BY c.stage_due, c.id LIMIT $${page + 1} OFFSET $${page + 2}) c
       LEFT JOIN regions cr ON cr.code = c.xzqdm
       LEFT JOIN regions hr ON hr.code = c.holder_code
      ORDER BY c.stage_due, c.id`,
    [...params, Math.max(0, Math.min(query.limit ?? 50, 500)), Math.max(0, query.offset ?? 0)],
  );
  return {
    today,
    total: counts.reduce((sum, c) => sum + c.count, 0),
    byRegion: counts.map((c) => ({
      region: region(c.code, c.name_zh, c.name_en),
      role: c.role,
      level: HOLDER_LEVEL[c.role],
      count: c.count,
    })),
    cases: rows.map((r) => {
      const role = STAGE_HOLDER[r.status]!;
      return {
        id: r.id,
        spotNo: r.spot_no,
        batchId: r.batch_id,
        status: r.status,
        county: region(r.xzqdm, r.county_zh, r.county_en),
        holder: { role, level: HOLDER_LEVEL[role], region: region(r.holder_code, r.holder_zh, r.holder_en) },
        escalatedTo: ESCALATES_TO[role],
        stageDue: r.stage_due,
        daysOverdue: r.days_overdue,
        since: new Date(r.since).toISOString(),
        daysHeld: r.days_held,
      };
    }),
  };
}

export interface CaseHolding {
  caseId: string;
  status: VerificationStatus;
  /** Who holds it (null once closed). */
  holder: CaseHolder | null;
  /** Who it escalates to when overdue (null once closed). */
  escalatesTo: EscalationRole | null;
  /** Since when it is at this stage: the last history row's time (the case's creation when it has none). */
  since: string;
  daysHeld: number;
  stageDue: string | null;
  /** Days past the due date (0 when not overdue; null when the stage has no due date or the case is closed). */
  daysOverdue: number | null;
}

/**
 * How long case `caseId` has been with whom, for its page. null when there is no such case. It does not check who
 * asks: the caller has already decided the case is in the user's range (rolesReaching, as caseChain does).
 */
export async function holdingOf(db: Queryable, caseId: string): Promise<CaseHolding | null> {
  if (!/^[1-9][0-9]{0,18}$/.test(caseId)) return null;
  const [row] = await db.query<{
    status: VerificationStatus;
    xzqdm: string;
    stage_due: string | null;
    since: Date | string;
    days_held: number;
    days_overdue: number | null;
    name_zh: string | null;
    name_en: string | null;
  }>(
    `SELECT c.status, c.xzqdm, c.stage_due::text AS stage_due, c.since, (current_date - (c.since)::date)::int AS days_held,
            CASE WHEN c.status = 'closed' OR c.stage_due IS NULL THEN NULL ELSE greatest(0, current_date - c.stage_due)::int END AS days_overdue,
            r.name_zh, r.name_en
       FROM (SELECT c.status, c.xzqdm, c.stage_due, ${holderRegionSql('c')} AS holder_code, ${sinceSql('c')} AS since
               FROM verification_cases c WHERE c.id = $1::bigint) c
       LEFT JOIN regions r ON r.code = c.holder_code`,
    [caseId],
  );
  if (!row) return null;
  const role = STAGE_HOLDER[row.status];
  return {
    caseId,
    status: row.status,
    holder: role ? { role, level: HOLDER_LEVEL[role], region: region(holderRegionCode(row.xzqdm, role), row.name_zh, row.name_en) } : null,
    escalatesTo: role ? ESCALATES_TO[role] : null,
    since: new Date(row.since).toISOString(),
    daysHeld: row.days_held,
    stageDue: row.stage_due,
    daysOverdue: row.days_overdue,
  };
}

const regionName = (locale: Locale, r: RegionRef) => (locale === 'zh' ? r.nameZh : (r.nameEn ?? r.nameZh)) ?? r.code;

/** "With the city reviewers of Shijiazhuang for 12 days · 3 days overdue", in `locale` (the case page's line). */
export function describeHolding(locale: Locale, holding: CaseHolding): string {
  if (!holding.holder) return translateMessage(locale, 'Verification.holding.closed');
  const parts = [
    translateMessage(locale, 'Verification.holding.with', {
      role: holding.holder.role,
      region: regionName(locale, holding.holder.region),
      days: holding.daysHeld,
    }),
  ];
  if (holding.daysOverdue && holding.daysOverdue > 0)
    parts.push(translateMessage(locale, 'Verification.holding.overdue', { days: holding.daysOverdue }));
  else if (holding.stageDue) parts.push(translateMessage(locale, 'Verification.holding.due', { date: holding.stageDue }));
  return parts.join(translateMessage(locale, 'Verification.holding.separator'));
}

// ——— The daily digest ———

export const DIGEST_DAY_JOB = 'verification.digest_day';
export const DIGEST_JOB = 'verification.digest';
/** Cases listed by name in a digest (the rest are counted, and on the tracking screen). */
export const DIGEST_CASES = 10;

const DETAIL_PATH = '/verify/lawenforceinspect/lawSpotDetail';
const TRACK_PATH = '/verify/lawenforceinspect/spotTrack';
const localePrefix = (locale: Locale) => (locale === 'zh' ? '/chinese' : '/english');

/** The case page's address (spec §2: lawSpotDetail is a leaf, so the case is a query parameter). */
export function caseDetailUrl(locale: Locale, caseId: string): string {
  return `${getEnv().SITE_URL}${localePrefix(locale)}${DETAIL_PATH}?id=${encodeURIComponent(caseId)}`;
}

/**
 * Queues today's digest run (once a day, whatever the number of processes and passes: the job's dedupe key is the
 * day, and the insert is skipped when it is there already, so no sequence number is spent on a repeat). Returns
 * whether this call queued it. `day` (YYYY-MM-DD) is for tests; the default is the database's current_date.
 */
export async function scheduleDigest(db: Queryable, day?: string): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO jobs (kind, payload, dedupe_key)
     SELECT $1, jsonb_build_object('day', d.day), 'verification.digest:' || d.day
       FROM (SELECT coalesce($2::date, current_date)::text AS day) d
      WHERE NOT EXISTS (SELECT 1 FROM jobs j WHERE j.dedupe_key = 'verification.digest:' || d.day)
     ON CONFLICT (dedupe_key) DO NOTHING
     RETURNING id`,
    [DIGEST_DAY_JOB, day ?? null],
  );
  return rows.length > 0;
}

/** The reviewers and confirmers (active, with an e-mail address) with at least one case escalated to them on `day`. */
export async function digestRecipients(db: Queryable, day: string): Promise<string[]> {
  const roles = await db.query<{ user_id: string; role: VerificationRoleName; region_code: string }>(
    `SELECT r.user_id::text AS user_id, r.role, r.region_code FROM user_verification_roles r JOIN users u ON u.id = r.user_id
      WHERE r.role IN ('reviewer', 'confirmer') AND u.status = 0 AND u.email IS NOT NULL AND u.email <> ''`,
  );
  const users: string[] = [];
  const stages: string[] = [];
  const patterns: string[] = [];
  for (const r of roles) {
    for (const scope of escalationScope({ userId: r.user_id, admin: false, roles: [{ role: r.role, regionCode: r.region_code }] })) {
      for (const stage of scope.stages) {
        users.push(r.user_id);
        stages.push(stage);
        patterns.push(scope.pattern);
      }
    }
  }
  if (users.length === 0) return [];
  const rows = await db.query<{ user_id: string }>(
    `SELECT DISTINCT s.user_id FROM unnest($2::text[], $3::text[], $4::text[]) AS s(user_id, stage, pattern)
      WHERE EXISTS (SELECT 1 FROM verification_cases c
                     WHERE c.stage_due < $1::date AND c.status NOT IN ('closed') AND c.status = s.stage AND c.xzqdm LIKE s.pattern)
      ORDER BY 1`,
    [day, users, stages, patterns],
  );
  return rows.map((r) => r.user_id);
}

export interface DigestMail {
  subject: string;
  body: string;
}

/** The digest e-mail of `list` for `name`, in both languages (Chinese first, as the other mails). */
export async function composeDigest(db: Queryable, name: string, list: OverdueList): Promise<DigestMail> {
  const stageRows = await db.query<{ item_value: string; name_zh: string; name_en: string | null }>(
    `SELECT item_value, name_zh, name_en FROM dictionary_items WHERE code = 'VERIFY_STAGE'`,
  );
  const stageName = (locale: Locale, status: string) => {
    const row = stageRows.find((r) => r.item_value === status);
    return row ? (locale === 'zh' ? row.name_zh : (row.name_en ?? row.name_zh)) : status;
  };
  const t = translateMessage;
  const part = (locale: Locale) => {
    const lines = [
      t(locale, 'Verification.digest.greeting', { name }),
      '',
      t(locale, 'Verification.digest.intro', { day: list.today, count: list.total }),
      '',
      t(locale, 'Verification.digest.byRegion'),
      ...list.byRegion.map((r) =>
        t(locale, 'Verification.digest.regionLine', { region: regionName(locale, r.region), role: r.role, count: r.count }),
      ),
      '',
      t(locale, 'Verification.digest.oldest', { count: list.cases.length }),
      ...list.cases.map((c) =>
        t(locale, 'Verification.digest.caseLine', {
          spotNo: c.spotNo,
          county: regionName(locale, c.county),
          stage: stageName(locale, c.status),
          due: c.stageDue,
          days: c.daysOverdue,
          url: caseDetailUrl(locale, c.id),
        }),
      ),
    ];
    if (list.total > list.cases.length)
      lines.push(
        t(locale, 'Verification.digest.more', {
          count: list.total - list.cases.length,
          url: `${getEnv().SITE_URL}${localePrefix(locale)}${TRACK_PATH}`,
        }),
      );
    lines.push('', t(locale, 'Verification.digest.footer'));
    return lines.join('\n');
  };
  return {
    subject: `${t('zh', 'Verification.digest.subject', { count: list.total })} / ${t('en', 'Verification.digest.subject', { count: list.total })}`,
    body: `${part('zh')}\n\n————————\n\n${part('en')}`,
  };
}

/** Whether `day` has passed (a digest queued for an earlier day is dropped: today's covers it). */
async function dayPassed(db: Queryable, day: string): Promise<boolean> {
  const [row] = await db.query<{ passed: boolean }>(`SELECT $1::date < current_date AS passed`, [day]);
  return row!.passed;
}

const dayOf = (payload: Record<string, unknown>) => {
  const day = String(payload.day ?? '');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`bad digest day ${day}`);
  return day;
};

/** A day's run: one digest job per recipient, queued as the day's job completes. */
export const digestDayHandler: JobHandler = {
  async run(db, job) {
    const day = dayOf(job.payload);
    if (await dayPassed(db, day)) return {};
    const recipients = await digestRecipients(db, day);
    return {
      commit: async (tx) => {
        await enqueueJobs(
          tx,
          recipients.map((userId) => ({ kind: DIGEST_JOB, payload: { userId, day }, dedupeKey: `verification.digest:${day}:${userId}` })),
        );
      },
    };
  },
};

/** One user's digest: written to the outbox (or SMTP) as the job completes; nothing when nothing is overdue now. */
export const digestHandler: JobHandler = {
  async run(db, job) {
    const day = dayOf(job.payload);
    const userId = String(job.payload.userId ?? '');
    if (!/^[1-9][0-9]{0,18}$/.test(userId) || (await dayPassed(db, day))) return {};
    const [user] = await db.query<{ username: string; real_name: string | null; email: string | null; status: number }>(
      `SELECT username, real_name, email, status FROM users WHERE id = $1::bigint`,
      [userId],
    );
    if (!user?.email || user.status !== 0) return {};
    const roles = (await verificationRolesOf(db, userId)).filter((r) => r.role !== 'checker');
    const list = await overdueFor(db, { userId, admin: false, roles }, { today: day, limit: DIGEST_CASES });
    if (list.total === 0) return {};
    const mail = await composeDigest(db, user.real_name?.trim() || user.username, list);
    const transport = transportFor('email');
    const recipient = user.email.toLowerCase();
    return { commit: (tx) => transport.send(tx, { channel: 'email', recipient, subject: mail.subject, body: mail.body }) };
  },
};

export function verificationJobHandlers(): JobHandlers {
  return { [DIGEST_DAY_JOB]: digestDayHandler, [DIGEST_JOB]: digestHandler };
}

/** Registered in lib/server/composition/jobs.ts: every pass of the worker makes sure today's digest is queued. */
export const VERIFICATION_PERIODIC_TASKS: readonly PeriodicTask[] = [
  { name: 'schedule the verification digest', run: (db: Database) => scheduleDigest(db) },
];
