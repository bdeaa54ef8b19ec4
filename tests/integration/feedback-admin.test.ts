import { GET as ownList } from '../../app/api/feedback/v1/feedback/route';
import { POST as submit } from '../../app/api/feedback/v1/feedback/submit/route';
import { GET as manageList } from '../../app/api/feedback/v1/manage/route';
import { GET as manageOne } from '../../app/api/feedback/v1/manage/id/[id]/route';
import { PUT as replyPut } from '../../app/api/feedback/v1/manage/id/[id]/reply/route';
import { GET as openapi } from '../../app/api/openapi.json/route';
import { createSession } from '../../lib/server/session';
import {
  feedbackPageSchema,
  managedFeedbackDetailSchema,
  managedFeedbackItemSchema,
  managedFeedbackPageSchema,
  toPlainText,
} from '../../lib/shared/contracts/feedback';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();
const LIST = '/api/feedback/v1/manage';
const ONE = '/api/feedback/v1/manage/id/{id}';
const REPLY = '/api/feedback/v1/manage/id/{id}/reply';

let addressCounter = 0;

async function headersFor(username: string, locale: 'zh' | 'en' = 'en') {
  const [user] = await db().query<{ id: string }>('SELECT id::text AS id FROM users WHERE username = $1', [username]);
  const { token } = await createSession(db(), user!.id, { ip: 'test', userAgent: null });
  return {
    cookie: `token=${token}`,
    origin: 'http://localhost:3000',
    'x-locale': locale,
    'x-forwarded-for': `192.0.2.${++addressCounter}`,
  };
}

async function send(username: string, title: string, content = 'A question long enough to be valid.', locale: 'zh' | 'en' = 'en') {
  const res = await call(submit, '/api/feedback/v1/feedback/submit', {
    body: { category: 'data', title, content, contact: `${username}@rscloud.example` },
    headers: await headersFor(username, locale),
  });
  expect(res.json.code).toBe(0);
  return res.json.data.id as string;
}

const list = async (query: string, headers: Record<string, string>) => call(manageList, `${LIST}${query}`, { headers });
const one = async (id: string, headers: Record<string, string>) => call(manageOne, ONE.replace('{id}', id), { headers, params: { id } });
const reply = async (id: string, body: unknown, headers: Record<string, string>) =>
  call(replyPut, REPLY.replace('{id}', id), { method: 'PUT', body, headers, params: { id } });

async function stored(id: string) {
  const [row] = await db().query<{ status: string; reply: string | null; replied_at: Date | null; replied_by: string | null }>(
    'SELECT f.status, f.reply, f.replied_at, u.username AS replied_by FROM feedback f LEFT JOIN users u ON u.id = f.replied_by WHERE f.id = $1',
    [id],
  );
  return row!;
}

