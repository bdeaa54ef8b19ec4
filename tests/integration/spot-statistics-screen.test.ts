/**
 * Issue 36.4 (spot statistics, `/statistics/spot`): the figures of `GET /api/statistics/v1/spot` equal plain SQL
 * aggregates of `spots` and `verification_cases`; the themes' figures and the case counts are public, the
 * verification details only for administrators and for verification roles inside their region (never a partial
 * sum); bad input is refused with a localized 400 and the answer is computed in a few statements, not per theme or
 * region.
 */
import { GET as openapi } from '../../app/api/openapi.json/route';
import { GET } from '../../app/api/statistics/v1/spot/route';
import { createSession } from '../../lib/server/session';
import { FEATURE_THEMES } from '../../lib/server/spot-statistics';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();

let address = 0;
const anonymous = () => ({ 'x-locale': 'en', 'x-forwarded-for': `198.51.100.${++address}` });
async function as(username: string) {
  const [u] = await db().query<{ id: string }>('SELECT id::text AS id FROM users WHERE username = $1', [username]);
  const { token } = await createSession(db(), u!.id, { ip: 'test', userAgent: null });
  return { cookie: `token=${token}`, 'x-locale': 'en', 'x-forwarded-for': `198.51.100.${++address}` };
}
const get = async (query: string, headers: Record<string, string>) =>
  (await call(GET, `/api/statistics/v1/spot${query}`, { headers })).json;

type Item = {
  code: string;
  themes: { count: number; area: number; length?: number; capacity?: number }[];
  cases: number;
  caseDetails: null | {
    areaM2: number;
    byVerdict: Record<string, number>;
    pending: number;
    confirmedIllegal: number;
    confirmedIllegalAreaM2: number;
    rectified: number;
    rectifiedShare: number | null;
  };
};

/** The themes' figures by city of Hebei in a period, straight from the tables (each theme's counted rows). */
async function themeSql(from: string, to: string) {
  return db().query<{ theme: string; k: string; n: number; a: number; l: number; c: number }>(
    `WITH last AS (SELECT theme, max(quarter) AS q FROM spot_batches WHERE quarter BETWEEN $1 AND $2 GROUP BY theme)
     SELECT s.theme, left(s.xzqdm, 4) AS k, count(*)::int AS n, round(sum(s.area_m2)::numeric, 2)::float8 AS a,
            round((coalesce(sum(s.length_m), 0) / 1000)::numeric, 2)::float8 AS l, round(coalesce(sum(s.capacity), 0)::numeric, 2)::float8 AS c
       FROM spots s JOIN spot_batches b ON b.id = s.batch_id JOIN last ON last.theme = s.theme
      WHERE s.xzqdm LIKE '13%' AND b.quarter BETWEEN $1 AND $2
        -- inventories: the newest batch of the period; wind farms only group turbines; what no longer stands is left out
        AND (s.theme NOT IN ('windmill', 'steelplant', 'pvland', 'plantingstructure') OR b.quarter = last.q)
        AND (s.theme <> 'windmill' OR s.tblx = 'turbine')
        AND NOT (s.theme IN ('windmill', 'steelplant') AND s.stage = '3') AND NOT (s.theme = 'nonagricultural' AND s.stage = '5')
      GROUP BY 1, 2`,
    [from, to],
  );
}

