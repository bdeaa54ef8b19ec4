/**
 * Issue 33 point 4, deadlines that escalate: an overdue case is listed for the level above the one holding it and
 * inside that level's region only; a case's page says how long it has been with whom; the daily digest mails each
 * reviewer and confirmer with escalated cases exactly once a day, however often and in however many workers it
 * runs, and nobody else.
 */
import { JOB_WORKER_SETUP } from '../../lib/server/composition/jobs';
import { getEnv } from '../../lib/server/env';
import { runDueJobs } from '../../lib/server/jobs/runner';
import { moveCase, verificationRolesOf, type VerificationActor } from '../../lib/server/verification/cases';
import {
  describeHolding,
  holdingOf,
  overdueFor,
  scheduleDigest,
  verificationJobHandlers,
  DIGEST_CASES,
  DIGEST_DAY_JOB,
  DIGEST_JOB,
} from '../../lib/server/verification/deadlines';
import type { VerificationStatus } from '../../lib/shared/workflow';
import { withTestDatabase } from '../support/api';
import { newUser } from '../support/workflow-subjects';

const db = withTestDatabase();

const CHANGAN = '130102'; // Chang'an district, Shijiazhuang, Hebei
const QIAOXI = '130104'; // Qiaoxi district, Shijiazhuang
const LUNAN = '130202'; // Lunan district, Tangshan, Hebei
const DONGCHENG = '110101'; // Dongcheng district, Beijing
const JINGXIU = '130602'; // Jingxiu district, Baoding, Hebei: no reviewer here, so its case stays out of the digests

const MAIL = {
  cityReviewer: 'deadline-city@verify.example',
  tangshanReviewer: 'deadline-tangshan@verify.example',
  confirmer: 'deadline-province@verify.example',
  checker: 'deadline-county@verify.example',
};

let today: string;
let batchId: string;
const actors = {} as Record<
  'cityReviewer' | 'tangshanReviewer' | 'confirmer' | 'checker' | 'baodingChecker' | 'silentReviewer' | 'admin',
  VerificationActor
>;
const cases = {} as Record<string, { id: string; spotNo: string }>;

async function user(name: string, email: string | null, roles: Array<[string, string]>): Promise<VerificationActor> {
  const id = await newUser(db(), name);
  if (email) await db().query(`UPDATE users SET email = $2, real_name = $3 WHERE id = $1`, [id, email, name]);
  for (const [role, region] of roles)
    await db().query(`INSERT INTO user_verification_roles (user_id, role, region_code) VALUES ($1, $2, $3)`, [id, role, region]);
  return { userId: id, admin: false, roles: await verificationRolesOf(db(), id) };
}

/** A case in `county` at `status`, due `dueOffset` days from today (negative: overdue). */
async function caseAt(key: string, status: VerificationStatus, county: string, dueOffset: number | null) {
  const spotNo = `DL-${key}`;
  const [row] = await db().query<{ id: string }>(
    `INSERT INTO verification_cases (batch_id, spot_no, xzqdm, source, change_type, geom, center, area_m2, status, stage_due)
     VALUES ($1, $2, $3, 'auto', 'construction', ST_Multi(ST_MakeEnvelope(114.5, 38.0, 114.51, 38.01, 4326)),
             ST_SetSRID(ST_MakePoint(114.505, 38.005), 4326), 1000, $4, current_date + $5::int)
     RETURNING id::text AS id`,
    [batchId, spotNo, county, status, dueOffset],
  );
  cases[key] = { id: row!.id, spotNo };
}

const ids = (list: { cases: Array<{ spotNo: string }> }) => list.cases.map((c) => c.spotNo).sort();
const shift = async (days: number) => (await db().query<{ day: string }>(`SELECT (current_date + $1::int)::text AS day`, [days]))[0]!.day;
const mails = (recipient: string) =>
  db().query<{ subject: string; body: string }>(`SELECT subject, body FROM outbox WHERE recipient = $1 ORDER BY id`, [recipient]);
const runJobs = (workerId: string) => runDueJobs(db(), verificationJobHandlers(), { workerId, leaseSeconds: 60, backoffSeconds: 1 });

