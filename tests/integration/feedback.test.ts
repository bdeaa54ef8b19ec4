import { GET as ownList } from '../../app/api/feedback/v1/feedback/route';
import { POST as submit } from '../../app/api/feedback/v1/feedback/submit/route';
import { GET as openapi } from '../../app/api/openapi.json/route';
import { createSession } from '../../lib/server/session';
import { hashAddress, retryAfterSeconds } from '../../lib/server/feedback';
import { feedbackItemSchema, feedbackPageSchema } from '../../lib/shared/contracts/feedback';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();
const SUBMIT = '/api/feedback/v1/feedback/submit';
const LIST = '/api/feedback/v1/feedback';

let addressCounter = 0;
/** A fresh client address per test, so the per-address limit only bites where a test means it to. */
const freshAddress = () => `198.51.100.${++addressCounter}`;

async function userId(username: string) {
  const [user] = await db().query<{ id: string }>('SELECT id::text AS id FROM users WHERE username = $1', [username]);
  return user!.id;
}

async function headersFor(username: string, options: { locale?: 'zh' | 'en'; ip?: string } = {}) {
  const { token } = await createSession(db(), await userId(username), { ip: 'test', userAgent: null });
  return {
    cookie: `token=${token}`,
    origin: 'http://localhost:3000',
    'x-locale': options.locale ?? 'en',
    'x-forwarded-for': options.ip ?? freshAddress(),
  };
}

/** A new personal account (role `personal`: cart and feedback), as registration makes one. */
async function personalUser(username: string) {
  await db().query(
    `WITH u AS (INSERT INTO users (username, password_hash, account_type) VALUES ($1, 'unused', 0) RETURNING id)
     INSERT INTO user_roles (user_id, role_id) SELECT u.id, r.id FROM u, roles r WHERE r.code = 'personal'`,
    [username],
  );
  return username;
}

const valid = { category: 'data', title: 'Coverage of Hebei in 2025', content: 'Which satellites cover Hebei best in spring?' };

async function countFeedback(username: string) {
  const [row] = await db().query<{ n: number }>(
    'SELECT count(*)::int AS n FROM feedback f JOIN users u ON u.id = f.user_id WHERE u.username = $1 AND NOT f.demo',
    [username],
  );
  return row!.n;
}

