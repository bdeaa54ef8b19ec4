/** Hostile and malformed requests (issue 16 item 3): each gets a clear 4xx and changes nothing. */
import { GET as captchaGet } from '../../app/api/usercenter/v1/userinfo/login/captcha/route';
import { POST as loginPost } from '../../app/api/usercenter/v1/userinfo/login/route';
import { GET as detailGet } from '../../app/api/usercenter/v1/userinfo/detail/route';
import { POST as sendPost } from '../../app/api/captcha/v1/send/[channel]/[target]/route';
import { POST as registerPost } from '../../app/api/usercenter/v1/userinfo/register/route';
import { GET as newsListGet } from '../../app/api/news/v3/news-v3/route';
import { GET as wfsGet } from '../../app/map/cloudPlatform/wfs/route';
import { GET as wmsGet } from '../../app/map/cloudPlatform/wms/route';
import { GET as wmtsGet } from '../../app/map/gwc/service/wmts/route';
import { encryptPassword } from '../../lib/client/encrypt-password';
import { MAX_LIVE_CAPTCHAS } from '../../lib/server/auth/captcha';
import { MAX_ADDRESS_FAILURES } from '../../lib/server/auth/lockout';
import { getEnv, resetEnvCache } from '../../lib/server/env';
import { WFS_MAX_VERTICES } from '../../lib/server/map/wfs';
import { LOGIN_CODES } from '../../lib/shared/contracts/users';
import { call, withFixedCaptcha, withTestDatabase } from '../support/api';

const db = withTestDatabase();
const FIXED = 'Q8MZ';
const publicKey = withFixedCaptcha(FIXED);
const BROKEN = { cookie: 'NEXT_LOCALE=en; token=%E0%A4%A' };
let n = 0;

const token = () => `abu${String(++n).padStart(29, '0')}`;
const captchaRequest = (t: string, ip: string) =>
  captchaGet(
    new Request(`http://localhost:3000/api/captcha/v1/image/svg?token=${t}`, { headers: { 'x-forwarded-for': ip, 'x-locale': 'en' } }),
  );
const captchaRows = async () => (await db().query<{ n: number }>('SELECT count(*)::int AS n FROM captchas'))[0]!.n;

async function login(username: string, password: string, ip: string) {
  const t = token();
  expect((await captchaRequest(t, ip)).status).toBe(200);
  return call(loginPost, '/api/usercenter/v1/userinfo/login', {
    body: { username, password: await encryptPassword(publicKey(), password), captcha: FIXED, token: t },
    headers: { 'x-forwarded-for': ip, 'x-locale': 'en' },
  });
}

/** Log lines written while `fn` runs (LOG_LEVEL raised to warn for it). */
async function logged(fn: () => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  const spy = jest.spyOn(console, 'error').mockImplementation((line: unknown) => void lines.push(String(line)));
  process.env.LOG_LEVEL = 'warn';
  resetEnvCache();
  try {
    await fn();
  } finally {
    delete process.env.LOG_LEVEL;
    resetEnvCache();
    spy.mockRestore();
  }
  return lines;
}

describe('a token cookie with broken %-encoding', () => {
  it('answers public and protected APIs 400 with a localized message, drops the cookie and logs it', async () => {
    let pub: Awaited<ReturnType<typeof call>> | undefined;
    const lines = await logged(async () => {
      pub = await call(newsListGet, '/api/news/v3/news-v3?pageNum=1', { headers: BROKEN });
    });
    expect(pub).toMatchObject({ status: 400, json: { code: 400, data: null } });
    expect(pub!.json.message).toBe('The session cookie is malformed and has been removed; please log in again');
    expect(pub!.cookies.some((c) => /^token=;.*Max-Age=0/.test(c))).toBe(true);
    expect(lines.some((l) => l.includes('"msg":"malformed token cookie"'))).toBe(true);

    const zh = await call(detailGet, '/api/usercenter/v1/userinfo/detail', { headers: { cookie: 'token=%E0%A4%A', 'x-locale': 'zh' } });
    expect(zh).toMatchObject({ status: 400, json: { code: 400, message: '会话 Cookie 格式错误，已清除，请重新登录' } });
  });

  it('answers the map services 400 with an OGC exception, GetCapabilities included', async () => {
    for (const [handler, query] of [
      [wmsGet, 'SERVICE=WMS&REQUEST=GetCapabilities'],
      [wfsGet, 'SERVICE=WFS&REQUEST=GetCapabilities'],
      [wmtsGet, 'SERVICE=WMTS&REQUEST=GetCapabilities'],
    ] as const) {
      const res = await handler(new Request(`http://localhost:3000/map/x?${query}`, { headers: BROKEN }));
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('The token cookie is malformed');
      expect(res.headers.getSetCookie().some((c) => c.startsWith('token=;'))).toBe(true);
    }
  });
});

