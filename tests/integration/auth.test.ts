import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { GET as captchaGet } from '../../app/api/usercenter/v1/userinfo/login/captcha/route';
import { GET as publicKeyGet } from '../../app/api/usercenter/v1/userinfo/login/publickey/route';
import { POST as loginPost } from '../../app/api/usercenter/v1/userinfo/login/route';
import { GET as detailGet } from '../../app/api/usercenter/v1/userinfo/detail/route';
import { POST as logoutPost } from '../../app/api/usercenter/v1/userinfo/logout/route';
import { PUT as passwordPut } from '../../app/api/usercenter/v1/userinfo/password/route';
import { GET as ownRangesGet } from '../../app/api/main/v1/arearange/userid/route';
import { GET as rangesByNameGet } from '../../app/api/usercenter/v1/arearange/userid/[username]/[flag]/route';
import { encryptPassword } from '../../lib/client/encrypt-password';
import { createSession } from '../../lib/server/session';
import { resetEnvCache } from '../../lib/server/env';
import { ALL_PERMISSION_CODES, PERMISSIONS } from '../../lib/shared/permissions';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();
const PASSWORD = 'Demo@2026';
const FIXED = 'K7PX';
let publicKey = '';
let tokenCounter = 0;

const newToken = () => `tok${String(++tokenCounter).padStart(29, '0')}`;

async function captchaFor(token: string) {
  // Each from its own address: one address may draw only CAPTCHA_RATE_PER_MINUTE a minute (tests/integration/abuse.test.ts).
  const res = await captchaGet(
    new Request(`http://localhost:3000/api/usercenter/v1/userinfo/login/captcha?token=${token}`, {
      headers: { 'x-forwarded-for': `10.250.0.${tokenCounter % 250}` },
    }),
  );
  expect(res.status).toBe(200);
  return res;
}

async function attempt(username: string, password: string, options: { ip?: string; captcha?: string; time?: number; key?: string } = {}) {
  const token = newToken();
  await captchaFor(token);
  return call(loginPost, '/api/usercenter/v1/userinfo/login', {
    body: {
      username,
      password: await encryptPassword(options.key ?? publicKey, password, options.time),
      captcha: options.captcha ?? FIXED,
      token,
    },
    headers: { 'x-forwarded-for': options.ip ?? '10.0.0.1', 'x-locale': 'en' },
  });
}

const cookieValue = (cookies: string[], name: string) =>
  cookies
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0]
    ?.slice(name.length + 1);
const detail = (headers: Record<string, string>) => call(detailGet, '/api/usercenter/v1/userinfo/detail', { headers });

beforeAll(async () => {
  process.env.CAPTCHA_FIXED_ANSWER = FIXED;
  resetEnvCache();
  const res = await call(publicKeyGet, '/api/usercenter/v1/userinfo/login/publickey');
  publicKey = res.json.data.publicKey;
  expect(publicKey).toContain('BEGIN PUBLIC KEY');
});

afterAll(() => {
  delete process.env.CAPTCHA_FIXED_ANSWER;
  resetEnvCache();
});

describe('captcha', () => {
  it('answers SVG markup with an accessible label, the answer drawn as paths', async () => {
    const res = await captchaFor(newToken());
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    const svg = await res.text();
    expect(svg).toMatch(/^<svg role="img" aria-label="[^"]+"/);
    expect(svg).not.toContain('<text');
    expect(svg).not.toContain(FIXED);
  });

  it('refuses a malformed token with a clear, localized error', async () => {
    for (const token of ['short', 'x'.repeat(33), `${'a'.repeat(31)}!`, "'; DROP TABLE captchas; --"]) {
      const res = await captchaGet(
        new Request(`http://localhost:3000/x?token=${encodeURIComponent(token)}`, { headers: { 'x-locale': 'en' } }),
      );
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ code: 400, message: 'Invalid captcha token: it must be 32 letters or digits', data: null });
    }
  });
});

