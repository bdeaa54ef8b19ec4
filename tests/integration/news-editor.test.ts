import { GET as manageOne, PUT as manageUpdate } from '../../app/api/news/v3/manage/id/[id]/route';
import { POST as manageStatus } from '../../app/api/news/v3/manage/id/[id]/status/route';
import { GET as manageList, POST as manageCreate } from '../../app/api/news/v3/manage/route';
import { GET as publicDetail } from '../../app/api/news/v3/news-v3/id/[id]/route';
import { GET as publicList } from '../../app/api/news/v3/news-v3/route';
import { createSession } from '../../lib/server/session';
import { newsRecordSchema, type NewsInput } from '../../lib/shared/contracts/news';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();

async function tokenOf(username: string) {
  const [user] = await db().query<{ id: string }>('SELECT id::text AS id FROM users WHERE username = $1', [username]);
  return (await createSession(db(), user!.id, { ip: 'test', userAgent: null })).token;
}

const headersFor = (token: string) => ({ cookie: `token=${token}`, origin: 'http://localhost:3000', 'x-locale': 'en' });

const draft: NewsInput = {
  type: 1,
  titleZh: '高分七号立体测图产品更新',
  titleEn: 'GF-7 stereo mapping products updated',
  summaryZh: '摘要',
  summaryEn: 'Summary',
  bodyZh: '<p>正文<script>alert(1)</script></p>',
  bodyEn: '<p onclick="x()">Body <a href="javascript:alert(1)">link</a></p>',
  sourceZh: null,
  sourceEn: null,
  tags: ['GF-7'],
  highlight: false,
};