describe('GET /api/statistics/v1/spot', () => {
  it('gives every theme’s figures and the case counts by city to anyone, equal to SQL aggregates, without details', async () => {
    const answer = await get('?region=130000&from=2025Q3&to=2026Q2', anonymous());
    expect(answer.code).toBe(0);
    const data = answer.data as { themes: { id: string }[]; items: Item[]; total: Item; caseAccess: string; quarters: string[] };
    expect(data.themes.map((t) => t.id)).toEqual(FEATURE_THEMES.map((t) => t.id));
    expect(data.caseAccess).toBe('counts');
    expect(data.quarters).toEqual(expect.arrayContaining(['2025Q3', '2026Q2']));
    const expected = await themeSql('2025Q3', '2026Q2');
    expect(expected.length).toBeGreaterThan(5);
    for (const e of expected) {
      const i = data.themes.findIndex((t) => t.id === e.theme);
      const figures = data.items.find((item) => item.code === `${e.k}00`)!.themes[i]!;
      expect(figures.count).toBe(e.n);
      expect(figures.area).toBeCloseTo(e.a, 1);
      if (figures.length !== undefined) expect(figures.length).toBeCloseTo(e.l, 1);
      if (figures.capacity !== undefined) expect(figures.capacity).toBeCloseTo(e.c, 1);
    }
    // Every theme's total is its cities' sum, and a city without rows reads 0.
    data.themes.forEach((_, i) =>
      expect(data.total.themes[i]!.count).toBe(expected.filter((e) => e.theme === data.themes[i]!.id).reduce((n, e) => n + e.n, 0)),
    );
    const cases = await db().query<{ k: string; n: number }>(
      `SELECT left(c.xzqdm, 4) AS k, count(*)::int AS n FROM verification_cases c JOIN verification_batches b ON b.id = c.batch_id
        WHERE c.xzqdm LIKE '13%' AND b.quarter BETWEEN '2025Q3' AND '2026Q2' GROUP BY 1`,
    );
    expect(cases.length).toBeGreaterThan(0);
    for (const e of cases) expect(data.items.find((item) => item.code === `${e.k}00`)!.cases).toBe(e.n);
    expect(data.total.cases).toBe(cases.reduce((n, e) => n + e.n, 0));
    // The public sees how many cases, not what they were found to be.
    expect([data.total, ...data.items].every((item) => item.caseDetails === null)).toBe(true);
  });

  it('counts an inventory theme’s newest batch of the period once, not once per quarter', async () => {
    const one = await get('?region=100000&from=2026Q2&to=2026Q2', anonymous());
    const year = await get('?region=100000&from=2025Q3&to=2026Q2', anonymous());
    const wind = one.data.themes.findIndex((t: { id: string }) => t.id === 'windmill');
    expect(one.data.total.themes[wind].count).toBeGreaterThan(0);
    expect(year.data.total.themes[wind]).toEqual(one.data.total.themes[wind]);
    const cover = one.data.themes.findIndex((t: { id: string }) => t.id === 'landcover');
    expect(year.data.total.themes[cover].count).toBeGreaterThan(one.data.total.themes[cover].count);
  });

  it('shows the verification details to a role inside its region only, equal to SQL, and all of them to an administrator', async () => {
    const city = await as('demo-city'); // reviewer of Shijiazhuang (130100)
    const answer = await get('?region=130000&from=2025Q3&to=2026Q2', city);
    const data = answer.data as { items: Item[]; total: Item; caseAccess: string };
    expect(data.caseAccess).toBe('range');
    // The province's total would be partly others' cases: not shown. Shijiazhuang is, the other cities are not.
    expect(data.total.caseDetails).toBeNull();
    expect(data.items.filter((i) => i.caseDetails !== null).map((i) => i.code)).toEqual(['130100']);
    const [sql] = await db().query<{ n: number; a: number; ci: number; cia: number; r: number; pending: number; illegal_new: number }>(
      `SELECT count(*)::int AS n, round(sum(c.area_m2)::numeric, 2)::float8 AS a,
              count(*) FILTER (WHERE c.verdict IS NULL)::int AS pending,
              count(*) FILTER (WHERE c.verdict = 'illegal_new')::int AS illegal_new,
              count(*) FILTER (WHERE c.verdict IN ('illegal_new', 'illegal_old') AND c.status IN ('confirmed', 'ordered', 'rectifying', 'rectified', 'closed'))::int AS ci,
              round(coalesce(sum(c.area_m2) FILTER (WHERE c.verdict IN ('illegal_new', 'illegal_old')
                    AND c.status IN ('confirmed', 'ordered', 'rectifying', 'rectified', 'closed')), 0)::numeric, 2)::float8 AS cia,
              count(*) FILTER (WHERE c.verdict IN ('illegal_new', 'illegal_old') AND c.status = 'closed')::int AS r
         FROM verification_cases c JOIN verification_batches b ON b.id = c.batch_id
        WHERE c.xzqdm LIKE '1301%' AND b.quarter BETWEEN '2025Q3' AND '2026Q2'`,
    );
    const detail = data.items.find((i) => i.code === '130100')!.caseDetails!;
    expect(sql!.ci).toBeGreaterThan(0);
    expect(detail).toMatchObject({ pending: sql!.pending, confirmedIllegal: sql!.ci, rectified: sql!.r });
    expect(detail.byVerdict.illegal_new ?? 0).toBe(sql!.illegal_new);
    expect(detail.areaM2).toBeCloseTo(sql!.a, 1);
    expect(detail.confirmedIllegalAreaM2).toBeCloseTo(sql!.cia, 1);
    expect(detail.rectifiedShare).toBe(Math.round((sql!.r / sql!.ci) * 1000) / 1000);
    expect(Object.values(detail.byVerdict).reduce((n, v) => n + v, detail.pending)).toBe(sql!.n);

    // Drilled into its own city, the reviewer sees the city's total and every county's details.
    const own = await get('?region=130100&from=2025Q3&to=2026Q2', city);
    expect(own.data.total.caseDetails).not.toBeNull();
    expect(own.data.items.every((i: Item) => i.caseDetails !== null)).toBe(true);

    // A user without a verification role: counts only; an administrator: everything, the country included.
    const plain = await get('?region=130000&from=2025Q3&to=2026Q2', await as('demo-personal'));
    expect(plain.data.caseAccess).toBe('counts');
    expect(plain.data.items.every((i: Item) => i.caseDetails === null)).toBe(true);
    const admin = await get('?region=100000&from=2025Q3&to=2026Q2', await as('demo-admin'));
    expect(admin.data.caseAccess).toBe('all');
    expect(admin.data.total.caseDetails.confirmedIllegal).toBeGreaterThan(0);
    expect(admin.data.items.every((i: Item) => i.caseDetails !== null)).toBe(true);
  });

  it('answers with the newest quarter when no period is asked, and a county with itself', async () => {
    const answer = await get('?region=130102', anonymous());
    expect(answer.code).toBe(0);
    expect(answer.data.period.from).toBe(answer.data.quarters.at(-1));
    expect(answer.data.period.to).toBe(answer.data.period.from);
    expect(answer.data.items.map((i: Item) => i.code)).toEqual(['130102']);
  });

  it('computes an answer in a few statements, whatever the number of themes and regions', async () => {
    const database = db();
    const original = database.query.bind(database);
    let statements = 0;
    database.query = ((sql: string, params?: never[]) => {
      if (!/verification_county_versions|dataset_versions/.test(sql)) statements++;
      return original(sql, params);
    }) as typeof database.query;
    try {
      // A period asked for nowhere else: nothing of it is kept yet.
      const answer = await get('?region=100000&level=county&from=2025Q1&to=2025Q4', anonymous());
      expect(answer.code).toBe(0);
      expect(answer.data.items.length).toBeGreaterThan(2_000);
    } finally {
      database.query = original;
    }
    // The region, its counties, the periods, the themes' figures, the cases (the counter does see the route's reads).
    expect(statements).toBeGreaterThanOrEqual(3);
    expect(statements).toBeLessThanOrEqual(5);
  });

  it.each([
    ['?region=13', 'region code'],
    ['?from=2026Q2', 'both'],
    ['?from=2026Q2&to=2025Q1', 'before'],
    ['?from=2020Q1&to=2026Q2', 'at most 20'],
    ['?from=2026Q5&to=2026Q5', 'quarter'],
    ['?level=village', 'level'],
  ])('refuses %s with a localized 400', async (query, words) => {
    const answer = await get(query, anonymous());
    expect(answer.code).toBe(400);
    expect(answer.message).toContain(words);
    expect(answer.data).toBeNull();
  });

  it('refuses an unknown region', async () => {
    const answer = await get('?region=990000', anonymous());
    expect(answer.code).toBe(400);
  });

  it('is described in the OpenAPI document with its bounded inputs', async () => {
    const doc = (await openapi().json()) as {
      paths: Record<string, { get: { parameters: { name: string; schema: { pattern?: string; enum?: string[] } }[] } }>;
    };
    const parameters = doc.paths['/api/statistics/v1/spot']!.get.parameters;
    expect(parameters.map((p) => p.name).sort()).toEqual(['from', 'level', 'region', 'to']);
    expect(parameters.find((p) => p.name === 'level')!.schema.enum).toEqual(['province', 'city', 'county']);
    expect(parameters.find((p) => p.name === 'from')!.schema.pattern).toBeDefined();
  });
});
