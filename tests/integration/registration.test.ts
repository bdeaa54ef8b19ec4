import { GET as captchaGet } from '../../app/api/usercenter/v1/userinfo/login/captcha/route';
import { POST as loginPost } from '../../app/api/usercenter/v1/userinfo/login/route';
import { GET as validGet } from '../../app/api/usercenter/v1/userinfo/valid/[kind]/[value]/route';
import { POST as sendPost } from '../../app/api/captcha/v1/send/[channel]/[target]/route';
import { POST as checkPost } from '../../app/api/captcha/v1/check/captcha/route';
import { POST as registerPost } from '../../app/api/usercenter/v1/userinfo/register/route';
import { POST as forgetPost } from '../../app/api/usercenter/v1/userinfo/forgetpwd/route';
import { GET as detailGet } from '../../app/api/usercenter/v1/userinfo/detail/route';
import { encryptPassword } from '../../lib/client/encrypt-password';
import { call, withFixedCaptcha, withTestDatabase } from '../support/api';

const db = withTestDatabase();
const FIXED = 'R3G5';
const publicKey = withFixedCaptcha(FIXED);
const EN = { 'x-locale': 'en' };
let n = 0;

async function captcha() {
  const token = `reg${String(++n).padStart(29, '0')}`;
  await captchaGet(new Request(`http://localhost/x?token=${token}`));
  return { token, captcha: FIXED };
}

const send = async (channel: string, target: string, purpose: 'register' | 'reset') =>
  call(sendPost, '/x', { body: { purpose, ...(await captcha()) }, params: { channel, target }, headers: EN });

async function lastCode(recipient: string) {
  const [row] = await db().query<{ body: string }>('SELECT body FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1', [recipient]);
  return /\b(\d{6})\b/.exec(row?.body ?? '')?.[1];
}

async function login(username: string, password: string, ip?: string) {
  return call(loginPost, '/x', {
    body: { username, password: await encryptPassword(publicKey(), password), ...(await captcha()) },
    headers: { ...EN, 'x-forwarded-for': ip ?? `10.7.0.${n}` },
  });
}

describe('live checks', () => {
  it.each([
    ['username', 'new-user', { valid: true, reason: null }],
    ['username', 'demo-admin', { valid: false, reason: 'taken' }],
    ['username', 'DEMO-ADMIN', { valid: false, reason: 'taken' }],
    ['username', '1abc', { valid: false, reason: 'format' }],
    ['username', "x' OR '1'='1", { valid: false, reason: 'format' }],
    ['email', 'someone@example.org', { valid: true, reason: null }],
    ['email', 'Demo-Admin@rscloud.example', { valid: false, reason: 'taken' }],
    ['email', 'not-an-email', { valid: false, reason: 'format' }],
    ['telephone', '13912345678', { valid: true, reason: null }],
    ['telephone', '13800000001', { valid: false, reason: 'taken' }],
    ['telephone', '12345', { valid: false, reason: 'format' }],
  ])('%s %s', async (kind, value, expected) => {
    expect((await call(validGet, '/x', { params: { kind, value } })).json.data).toEqual(expected);
  });

  it('refuses an unknown kind', async () => {
    expect((await call(validGet, '/x', { params: { kind: 'password', value: 'x' } })).json.code).toBe(400);
  });
});

