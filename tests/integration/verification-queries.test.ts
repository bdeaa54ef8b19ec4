/**
 * Issue 33 (reading cases): the demo batches and cases (2025Q3–2026Q2, pushed from the land-cover spots, spread over
 * every stage, labelled demo, with intact history chains); lists, counts, mixes and figures by region that equal the
 * SQL aggregates over the caller's range only; one case's page and position (404 outside the range); bulk accept.
 */
import { GET as listGet } from '../../app/api/process-spot-bjhs/v1/process/query/route';
import { POST as bulkPost } from '../../app/api/process-spot-bjhs/v1/process/bulk/route';
import { GET as statsGet } from '../../app/api/process-spot-bjhs/v1/process/statistics/route';
import { GET as detailGet } from '../../app/api/push-spot-bjhs/v3/spot-meta/detail/[id]/route';
import { GET as positionGet } from '../../app/api/push-spot-bjhs/v3/spot-meta/position/[id]/route';
import { GET as overdueGet } from '../../app/api/process-spot-bjhs/v1/process/overdue/route';
import { GET as mixGet } from '../../app/api/push-spot-bjhs/v3/spot-meta/statistics/route';
import { GET as batchesGet } from '../../app/api/push-spot-bjhs/v3/spot-tar-meta/query/route';
import { GET as keyBatchesGet } from '../../app/api/push-spot-zdbh/v3/spot-tar-meta/query/route';
import { moveCase, verificationRolesOf } from '../../lib/server/verification/cases';
import { verifyChain } from '../../lib/server/workflow';
import { createSession } from '../../lib/server/session';
import { VERIFICATION_STATUSES } from '../../lib/shared/workflow';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();

let address = 0;
async function as(username: string, locale: 'zh' | 'en' = 'en') {
  const [u] = await db().query<{ id: string }>('SELECT id::text AS id FROM users WHERE username = $1', [username]);
  const { token } = await createSession(db(), u!.id, { ip: 'test', userAgent: null });
  return { cookie: `token=${token}`, origin: 'http://localhost:3000', 'x-locale': locale, 'x-forwarded-for': `203.0.113.${++address}` };
}

const get = async (handler: Parameters<typeof call>[0], path: string, headers: Record<string, string>, params?: Record<string, string>) =>
  (await call(handler, path, { headers, params })).json;