beforeAll(async () => {
  // This file's cases only: the demo batches (in the template) would be overdue in the same regions.
  await db().query(`DELETE FROM verification_batches WHERE demo`);
  today = await shift(0);
  const [batch] = await db().query<{ id: string }>(
    `INSERT INTO verification_batches (quarter, province_code, name_zh, name_en, pushed_on, check_due, review_due, confirm_due)
     VALUES ('2019Q3', '130000', '超期测试批次', 'Deadline test batch', '2026-01-05', '2026-02-05', '2026-02-20', '2026-03-05') RETURNING id::text`,
  );
  batchId = batch!.id;
  actors.cityReviewer = await user('dl-city', MAIL.cityReviewer, [['reviewer', '130100']]);
  actors.tangshanReviewer = await user('dl-tangshan', MAIL.tangshanReviewer, [['reviewer', '130200']]);
  actors.confirmer = await user('dl-province', MAIL.confirmer, [['confirmer', '130000']]);
  actors.checker = await user('dl-county', MAIL.checker, [['checker', CHANGAN]]);
  actors.baodingChecker = await user('dl-baoding', null, [['checker', JINGXIU]]);
  // A Shijiazhuang reviewer without an e-mail address: sees the cases, gets no mail.
  actors.silentReviewer = await user('dl-silent', null, [['reviewer', '130100']]);
  actors.admin = { userId: actors.checker.userId, admin: true, roles: [] };

  await caseAt('checkLate', 'checking', CHANGAN, -5); // county-held, overdue → Shijiazhuang reviewers
  await caseAt('returnedLate', 'returned', QIAOXI, -2); // county-held, overdue → Shijiazhuang reviewers
  await caseAt('rectifyLate', 'rectifying', CHANGAN, -40); // county-held (rectification), overdue → Shijiazhuang reviewers
  await caseAt('checkDueToday', 'checking', CHANGAN, 0); // due today: not overdue yet
  await caseAt('reviewLate', 'submitted', QIAOXI, -3); // city-held, overdue → Hebei confirmers
  await caseAt('tangshanReviewLate', 'submitted', LUNAN, -1); // city-held in Tangshan → Hebei confirmers, not Tangshan's reviewer
  await caseAt('confirmLate', 'passed', CHANGAN, -4); // province-held → administrators
  await caseAt('beijingLate', 'checking', DONGCHENG, -9); // outside every Hebei range
  await caseAt('closedLate', 'closed', CHANGAN, -30); // closed: never overdue
  await caseAt('noDue', 'checking', CHANGAN, null); // no due date: never overdue
});

describe('overdue cases escalate one level up, inside the region', () => {
  it('lists the counties’ overdue checks, returns and rectifications for the city reviewers reaching them', async () => {
    const list = await overdueFor(db(), actors.cityReviewer);
    expect(list.today).toBe(today);
    expect(ids(list)).toEqual(['DL-checkLate', 'DL-rectifyLate', 'DL-returnedLate']);
    expect(list.total).toBe(3);
    // Most overdue first, held by the county, escalated to the city.
    expect(list.cases[0]).toMatchObject({
      spotNo: 'DL-rectifyLate',
      status: 'rectifying',
      daysOverdue: 40,
      holder: { role: 'checker', level: 'county', region: { code: CHANGAN } },
      escalatedTo: 'reviewer',
    });
    expect(list.cases.find((c) => c.spotNo === 'DL-returnedLate')!.daysOverdue).toBe(2);
    expect(list.byRegion).toEqual([
      expect.objectContaining({ region: expect.objectContaining({ code: CHANGAN }), role: 'checker', level: 'county', count: 2 }),
      expect.objectContaining({ region: expect.objectContaining({ code: QIAOXI }), role: 'checker', level: 'county', count: 1 }),
    ]);
  });

  it('lists the cities’ overdue reviews for the province confirmers, and the provinces’ for administrators', async () => {
    const province = await overdueFor(db(), actors.confirmer);
    expect(ids(province)).toEqual(['DL-reviewLate', 'DL-tangshanReviewLate']);
    expect(province.cases.find((c) => c.spotNo === 'DL-reviewLate')!.holder).toEqual({
      role: 'reviewer',
      level: 'city',
      region: { code: '130100', nameZh: '石家庄市', nameEn: 'Shijiazhuang' },
    });
    expect(province.byRegion.map((r) => [r.region.code, r.count])).toEqual([
      ['130100', 1],
      ['130200', 1],
    ]);
    const admin = await overdueFor(db(), actors.admin);
    expect(ids(admin)).toEqual(['DL-confirmLate']);
    expect(admin.cases[0]).toMatchObject({
      holder: { role: 'confirmer', level: 'province', region: { code: '130000' } },
      escalatedTo: 'admin',
    });
  });

  it('shows nothing outside the range, nothing to the holders themselves, and nothing not yet due or closed', async () => {
    expect(ids(await overdueFor(db(), actors.tangshanReviewer))).toEqual([]);
    expect(ids(await overdueFor(db(), actors.checker))).toEqual([]);
    expect(ids(await overdueFor(db(), { userId: '0', admin: false, roles: [] }))).toEqual([]);
    // A reviewer for Beijing (city code 110100) sees Beijing's case only.
    expect(ids(await overdueFor(db(), { userId: '0', admin: false, roles: [{ role: 'reviewer', regionCode: '110100' }] }))).toEqual([
      'DL-beijingLate',
    ]);
    // Tomorrow, the case due today is overdue too.
    expect(ids(await overdueFor(db(), actors.cityReviewer, { today: await shift(1) }))).toEqual([
      'DL-checkDueToday',
      'DL-checkLate',
      'DL-rectifyLate',
      'DL-returnedLate',
    ]);
  });

  it('pages the list and keeps the total', async () => {
    const page = await overdueFor(db(), actors.cityReviewer, { limit: 1, offset: 1 });
    expect(page.total).toBe(3);
    expect(ids(page)).toEqual(['DL-checkLate']);
  });
});