describe('registration', () => {
  it('sends a code to the outbox, then registers a personal account that can log in', async () => {
    const sent = await send('email', 'New.User@Example.org', 'register');
    expect(sent.json).toEqual({ code: 0, message: 'Success', data: { resendAfterSeconds: 60 } });
    const [mail] = await db().query<{ subject: string; body: string }>(
      "SELECT subject, body FROM outbox WHERE recipient = 'new.user@example.org'",
    );
    expect(mail?.subject).toBe('[Satellite RS Cloud] Verification code');
    const code = await lastCode('new.user@example.org');
    expect(code).toMatch(/^\d{6}$/);

    const checked = await call(checkPost, '/x', { body: { channel: 'email', target: 'new.user@example.org', purpose: 'register', code } });
    expect(checked.json.data).toEqual({ valid: true });

    const body = {
      username: 'new-user',
      password: await encryptPassword(publicKey(), 'Fresh@2026'),
      channel: 'email',
      email: 'new.user@example.org',
      code,
      organization: 'Test lab',
    };
    const created = await call(registerPost, '/x', { body, headers: EN });
    expect(created.json).toMatchObject({ code: 0, data: { username: 'new-user' } });
    const again = await call(registerPost, '/x', { body: { ...body, username: 'new-user-2' }, headers: EN });
    expect(again.json.code).not.toBe(0);

    const session = await login('new-user', 'Fresh@2026');
    expect(session.json.code).toBe(0);
    const detail = await call(detailGet, '/x', { headers: { token: session.json.data } });
    expect(detail.json.data).toMatchObject({
      username: 'new-user',
      accountType: 0,
      organization: 'Test lab',
      permissions: ['MOD_054', 'MOD_061'],
    });
  });

  it('limits sending: one a minute, and refuses registered addresses and bad captchas', async () => {
    expect((await send('telephone', '13912340000', 'register')).json.code).toBe(0);
    const soon = await send('telephone', '13912340000', 'register');
    expect(soon.json.code).toBe(1101);
    expect(soon.json.message).toMatch(/^Codes are sent at most once a minute, please try again in \d+ seconds$/);
    expect((await send('telephone', '13800000001', 'register')).json.message).toBe('This mobile number is already registered');
    const wrongCaptcha = await call(sendPost, '/x', {
      body: { purpose: 'register', token: (await captcha()).token, captcha: 'NOPE' },
      params: { channel: 'email', target: 'a@b.org' },
      headers: EN,
    });
    expect(wrongCaptcha.json.code).toBe(1002);
    expect((await send('email', 'not-an-email', 'register')).json.message).toBe('This is not a valid e-mail address');
  });

  it('allows five codes an hour per address', async () => {
    for (let i = 0; i < 5; i++) {
      await db().query(
        "INSERT INTO verification_codes (channel, target, purpose, code_hash, expires_at, created_at) VALUES ('email', 'busy@example.org', 'register', 'x', now(), now() - interval '5 minutes')",
      );
    }
    expect((await send('email', 'busy@example.org', 'register')).json.code).toBe(1102);
  });

  it('ends a code after five wrong tries and refuses a weak password or a taken name', async () => {
    await send('email', 'tries@example.org', 'register');
    const code = (await lastCode('tries@example.org')) ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect(
        (await call(checkPost, '/x', { body: { channel: 'email', target: 'tries@example.org', purpose: 'register', code: wrong } })).json
          .code,
      ).toBe(1103);
    }
    expect(
      (await call(checkPost, '/x', { body: { channel: 'email', target: 'tries@example.org', purpose: 'register', code } })).json.code,
    ).toBe(1103);

    const base = { channel: 'email', email: 'tries@example.org', code };
    const weak = await call(registerPost, '/x', {
      body: { ...base, username: 'weak-user', password: await encryptPassword(publicKey(), 'password') },
      headers: EN,
    });
    expect(weak.json.code).toBe(400);
    const taken = await call(registerPost, '/x', {
      body: { ...base, username: 'demo-city', password: await encryptPassword(publicKey(), 'Fresh@2026') },
      headers: EN,
    });
    expect(taken.json.message).toBe('This username is already registered');
    const [{ n: users } = { n: 0 }] = await db().query<{ n: number }>(
      "SELECT count(*)::int AS n FROM users WHERE username IN ('weak-user')",
    );
    expect(users).toBe(0);
  });
});

describe('password reset', () => {
  it('resets with a code from the account phone, ends sessions, and the new password works', async () => {
    const before = await login('demo-upgrade', 'Demo@2026');
    expect(before.json.code).toBe(2);
    expect((await send('telephone', '13800000005', 'reset')).json.code).toBe(0);
    const code = await lastCode('13800000005');
    const res = await call(forgetPost, '/x', {
      body: { channel: 'telephone', target: '13800000005', code, password: await encryptPassword(publicKey(), 'Reset@2026') },
      headers: EN,
    });
    expect(res.json.code).toBe(0);
    const after = await login('demo-upgrade', 'Reset@2026');
    expect(after.json.code).toBe(0);
    expect((await login('demo-upgrade', 'Demo@2026')).json.code).toBe(1001);
  });

  it('answers the same for unknown addresses but sends nothing', async () => {
    const res = await send('email', 'nobody@example.org', 'reset');
    expect(res.json.code).toBe(0);
    expect(await lastCode('nobody@example.org')).toBeUndefined();
    const attempt = await call(forgetPost, '/x', {
      body: { channel: 'email', target: 'nobody@example.org', code: '123456', password: await encryptPassword(publicKey(), 'Reset@2026') },
      headers: EN,
    });
    expect(attempt.json.code).toBe(1103);
  });
});

describe('outbox', () => {
  it('is readable by administrators only', async () => {
    const { GET } = await import('../../app/api/usercenter/v1/outbox/route');
    const admin = await login('demo-admin', 'Demo@2026');
    const list = await call(GET, '/x?recipient=13800000005', { headers: { token: admin.json.data } });
    expect(list.json.code).toBe(0);
    expect(list.json.data[0]).toMatchObject({ channel: 'telephone', recipient: '13800000005' });
    const city = await login('demo-city', 'Demo@2026');
    expect((await call(GET, '/x', { headers: { token: city.json.data } })).status).toBe(403);
    expect((await call(GET, '/x')).status).toBe(401);
  });
});

