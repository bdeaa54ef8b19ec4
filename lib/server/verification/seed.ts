import 'server-only';
/**
 * Seed step: demo verification batches and cases (issue 33.7), labelled demo. For 2025Q3–2026Q2 and three provinces
 * (Hebei, Shandong, Henan), each quarter's land-cover change spots (the same polygons the monitor shows; unchanged
 * ones left out) are pushed as a batch, and every case is given a plausible past: checked, submitted with a verdict,
 * reviewed, sometimes returned, confirmed, rectified — older batches further along, the newest still being checked,
 * some late. Deterministic (a generator keyed by the spot number), generated once per version of the spots and the
 * catalogue it draws before/after scenes from; the history is written through the workflow engine's importer, so
 * its hash chain holds like any other.
 */
import { mulberry32, type Rng } from '../../shared/random';
import { quarterPeriod } from '../../shared/spots/dates';
import { ILLEGAL_VERDICTS, type Role, type VerificationStatus, type VerificationVerdict } from '../../shared/workflow';
import { CATALOGUE_DATASET } from '../catalogue';
import type { Queryable } from '../db/types';
import { generator, versionedSeed } from '../db/versioned-seed';
import { importHistories, type ImportedStep } from '../workflow';

const GENERATOR_VERSION = 'verification-demo/2';
/** What each case's random generator is keyed by (with its spot number): kept when the version changes for other reasons. */
const RANDOM_KEY = 'verification-demo/1';
export const VERIFICATION_DEMO_QUARTERS = ['2025Q3', '2025Q4', '2026Q1', '2026Q2'] as const;
const PROVINCES = [
  { code: '130000', zh: '河北省', en: 'Hebei' },
  { code: '370000', zh: '山东省', en: 'Shandong' },
  { code: '410000', zh: '河南省', en: 'Henan' },
] as const;
/** At most this many cases per batch (the demo stays quick to load on the embedded database). */
const PER_BATCH = 700;
/** No demo step is dated after this day: the data is the same whenever it is generated. */
const LAST_DAY = Date.parse('2026-11-20T00:00:00Z');
const DAY = 86_400_000;

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function batchDates(quarter: string) {
  const end = Date.parse(`${quarterPeriod(quarter).end}T00:00:00Z`);
  const pushed = end + 20 * DAY;
  return { pushed, check: pushed + 90 * DAY, review: pushed + 120 * DAY, confirm: pushed + 150 * DAY };
}

function pick<T>(rng: Rng, weighted: readonly (readonly [T, number])[]): T {
  const total = weighted.reduce((n, [, w]) => n + w, 0);
  let x = rng() * total;
  for (const [value, w] of weighted) {
    x -= w;
    if (x < 0) return value;
  }
  return weighted[weighted.length - 1]![0];
}

const VERDICTS: readonly (readonly [VerificationVerdict, number])[] = [
  ['legal', 34],
  ['illegal_new', 19],
  ['illegal_old', 8],
  ['other', 12],
  ['rural_road', 11],
  ['facility_farmland', 16],
];

/** How far a case has come, by the batch's age (0: the oldest quarter). */
const TARGETS: readonly (readonly (readonly [VerificationStatus, number])[])[] = [
  [
    ['closed', 72],
    ['rectifying', 12],
    ['rectified', 5],
    ['ordered', 3],
    ['objected', 2],
    ['confirmed', 6],
  ],
  [
    ['closed', 45],
    ['rectifying', 24],
    ['ordered', 8],
    ['confirmed', 10],
    ['passed', 7],
    ['objected', 3],
    ['rectified', 3],
  ],
  [
    ['closed', 16],
    ['confirmed', 18],
    ['ordered', 10],
    ['passed', 24],
    ['submitted', 15],
    ['returned', 8],
    ['checking', 9],
  ],
  [
    ['pushed', 6],
    ['checking', 15],
    ['submitted', 26],
    ['returned', 9],
    ['passed', 24],
    ['confirmed', 10],
    ['closed', 10],
  ],
];

const RETURN_NOTES = [
  '现场照片不足，请补充近景和四至照片。',
  '核查结论与影像不符，请重新核实变化范围。',
  '合法用地需补充批准文号及批准范围图。',
  '图斑面积与实地丈量差异较大，请复核。',
];
const OBJECTION_NOTES = ['该地块为2019年已批设施农用地，申请重新认定。', '实地为季节性堆放，已清理，不属于违法占地。'];
const BUILDERS = [
  '某建设工程有限公司（演示）',
  '某村民委员会（演示）',
  '某农业发展合作社（演示）',
  '某物流有限公司（演示）',
  '个人（演示）',
];
const REASONS_BY_VERDICT: Partial<Record<VerificationVerdict, readonly string[]>> = {
  legal: ['approved_use', 'provincial_key', 'temporary_use', 'land_consolidation', 'disaster_recovery'],
  other: ['false_change', 'seasonal', 'other'],
};