const sqlCount = async (where: string, params: unknown[] = []) =>
  (await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM verification_cases c WHERE ${where}`, params as never[]))[0]!.n;

describe('the demo verification data', () => {
  it('has a demo batch per quarter 2025Q3–2026Q2 for Hebei, Shandong and Henan, pushed from the land-cover spots', async () => {
    const batches = await db().query<{ quarter: string; province_code: string; demo: boolean; n: number }>(
      `SELECT b.quarter, b.province_code, b.demo, count(c.id)::int AS n FROM verification_batches b
         LEFT JOIN verification_cases c ON c.batch_id = b.id GROUP BY b.id ORDER BY b.quarter, b.province_code`,
    );
    expect(batches.map((b) => `${b.quarter} ${b.province_code}`)).toEqual(
      ['2025Q3', '2025Q4', '2026Q1', '2026Q2'].flatMap((q) => ['130000', '370000', '410000'].map((p) => `${q} ${p}`)),
    );
    expect(batches.every((b) => b.demo && b.n > 50)).toBe(true);
    // The same polygon the monitor shows, in the province and quarter of its batch.
    expect(
      await sqlCount(
        `NOT EXISTS (SELECT 1 FROM spots s JOIN spot_batches sb ON sb.id = s.batch_id JOIN verification_batches b ON b.id = c.batch_id
                      WHERE s.id = c.theme_spot_id AND ST_Equals(s.geom, c.geom) AND sb.quarter = b.quarter AND left(s.xzqdm, 2) = left(b.province_code, 2))`,
      ),
    ).toBe(0);
  });

  it('spreads the cases over every stage, older batches further along, some overdue, verdicts on every submitted case', async () => {
    const stages = await db().query<{ status: string }>(`SELECT DISTINCT status FROM verification_cases WHERE demo`);
    expect(stages.map((s) => s.status).sort()).toEqual([...VERIFICATION_STATUSES].sort());
    const closedShare = await db().query<{ quarter: string; share: number }>(
      `SELECT b.quarter, avg((c.status = 'closed')::int)::float8 AS share FROM verification_cases c JOIN verification_batches b ON b.id = c.batch_id
        GROUP BY b.quarter ORDER BY b.quarter`,
    );
    expect(closedShare[0]!.share).toBeGreaterThan(closedShare[3]!.share);
    expect(await sqlCount(`c.demo AND c.stage_due < current_date AND c.status <> 'closed'`)).toBeGreaterThan(0);
    expect(
      await sqlCount(`c.demo AND c.status NOT IN ('pushed', 'checking') AND c.first_submitted_at IS NOT NULL AND c.verdict IS NULL`),
    ).toBe(0);
    expect(
      await sqlCount(`c.demo AND c.status IN ('ordered', 'rectifying', 'rectified') AND c.verdict NOT IN ('illegal_new', 'illegal_old')`),
    ).toBe(0);
    expect(await sqlCount(`c.demo AND c.verdict = 'legal' AND c.approval_no IS NULL`)).toBe(0);
    expect(await sqlCount(`c.demo AND c.xzqdm = '130102'`)).toBeGreaterThan(0);
    expect(await sqlCount(`c.demo AND c.after_scene_id IS NOT NULL`)).toBeGreaterThan(0);
  });

  it('gives every demo case an intact history chain that ends at its stage', async () => {
    const sample = await db().query<{ id: string; status: string; version: number }>(
      `SELECT id::text AS id, status, version FROM verification_cases WHERE demo ORDER BY id LIMIT 40`,
    );
    for (const c of sample) {
      const check = await verifyChain(db(), 'verification', c.id);
      expect(check).toMatchObject({ intact: true, rows: c.version });
    }
  });
});

describe('lists, counts and figures over my range', () => {
  it('lists the county checker’s cases only, with stage counts equal to SQL and my moves on each', async () => {
    const county = await as('demo-county');
    const page = await get(listGet, '/api/process-spot-bjhs/v1/process/query?pageSize=100', county);
    expect(page.code).toBe(0);
    expect(page.data.list.length).toBeGreaterThan(0);
    expect(page.data.list.every((c: { xzqdm: string }) => c.xzqdm === '130102')).toBe(true);
    expect(page.data.total).toBe(await sqlCount(`c.xzqdm LIKE '130102%'`));
    for (const status of VERIFICATION_STATUSES)
      expect(page.data.stageCounts[status]).toBe(await sqlCount(`c.xzqdm LIKE '130102%' AND c.status = $1`, [status]));
    const pushed = page.data.list.find((c: { status: string }) => c.status === 'pushed');
    if (pushed) expect(pushed.actions).toEqual(['checking']);
    const submitted = page.data.list.find((c: { status: string }) => c.status === 'submitted');
    if (submitted) expect(submitted.actions).toEqual([]);

    const filtered = await get(listGet, '/api/process-spot-bjhs/v1/process/query?stage=submitted,returned&overdue=false', county);
    expect(filtered.data.total).toBe(
      await sqlCount(
        `c.xzqdm LIKE '130102%' AND c.status IN ('submitted', 'returned') AND NOT (c.stage_due < current_date AND c.status <> 'closed')`,
      ),
    );
    const bad = await get(listGet, '/api/process-spot-bjhs/v1/process/query?stage=nowhere&pageSize=1000', county);
    expect(bad.code).toBe(400);
    expect((await call(listGet, '/api/process-spot-bjhs/v1/process/query')).status).toBe(401);
  });

  it('gives the city reviewer its queue: the submitted cases of its city', async () => {
    const city = await as('demo-city');
    const queue = await get(listGet, '/api/process-spot-bjhs/v1/process/query?mine=true&pageSize=100', city);
    expect(queue.data.total).toBe(await sqlCount(`c.xzqdm LIKE '1301%' AND c.status = 'submitted'`));
    expect(queue.data.list.every((c: { actions: string[] }) => c.actions.includes('passed') && c.actions.includes('returned'))).toBe(true);
  });

  it('counts the mix and the figures by city as the SQL aggregates do, for the province confirmer', async () => {
    const province = await as('demo-hebei');
    const mix = await get(mixGet, '/api/push-spot-bjhs/v3/spot-meta/statistics', province);
    expect(mix.data.total.count).toBe(await sqlCount(`c.xzqdm LIKE '13%'`));
    for (const v of mix.data.byVerdict) expect(v.count).toBe(await sqlCount(`c.xzqdm LIKE '13%' AND c.verdict = $1`, [v.value]));
    const figures = await get(statsGet, '/api/process-spot-bjhs/v1/process/statistics?region=130000', province);
    expect(figures.code).toBe(0);
    const expected = await db().query<{ k: string; n: number; o: number; s: number; t: number }>(
      `SELECT left(c.xzqdm, 4) AS k, count(*)::int AS n, count(*) FILTER (WHERE c.stage_due < current_date AND c.status <> 'closed')::int AS o,
              count(c.first_submitted_at)::int AS s, count(*) FILTER (WHERE c.first_submitted_at < b.check_due + 1)::int AS t
         FROM verification_cases c JOIN verification_batches b ON b.id = c.batch_id WHERE c.xzqdm LIKE '13%' GROUP BY 1`,
    );
    for (const e of expected) {
      const item = figures.data.items.find((i: { code: string }) => i.code === `${e.k}00`);
      expect(item).toMatchObject({ count: e.n, overdue: e.o, onTimeShare: e.s ? Math.round((e.t / e.s) * 1000) / 1000 : null });
    }
    expect(figures.data.total.count).toBe(await sqlCount(`c.xzqdm LIKE '13%'`));
    // The city reviewer asking for the whole province sees only its own city's cases counted.
    const city = await get(statsGet, '/api/process-spot-bjhs/v1/process/statistics?region=130000', await as('demo-city'));
    expect(city.data.total.count).toBe(await sqlCount(`c.xzqdm LIKE '1301%'`));
  });

  it('lists the batches that reach my range with my counts, per source', async () => {
    const county = await as('demo-county');
    const auto = await get(batchesGet, '/api/push-spot-bjhs/v3/spot-tar-meta/query', county);
    const key = await get(keyBatchesGet, '/api/push-spot-zdbh/v3/spot-tar-meta/query', county);
    const count = (list: { count: number }[]) => list.reduce((n, b) => n + b.count, 0);
    expect(count(auto.data)).toBe(await sqlCount(`c.xzqdm = '130102' AND c.source = 'auto'`));
    expect(count(key.data)).toBe(await sqlCount(`c.xzqdm = '130102' AND c.source = 'key_change'`));
    expect(auto.data.every((b: { provinceCode: string }) => b.provinceCode === '130000')).toBe(true);
  });
});

describe('answers kept while the data is unchanged', () => {
  it('shows a move at once, and a write made elsewhere (another process, plain SQL) on the next request', async () => {
    const hebei = await as('demo-hebei');
    const counts = async () =>
      (await get(listGet, '/api/process-spot-bjhs/v1/process/query?region=130102&pageSize=1', hebei)).data.stageCounts;
    const before = await counts();
    expect(await counts()).toEqual(before);
    const [c] = await db().query<{ id: string; version: number }>(
      `SELECT id::text AS id, version FROM verification_cases WHERE xzqdm = '130102' AND status = 'passed' ORDER BY id LIMIT 1`,
    );
    const [u] = await db().query<{ id: string }>(`SELECT id::text AS id FROM users WHERE username = 'demo-hebei'`);
    await moveCase(db(), { userId: u!.id, admin: false, roles: await verificationRolesOf(db(), u!.id) }, c!.id, {
      to: 'confirmed',
      version: c!.version,
    });
    const moved = await counts();
    expect([moved.passed, moved.confirmed]).toEqual([before.passed - 1, before.confirmed + 1]);
    await db().query(`UPDATE verification_cases SET status = 'passed' WHERE id = $1`, [c!.id]);
    expect(await counts()).toEqual(before);
  });
});

describe('counts kept per county', () => {
  const versions = async () =>
    new Map(
      (await db().query<{ xzqdm: string; v: number }>(`SELECT xzqdm, version::int AS v FROM verification_county_versions`)).map((r) => [
        r.xzqdm,
        r.v,
      ]),
    );
  const expectFiguresAsSql = async (hebei: Record<string, string>) => {
    const figures = await get(statsGet, '/api/process-spot-bjhs/v1/process/statistics?region=130000', hebei);
    const expected = await db().query<{ k: string; n: number; o: number; a: number }>(
      `SELECT left(c.xzqdm, 4) AS k, count(*)::int AS n, count(*) FILTER (WHERE c.stage_due < current_date AND c.status <> 'closed')::int AS o,
              round(sum(c.area_m2)::numeric, 1)::float8 AS a
         FROM verification_cases c WHERE c.xzqdm LIKE '13%' GROUP BY 1`,
    );
    for (const e of expected) {
      expect(figures.data.items.find((i: { code: string }) => i.code === `${e.k}00`)).toMatchObject({
        count: e.n,
        overdue: e.o,
        areaM2: e.a,
      });
    }
    const stages = await db().query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM verification_cases WHERE xzqdm LIKE '13%' GROUP BY status`,
    );
    const list = await get(listGet, '/api/process-spot-bjhs/v1/process/query?pageSize=1', hebei);
    for (const { status, n } of stages) expect(list.data.stageCounts[status]).toBe(n);
    const mix = await get(mixGet, '/api/push-spot-bjhs/v3/spot-meta/statistics', hebei);
    expect(mix.data.total.count).toBe(await sqlCount(`c.xzqdm LIKE '13%'`));
    for (const v of mix.data.byChangeType) expect(v.count).toBe(await sqlCount(`c.xzqdm LIKE '13%' AND c.change_type = $1`, [v.value]));
  };

  it('raises the version of exactly the counties a statement wrote, in its transaction, and of everything for batches', async () => {
    const before = await versions();
    const [c] = await db().query<{ id: string }>(
      `SELECT id::text AS id FROM verification_cases WHERE xzqdm = '130102' ORDER BY id LIMIT 1`,
    );
    await db().query(`UPDATE verification_cases SET updated_at = updated_at WHERE id = $1`, [c!.id]);
    let after = await versions();
    for (const [county, v] of before) expect([county, after.get(county)]).toEqual([county, county === '130102' ? v + 1 : v]);
    // A write rolled back raises nothing.
    await db()
      .transaction(async (tx) => {
        await tx.query(`UPDATE verification_cases SET updated_at = updated_at WHERE xzqdm = '130104'`);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await versions()).toEqual(after);
    await db().query(`UPDATE verification_batches SET name_en = name_en WHERE id = (SELECT min(id) FROM verification_batches)`);
    const next = await versions();
    expect(next.get('*')).toBe(after.get('*')! + 1);
    after = next;
    expect(after.get('130102')).toBe(before.get('130102')! + 1);
  });

  it('after a write computes again only the counties it touched, and every figure still equals SQL', async () => {
    const hebei = await as('demo-hebei');
    await expectFiguresAsSql(hebei);
    // A case changes stage in one county, then moves to a county of another city, then a county with no case gets one.
    const [c] = await db().query<{ id: string; xzqdm: string; status: string }>(
      `SELECT id::text AS id, xzqdm, status FROM verification_cases WHERE xzqdm LIKE '1301%' AND status = 'checking' ORDER BY id LIMIT 1`,
    );
    await db().query(`UPDATE verification_cases SET status = 'submitted', verdict = 'other' WHERE id = $1`, [c!.id]);
    await expectFiguresAsSql(hebei);
    const [other] = await db().query<{ code: string }>(
      `SELECT code FROM regions WHERE level = 'county' AND code LIKE '1302%' AND code NOT IN (SELECT xzqdm FROM verification_cases) ORDER BY code LIMIT 1`,
    );
    await db().query(`UPDATE verification_cases SET xzqdm = $2 WHERE id = $1`, [c!.id, other!.code]);
    await expectFiguresAsSql(hebei);
    await db().query(`UPDATE verification_cases SET xzqdm = $2, status = $3, verdict = NULL WHERE id = $1`, [c!.id, c!.xzqdm, c!.status]);
    await expectFiguresAsSql(hebei);
  });
});

