/**
 * Issue 33 (part 1, the model): a verification case moves only along its machine, only for a role whose region
 * reaches the spot's county, with the form a submit needs; a case outside the user's ranges is 404, a stale form
 * 409; every move is a history row with the role; two reviewers at once give one outcome.
 */
import { ApiError } from '../../lib/server/api/errors';
import { moveCase, verificationRolesOf, type VerificationActor } from '../../lib/server/verification/cases';
import { readHistory, verifyChain } from '../../lib/server/workflow';
import { VERIFICATION_STATUSES, verificationMachine, type Role, type VerificationStatus } from '../../lib/shared/workflow';
import { GET as chainGet } from '../../app/api/process-spot-bjhs/v1/process/verify/[id]/route';
import { POST as movePost } from '../../app/api/process-spot-bjhs/v1/process/[id]/route';
import { createSession } from '../../lib/server/session';
import { call, withTestDatabase } from '../support/api';
import { newUser } from '../support/workflow-subjects';

const db = withTestDatabase();

const COUNTY = '130102'; // Chang'an district, Shijiazhuang, Hebei
const OTHER_COUNTY = '130104';
const FAR_COUNTY = '110101'; // Beijing

let users: Record<'checker' | 'reviewer' | 'confirmer' | 'stranger' | 'farChecker', VerificationActor>;
let batchId: string;

async function user(name: string, roles: Array<[string, string]>): Promise<string> {
  const id = await newUser(db(), name);
  for (const [role, region] of roles)
    await db().query(`INSERT INTO user_verification_roles (user_id, role, region_code) VALUES ($1, $2, $3)`, [id, role, region]);
  return id;
}

async function actor(id: string, admin = false): Promise<VerificationActor> {
  return { userId: id, admin, roles: await verificationRolesOf(db(), id) };
}

let seq = 0;
/** A case in `county` at `status` (set directly: the fixture, not a move). */
async function caseAt(
  status: VerificationStatus,
  county = COUNTY,
  verdict: string | null = null,
): Promise<{ id: string; version: number }> {
  const [row] = await db().query<{ id: string; version: number }>(
    `INSERT INTO verification_cases (batch_id, spot_no, xzqdm, source, change_type, geom, center, area_m2, status, verdict)
     SELECT $1, $2, $3, 'auto', 'construction', ST_Multi(ST_MakeEnvelope(114.5, 38.0, 114.51, 38.01, 4326)), ST_SetSRID(ST_MakePoint(114.505, 38.005), 4326),
            1000, $4, $5
     RETURNING id::text, version`,
    [batchId, `T${++seq}`, county, status, verdict],
  );
  return row!;
}

async function refusal(work: Promise<unknown>): Promise<{ status: number; key: string } | 'moved'> {
  try {
    await work;
    return 'moved';
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, key: error.messageKey };
    throw error;
  }
}

let scenes = 0;
/** A catalogue scene covering the fixture spot acquired just now (after any rectification made before): a citation to close. */
async function laterScene(): Promise<{ kind: 'scene'; id: string }> {
  const id = `VC_LATER_${++scenes}`;
  await db().query(
    `INSERT INTO scenes (id, file_name, collection, satellite, sensor, platform, product_level, resolution_m, acquired_at, footprint, centre,
       area_km2, source)
     SELECT $1, $1 || '.tar.gz', 'fixture', 'GF1', 'WFV', 'fixture', 'L1A', 16, clock_timestamp(), g, ST_Centroid(g), 100, 'imported'
       FROM (SELECT ST_MakeEnvelope(114.4, 37.9, 114.6, 38.1, 4326) AS g) x`,
    [id],
  );
  return { kind: 'scene', id };
}

const LEGAL = { verdict: 'legal' as const, reasonCode: 'approved_use', approvalNo: '冀政地〔2026〕12号' };