interface Plan {
  steps: (Omit<ImportedStep<VerificationStatus>, 'actorId'> & { actor: 'checker' | 'reviewer' | 'confirmer' | null })[];
  verdict: VerificationVerdict | null;
  submittedAt: number | null;
}

/** The past of one case: its steps up to `target` (cut at LAST_DAY), and its verdict once submitted. */
function planCase(rng: Rng, quarterIndex: number, dates: ReturnType<typeof batchDates>): Plan {
  const verdict = pick(rng, VERDICTS);
  const illegal = ILLEGAL_VERDICTS.includes(verdict);
  let target = pick(rng, TARGETS[quarterIndex]!);
  if (!illegal && (target === 'ordered' || target === 'rectifying' || target === 'rectified')) target = 'closed';
  const route: [VerificationStatus, Role, string | null][] = [
    ['checking', 'checker', null],
    ['submitted', 'checker', null],
  ];
  const returned = target === 'returned' || rng() < 0.12;
  if (returned) {
    const byProvince = rng() < 0.3 && target !== 'returned' && target !== 'submitted';
    if (byProvince) route.push(['passed', 'reviewer', null]);
    route.push(['returned', byProvince ? 'confirmer' : 'reviewer', RETURN_NOTES[Math.floor(rng() * RETURN_NOTES.length)]!]);
    if (target !== 'returned') route.push(['submitted', 'checker', null]);
  }
  if (!['pushed', 'checking', 'submitted', 'returned'].includes(target)) {
    route.push(['passed', 'reviewer', null]);
    if (target !== 'passed') {
      route.push(['confirmed', 'confirmer', null]);
      if (target === 'objected' || (target === 'closed' && rng() < 0.04)) {
        route.push(['objected', 'checker', OBJECTION_NOTES[Math.floor(rng() * OBJECTION_NOTES.length)]!]);
        if (target !== 'objected') route.push(['confirmed', 'confirmer', '复核维持原认定结论。']);
      }
      if (illegal && target !== 'confirmed' && target !== 'objected') {
        route.push(['ordered', 'confirmer', null]);
        if (target !== 'ordered') route.push(['rectifying', 'checker', null]);
        if (target === 'rectified' || target === 'closed') route.push(['rectified', 'checker', null]);
        if (target === 'closed') route.push(['closed', 'confirmer', null]);
      } else if (!illegal && target === 'closed') route.push(['closed', 'confirmer', null]);
    }
  }
  if (target === 'pushed') route.length = 0;
  if (target === 'checking') route.length = 1;

  const steps: Plan['steps'] = [{ from: null, to: 'pushed', role: 'system', actor: null, at: new Date(dates.pushed + 9 * 3600_000) }];
  let at = dates.pushed + 9 * 3600_000;
  let submittedAt: number | null = null;
  // Most counties submit by the due date; a few are late.
  const late = rng() < 0.18;
  for (const [to, role, note] of route) {
    const days =
      to === 'checking'
        ? 1 + rng() * 12
        : to === 'submitted'
          ? submittedAt === null
            ? late
              ? 80 + rng() * 40
              : 10 + rng() * 65
            : 4 + rng() * 14
          : to === 'rectified'
            ? 25 + rng() * 60
            : 2 + rng() * 18;
    const next = at + days * DAY + Math.floor(rng() * 8 * 3600_000);
    if (next > LAST_DAY) break;
    at = next;
    if (to === 'submitted' && submittedAt === null) submittedAt = at;
    const from = steps[steps.length - 1]!.to;
    steps.push({
      from,
      to,
      role,
      actor: role === 'checker' || role === 'reviewer' || role === 'confirmer' ? role : null,
      note,
      at: new Date(at),
    });
  }
  return { steps, verdict: submittedAt === null ? null : verdict, submittedAt };
}