describe('feedback API', () => {
  it('answers visitors 401 and users without MOD_054 403, storing nothing', async () => {
    const anonymous = await call(submit, SUBMIT, { body: valid, headers: { 'x-locale': 'en' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.message).toBe('Login has expired, please log in again!');
    expect((await call(ownList, LIST)).status).toBe(401);

    // demo-editor holds only the editor permission.
    const editor = await headersFor('demo-editor');
    const refused = await call(submit, SUBMIT, { body: valid, headers: editor });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe(403);
    expect((await call(ownList, LIST, { headers: editor })).status).toBe(403);
    expect(await countFeedback('demo-editor')).toBe(0);
  });

  it('refuses invalid feedback with the form’s messages, in the caller’s language', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...valid, category: undefined }, 'Choose a category', '请选择问题类型'],
      [{ ...valid, category: 'spam' }, 'Choose a category', '请选择问题类型'],
      [{ ...valid, title: '   ' }, 'Enter a title', '请填写标题'],
      [{ ...valid, title: 'x'.repeat(101) }, 'The title can have at most 100 characters', '标题不能超过 100 个字'],
      [{ ...valid, content: '' }, 'Enter a description', '请填写详细描述'],
      [{ ...valid, content: ' too short ' }, 'The description needs at least 10 characters', '详细描述至少需要 10 个字'],
      [{ ...valid, content: '字'.repeat(2001) }, 'The description can have at most 2000 characters', '详细描述不能超过 2000 个字'],
      [{ ...valid, contact: 'not an address' }, 'Enter a valid e-mail address or phone number', '联系方式应为有效的邮箱或手机号'],
      [{ ...valid, contact: '1380000' }, 'Enter a valid e-mail address or phone number', '联系方式应为有效的邮箱或手机号'],
    ];
    for (const [body, en, zh] of cases) {
      const inEnglish = await call(submit, SUBMIT, { body, headers: await headersFor('demo-personal', { locale: 'en' }) });
      expect([inEnglish.status, inEnglish.json.code, inEnglish.json.data]).toEqual([200, 400, null]);
      expect(inEnglish.json.message).toBe(`Invalid request: ${en}`);
      const inChinese = await call(submit, SUBMIT, { body, headers: await headersFor('demo-personal', { locale: 'zh' }) });
      expect(inChinese.json.message).toBe(`请求参数有误：${zh}`);
    }
    // Every field wrong: one message per field, in the form's order.
    const all = await call(submit, SUBMIT, {
      body: { title: '', content: 'short', contact: '@' },
      headers: await headersFor('demo-personal'),
    });
    expect(all.json.message).toBe(
      'Invalid request: Choose a category; Enter a title; The description needs at least 10 characters; Enter a valid e-mail address or phone number',
    );
    expect(await countFeedback('demo-personal')).toBe(0);
  });

  it('bounds the body and the page size', async () => {
    const huge = await call(submit, SUBMIT, {
      body: { ...valid, content: 'x'.repeat(20_000) },
      headers: await headersFor('demo-personal'),
    });
    expect(huge.status).toBe(413);
    const headers = await headersFor('demo-personal');
    expect((await call(ownList, `${LIST}?pageSize=51`, { headers })).json.code).toBe(400);
    expect((await call(ownList, `${LIST}?pageNum=0`, { headers })).json.code).toBe(400);
  });

  it('stores trimmed feedback and lists only the caller’s own, newest first', async () => {
    const headers = await headersFor('demo-personal');
    const sent = await call(submit, SUBMIT, {
      body: {
        category: 'map',
        title: '  WMS in QGIS  ',
        content: 'The county layer does not load in QGIS 3.40.',
        contact: ' +86 138 0000 0004 ',
      },
      headers,
    });
    expect(sent.json.code).toBe(0);
    const item = feedbackItemSchema.parse(sent.json.data);
    expect(item).toMatchObject({
      category: 'map',
      title: 'WMS in QGIS',
      contact: '+86 138 0000 0004',
      status: 'received',
      reply: null,
      demo: false,
    });
    const second = await call(submit, SUBMIT, { body: { ...valid, contact: '' }, headers });
    expect(feedbackItemSchema.parse(second.json.data).contact).toBeNull();

    const mine = feedbackPageSchema.parse((await call(ownList, `${LIST}?pageSize=10`, { headers })).json.data);
    expect(mine.list.map((x) => x.id)).toEqual([second.json.data.id, item.id]);
    expect(mine.total).toBe(2);

    // Another user sees only their own (the seeded demo items of demo-hebei, one of them answered).
    const hebei = feedbackPageSchema.parse((await call(ownList, LIST, { headers: await headersFor('demo-hebei') })).json.data);
    expect(hebei.list.some((x) => x.id === item.id)).toBe(false);
    const hebeiId = await userId('demo-hebei');
    const [own] = await db().query<{ n: number }>('SELECT count(*)::int AS n FROM feedback WHERE user_id = $1', [hebeiId]);
    expect(hebei.total).toBe(own!.n);
    expect(hebei.list.find((x) => x.status === 'replied')).toMatchObject({ demo: true, reply: expect.stringContaining('EPSG:4326') });

    // The address is kept only as a keyed hash.
    const [stored] = await db().query<{ ip_hash: string }>('SELECT ip_hash FROM feedback WHERE id = $1', [item.id]);
    expect(stored!.ip_hash).toBe(await hashAddress(db(), headers['x-forwarded-for']));
    expect(stored!.ip_hash).not.toContain('198.51');
  });

  it('allows five an hour per user, then answers 429 with Retry-After and a localized message', async () => {
    for (let i = 0; i < 5; i++) {
      const ok = await call(submit, SUBMIT, { body: { ...valid, title: `Item ${i}` }, headers: await headersFor('demo-city') });
      expect(ok.json.code).toBe(0);
    }
    const limited = await call(submit, SUBMIT, { body: valid, headers: await headersFor('demo-city') });
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe(429);
    const retry = Number(limited.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(3500);
    expect(retry).toBeLessThanOrEqual(3600);
    expect(limited.json.message).toBe('Too much feedback at once: at most 5 items an hour, please try again in 60 minutes');
    const zh = await call(submit, SUBMIT, { body: valid, headers: await headersFor('demo-city', { locale: 'zh' }) });
    expect(zh.json.message).toBe('提交过于频繁：每小时最多提交 5 条反馈，请 60 分钟后再试');
    expect(await countFeedback('demo-city')).toBe(5);

    // An hour later the oldest has left the window: one more is allowed.
    await db().query(
      `UPDATE feedback SET created_at = created_at - interval '61 minutes'
       WHERE id = (SELECT id FROM feedback WHERE user_id = $1 ORDER BY created_at, id LIMIT 1)`,
      [await userId('demo-city')],
    );
    expect((await call(submit, SUBMIT, { body: valid, headers: await headersFor('demo-city') })).json.code).toBe(0);
  });

  it('allows twenty a day per user', async () => {
    const id = await userId('demo-admin');
    // Nineteen earlier today, each more than an hour ago.
    await db().query(
      `INSERT INTO feedback (user_id, category, title, content, ip_hash, created_at)
       SELECT $1, 'other', 'Earlier ' || n, 'Written earlier today.', 'x', now() - make_interval(hours => 2, mins => n * 10)
       FROM generate_series(1, 19) AS n`,
      [id],
    );
    expect((await call(submit, SUBMIT, { body: valid, headers: await headersFor('demo-admin') })).json.code).toBe(0);
    const limited = await call(submit, SUBMIT, { body: valid, headers: await headersFor('demo-admin') });
    expect(limited.status).toBe(429);
    expect(limited.json.message).toMatch(/^You have sent 20 items today, the daily limit; please try again in \d+ hours$/);
    // The oldest of the twenty was sent 5 h 10 min ago: it leaves the day window in 18 h 50 min.
    const retry = Number(limited.headers.get('retry-after'));
    expect(Math.abs(retry - (24 * 3600 - (2 * 3600 + 190 * 60)))).toBeLessThan(60);
  });

  it('limits one address to ten an hour across accounts', async () => {
    const ip = '203.0.113.77';
    const senders = await Promise.all(['fb-one', 'fb-two', 'fb-three', 'fb-four'].map(personalUser));
    for (const [index, username] of senders.slice(0, 3).entries()) {
      for (let i = 0; i < (index < 2 ? 4 : 2); i++) {
        const ok = await call(submit, SUBMIT, { body: valid, headers: await headersFor(username, { ip }) });
        expect(ok.json.code).toBe(0);
      }
    }
    const limited = await call(submit, SUBMIT, { body: valid, headers: await headersFor(senders[3]!, { ip }) });
    expect(limited.status).toBe(429);
    expect(limited.json.message).toBe('Too much feedback from your network address, please try again in 60 minutes');
    // The same account from another address is not affected.
    expect((await call(submit, SUBMIT, { body: valid, headers: await headersFor(senders[3]!) })).json.code).toBe(0);
  });

  it('computes Retry-After from the window and the limit', () => {
    expect(retryAfterSeconds([], 3600, 5)).toBe(0);
    expect(retryAfterSeconds([10, 20, 30, 40], 3600, 5)).toBe(0);
    expect(retryAfterSeconds([10, 20, 30, 40, 50], 3600, 5)).toBe(3550);
    expect(retryAfterSeconds([10, 20, 30, 40, 50, 4000], 3600, 5)).toBe(3550);
    expect(retryAfterSeconds([10, 20, 30, 40, 3599.5], 3600, 5)).toBe(1);
  });

  it('is described in the OpenAPI document with its permission', async () => {
    const doc = (await openapi().json()) as any;
    expect(doc.paths[SUBMIT].post['x-permission']).toBe('MOD_054');
    expect(doc.paths[SUBMIT].post.requestBody.content['application/json'].schema.properties.title.maxLength).toBe(100);
    expect(doc.paths[LIST].get['x-permission']).toBe('MOD_054');
  });
});