beforeAll(async () => {
  const [batch] = await db().query<{ id: string }>(
    `INSERT INTO verification_batches (quarter, province_code, name_zh, name_en, pushed_on, check_due, review_due, confirm_due)
     VALUES ('2024Q1', '130000', '测试批次', 'Test batch', '2026-07-01', '2026-07-31', '2026-08-15', '2026-08-31') RETURNING id::text`,
  );
  batchId = batch!.id;
  users = {
    checker: await actor(await user('vc-checker', [['checker', COUNTY]])),
    reviewer: await actor(await user('vc-reviewer', [['reviewer', '130100']])),
    confirmer: await actor(await user('vc-confirmer', [['confirmer', '130000']])),
    stranger: await actor(await user('vc-stranger', [])),
    farChecker: await actor(await user('vc-far', [['checker', FAR_COUNTY]])),
  };
});

describe('a verification case', () => {
  it('goes the whole way: check, submit, return with a reason, resubmit, pass, confirm, rectify, close — with a history row per move', async () => {
    const c = await caseAt('pushed');
    let v = c.version;
    const step = async (who: keyof typeof users, to: VerificationStatus, extra: object = {}) => {
      v = (await moveCase(db(), users[who], c.id, { to, version: v, ...extra })).version;
    };
    await step('checker', 'checking');
    await step('checker', 'submitted', { form: { verdict: 'illegal_new' } });
    await step('reviewer', 'returned', { note: 'No photo of the north side' });
    await step('checker', 'submitted', { form: { verdict: 'illegal_new', remarks: 'photos added' } });
    await step('reviewer', 'passed');
    await step('confirmer', 'confirmed');
    await step('confirmer', 'ordered');
    await step('checker', 'rectifying');
    await step('checker', 'rectified');
    // Closing a rectified case cites a scene acquired since (issue 34.3).
    await step('confirmer', 'closed', { evidence: await laterScene() });
    const [row] = await db().query<{ status: string; verdict: string; remarks: string; stage_due: string | null; version: number }>(
      `SELECT status, verdict, remarks, stage_due, version FROM verification_cases WHERE id = $1`,
      [c.id],
    );
    expect(row).toMatchObject({ status: 'closed', verdict: 'illegal_new', remarks: 'photos added', stage_due: null, version: 11 });
    const history = await readHistory(db(), 'verification', c.id, 'en');
    expect(history.map((h) => h.toStatus)).toEqual([
      'checking',
      'submitted',
      'returned',
      'submitted',
      'passed',
      'confirmed',
      'ordered',
      'rectifying',
      'rectified',
      'closed',
    ]);
    // Named from the VERIFY_STAGE dictionary in the reader's language.
    expect(history.at(-1)!.toStatusName).toBe('Closed');
    const roles = await db().query<{ actor_role: string; note: string | null }>(
      `SELECT actor_role, note FROM workflow_history WHERE workflow = 'verification' AND subject_id = $1 ORDER BY id`,
      [c.id],
    );
    expect(roles.map((r) => r.actor_role)).toEqual([
      'checker',
      'checker',
      'reviewer',
      'checker',
      'reviewer',
      'confirmer',
      'confirmer',
      'checker',
      'checker',
      'confirmer',
    ]);
    expect(roles[2]!.note).toBe('No photo of the north side');
    // The case's record is chained (issue 33.5): intact, and an edit in SQL is found at its row.
    expect(await verifyChain(db(), 'verification', c.id)).toMatchObject({ intact: true, rows: 10 });
    await db().query(
      `UPDATE workflow_history SET note = 'photos were fine' WHERE id = (SELECT id FROM workflow_history WHERE workflow = 'verification' AND subject_id = $1 AND note IS NOT NULL ORDER BY id LIMIT 1)`,
      [c.id],
    );
    expect(await verifyChain(db(), 'verification', c.id)).toMatchObject({ intact: false, brokenAt: { position: 3, reason: 'content' } });
  });

  it('allows every (from, to, role) the machine declares and refuses every other, for roles that reach the case', async () => {
    const byRole: Record<Exclude<Role, 'owner' | 'system'>, VerificationActor> = {
      checker: users.checker,
      reviewer: users.reviewer,
      confirmer: users.confirmer,
      admin: { ...users.stranger, admin: true },
    };
    for (const from of VERIFICATION_STATUSES) {
      for (const to of VERIFICATION_STATUSES) {
        if (from === to) continue;
        for (const [role, who] of Object.entries(byRole) as Array<[keyof typeof byRole, VerificationActor]>) {
          const declared = verificationMachine.transitions.find((t) => t.from === from && t.to === to && t.by.includes(role));
          // A confirmed verdict leads where it fits (verdictAllows): an illegal one to rectification, any other to closed.
          const c = await caseAt(from, COUNTY, from === 'confirmed' && to === 'closed' ? 'legal' : 'illegal_old');
          // Closing a rectified case cites a later scene (issue 34.3); no other move cites anything.
          const evidence = from === 'rectified' && to === 'closed' ? await laterScene() : undefined;
          const outcome = await refusal(
            moveCase(db(), who, c.id, { to, version: c.version, note: 'a reason', form: { verdict: 'illegal_old' }, evidence }),
          );
          if (declared) expect([from, to, role, outcome]).toEqual([from, to, role, 'moved']);
          else expect([from, to, role, outcome]).toEqual([from, to, role, { status: 403, key: 'Verification.errors.roleCannot' }]);
        }
      }
    }
  }, 180_000);

  it('is not found for a user none of whose ranges reach it, and for a user without roles', async () => {
    const c = await caseAt('pushed');
    expect(await refusal(moveCase(db(), users.farChecker, c.id, { to: 'checking', version: c.version }))).toEqual({
      status: 200,
      key: 'notFound',
    });
    expect(await refusal(moveCase(db(), users.stranger, c.id, { to: 'checking', version: c.version }))).toEqual({
      status: 200,
      key: 'notFound',
    });
    // A county checker does not reach the next county of the same city; the city reviewer does.
    const next = await caseAt('submitted', OTHER_COUNTY);
    expect(await refusal(moveCase(db(), users.checker, next.id, { to: 'returned', version: next.version, note: 'x' }))).toEqual({
      status: 200,
      key: 'notFound',
    });
    expect(await refusal(moveCase(db(), users.reviewer, next.id, { to: 'passed', version: next.version }))).toBe('moved');
  });

  it('needs the form a verdict calls for, and changes nothing when it is missing', async () => {
    const c = await caseAt('checking');
    const submit = (form: object | undefined) =>
      refusal(moveCase(db(), users.checker, c.id, { to: 'submitted', version: c.version, form: form as never }));
    expect(await submit(undefined)).toEqual({ status: 200, key: 'Verification.errors.verdictRequired' });
    expect(await submit({ verdict: 'legal' })).toEqual({ status: 200, key: 'Verification.errors.reasonRequired' });
    expect(await submit({ verdict: 'other', reasonCode: 'no_such_reason' })).toEqual({
      status: 200,
      key: 'Verification.errors.reasonUnknown',
    });
    expect(await submit({ verdict: 'legal', reasonCode: 'approved_use' })).toEqual({
      status: 200,
      key: 'Verification.errors.approvalRequired',
    });
    const [still] = await db().query<{ status: string; version: number; verdict: string | null }>(
      `SELECT status, version, verdict FROM verification_cases WHERE id = $1`,
      [c.id],
    );
    expect(still).toEqual({ status: 'checking', version: c.version, verdict: null });
    expect(await submit(LEGAL)).toBe('moved');
  });

  it('needs a reason to return a case, and refuses a form loaded before the case moved on (409)', async () => {
    const c = await caseAt('submitted');
    expect(await refusal(moveCase(db(), users.reviewer, c.id, { to: 'returned', version: c.version, note: '  ' }))).toEqual({
      status: 200,
      key: 'Verification.errors.noteRequired',
    });
    const { version } = await moveCase(db(), users.reviewer, c.id, { to: 'passed', version: c.version });
    expect(version).toBe(c.version + 1);
    expect(await refusal(moveCase(db(), users.confirmer, c.id, { to: 'confirmed', version: c.version }))).toEqual({
      status: 409,
      key: 'Verification.errors.stale',
    });
    expect(await refusal(moveCase(db(), users.confirmer, c.id, { to: 'confirmed', version }))).toBe('moved');
  });

  it('gives one outcome when two reviewers act on the same case at once', async () => {
    const c = await caseAt('submitted');
    const second = await actor(await user('vc-reviewer-2', [['reviewer', '130100']]));
    const outcomes = await Promise.all([
      refusal(moveCase(db(), users.reviewer, c.id, { to: 'passed', version: c.version })),
      refusal(moveCase(db(), second, c.id, { to: 'returned', version: c.version, note: 'incomplete' })),
    ]);
    expect(outcomes.filter((o) => o === 'moved')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'moved')).toEqual([{ status: 409, key: 'Verification.errors.stale' }]);
    const rows = await db().query(`SELECT 1 FROM workflow_history WHERE workflow = 'verification' AND subject_id = $1`, [c.id]);
    expect(rows).toHaveLength(1);
  });
});