describe('login', () => {
  it('logs in with the encrypted password and sets an httpOnly session cookie', async () => {
    const res = await attempt('demo-hebei', PASSWORD);
    expect(res.json.code).toBe(0);
    const token = res.json.data as string;
    expect(token.split('.')).toHaveLength(3);
    const cookie = res.cookies.find((c) => c.startsWith('token='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookieValue(res.cookies, 'session_hint')).toBe('1');

    const byCookie = await detail({ cookie: `token=${token}` });
    expect(byCookie.json.data).toMatchObject({ username: 'demo-hebei', accountType: 1, nodeType: { code: 'provincial' } });
    expect(byCookie.json.data.permissions).toEqual(expect.arrayContaining(['MOD_056', 'MOD_061']));
    expect(byCookie.json.data.telephone.value).toBe('138****0002');
    const byHeader = await detail({ token });
    expect(byHeader.json.data.username).toBe('demo-hebei');
  });

  it('accepts the e-mail or phone number as the username', async () => {
    expect((await attempt('DEMO-CITY@rscloud.example', PASSWORD)).json.code).toBe(0);
    expect((await attempt('13800000004', PASSWORD)).json.code).toBe(0);
  });

  it('gives unknown users and wrong passwords the same answer', async () => {
    const wrong = await attempt('demo-admin', 'Wrong@2026', { ip: '10.0.0.2' });
    const unknown = await attempt('nobody-here', PASSWORD, { ip: '10.0.0.2' });
    const sqlish = await attempt("' OR 1=1 --", PASSWORD, { ip: '10.0.0.2' });
    expect(wrong.json).toEqual({ code: 1001, message: 'Wrong username or password', data: null });
    expect(unknown.json).toEqual(wrong.json);
    expect(sqlish.json).toEqual(wrong.json);
    expect(wrong.cookies).toEqual([]);
  });

  it('consumes the captcha on the first attempt and refuses a wrong one', async () => {
    const token = newToken();
    await captchaFor(token);
    const body = async () => ({ username: 'demo-admin', password: await encryptPassword(publicKey, PASSWORD), captcha: FIXED, token });
    const headers = { 'x-locale': 'en', 'x-forwarded-for': '10.0.0.3' };
    expect((await call(loginPost, '/x', { body: await body(), headers })).json.code).toBe(0);
    const replay = await call(loginPost, '/x', { body: await body(), headers });
    expect(replay.json).toMatchObject({ code: 1002, message: 'The captcha is wrong or has expired, please enter the new one' });
    expect((await attempt('demo-admin', PASSWORD, { captcha: 'ZZZZ' })).json.code).toBe(1002);
  });

  it('refuses an expired captcha', async () => {
    const token = newToken();
    await captchaFor(token);
    await db().query("UPDATE captchas SET expires_at = now() - interval '1 second' WHERE token = $1", [token]);
    const res = await call(loginPost, '/x', {
      body: { username: 'demo-admin', password: await encryptPassword(publicKey, PASSWORD), captcha: FIXED, token },
    });
    expect(res.json.code).toBe(1002);
  });

  it('refuses a captured ciphertext after five minutes, and one made with another key', async () => {
    const old = await attempt('demo-admin', PASSWORD, { time: Date.now() - 6 * 60_000 });
    expect(old.json).toMatchObject({ code: 1003, message: 'The login request has expired, please log in again' });
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const foreign = await attempt('demo-admin', PASSWORD, { key: otherKey });
    expect(foreign.json).toMatchObject({
      code: 1003,
      message: 'The encrypted password could not be read, please reload the page and try again',
    });
  });

  it('validates the body and bounds its size', async () => {
    const bad = await call(loginPost, '/x', {
      body: { username: '', password: 'not base64!', captcha: '', token: 'short' },
      headers: { 'x-locale': 'en' },
    });
    expect(bad.json.code).toBe(400);
    const huge = await call(loginPost, '/x', { body: { username: 'a', password: 'A'.repeat(5000), captcha: 'x', token: 'x' } });
    expect(huge.status).toBe(413);
  });

  it('answers code 2 for an account that must change its password, without a session', async () => {
    const res = await attempt('demo-upgrade', PASSWORD);
    expect(res.json).toEqual({
      code: 2,
      message: 'Due to a system upgrade, click Confirm to change password before logging in!',
      data: null,
    });
    expect(res.cookies).toEqual([]);
  });

  it('locks a username from one address after five failures, for 15 minutes', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 5; i++) expect((await attempt('demo-city', 'Wrong@2026', { ip })).json.code).toBe(1001);
    const locked = await attempt('demo-city', PASSWORD, { ip });
    expect(locked.json.code).toBe(429);
    expect(locked.json.message).toMatch(/locked for now, please try again in 1[45] minutes/);
    expect((await attempt('demo-city', PASSWORD, { ip: '10.9.9.10' })).json.code).toBe(0);
    await db().query("UPDATE login_attempts SET created_at = created_at - interval '16 minutes' WHERE ip = $1", [ip]);
    expect((await attempt('demo-city', PASSWORD, { ip })).json.code).toBe(0);
  });
});