describe('captcha images', () => {
  it('gives one address CAPTCHA_RATE_PER_MINUTE (60) a minute, then 429 with Retry-After and no database row', async () => {
    const ip = '198.51.100.20';
    expect(getEnv().CAPTCHA_RATE_PER_MINUTE).toBe(60);
    for (let i = 0; i < 60; i++) expect((await captchaRequest(token(), ip)).status).toBe(200);
    const before = await captchaRows();
    const refused = await captchaRequest(token(), ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^Too many captcha images requested from your address; please try again in \d+ seconds$/,
    );
    expect(await captchaRows()).toBe(before);
    // Another address is not affected.
    expect((await captchaRequest(token(), '198.51.100.21')).status).toBe(200);
  });

  it(`keeps at most ${MAX_LIVE_CAPTCHAS} captchas, dropping the oldest`, async () => {
    await db().query(
      `INSERT INTO captchas (token, answer_hash, expires_at)
       SELECT 'flood' || g, 'x', now() + make_interval(secs => g) FROM generate_series(1, $1::int) g`,
      [MAX_LIVE_CAPTCHAS + 50],
    );
    expect((await captchaRequest(token(), '198.51.100.22')).status).toBe(200);
    expect(await captchaRows()).toBe(MAX_LIVE_CAPTCHAS);
    // The newest (the one just drawn) stays; the oldest flood rows went.
    expect((await db().query("SELECT 1 FROM captchas WHERE token = 'flood1'")).length).toBe(0);
    await db().query("DELETE FROM captchas WHERE token LIKE 'flood%'");
  }, 60_000);
});

describe('login lock-out', () => {
  it("counts the account's username, e-mail and phone together: five guesses in all", async () => {
    const [user] = await db().query<{ email: string; telephone: string }>(
      "SELECT email, telephone FROM users WHERE username = 'demo-hebei'",
    );
    const ip = '198.51.100.30';
    for (const login_ of ['demo-hebei', 'DEMO-HEBEI', user!.email, user!.email, user!.telephone]) {
      expect((await login(login_, 'Wrong@2026', ip)).json.code).toBe(LOGIN_CODES.BAD_CREDENTIALS);
    }
    const locked = await login(user!.telephone, 'Demo@2026', ip);
    expect(locked.json).toMatchObject({ code: LOGIN_CODES.LOCKED, message: expect.stringMatching(/try again in 15 minutes/) });
    // Another address still logs in: the lock is per account and address, so nobody can lock others out.
    expect((await login('demo-hebei', 'Demo@2026', '198.51.100.31')).json.code).toBe(0);
  });

  it(`locks an address after ${MAX_ADDRESS_FAILURES} failures over any accounts`, async () => {
    const ip = '198.51.100.32';
    await db().query(
      `INSERT INTO login_attempts (username, ip, success) SELECT 'spray' || g, $1, false FROM generate_series(1, $2::int) g`,
      [ip, MAX_ADDRESS_FAILURES],
    );
    expect((await login('demo-personal', 'Demo@2026', ip)).json.code).toBe(LOGIN_CODES.LOCKED);
    expect((await login('demo-personal', 'Demo@2026', '198.51.100.33')).json.code).toBe(0);
  });
});