describe('contact change', () => {
  it('needs a session, the current password, a code sent to the new address, and a free address', async () => {
    const { PUT: putEmail } = await import('../../app/api/usercenter/v1/userinfo/email/route');
    const { PUT: putPhone } = await import('../../app/api/usercenter/v1/userinfo/telephone/route');
    const anonymous = await call(sendPost, '/x', {
      body: { purpose: 'change', ...(await captcha()) },
      params: { channel: 'email', target: 'x@example.org' },
    });
    expect(anonymous.status).toBe(401);

    const session = await login('demo-city', 'Demo@2026');
    const token = session.json.data as string;
    // A second session of the same user, which the change must end.
    const other = (await login('demo-city', 'Demo@2026')).json.data as string;
    const send2 = async (channel: string, target: string) =>
      call(sendPost, '/x', { body: { purpose: 'change', ...(await captcha()) }, params: { channel, target }, headers: { ...EN, token } });
    expect((await send2('email', 'demo-admin@rscloud.example')).json.message).toBe('This e-mail address is already registered');
    expect((await send2('email', 'city.new@example.org')).json.code).toBe(0);
    const code = await lastCode('city.new@example.org');
    const password = async (plain = 'Demo@2026') => encryptPassword(publicKey(), plain);
    const put = async (body: object) => (await call(putEmail, '/x', { method: 'PUT', body, headers: { ...EN, token } })).json;
    // A session alone is not enough: the password is required, and a wrong one is refused before the code is used.
    expect((await put({ value: 'city.new@example.org', code })).code).toBe(400);
    expect(await put({ value: 'city.new@example.org', code, password: await password('Wrong@2026') })).toMatchObject({
      code: 1001,
      message: expect.stringMatching(/password/i),
    });
    expect((await put({ value: 'city.new@example.org', code: '000000' === code ? '111111' : '000000', password: await password() })).code).toBe(1103);
    const [old] = await db().query<{ email: string }>(`SELECT email FROM users WHERE username = 'demo-city'`);
    expect((await put({ value: 'city.new@example.org', code, password: await password() })).code).toBe(0);
    const detail = await call(detailGet, '/x', { headers: { token } });
    expect(detail.json.data.email.uri).toBe('mailto:city.new@example.org');
    // The old address is told (the new one masked), and the other session has ended.
    const told = await db().query<{ subject: string; body: string }>(`SELECT subject, body FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1`, [
      old!.email,
    ]);
    expect(told[0]).toMatchObject({ subject: expect.stringMatching(/contact details were changed/), body: expect.stringContaining('ci***@example.org') });
    expect((await call(detailGet, '/x', { headers: { token: other } })).status).toBe(401);
    expect((await call(putPhone, '/x', { method: 'PUT', body: { value: '13900000000', code: '123456', password: await password() } })).status).toBe(401);
  });

  it('counts wrong current passwords like failed logins: five lock the form and the login from that address', async () => {
    const { PUT: putPassword } = await import('../../app/api/usercenter/v1/userinfo/password/route');
    const ip = '10.8.0.1';
    const token = (await login('demo-hebei', 'Demo@2026', ip)).json.data as string;
    const change = async (oldPlain: string) =>
      (
        await call(putPassword, '/x', {
          method: 'PUT',
          body: { oldPassword: await encryptPassword(publicKey(), oldPlain), newPassword: await encryptPassword(publicKey(), 'Newer@2026') },
          headers: { ...EN, token, 'x-forwarded-for': ip },
        })
      ).json;
    for (let i = 0; i < 5; i++) expect((await change('Wrong@2026')).code).toBe(1001);
    // The sixth, right or wrong, is refused: the account is locked from this address.
    const locked = await change('Demo@2026');
    expect(locked.code).toBe(429);
    expect(locked.message).toMatch(/locked for now/);
    expect((await login('demo-hebei', 'Demo@2026', ip)).json.code).toBe(429);
  });
});

describe('login lock-out', () => {
  it('counts per account: after five wrong passwords by username, the phone number and e-mail are locked too', async () => {
    const [user] = await db().query<{ telephone: string; email: string }>(`SELECT telephone, email FROM users WHERE username = 'demo-personal'`);
    const ip = '10.8.0.2';
    for (let i = 0; i < 5; i++) expect((await login('demo-personal', 'Wrong@2026', ip)).json.code).toBe(1001);
    expect((await login(user!.telephone, 'Demo@2026', ip)).json.code).toBe(429);
    expect((await login(user!.email, 'Demo@2026', ip)).json.code).toBe(429);
  });
});