describe('sessions', () => {
  async function loginToken() {
    const res = await attempt('demo-admin', PASSWORD, { ip: '10.1.1.1' });
    expect(res.json.code).toBe(0);
    return res.json.data as string;
  }

  it('refuses requests without a session, whatever headers they carry', async () => {
    const res = await detail({ 'x-middleware-subrequest': 'proxy:proxy:proxy:proxy:proxy', 'x-locale': 'en' });
    expect(res.status).toBe(401);
    expect(res.json.message).toBe('Login has expired, please log in again!');
  });

  it('logout revokes the session and clears the cookies', async () => {
    const token = await loginToken();
    const out = await call(logoutPost, '/x', { body: {}, headers: { token } });
    expect(out.json.code).toBe(0);
    expect(out.cookies.find((c) => c.startsWith('token='))).toMatch(/Max-Age=0/);
    const after = await detail({ token });
    expect(after.status).toBe(401);
    expect(after.cookies.find((c) => c.startsWith('session_hint='))).toMatch(/Max-Age=0/);
  });

  it('refuses forged, alg:none, expired and revoked tokens', async () => {
    const token = await loginToken();
    const [, payload] = token.split('.');
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    expect((await detail({ token: none })).status).toBe(401);
    const forged = await new SignJWT(JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()))
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('x'.repeat(48)));
    expect((await detail({ token: forged })).status).toBe(401);
    expect((await detail({ token: `${token.slice(0, -4)}abcd` })).status).toBe(401);
    const { sid } = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as { sid: string };
    await db().query("UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE id = $1", [sid]);
    expect((await detail({ token })).status).toBe(401);
  });
});

describe('area ranges and password change', () => {
  const login = async (username: string, ip = '10.2.2.2', password = PASSWORD) => {
    const res = await attempt(username, password, { ip });
    expect(res.json.code).toBe(0);
    return res.json.data as string;
  };

  it('lists only active, non-deleted ranges of the caller', async () => {
    const token = await login('demo-hebei');
    const own = await call(ownRangesGet, '/x', { headers: { token } });
    expect(own.json.data.map((r: { regionId: string }) => r.regionId)).toEqual(['130000']);
    await db().query(
      "INSERT INTO area_ranges (user_id, region_id, is_delete) SELECT id, '130200', 1 FROM users WHERE username = 'demo-hebei'",
    );
    await db().query(
      "INSERT INTO area_ranges (user_id, region_id, status) SELECT id, '130300', 1 FROM users WHERE username = 'demo-hebei'",
    );
    const again = await call(ownRangesGet, '/x', { headers: { token } });
    expect(again.json.data).toEqual([{ id: expect.any(String), type: 'regionId', regionId: '130000', status: 0, isDelete: 0 }]);
    const personal = await call(ownRangesGet, '/x', { headers: { token: await login('demo-personal') } });
    expect(personal.json.data).toEqual([]);
  });

  it('reads ranges by username only for oneself or an administrator', async () => {
    const token = await login('demo-city');
    const own = await call(rangesByNameGet, '/x', { headers: { token }, params: { username: 'demo-city', flag: '0' } });
    expect(own.json.data.map((r: { regionId: string }) => r.regionId)).toEqual(['130100']);
    const other = await call(rangesByNameGet, '/x', { headers: { token }, params: { username: 'demo-hebei', flag: '0' } });
    expect(other.status).toBe(403);
    const admin = await call(rangesByNameGet, '/x', {
      headers: { token: await login('demo-admin') },
      params: { username: 'demo-city', flag: '0' },
    });
    expect(admin.json.data).toHaveLength(1);
    const badFlag = await call(rangesByNameGet, '/x', { headers: { token }, params: { username: 'demo-city', flag: '1' } });
    expect(badFlag.json.code).toBe(400);
  });

  it('changes the password, keeping this session and ending the others', async () => {
    const first = await login('demo-editor', '10.3.3.3');
    const second = await login('demo-editor', '10.3.3.4');
    const enc = (p: string) => encryptPassword(publicKey, p);
    const headers = { token: second, 'x-locale': 'en' };
    const wrongOld = await call(passwordPut, '/x', {
      method: 'PUT',
      body: { oldPassword: await enc('Nope@2026'), newPassword: await enc('New@Pass2026') },
      headers,
    });
    expect(wrongOld.json.message).toBe('The current password is wrong');
    const weak = await call(passwordPut, '/x', {
      method: 'PUT',
      body: { oldPassword: await enc(PASSWORD), newPassword: await enc('weakweak') },
      headers,
    });
    expect(weak.json.code).toBe(400);
    const ok = await call(passwordPut, '/x', {
      method: 'PUT',
      body: { oldPassword: await enc(PASSWORD), newPassword: await enc('New@Pass2026') },
      headers,
    });
    expect(ok.json.code).toBe(0);
    expect((await detail({ token: first })).status).toBe(401);
    expect((await detail({ token: second })).json.data.username).toBe('demo-editor');
    expect((await attempt('demo-editor', PASSWORD, { ip: '10.3.3.5' })).json.code).toBe(1001);
    expect((await attempt('demo-editor', 'New@Pass2026', { ip: '10.3.3.5' })).json.code).toBe(0);
  });
});