describe('answering feedback (administrators)', () => {
  it('answers 401 without a session and 403 without MOD_ADMIN, changing nothing', async () => {
    const id = await send('demo-hebei', 'Access check');
    expect((await list('', {})).status).toBe(401);
    expect((await one(id, {})).status).toBe(401);
    const anonymous = await reply(id, { reply: 'Hello' }, { 'x-locale': 'en' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.message).toBe('Login has expired, please log in again!');

    // demo-personal may send feedback (MOD_054) but not answer it; demo-editor edits news only.
    for (const username of ['demo-personal', 'demo-editor']) {
      const headers = await headersFor(username);
      expect((await list('', headers)).status).toBe(403);
      expect((await one(id, headers)).status).toBe(403);
      const refused = await reply(id, { reply: 'Hello' }, headers);
      expect([refused.status, refused.json.code]).toEqual([403, 403]);
      expect(refused.json.message).toBe('No permission to view information, please contact the administrator');
    }
    expect(await stored(id)).toMatchObject({ status: 'received', reply: null, replied_by: null });
  });

  it('lists all feedback newest first, with the sender, filtered by status and searched literally', async () => {
    const admin = await headersFor('demo-admin');
    const first = await send('demo-city', 'Coverage of 100% cloud-free scenes');
    const second = await send('demo-personal', '影像下载速度', '下载 GF-2 影像时速度很慢，能否提供断点续传？', 'zh');

    const all = managedFeedbackPageSchema.parse((await list('?pageSize=50', admin)).json.data);
    const [count] = await db().query<{ n: number; waiting: number }>(
      "SELECT count(*)::int AS n, (count(*) FILTER (WHERE status = 'received'))::int AS waiting FROM feedback",
    );
    expect(all.total).toBe(count!.n);
    expect(all.unanswered).toBe(count!.waiting);
    expect(all.list.slice(0, 2).map((x) => x.id)).toEqual([second, first]);
    expect(all.list[0]).toMatchObject({
      title: '影像下载速度',
      locale: 'zh',
      status: 'received',
      author: { username: 'demo-personal', realName: '个人演示用户', organization: '某高校遥感实验室（演示）' },
      repliedBy: null,
      contact: 'demo-personal@rscloud.example',
    });
    // The seeded, answered demo item of demo-hebei names who answered it.
    expect(all.list.find((x) => x.status === 'replied' && x.demo)).toMatchObject({
      repliedBy: 'demo-admin',
      author: { username: 'demo-hebei' },
    });

    const waiting = managedFeedbackPageSchema.parse((await list('?status=received&pageSize=50', admin)).json.data);
    expect(waiting.total).toBe(count!.waiting);
    expect(waiting.list.every((x) => x.status === 'received')).toBe(true);
    const answered = managedFeedbackPageSchema.parse((await list('?status=replied&pageSize=50', admin)).json.data);
    expect(answered.total).toBe(count!.n - count!.waiting);
    expect(answered.list.every((x) => x.status === 'replied')).toBe(true);

    const ids = async (query: string) => managedFeedbackPageSchema.parse((await list(query, admin)).json.data).list.map((x) => x.id);
    // % is taken literally: it finds the title with "100%", not everything.
    expect(await ids(`?keyword=${encodeURIComponent('100%')}`)).toEqual([first]);
    expect(await ids(`?keyword=${encodeURIComponent('断点续传')}`)).toEqual([second]);
    expect(await ids('?keyword=DEMO-CITY')).toContain(first);
    expect(await ids(`?keyword=${second}`)).toContain(second);
    expect(await ids(`?keyword=${encodeURIComponent('_')}`)).toEqual([]);
    expect(await ids(`?status=replied&keyword=${encodeURIComponent('断点续传')}`)).toEqual([]);

    // Paging: page 2 of size 1 is the second newest; a page past the end is empty with the right total.
    const page2 = managedFeedbackPageSchema.parse((await list('?pageSize=1&pageNum=2', admin)).json.data);
    expect(page2.list.map((x) => x.id)).toEqual([first]);
    const beyond = managedFeedbackPageSchema.parse((await list('?pageSize=50&pageNum=999', admin)).json.data);
    expect([beyond.list.length, beyond.total]).toEqual([0, count!.n]);
  });

  it('refuses bad input with localized messages and bounds every size', async () => {
    const en = await headersFor('demo-admin', 'en');
    const zh = await headersFor('demo-admin', 'zh');
    for (const query of ['?pageSize=51', '?pageSize=0', '?pageNum=0', '?status=spam']) {
      const res = await list(query, en);
      expect([res.status, res.json.code]).toEqual([200, 400]);
    }
    const long = `?keyword=${'x'.repeat(51)}`;
    expect((await list(long, en)).json.message).toBe('Invalid request: The search can have at most 50 characters');
    expect((await list(long, zh)).json.message).toBe('请求参数有误：搜索词不能超过 50 个字');
    for (const bad of ['0', '1 OR 1=1', 'abc', '9'.repeat(19)]) {
      expect((await one(bad, en)).json.code).toBe(400);
      expect((await reply(bad, { reply: 'Hello' }, en)).json.code).toBe(400);
    }

    const id = await send('demo-hebei', 'Validation target');
    const cases: [unknown, string, string][] = [
      [{}, 'Enter an answer', '请填写回复内容'],
      [{ reply: '   \n\t ' }, 'Enter an answer', '请填写回复内容'],
      [{ reply: '\u0000\u0007\u202e' }, 'Enter an answer', '请填写回复内容'],
      [{ reply: 42 }, 'Enter an answer', '请填写回复内容'],
      [{ reply: '答'.repeat(4001) }, 'The answer can have at most 4000 characters', '回复不能超过 4000 个字'],
    ];
    for (const [body, inEnglish, inChinese] of cases) {
      const a = await reply(id, body, en);
      expect([a.status, a.json.code, a.json.message]).toEqual([200, 400, `Invalid request: ${inEnglish}`]);
      expect((await reply(id, body, zh)).json.message).toBe(`请求参数有误：${inChinese}`);
    }
    expect((await reply(id, { reply: 'x'.repeat(40_000) }, en)).status).toBe(413);
    expect((await reply(id, { reply: '答'.repeat(4000) }, en)).json.code).toBe(0);
  });

  it('answers 404 for an unknown feedback', async () => {
    const headers = await headersFor('demo-admin', 'zh');
    const missing = await one('999999999', headers);
    expect([missing.status, missing.json.code, missing.json.message]).toEqual([200, 404, '请求的资源不存在']);
    expect((await reply('999999999', { reply: '您好' }, headers)).json.code).toBe(404);
  });

  it('refuses a cookie-authenticated reply from another site', async () => {
    const id = await send('demo-hebei', 'Cross-site target');
    const headers = await headersFor('demo-admin');
    const foreign = await reply(id, { reply: 'Hello' }, { ...headers, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const { origin: _origin, ...noOrigin } = headers;
    expect((await reply(id, { reply: 'Hello' }, noOrigin)).status).toBe(403);
    expect((await stored(id)).reply).toBeNull();
  });

  it("keeps a history: sent by its author, each answer by its administrator, in the reader's language", async () => {
    const id = await send('demo-personal', 'Which bands does GF-1 WFV have?');
    const admin = await headersFor('demo-admin');
    const fresh = managedFeedbackDetailSchema.parse((await one(id, admin)).json.data);
    expect(fresh.history.map((h) => [h.fromStatus, h.toStatus, h.toStatusName, h.by])).toEqual([
      [null, 'received', 'Awaiting answer', 'demo-personal'],
    ]);

    const answered = managedFeedbackDetailSchema.parse(
      (await reply(id, { reply: 'Four: blue, green, red, near infrared.' }, admin)).json.data,
    );
    await reply(id, { reply: 'Four bands: blue, green, red and near infrared, at 16 m.' }, admin);
    expect(answered.history.map((h) => [h.fromStatus, h.toStatus, h.by])).toEqual([
      [null, 'received', 'demo-personal'],
      ['received', 'replied', 'demo-admin'],
    ]);
    const inChinese = managedFeedbackDetailSchema.parse((await one(id, await headersFor('demo-admin', 'zh'))).json.data);
    expect(inChinese.history.map((h) => [h.fromStatus, h.toStatus, h.toStatusName, h.by])).toEqual([
      [null, 'received', '待回复', 'demo-personal'],
      ['received', 'replied', '已回复', 'demo-admin'],
      ['replied', 'replied', '已回复', 'demo-admin'],
    ]);
    const times = inChinese.history.map((h) => Date.parse(h.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    // The seeded answered feedback has its history too: sent, then answered by the demo administrator.
    const [demo] = await db().query<{ id: string }>("SELECT id::text AS id FROM feedback WHERE demo AND status = 'replied' LIMIT 1");
    const seeded = managedFeedbackDetailSchema.parse((await one(demo!.id, admin)).json.data);
    expect(seeded.history.map((h) => [h.toStatus, h.by])).toEqual([
      ['received', 'demo-hebei'],
      ['replied', 'demo-admin'],
    ]);
    expect(Date.parse(seeded.history[1]!.at)).toBe(Date.parse(seeded.repliedAt!));
  });

  it('saves the answer as plain text with who and when; a second answer replaces it; the sender sees it', async () => {
    const id = await send('demo-personal', 'How do I cite the imagery?');
    const admin = await headersFor('demo-admin');
    const before = managedFeedbackPageSchema.parse((await list('', admin)).json.data).unanswered;

    const text = '  Hello,\r\n\r\n\r\n\r\nplease cite it as <b>RS Cloud</b>\u202e.\u0007  \r\nThanks  ';
    const saved = await reply(id, { reply: text }, admin);
    expect(saved.json.code).toBe(0);
    const item = managedFeedbackItemSchema.parse(saved.json.data);
    expect(item).toMatchObject({
      id,
      status: 'replied',
      repliedBy: 'demo-admin',
      reply: 'Hello,\n\nplease cite it as <b>RS Cloud</b>.\nThanks',
    });
    expect(Date.now() - Date.parse(item.repliedAt!)).toBeLessThan(60_000);
    const row = await stored(id);
    expect(row).toMatchObject({ status: 'replied', reply: item.reply, replied_by: 'demo-admin' });
    expect(managedFeedbackPageSchema.parse((await list('', admin)).json.data).unanswered).toBe(before - 1);

    // The sender reads it in their own list.
    const mine = feedbackPageSchema.parse(
      (await call(ownList, '/api/feedback/v1/feedback', { headers: await headersFor('demo-personal') })).json.data,
    );
    expect(mine.list.find((x) => x.id === id)).toMatchObject({ status: 'replied', reply: item.reply, repliedAt: item.repliedAt });

    // Another administrator changes the answer: the same item, the new text, the new author and time.
    await db().query(
      `WITH u AS (INSERT INTO users (username, password_hash) VALUES ('second-admin', 'unused') RETURNING id)
       INSERT INTO user_roles (user_id, role_id) SELECT u.id, r.id FROM u, roles r WHERE r.code = 'admin'`,
    );
    const edited = managedFeedbackItemSchema.parse(
      (await reply(id, { reply: '请引用为“卫星遥感云服务平台”。' }, await headersFor('second-admin'))).json.data,
    );
    expect(edited).toMatchObject({ id, status: 'replied', reply: '请引用为“卫星遥感云服务平台”。', repliedBy: 'second-admin' });
    expect(Date.parse(edited.repliedAt!)).toBeGreaterThan(Date.parse(item.repliedAt!));
    expect(await stored(id)).toMatchObject({ reply: edited.reply, replied_by: 'second-admin' });
    expect(managedFeedbackItemSchema.parse((await one(id, admin)).json.data)).toEqual(edited);
    expect(managedFeedbackPageSchema.parse((await list('', admin)).json.data).unanswered).toBe(before - 1);
  });

  it('keeps replies plain text', () => {
    expect(toPlainText(' a\r\nb\rc ')).toBe('a\nb\nc');
    expect(toPlainText('x\u0000y\u200Ez\u2066')).toBe('xyz');
    expect(toPlainText('line  \n\n\n\nnext\t')).toBe('line\n\nnext');
    expect(toPlainText('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
  });

  it('is described in the OpenAPI document with the administrator permission', async () => {
    const doc = (await openapi().json()) as any;
    expect(doc.paths[LIST].get['x-permission']).toBe('MOD_ADMIN');
    expect(doc.paths[LIST].get.parameters.map((p: { name: string }) => p.name)).toEqual(['pageNum', 'pageSize', 'status', 'keyword']);
    expect(doc.paths[ONE].get['x-permission']).toBe('MOD_ADMIN');
    expect(doc.paths[REPLY].put['x-permission']).toBe('MOD_ADMIN');
    expect(doc.paths[REPLY].put.requestBody.content['application/json'].schema.required).toEqual(['reply']);
  });
});
