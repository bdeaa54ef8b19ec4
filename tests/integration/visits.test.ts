import { POST as incr } from '../../app/api/statistics-transaction/v1/statistics-transaction/incr/route';
import { GET as totals } from '../../app/api/statistics-transaction/v1/statistics-transaction/totals/route';
import { call, withTestDatabase } from '../support/api';

const INCR = '/api/statistics-transaction/v1/statistics-transaction/incr';
const TOTALS = '/api/statistics-transaction/v1/statistics-transaction/totals';
const db = withTestDatabase();

const rowCount = async () => (await db().query<{ n: number }>('SELECT count(*)::int AS n FROM visit_daily'))[0]?.n;

describe('visit counter', () => {
  it('counts whitelisted names per day', async () => {
    const first = await call(incr, INCR, { body: { name: 'Home', label: '首页' } });
    expect(first.json).toMatchObject({ code: 0, data: { name: 'Home', count: 1 } });
    expect(first.json.data.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const second = await call(incr, INCR, { body: { name: 'Home' } });
    expect(second.json.data.count).toBe(2);
    const [row] = await db().query<{ count: number; last_label: string }>("SELECT count, last_label FROM visit_daily WHERE name = 'Home'");
    expect(row).toEqual({ count: 2, last_label: '首页' });
  });

  it('reports totals computed from the table', async () => {
    await call(incr, INCR, { body: { name: 'ALL' } });
    await call(incr, INCR, { body: { name: 'ALL' } });
    await call(incr, INCR, { body: { name: 'Personal' } });
    const { json } = await call(totals, `${TOTALS}?days=7`);
    expect(json.code).toBe(0);
    const [expected] = await db().query<{ total: number }>("SELECT sum(count)::int AS total FROM visit_daily WHERE name = 'ALL'");
    expect(json.data.total).toBe(expected?.total);
    expect(json.data.today).toBe(2);
    expect(json.data.daily).toHaveLength(7);
    expect(json.data.daily.at(-1).count).toBe(2);
    expect(json.data.byName).toEqual(
      expect.arrayContaining([
        { name: 'Home', total: 2 },
        { name: 'Personal', total: 1 },
      ]),
    );
  });

  it('refuses names outside the whitelist with a localized message and counts nothing', async () => {
    const before = await rowCount();
    const zh = await call(incr, INCR, { body: { name: 'Shopping' } });
    expect(zh.json).toEqual({ code: 400, message: '无效的访问统计名称：Shopping', data: null });
    const en = await call(incr, INCR, {
      body: { name: "x'; DROP TABLE visit_daily; --" },
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(en.json.code).toBe(400);
    expect(en.json.message).toBe("Unknown visit name: x'; DROP TABLE visit_daily; --");
    expect(await rowCount()).toBe(before);
  });

  it('refuses more than VISIT_RATE_PER_MINUTE counts a minute from one address, with Retry-After, and counts none of them', async () => {
    const from = (ip: string) => ({ 'x-forwarded-for': ip, 'x-locale': 'en' });
    const count = async () =>
      (await db().query<{ n: number }>("SELECT COALESCE(sum(count), 0)::int AS n FROM visit_daily WHERE name = 'Geo'"))[0]?.n;
    const before = await count();
    for (let i = 0; i < 120; i++) {
      const { json } = await call(incr, INCR, { body: { name: 'Geo' }, headers: from('198.51.100.20') });
      expect(json.code).toBe(0);
    }
    const refused = await call(incr, INCR, { body: { name: 'Geo' }, headers: from('198.51.100.20') });
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe(429);
    expect(refused.json.message).toMatch(/^Too many visit counts from your network address, please try again in \d+ seconds$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await count()).toBe(before! + 120);
    // Another address is counted as before.
    expect((await call(incr, INCR, { body: { name: 'Geo' }, headers: from('198.51.100.21') })).json.code).toBe(0);
  });

  it('validates the body: missing name, wrong types, oversize, bad JSON', async () => {
    const before = await rowCount();
    const missing = await call(incr, INCR, { body: {}, headers: { 'x-locale': 'en' } });
    expect(missing.json.code).toBe(400);
    expect(missing.json.message).toMatch(/^Invalid request: name:/);
    const wrongType = await call(incr, INCR, { body: { name: 42 } });
    expect(wrongType.json.message).toMatch(/^请求参数有误/);
    const tooLong = await call(incr, INCR, { body: { name: 'Home', label: 'x'.repeat(2000) } });
    expect(tooLong.status).toBe(413);
    expect(tooLong.json.code).toBe(413);
    const badJson = await call(incr, INCR, { rawBody: '{"name":', headers: { 'content-type': 'application/json', 'x-locale': 'en' } });
    expect(badJson.json).toEqual({ code: 400, message: 'The request body is not valid JSON', data: null });
    expect(await rowCount()).toBe(before);
  });

  it('bounds the totals window', async () => {
    expect((await call(totals, `${TOTALS}?days=0`)).json.code).toBe(400);
    expect((await call(totals, `${TOTALS}?days=9999`)).json.code).toBe(400);
    expect((await call(totals, `${TOTALS}?days=abc`)).json.code).toBe(400);
  });

  it('refuses a cookie-authenticated write from another origin', async () => {
    const before = await rowCount();
    const res = await call(incr, INCR, { body: { name: 'Home' }, headers: { cookie: 'token=abc', origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(await rowCount()).toBe(before);
    const same = await call(incr, INCR, { body: { name: 'Home' }, headers: { cookie: 'token=abc', origin: 'http://localhost:3000' } });
    expect(same.json.code).toBe(0);
  });
});