describe('how long a case has been with whom', () => {
  it('counts from the last history row: the county checkers for 12 days, 3 days overdue', async () => {
    await caseAt('held', 'pushed', JINGXIU, null);
    const { id } = cases.held!;
    await moveCase(db(), actors.baodingChecker, id, { to: 'checking', version: 1 });
    await db().query(
      `UPDATE workflow_history SET changed_at = now() - interval '12 days' WHERE workflow = 'verification' AND subject_id = $1`,
      [id],
    );
    await db().query(`UPDATE verification_cases SET stage_due = current_date - 3 WHERE id = $1`, [id]);
    const holding = (await holdingOf(db(), id))!;
    expect(holding).toMatchObject({
      caseId: id,
      status: 'checking',
      holder: { role: 'checker', level: 'county', region: { code: JINGXIU, nameZh: '竞秀区', nameEn: 'Jingxiu District' } },
      escalatesTo: 'reviewer',
      daysHeld: 12,
      stageDue: await shift(-3),
      daysOverdue: 3,
    });
    expect(describeHolding('zh', holding)).toBe('在竞秀区县级核查员处已 12 天，已超期 3 天');
    expect(describeHolding('en', holding)).toBe('With the county checkers of Jingxiu District for 12 days · 3 days overdue');
  });

  it('counts from the case’s creation when it has no history, names the city that holds a review, and is not overdue before its date', async () => {
    await caseAt('fresh', 'submitted', QIAOXI, 6);
    const holding = (await holdingOf(db(), cases.fresh!.id))!;
    expect(holding).toMatchObject({
      holder: { role: 'reviewer', level: 'city', region: { code: '130100', nameZh: '石家庄市', nameEn: 'Shijiazhuang' } },
      escalatesTo: 'confirmer',
      daysHeld: 0,
      daysOverdue: 0,
    });
    expect(describeHolding('en', holding)).toBe(`With the city reviewers of Shijiazhuang since today · due ${await shift(6)}`);
    expect(describeHolding('zh', holding)).toBe(`在石家庄市市级审核员处（今天转入），应于 ${await shift(6)} 前完成`);
  });

  it('has no holder once closed, and no case for an unknown id', async () => {
    expect(await holdingOf(db(), cases.closedLate!.id)).toMatchObject({ holder: null, escalatesTo: null, daysOverdue: null });
    expect(await holdingOf(db(), '999999999')).toBeNull();
    expect(await holdingOf(db(), 'x')).toBeNull();
  });
});