describe('permission, role and node type lists', () => {
  it('name every code in the caller language, for signed-in users only', async () => {
    const { GET: permissions } = await import('../../app/api/usercenter/v1/permission/route');
    const { GET: roles } = await import('../../app/api/usercenter/v1/role/route');
    const { GET: nodeTypes } = await import('../../app/api/usercenter/v1/userinfo/nodetype/route');
    expect((await call(permissions, '/x')).status).toBe(401);
    const res = await attempt('demo-personal', PASSWORD, { ip: '10.4.4.4' });
    const token = res.json.data as string;
    const en = await call(permissions, '/x', { headers: { token, 'x-locale': 'en' } });
    expect(en.json.data).toHaveLength(12);
    expect(en.json.data).toContainEqual({ code: 'MOD_ADMIN', name: 'Administration' });
    expect(en.json.data).toContainEqual({ code: 'MOD_056', name: 'Land cover monitoring' });
    const zh = await call(permissions, '/x', { headers: { token, 'x-locale': 'zh' } });
    expect(zh.json.data).toContainEqual({ code: 'MOD_061', name: '购物车' });
    const roleList = await call(roles, '/x', { headers: { token, 'x-locale': 'en' } });
    expect(roleList.json.data).toContainEqual({ code: 'city', name: 'City user', permissions: ['MOD_054', 'MOD_056', 'MOD_061'] });
    const nodes = await call(nodeTypes, '/x', { headers: { token, 'x-locale': 'en' } });
    expect(nodes.json.data).toEqual([
      { code: 'dedicated', name: 'Dedicated-line user' },
      { code: 'provincial', name: 'Provincial node user' },
    ]);
  });
});

describe('area range by id', () => {
  it('answers the owner and administrators; others get not-found', async () => {
    const { GET } = await import('../../app/api/usercenter/v1/arearange/id/[id]/route');
    const [range] = await db().query<{ id: string }>(
      "SELECT a.id::text AS id FROM area_ranges a JOIN users u ON u.id = a.user_id WHERE u.username = 'demo-city'",
    );
    const own = (await attempt('demo-city', PASSWORD, { ip: '10.5.5.5' })).json.data as string;
    const other = (await attempt('demo-personal', PASSWORD, { ip: '10.5.5.6' })).json.data as string;
    const admin = (await attempt('demo-admin', PASSWORD, { ip: '10.5.5.7' })).json.data as string;
    const get = (token: string, id = range?.id ?? '') => call(GET, '/x', { headers: { token }, params: { id } });
    expect((await get(own)).json.data).toEqual({ id: range?.id, type: 'regionId', regionId: '130100', status: 0, isDelete: 0 });
    expect((await get(admin)).json.data.regionId).toBe('130100');
    expect((await get(other)).json.code).toBe(404);
    expect((await get(own, '1 OR 1=1')).json.code).toBe(400);
  });
});