/** The stage's due date as the live system would have set it when the case entered it. */
function dueOf(status: VerificationStatus, at: number, dates: ReturnType<typeof batchDates>, orderedAt: number | null): string | null {
  switch (status) {
    case 'pushed':
    case 'checking':
      return iso(dates.check);
    case 'submitted':
      return iso(Math.max(dates.review, at + 7 * DAY));
    case 'passed':
      return iso(Math.max(dates.confirm, at + 7 * DAY));
    case 'returned':
    case 'confirmed':
    case 'objected':
    case 'rectified':
      return iso(at + 15 * DAY);
    case 'ordered':
    case 'rectifying':
      return iso((orderedAt ?? at) + 90 * DAY);
    case 'closed':
      return null;
  }
}

function hashOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

async function generate(tx: Queryable): Promise<number> {
  await tx.query(`DELETE FROM verification_batches WHERE demo`);
  const users = await tx.query<{ id: string; username: string }>(
    `SELECT id::text AS id, username FROM users WHERE username IN ('demo-county', 'demo-city', 'demo-hebei')`,
  );
  const userId = (name: string) => users.find((u) => u.username === name)?.id ?? null;
  /** The demo accounts act where their roles reach (README); elsewhere the county's, city's or province's staff. */
  const actorFor = (role: 'checker' | 'reviewer' | 'confirmer' | null, county: string): string | null => {
    if (role === 'checker' && county === '130102') return userId('demo-county');
    if (role === 'reviewer' && county.startsWith('1301')) return userId('demo-city');
    if (role === 'confirmer' && county.startsWith('13')) return userId('demo-hebei');
    return null;
  };

  let total = 0;
  for (const [quarterIndex, quarter] of VERIFICATION_DEMO_QUARTERS.entries()) {
    const dates = batchDates(quarter);
    const [year, q] = quarter.split('Q') as [string, string];
    for (const province of PROVINCES) {
      const [batch] = await tx.query<{ id: string }>(
        `INSERT INTO verification_batches (quarter, province_code, name_zh, name_en, pushed_on, check_due, review_due, confirm_due, rectify_days, demo)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 90, true) RETURNING id::text AS id`,
        [
          quarter,
          province.code,
          `${province.zh}${year}年第${['一', '二', '三', '四'][Number(q) - 1]}季度变化图斑核查（演示）`,
          `${province.en} ${year} Q${q} change spot verification (demo)`,
          iso(dates.pushed),
          iso(dates.check),
          iso(dates.review),
          iso(dates.confirm),
        ],
      );
      const spots = await tx.query<{ id: string; xzqdm: string; tblx: string; area_m2: number; detected_on: string }>(
        `SELECT s.id::text AS id, s.xzqdm, s.tblx, s.area_m2, to_char(s.detected_on, 'YYYY-MM-DD') AS detected_on
           FROM spots s JOIN spot_batches sb ON sb.id = s.batch_id
          WHERE s.theme = 'landcover' AND sb.quarter = $1 AND s.xzqdm LIKE $2 AND s.change_type <> 0
          ORDER BY s.xzqdm, s.id LIMIT $3`,
        [quarter, `${province.code.slice(0, 2)}%`, PER_BATCH],
      );
      if (spots.length === 0) continue;
      const perCounty = new Map<string, number>();
      const rows = spots.map((s) => {
        const seq = (perCounty.get(s.xzqdm) ?? 0) + 1;
        perCounty.set(s.xzqdm, seq);
        const spotNo = `${quarter}-${s.xzqdm}-${String(seq).padStart(4, '0')}`;
        const rng = mulberry32(hashOf(`${RANDOM_KEY} ${spotNo}`));
        const plan = planCase(rng, quarterIndex, dates);
        const last = plan.steps[plan.steps.length - 1]!;
        const orderedAt = plan.steps.find((st) => st.to === 'ordered')?.at.getTime() ?? null;
        const verdict = plan.verdict;
        const reasons = verdict ? REASONS_BY_VERDICT[verdict] : undefined;
        const area = Number(s.area_m2);
        const farmShare = s.tblx === '101' || s.tblx === '201' ? 0.6 + rng() * 0.4 : rng() < 0.2 ? rng() * 0.3 : 0;
        const farmland = area * farmShare;
        return {
          spot: s,
          steps: plan.steps,
          row: {
            batch_id: batch!.id,
            spot_no: spotNo,
            xzqdm: s.xzqdm,
            source: rng() < 0.15 ? 'key_change' : 'auto',
            theme_spot_id: s.id,
            change_type: s.tblx,
            farmland_m2: farmland,
            basic_farmland_m2: farmland > 0 && rng() < 0.4 ? farmland * (0.2 + rng() * 0.6) : 0,
            eco_redline_m2: rng() < 0.05 ? area * (0.1 + rng() * 0.4) : 0,
            quarter_start: quarterPeriod(quarter).start,
            quarter_end: quarterPeriod(quarter).end,
            status: last.to,
            verdict,
            reason_code: reasons ? reasons[Math.floor(rng() * reasons.length)]! : null,
            approval_no:
              verdict === 'legal'
                ? `${province.zh.slice(0, 1)}政土批〔${Number(year) - Math.floor(rng() * 3)}〕${100 + Math.floor(rng() * 800)}号`
                : null,
            builder: verdict && verdict !== 'rural_road' ? BUILDERS[Math.floor(rng() * BUILDERS.length)]! : null,
            build_date: verdict ? iso(Date.parse(`${s.detected_on}T00:00:00Z`) - Math.floor(rng() * 120) * DAY) : null,
            remarks: null,
            stage_due: dueOf(last.to, last.at.getTime(), dates, orderedAt),
            stage_since: last.at.toISOString(),
            first_submitted_at: plan.submittedAt === null ? null : new Date(plan.submittedAt).toISOString(),
            submitted_on_time: plan.submittedAt === null ? null : iso(plan.submittedAt) <= iso(dates.check),
            version: plan.steps.length,
            updated_at: last.at.toISOString(),
          },
        };
      });
      const inserted = await tx.query<{ id: string; spot_no: string }>(
        `INSERT INTO verification_cases (batch_id, spot_no, xzqdm, source, theme_spot_id, change_type, geom, center, area_m2, farmland_m2,
                basic_farmland_m2, eco_redline_m2, before_scene_id, before_date, after_scene_id, after_date, status, verdict, reason_code,
                approval_no, builder, build_date, remarks, stage_due, stage_since, first_submitted_at, submitted_on_time, version, demo, created_at, updated_at)
         SELECT r.batch_id, r.spot_no, r.xzqdm, r.source, s.id, r.change_type, s.geom, s.center, s.area_m2, r.farmland_m2,
                r.basic_farmland_m2, r.eco_redline_m2, bs.id, bs.acquired_at::date, af.id, af.acquired_at::date, r.status, r.verdict,
                r.reason_code, r.approval_no, r.builder, r.build_date, r.remarks, r.stage_due, r.stage_since, r.first_submitted_at, r.submitted_on_time, r.version,
                true, r.stage_since, r.updated_at
           FROM jsonb_to_recordset($1::jsonb) AS r(batch_id bigint, spot_no text, xzqdm text, source text, theme_spot_id bigint,
                change_type text, farmland_m2 float8, basic_farmland_m2 float8, eco_redline_m2 float8, quarter_start date, quarter_end date,
                status text, verdict text, reason_code text, approval_no text, builder text, build_date date, remarks text, stage_due date,
                stage_since timestamptz, first_submitted_at timestamptz, submitted_on_time boolean, version int, updated_at timestamptz)
           JOIN spots s ON s.id = r.theme_spot_id
           LEFT JOIN LATERAL (SELECT sc.id, sc.acquired_at FROM scenes sc
                               WHERE ST_Intersects(sc.footprint, s.center) AND coalesce(sc.cloud_pct, 0) < 30
                                 AND sc.acquired_at >= r.quarter_start - 150 AND sc.acquired_at < r.quarter_start
                               ORDER BY sc.acquired_at DESC LIMIT 1) bs ON true
           LEFT JOIN LATERAL (SELECT sc.id, sc.acquired_at FROM scenes sc
                               WHERE ST_Intersects(sc.footprint, s.center) AND coalesce(sc.cloud_pct, 0) < 30
                                 AND sc.acquired_at >= r.quarter_start AND sc.acquired_at < r.quarter_end + 45
                               ORDER BY sc.acquired_at LIMIT 1) af ON true
         RETURNING id::text AS id, spot_no`,
        [JSON.stringify(rows.map((r) => r.row))],
      );
      const idOf = new Map(inserted.map((r) => [r.spot_no, r.id]));
      await importHistories(
        tx,
        'verification',
        rows.map((r) => ({
          id: idOf.get(r.row.spot_no)!,
          steps: r.steps.map(({ actor, ...step }) => ({ ...step, actorId: actorFor(actor, r.spot.xzqdm) })),
        })),
      );
      total += inserted.length;
    }
  }
  return total;
}

export const verificationSeed = versionedSeed({
  name: 'verification',
  dataset: 'verification-demo',
  after: ['spots-landcover-demo', CATALOGUE_DATASET],
  source: () => generator(GENERATOR_VERSION),
  load: (tx) => generate(tx),
  report: (count) => `generated ${count} demo verification cases`,
});