describe('the daily digest', () => {
  it('sends one mail per reviewer per day even when scheduled and run twice, in two workers at once', async () => {
    // The job worker runs the digest: its handlers, and a periodic task that queues the day's run.
    const handlers = JOB_WORKER_SETUP.handlers();
    expect(handlers[DIGEST_DAY_JOB]).toBe(verificationJobHandlers()[DIGEST_DAY_JOB]);
    expect(handlers[DIGEST_JOB]).toBe(verificationJobHandlers()[DIGEST_JOB]);
    const periodic = JOB_WORKER_SETUP.periodic.find((t) => t.name === 'schedule the verification digest')!;
    expect(await periodic.run(db())).toBe(true);
    expect(await periodic.run(db())).toBe(false);
    expect(await scheduleDigest(db())).toBe(false);
    await runJobs('worker-a'); // the day's job, then one job per recipient
    await Promise.all([scheduleDigest(db()), scheduleDigest(db())]);
    await Promise.all([runJobs('worker-a'), runJobs('worker-b')]);
    await runJobs('worker-b');
    expect(await mails(MAIL.cityReviewer)).toHaveLength(1);
    expect(await mails(MAIL.confirmer)).toHaveLength(1);
    // Nothing overdue below Tangshan's reviewer; checkers and users without an address get no digest.
    expect(await mails(MAIL.tangshanReviewer)).toHaveLength(0);
    expect(await mails(MAIL.checker)).toHaveLength(0);
  });

  it('lists the counts by region and the most overdue cases with links, in both languages', async () => {
    const [mail] = await mails(MAIL.cityReviewer);
    const site = getEnv().SITE_URL;
    expect(mail!.subject).toBe('核查图斑超期督办：3 件 / Overdue verification spots to follow up: 3');
    for (const key of ['checkLate', 'returnedLate', 'rectifyLate']) {
      const { id, spotNo } = cases[key]!;
      expect(mail!.body).toContain(spotNo);
      expect(mail!.body).toContain(`${site}/chinese/verify/lawenforceinspect/lawSpotDetail?id=${id}`);
      expect(mail!.body).toContain(`${site}/english/verify/lawenforceinspect/lawSpotDetail?id=${id}`);
    }
    for (const key of ['reviewLate', 'checkDueToday', 'beijingLate', 'closedLate', 'confirmLate'])
      expect(mail!.body).not.toContain(cases[key]!.spotNo);
    const [changan] = await db().query<{ name_zh: string; name_en: string }>(
      `SELECT name_zh, coalesce(name_en, name_zh) AS name_en FROM regions WHERE code = $1`,
      [CHANGAN],
    );
    expect(mail!.body).toContain(`  ${changan!.name_zh}（县级核查）：2 件`);
    expect(mail!.body).toContain(`  ${changan!.name_en} (county check): 2`);
    expect(mail!.body).toContain('dl-city，您好：');
    expect(mail!.body).toContain(`As of ${today}, 3 verification spots held below you are past the due date.`);
    expect(mail!.body).toContain(`DL-rectifyLate · ${changan!.name_en} · Being rectified · due ${await shift(-40)}, 40 days overdue`);
    expect(mail!.body).toContain(`DL-rectifyLate · ${changan!.name_zh} · 整改中 · 应于 ${await shift(-40)} 完成，已超期 40 天`);
    // The most overdue first.
    expect(mail!.body.indexOf('DL-rectifyLate')).toBeLessThan(mail!.body.indexOf('DL-checkLate'));

    const [province] = await mails(MAIL.confirmer);
    expect(province!.body).toContain('  石家庄市（市级审核）：1 件');
    expect(province!.body).toContain('  Shijiazhuang (city review): 1');
    expect(province!.body).toContain('DL-tangshanReviewLate');
    expect(province!.body).not.toContain('DL-checkLate');
  });

  it('sends again on the next day (with what is overdue then), and drops a digest for a day that has passed', async () => {
    expect(await scheduleDigest(db(), await shift(-1))).toBe(true);
    await runJobs('worker-a');
    expect(await mails(MAIL.cityReviewer)).toHaveLength(1);
    expect(await scheduleDigest(db(), await shift(1))).toBe(true);
    await runJobs('worker-a');
    await runJobs('worker-b');
    const sent = await mails(MAIL.cityReviewer);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.subject).toContain('Overdue verification spots to follow up: 4');
    expect(sent[1]!.body).toContain('DL-checkDueToday');
    expect(await mails(MAIL.confirmer)).toHaveLength(2);
    expect(await mails(MAIL.tangshanReviewer)).toHaveLength(0);
  });

  it('names at most DIGEST_CASES cases and points to the tracking page for the rest', async () => {
    for (let i = 0; i < DIGEST_CASES; i++) await caseAt(`many${i}`, 'checking', QIAOXI, -1);
    expect(await scheduleDigest(db(), await shift(2))).toBe(true);
    await runJobs('worker-a');
    await runJobs('worker-a');
    const sent = await mails(MAIL.cityReviewer);
    expect(sent).toHaveLength(3);
    const last = sent[2]!.body;
    const total = 4 + DIGEST_CASES;
    expect(sent[2]!.subject).toContain(`: ${total}`);
    expect(last.match(/lawSpotDetail\?id=/g)).toHaveLength(2 * DIGEST_CASES);
    expect(last).toContain(`另有 ${total - DIGEST_CASES} 件，见图斑跟踪：${getEnv().SITE_URL}/chinese/verify/lawenforceinspect/spotTrack`);
    expect(last).toContain(
      `${total - DIGEST_CASES} more on the spot tracking page: ${getEnv().SITE_URL}/english/verify/lawenforceinspect/spotTrack`,
    );
  });
});