describe('overdue, one level up', () => {
  it('lists for the city reviewer the overdue cases its counties hold, and equals the SQL count', async () => {
    const list = await get(overdueGet, '/api/process-spot-bjhs/v1/process/overdue?pageSize=5', await as('demo-city'));
    expect(list.code).toBe(0);
    expect(list.data.total).toBe(
      await sqlCount(
        `c.xzqdm LIKE '1301%' AND c.stage_due < current_date AND c.status IN ('pushed', 'checking', 'returned', 'ordered', 'rectifying')`,
      ),
    );
    expect(list.data.total).toBeGreaterThan(0);
    expect(list.data.cases.every((c: { holder: { role: string } }) => c.holder.role === 'checker')).toBe(true);
    expect((await get(overdueGet, '/api/process-spot-bjhs/v1/process/overdue', await as('demo-county'))).data.total).toBe(0);
  });
});

describe('one case', () => {
  it('shows its page to the roles that reach it, with their moves, and is not found for anyone else', async () => {
    const [c] = await db().query<{ id: string }>(
      `SELECT id::text AS id FROM verification_cases WHERE xzqdm LIKE '1301%' AND status = 'submitted' AND demo ORDER BY id LIMIT 1`,
    );
    const city = await get(detailGet, `/api/push-spot-bjhs/v3/spot-meta/detail/${c!.id}`, await as('demo-city', 'zh'), { id: c!.id });
    expect(city.code).toBe(0);
    expect(city.data.moves.map((m: { to: string }) => m.to)).toEqual(['returned', 'passed']);
    expect(city.data.moves.find((m: { to: string }) => m.to === 'returned').noteRequired).toBe(true);
    expect(city.data.statusName).toBe('已提交');
    expect(city.data.regionPath.map((r: { code: string }) => r.code)[0]).toBe('130000');
    expect(city.data.history.length).toBeGreaterThanOrEqual(3);
    expect(city.data.batch.demo).toBe(true);
    // With the city reviewers of Shijiazhuang, for so many days.
    expect(city.data.holding).toMatchObject({ role: 'reviewer', level: 'city', regionName: '石家庄市' });
    expect(city.data.holding.text).toContain('石家庄市');
    const far = await as('demo-personal');
    expect((await get(detailGet, `/api/push-spot-bjhs/v3/spot-meta/detail/${c!.id}`, far, { id: c!.id })).code).toBe(404);
    expect((await get(positionGet, `/api/push-spot-bjhs/v3/spot-meta/position/${c!.id}`, far, { id: c!.id })).code).toBe(404);
    const position = await get(positionGet, `/api/push-spot-bjhs/v3/spot-meta/position/${c!.id}`, await as('demo-hebei'), { id: c!.id });
    expect(position.data.geometry.type).toBe('MultiPolygon');
    expect(position.data.bbox[0]).toBeLessThanOrEqual(position.data.center[0]);
  });

  it('sends a confirmed legal verdict to closed, never to rectification', async () => {
    const [c] = await db().query<{ id: string; version: number }>(
      `SELECT id::text AS id, version FROM verification_cases WHERE xzqdm LIKE '13%' AND status = 'confirmed' AND verdict = 'legal' ORDER BY id LIMIT 1`,
    );
    const [u] = await db().query<{ id: string }>(`SELECT id::text AS id FROM users WHERE username = 'demo-hebei'`);
    const actor = { userId: u!.id, admin: false, roles: await verificationRolesOf(db(), u!.id) };
    await expect(moveCase(db(), actor, c!.id, { to: 'ordered', version: c!.version })).rejects.toMatchObject({
      messageKey: 'Verification.errors.verdictDoesNotFit',
    });
    await expect(moveCase(db(), actor, c!.id, { to: 'closed', version: c!.version })).resolves.toEqual({ version: c!.version + 1 });
  });

  it('accepts pushed spots into checking in bulk, saying per case what did not move', async () => {
    // Two of the county's cases put back to pushed (the fixture, not a move).
    const pushed = await db().query<{ id: string; version: number }>(
      `UPDATE verification_cases SET status = 'pushed'
        WHERE id IN (SELECT id FROM verification_cases WHERE xzqdm = '130102' AND status IN ('pushed', 'checking', 'submitted') ORDER BY id LIMIT 2)
        RETURNING id::text AS id, version`,
    );
    pushed.sort((a, b) => Number(a.id) - Number(b.id));
    const [outside] = await db().query<{ id: string; version: number }>(
      `SELECT id::text AS id, version FROM verification_cases WHERE xzqdm LIKE '41%' AND status = 'pushed' ORDER BY id LIMIT 1`,
    );
    const cases = [...pushed, outside!].map((c) => ({ id: c.id, version: c.version }));
    const answer = await call(bulkPost, '/api/process-spot-bjhs/v1/process/bulk', {
      method: 'POST',
      body: { to: 'checking', cases },
      headers: await as('demo-county', 'zh'),
    });
    expect(answer.json.code).toBe(0);
    expect(answer.json.data.moved.map((m: { id: string }) => m.id)).toEqual(pushed.map((p) => p.id));
    expect(answer.json.data.refused).toEqual([{ id: outside!.id, message: expect.any(String) }]);
    expect(await sqlCount(`c.id = $1 AND c.status = 'pushed'`, [outside!.id])).toBe(1);
  });
});