describe('the demo accounts (README)', () => {
  it('verify in Hebei: the province confirms, Shijiazhuang reviews, Chang’an district checks', async () => {
    const rows = await db().query<{ username: string; role: string; region_code: string }>(
      `SELECT u.username, r.role, r.region_code FROM user_verification_roles r JOIN users u ON u.id = r.user_id
        WHERE u.username LIKE 'demo-%' ORDER BY u.username`,
    );
    expect(rows).toEqual([
      { username: 'demo-city', role: 'reviewer', region_code: '130100' },
      { username: 'demo-county', role: 'checker', region_code: '130102' },
      { username: 'demo-hebei', role: 'confirmer', region_code: '130000' },
    ]);
  });
});

describe('the API (spec /api/process-spot-bjhs/v1/process)', () => {
  let address = 0;
  async function as(username: string, locale: 'zh' | 'en' = 'en') {
    const [u] = await db().query<{ id: string }>('SELECT id::text AS id FROM users WHERE username = $1', [username]);
    const { token } = await createSession(db(), u!.id, { ip: 'test', userAgent: null });
    return { cookie: `token=${token}`, origin: 'http://localhost:3000', 'x-locale': locale, 'x-forwarded-for': `198.51.100.${++address}` };
  }
  const move = async (id: string, body: unknown, headers: Record<string, string>) =>
    call(movePost, `/api/process-spot-bjhs/v1/process/${id}`, { method: 'POST', body, headers, params: { id } });

  it('moves a case for the demo county checker, answers the city reviewer’s refusal in their language, and 404 outside the range', async () => {
    const c = await caseAt('checking');
    const county = await as('demo-county');
    const submitted = await move(c.id, { to: 'submitted', version: c.version, form: LEGAL }, county);
    expect(submitted.json).toMatchObject({ code: 0, data: { version: c.version + 1 } });
    const city = await as('demo-city', 'zh');
    const noReason = await move(c.id, { to: 'returned', version: c.version + 1, note: '' }, city);
    expect(noReason.json.code).toBe(400);
    expect(noReason.json.message).toBe('请填写此操作的理由。');
    const far = await caseAt('checking', FAR_COUNTY);
    expect((await move(far.id, { to: 'submitted', version: far.version, form: LEGAL }, county)).json.code).toBe(404);
    expect((await move(c.id, { to: 'nowhere', version: 1 }, county)).json.code).toBe(400);
    expect((await move('abc', { to: 'checking', version: 1 }, county)).json.code).toBe(400);
    const anonymous = await call(movePost, `/api/process-spot-bjhs/v1/process/${c.id}`, {
      method: 'POST',
      body: { to: 'passed', version: c.version + 1 },
      headers: { origin: 'http://localhost:3000' },
      params: { id: c.id },
    });
    expect(anonymous.status).toBe(401);
  });

  it('checks a case’s record for the roles that reach it, and is not found for anyone else', async () => {
    const c = await caseAt('pushed');
    await moveCase(db(), users.checker, c.id, { to: 'checking', version: c.version });
    const chain = (who: Record<string, string>) =>
      call(chainGet, `/api/process-spot-bjhs/v1/process/verify/${c.id}`, { headers: who, params: { id: c.id } });
    expect((await chain(await as('demo-hebei'))).json).toMatchObject({ code: 0, data: { intact: true, rows: 1 } });
    expect((await chain(await as('demo-personal'))).json.code).toBe(404);
  });
});