describe('registration', () => {
  async function codeFor(channel: 'email' | 'telephone', target: string, ip: string) {
    const t = token();
    await captchaRequest(t, ip);
    const sent = await call(sendPost, '/x', {
      body: { purpose: 'register', token: t, captcha: FIXED },
      params: { channel, target },
      headers: { 'x-locale': 'en' },
    });
    expect(sent.json.code).toBe(0);
    const [row] = await db().query<{ body: string }>('SELECT body FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1', [target]);
    return /\b(\d{6})\b/.exec(row?.body ?? '')?.[1] ?? '';
  }

  it('stores only the contact the code proved, so the other stays free for its owner and cannot log in', async () => {
    const ip = '198.51.100.40';
    const code = await codeFor('email', 'squatter@example.org', ip);
    const squatter = await call(registerPost, '/x', {
      body: {
        username: 'squatter',
        password: await encryptPassword(publicKey(), 'Fresh@2026'),
        channel: 'email',
        email: 'squatter@example.org',
        telephone: '13912349999',
        code,
      },
      headers: { 'x-locale': 'en' },
    });
    expect(squatter.json.code).toBe(0);
    const [row] = await db().query<{ email: string | null; telephone: string | null }>(
      "SELECT email, telephone FROM users WHERE username = 'squatter'",
    );
    expect(row).toEqual({ email: 'squatter@example.org', telephone: null });
    // The unproven number does not open the account.
    expect((await login('13912349999', 'Fresh@2026', ip)).json.code).toBe(LOGIN_CODES.BAD_CREDENTIALS);
    // Its owner registers it.
    const ownerCode = await codeFor('telephone', '13912349999', '198.51.100.41');
    const owner = await call(registerPost, '/x', {
      body: {
        username: 'number-owner',
        password: await encryptPassword(publicKey(), 'Owner@2026'),
        channel: 'telephone',
        telephone: '13912349999',
        code: ownerCode,
      },
      headers: { 'x-locale': 'en' },
    });
    expect(owner.json.code).toBe(0);
  });
});

describe('capabilities documents', () => {
  it.each([
    [wmsGet, 'SERVICE=WMS&REQUEST=GetCapabilities'],
    [wfsGet, 'SERVICE=WFS&REQUEST=GetCapabilities'],
    [wmtsGet, 'SERVICE=WMTS&REQUEST=GetCapabilities'],
  ])('name the configured site, not the forwarded host, and vary by language (%#)', async (handler, query) => {
    const res = await handler(
      new Request(`http://localhost:3000/map/x?${query}`, {
        headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', host: 'other.example' },
      }),
    );
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).not.toContain('evil.example');
    expect(xml).not.toContain('other.example');
    expect(xml).toContain('xlink:href="http://localhost:3000/map/x?"');
    expect(res.headers.get('cache-control')).toContain('public');
    expect(res.headers.get('vary')).toMatch(/accept-language/);
  });
});

describe('WFS answers', () => {
  const getFeature = (query: string, ip = '198.51.100.50') =>
    wfsGet(
      new Request(
        `http://localhost:3000/map/cloudPlatform/wfs?SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=cloudPlatform:region&OUTPUTFORMAT=application/json&${query}`,
        {
          headers: { 'x-forwarded-for': ip },
        },
      ),
    );

  it(`refuses an answer of more than ${WFS_MAX_VERTICES} vertices with an OGC exception, and serves the coarse layer whole`, async () => {
    const started = Date.now();
    const full = await getFeature('LOD=hi');
    expect(full.status).toBe(400);
    const text = await full.text();
    expect(text).toContain('exceptionCode="OperationProcessingFailed"');
    expect(text).toMatch(/more than the 250000 one answer may carry: ask for LOD=lo/);
    expect(Date.now() - started).toBeLessThan(5000);

    const coarse = await getFeature('LOD=lo');
    expect(coarse.status).toBe(200);
    const body = await coarse.text();
    expect(body.length).toBeLessThan(8_000_000);
    expect((JSON.parse(body) as { numberReturned: number }).numberReturned).toBeGreaterThan(3000);
    // A page of the detailed layer is within bounds.
    expect((await getFeature('LOD=hi&COUNT=20')).status).toBe(200);
  }, 60_000);

  it('lets one address have two feature requests in progress at once, and tells a third to retry', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => getFeature('LOD=lo', '198.51.100.51')));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 429]);
    expect(answers.find((a) => a.status === 429)!.headers.get('retry-after')).toBe('1');
    // Another address is served meanwhile, and the first one again once its requests finished.
    expect((await getFeature('LOD=lo&COUNT=5', '198.51.100.51')).status).toBe(200);
  }, 60_000);
});