describe('administrators', () => {
  /** A session of a new user whose one role holds exactly `codes`. */
  async function userWith(username: string, codes: readonly string[]) {
    const [user] = await db().query<{ id: string }>(
      `WITH r AS (INSERT INTO roles (code, name_zh, name_en) VALUES ($1, $1, $1) RETURNING id),
            p AS (INSERT INTO role_permissions (role_id, permission_code) SELECT r.id, c FROM r, unnest($2::text[]) AS c),
            u AS (INSERT INTO users (username, password_hash) VALUES ($1, 'unused') RETURNING id),
            ur AS (INSERT INTO user_roles (user_id, role_id) SELECT u.id, r.id FROM u, r)
       SELECT id::text AS id FROM u`,
      [username, codes],
    );
    const { token } = await createSession(db(), user!.id, { ip: 'test', userAgent: null });
    return token;
  }
  const everythingButAdmin = () =>
    userWith(
      'all-but-admin',
      ALL_PERMISSION_CODES.filter((code) => code !== PERMISSIONS.ADMIN),
    );

  it('are the holders of MOD_ADMIN, not whoever holds every other code', async () => {
    const { GET: outbox } = await import('../../app/api/usercenter/v1/outbox/route');
    const { GET: rangeById } = await import('../../app/api/usercenter/v1/arearange/id/[id]/route');
    const [range] = await db().query<{ id: string }>(
      "SELECT a.id::text AS id FROM area_ranges a JOIN users u ON u.id = a.user_id WHERE u.username = 'demo-city'",
    );
    const byName = { username: 'demo-city', flag: '0' };

    const almost = await everythingButAdmin();
    const almostDetail = await detail({ token: almost });
    expect(almostDetail.json.data.permissions).toHaveLength(ALL_PERMISSION_CODES.length - 1);
    expect(almostDetail.json.data.permissions).not.toContain('MOD_ADMIN');
    expect((await call(outbox, '/x', { headers: { token: almost } })).status).toBe(403);
    expect((await call(rangesByNameGet, '/x', { headers: { token: almost }, params: byName })).status).toBe(403);
    expect((await call(rangeById, '/x', { headers: { token: almost }, params: { id: range!.id } })).json.code).toBe(404);

    const admin = (await attempt('demo-admin', PASSWORD, { ip: '10.6.6.6' })).json.data as string;
    expect((await detail({ token: admin })).json.data.permissions).toContain('MOD_ADMIN');
    expect((await call(outbox, '/x', { headers: { token: admin } })).json.code).toBe(0);
    expect((await call(rangesByNameGet, '/x', { headers: { token: admin }, params: byName })).json.data).toHaveLength(1);
    expect((await call(rangeById, '/x', { headers: { token: admin }, params: { id: range!.id } })).json.data.regionId).toBe('130100');

    // MOD_ADMIN alone is enough.
    const adminOnly = await userWith('admin-only', [PERMISSIONS.ADMIN]);
    expect((await call(outbox, '/x', { headers: { token: adminOnly } })).json.code).toBe(0);
    expect((await call(rangesByNameGet, '/x', { headers: { token: adminOnly }, params: byName })).json.data).toHaveLength(1);
  });

  it('keep administering after the upgrade: the migration grants MOD_ADMIN to roles that held every earlier code', async () => {
    const { MIGRATIONS } = await import('../../lib/server/db/migrations');
    const migration = MIGRATIONS.find((m) => m.id === '0010_feedback_admin')!;
    const grant = migration.sql.split(';').find((statement) => statement.trim().startsWith('INSERT INTO role_permissions'))!;
    await db().query("DELETE FROM role_permissions WHERE permission_code = 'MOD_ADMIN'");
    await db().query(grant);
    const roles = await db().query<{ code: string }>(
      "SELECT r.code FROM roles r JOIN role_permissions rp ON rp.role_id = r.id WHERE rp.permission_code = 'MOD_ADMIN' ORDER BY r.code",
    );
    // The seeded administrator role and the test role holding every earlier code; not the one holding MOD_ADMIN alone.
    expect(roles.map((r) => r.code)).toEqual(['admin', 'all-but-admin']);
  });
});