describe('news editing API', () => {
  it('is closed to visitors and to users without the editor permission', async () => {
    expect((await call(manageList, '/api/news/v3/manage', { headers: { 'x-locale': 'en' } })).json.code).toBe(401);
    const hebei = headersFor(await tokenOf('demo-hebei'));
    expect((await call(manageList, '/api/news/v3/manage', { headers: hebei })).json.code).toBe(403);
    expect((await call(manageCreate, '/api/news/v3/manage', { body: draft, headers: hebei })).json.code).toBe(403);
    const [count] = await db().query<{ n: number }>("SELECT count(*)::int AS n FROM news WHERE slug LIKE 'news-%'");
    expect(count!.n).toBe(0);
  });

  it('saves a sanitized draft, publishes it to the public lists and takes it off again', async () => {
    const editor = headersFor(await tokenOf('demo-editor'));
    const created = await call(manageCreate, '/api/news/v3/manage', { body: draft, headers: editor });
    expect(created.json.code).toBe(0);
    const record = newsRecordSchema.parse(created.json.data);
    expect(record.status).toBe('draft');
    expect(record.bodyZh).toBe('<p>正文</p>');
    expect(record.bodyEn).toBe('<p>Body <a rel="noopener noreferrer nofollow">link</a></p>');

    // A draft is invisible to the public API.
    expect((await call(publicDetail, '/x', { params: { id: record.id } })).json.code).toBe(404);

    const edited = await call(manageUpdate, '/x', {
      method: 'PUT',
      params: { id: record.id },
      body: { ...draft, titleEn: 'GF-7 products, revised' },
      headers: editor,
    });
    expect(newsRecordSchema.parse(edited.json.data).titleEn).toBe('GF-7 products, revised');

    const published = await call(manageStatus, '/x', { params: { id: record.id }, body: { status: 'published' }, headers: editor });
    expect(newsRecordSchema.parse(published.json.data)).toMatchObject({ status: 'published', publishedAt: expect.any(String) });
    const list = await call(publicList, '/api/news/v3/news-v3?type=1&pageSize=5', { headers: { 'x-locale': 'en' } });
    expect((list.json.data as { list: { id: string; title: string }[] }).list[0]).toMatchObject({
      id: record.id,
      title: 'GF-7 products, revised',
    });

    await call(manageStatus, '/x', { params: { id: record.id }, body: { status: 'draft' }, headers: editor });
    expect((await call(publicDetail, '/x', { params: { id: record.id } })).json.code).toBe(404);
    const again = await call(manageOne, '/x', { params: { id: record.id }, headers: editor });
    expect(newsRecordSchema.parse(again.json.data).status).toBe('draft');
  });

  it('saves a Chinese-only item; English readers get it in Chinese, marked as such', async () => {
    const editor = headersFor(await tokenOf('demo-editor'));
    const chineseOnly = { type: 0, titleZh: '仅中文的通知', bodyZh: '<p>只有中文正文。</p>' };
    const created = await call(manageCreate, '/api/news/v3/manage', { body: chineseOnly, headers: editor });
    expect(created.json.code).toBe(0);
    const record = newsRecordSchema.parse(created.json.data);
    expect(record).toMatchObject({ titleZh: '仅中文的通知', titleEn: '', bodyEn: '' });
    await call(manageStatus, '/x', { params: { id: record.id }, body: { status: 'published' }, headers: editor });

    const english = await call(publicDetail, '/x', { params: { id: record.id }, headers: { 'x-locale': 'en' } });
    expect(english.json.data).toMatchObject({ title: '仅中文的通知', body: '<p>只有中文正文。</p>', lang: 'zh' });
    const chinese = await call(publicDetail, '/x', { params: { id: record.id }, headers: { 'x-locale': 'zh' } });
    expect(chinese.json.data).toMatchObject({ title: '仅中文的通知', lang: 'zh' });
    const list = await call(publicList, '/api/news/v3/news-v3?type=0&pageSize=5', { headers: { 'x-locale': 'en' } });
    const items = (list.json.data as { list: { id: string; lang: string }[] }).list;
    expect(items.find((i) => i.id === record.id)).toMatchObject({ lang: 'zh' });
    // Items written in both languages stay in the reader's.
    expect(items.filter((i) => i.id !== record.id).every((i) => i.lang === 'en')).toBe(true);
  });

  it('refuses an item with no complete language, or a begun language without its title or body', async () => {
    const editor = headersFor(await tokenOf('demo-editor'));
    for (const body of [
      { type: 0 },
      { type: 0, titleZh: '  ', bodyZh: '' },
      { type: 0, titleZh: '标题', bodyZh: '<p>正文</p>', summaryEn: 'An English summary without title or body' },
      { type: 0, titleEn: 'Title only' },
    ]) {
      const res = await call(manageCreate, '/api/news/v3/manage', { body, headers: editor });
      expect(res.json.code).toBe(400);
    }
  });

  it('pages the editors’ list and finds items by words of either title, taken literally (issue 32.7)', async () => {
    const editor = headersFor(await tokenOf('demo-editor'));
    const [all] = await db().query<{ n: number }>('SELECT count(*)::int AS n FROM news');
    const page = async (query: string) => {
      const answer = await call(manageList, `/api/news/v3/manage?${query}`, { headers: editor });
      expect(answer.json.code).toBe(0);
      return answer.json.data as { list: { id: string; titleZh: string | null; titleEn: string | null }[]; total: number };
    };
    const first = await page('pageNum=1&pageSize=20');
    const second = await page('pageNum=2&pageSize=20');
    expect(first.total).toBe(all!.n);
    expect(first.list).toHaveLength(20);
    expect(second.list.map((i) => i.id).filter((id) => first.list.some((f) => f.id === id))).toEqual([]);

    const created = newsRecordSchema.parse(
      (
        await call(manageCreate, '/api/news/v3/manage', {
          body: { ...draft, titleZh: '资讯分页检索测试', titleEn: 'Stereo 100% coverage_check' },
          headers: editor,
        })
      ).json.data,
    );
    // Either language, any case; % and _ are letters here, not patterns.
    for (const q of ['分页检索', 'stereo 100%', 'COVERAGE_CHECK']) {
      const found = await page(`q=${encodeURIComponent(q)}`);
      expect([q, found.list.map((i) => i.id)]).toEqual([q, [created.id]]);
    }
    expect((await page(`q=${encodeURIComponent('100_%')}`)).total).toBe(0);
    // Paged search results, and the page size is bounded.
    const paged = await page(`q=${encodeURIComponent('资讯分页')}&pageNum=1&pageSize=1`);
    expect(paged).toMatchObject({ total: 1, list: [{ id: created.id }] });
    expect((await page(`q=${encodeURIComponent('资讯分页')}&pageNum=2&pageSize=1`)).list).toEqual([]);
    for (const bad of ['pageSize=101', 'pageSize=0', 'pageNum=0', 'pageNum=x', 'status=gone']) {
      expect([bad, (await call(manageList, `/api/news/v3/manage?${bad}`, { headers: editor })).json.code]).toEqual([bad, 400]);
    }
    const tooLong = await call(manageList, `/api/news/v3/manage?q=${'x'.repeat(101)}`, { headers: editor });
    expect(tooLong.json.code).toBe(400);
  });

  it('keeps the rich-text editor’s HTML and strips scripts and handlers from it when saving (issue 32.7)', async () => {
    const editor = headersFor(await tokenOf('demo-editor'));
    const bodyEn =
      '<h2>Heading</h2><p><strong>bold</strong> <u>under</u> <a href="/english/home">home</a></p>' +
      '<img src="/api/figures/a.png" alt="scene" onerror="alert(1)"><img src="https://evil.example/x.png" alt="x">' +
      '<script>alert(2)</script><p onmouseover="alert(3)">end</p>';
    const created = await call(manageCreate, '/api/news/v3/manage', { body: { ...draft, bodyEn }, headers: editor });
    const record = newsRecordSchema.parse(created.json.data);
    expect(record.bodyEn).toBe(
      '<h2>Heading</h2><p><strong>bold</strong> <u>under</u> <a href="/english/home" rel="noopener noreferrer nofollow">home</a></p>' +
        '<img src="/api/figures/a.png" alt="scene" /><p>end</p>',
    );
    const [row] = await db().query<{ body_en: string }>('SELECT body_en FROM news WHERE id = $1', [record.id]);
    expect(row!.body_en).not.toMatch(/script|onerror|onmouseover|evil\.example/);
    // The same on an update.
    const updated = await call(manageUpdate, '/x', {
      method: 'PUT',
      params: { id: record.id },
      body: { ...draft, bodyEn: '<p>x<img src=x onerror=alert(1)></p>' },
      headers: editor,
    });
    expect(newsRecordSchema.parse(updated.json.data).bodyEn).toBe('<p>x</p>');
  });

  it('refuses bad input and changes nothing', async () => {
    const editor = headersFor(await tokenOf('demo-editor'));
    const before = await db().query<{ n: number }>('SELECT count(*)::int AS n FROM news');
    for (const body of [
      { ...draft, titleZh: '' },
      { ...draft, type: 7 },
      { ...draft, tags: Array.from({ length: 13 }, (_, i) => `t${i}`) },
      { ...draft, bodyEn: undefined },
    ]) {
      const res = await call(manageCreate, '/api/news/v3/manage', { body, headers: editor });
      expect(res.json.code).toBe(400);
      expect(String(res.json.message)).toMatch(/[A-Za-z]/);
    }
    const huge = await call(manageCreate, '/api/news/v3/manage', { body: { ...draft, bodyZh: 'x'.repeat(300_000) }, headers: editor });
    expect([400, 413]).toContain(huge.json.code);
    const status = await call(manageStatus, '/x', { params: { id: '1' }, body: { status: 'gone' }, headers: editor });
    expect(status.json.code).toBe(400);
    expect(
      (await call(manageStatus, '/x', { params: { id: '999999999' }, body: { status: 'published' }, headers: editor })).json.code,
    ).toBe(404);
    const after = await db().query<{ n: number }>('SELECT count(*)::int AS n FROM news');
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});
