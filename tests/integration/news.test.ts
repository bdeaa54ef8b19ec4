import { GET as homeGet } from '../../app/api/news/v3/news-v3/home/route';
import { GET as detailGet } from '../../app/api/news/v3/news-v3/id/[id]/route';
import { GET as listGet } from '../../app/api/news/v3/news-v3/route';
import { GET as searchGet } from '../../app/api/news/v3/news-v3/s/route';
import sitemap from '../../app/sitemap';
import { newsDetailSchema, newsHomeSchema, newsSummarySchema } from '../../lib/shared/contracts/news';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();
const EN = { 'x-locale': 'en' };

async function insertNews(fields: { slug: string; type?: number; status?: string; title?: string; body?: string; publishedAt?: string }) {
  const [row] = await db().query<{ id: string }>(
    `INSERT INTO news (slug, type, status, title_zh, title_en, body_zh, body_en, text_zh, text_en, published_at)
     VALUES ($1, $2, $3, $4, $4, $5, $5, $6, $6, $7) RETURNING id::text AS id`,
    [
      fields.slug,
      fields.type ?? 0,
      fields.status ?? 'published',
      fields.title ?? fields.slug,
      fields.body ?? '<p>body</p>',
      (fields.body ?? 'body').replace(/<[^>]*>/g, ' '),
      fields.status === 'draft' ? null : (fields.publishedAt ?? '2026-11-01T08:00:00Z'),
    ],
  );
  return row!.id;
}

describe('news API', () => {
  it('has the demo news in every type, marked demo', async () => {
    const counts = await db().query<{ type: number; n: number; demo: boolean }>(
      `SELECT type, count(*)::int AS n, bool_and(demo) AS demo FROM news WHERE status = 'published' GROUP BY type ORDER BY type`,
    );
    expect(counts.map((c) => c.type)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(counts.reduce((s, c) => s + c.n, 0)).toBeGreaterThanOrEqual(60);
    expect(counts.every((c) => c.demo)).toBe(true);
  });

  it('pages a type newest first without overlap, in both languages', async () => {
    const page1 = await call(listGet, '/api/news/v3/news-v3?type=0&pageNum=1&pageSize=5');
    const page2 = await call(listGet, '/api/news/v3/news-v3?type=0&pageNum=2&pageSize=5');
    expect(page1.json.code).toBe(0);
    const a = page1.json.data as { list: unknown[]; total: number };
    const b = page2.json.data as { list: unknown[]; total: number };
    const list = [...a.list, ...b.list].map((x) => newsSummarySchema.parse(x));
    expect(a.list).toHaveLength(5);
    expect(a.total).toBeGreaterThanOrEqual(10);
    expect(new Set(list.map((x) => x.id)).size).toBe(list.length);
    const times = list.map((x) => Date.parse(x.publishedAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(list.every((x) => x.type === 0)).toBe(true);

    const beyond = await call(listGet, '/api/news/v3/news-v3?type=0&pageNum=999&pageSize=5');
    expect(beyond.json.data).toMatchObject({ list: [], total: a.total, pageNum: 999 });

    const en = await call(listGet, '/api/news/v3/news-v3?type=0&pageNum=1&pageSize=5', { headers: EN });
    const first = newsSummarySchema.parse((en.json.data as { list: unknown[] }).list[0]);
    expect(first.id).toBe(list[0]!.id);
    expect(first.title).toMatch(/[A-Za-z]/);
    expect(first.title).not.toBe(list[0]!.title);
  });

  it('refuses bad parameters with a localized error', async () => {
    for (const query of ['type=9', 'type=abc', '', 'type=0&pageSize=1000', 'type=0&pageNum=0', 'type=1.5']) {
      const res = await call(listGet, `/api/news/v3/news-v3?${query}`, { headers: EN });
      expect(res.json.code).toBe(400);
      expect(res.json.data).toBeNull();
      expect(String(res.json.message)).toMatch(/[A-Za-z]/);
    }
    const zh = await call(listGet, '/api/news/v3/news-v3?type=9');
    expect(String(zh.json.message)).toMatch(/[\u4e00-\u9fff]/);
    expect((await call(searchGet, `/api/news/v3/news-v3/s?keyword=${'x'.repeat(51)}`)).json.code).toBe(400);
    expect((await call(searchGet, '/api/news/v3/news-v3/s?keyword=%20%20')).json.code).toBe(400);
    expect((await call(detailGet, '/api/news/v3/news-v3/id/abc', { params: { id: 'abc' } })).json.code).toBe(400);
    expect((await call(detailGet, "/api/news/v3/news-v3/id/1'--", { params: { id: "1'--" } })).json.code).toBe(400);
  });

  it('searches title and body text literally, never as SQL or a pattern', async () => {
    await insertNews({ slug: 'search-probe', type: 1, title: '遥感探针 100% 覆盖', body: '<p>独特词语<strong>蓝鲸计划</strong></p>' });
    const byBody = await call(searchGet, `/api/news/v3/news-v3/s?keyword=${encodeURIComponent('蓝鲸计划')}`);
    expect((byBody.json.data as { list: { slug: string }[] }).list.map((x) => x.slug)).toEqual(['search-probe']);
    const percent = await call(searchGet, `/api/news/v3/news-v3/s?keyword=${encodeURIComponent('100%')}&type=1`);
    expect((percent.json.data as { list: { slug: string }[] }).list.map((x) => x.slug)).toEqual(['search-probe']);
    // '%' and '_' alone match nothing but themselves; SQL-looking input is just text.
    for (const keyword of ['_', "' OR '1'='1", '%25%25', '"; DROP TABLE news; --']) {
      const res = await call(searchGet, `/api/news/v3/news-v3/s?keyword=${encodeURIComponent(keyword)}`);
      expect(res.json.code).toBe(0);
      expect((res.json.data as { total: number }).total).toBeLessThan(3);
    }
    const [count] = await db().query<{ n: number }>('SELECT count(*)::int AS n FROM news');
    expect(count!.n).toBeGreaterThan(60);
  });

  it('returns one item with its neighbours; drafts and unknown ids are not found', async () => {
    const older = await insertNews({ slug: 'neighbour-older', type: 4, publishedAt: '2030-01-01T00:00:00Z' });
    const middle = await insertNews({ slug: 'neighbour-middle', type: 4, publishedAt: '2030-01-02T00:00:00Z' });
    const newer = await insertNews({ slug: 'neighbour-newer', type: 4, publishedAt: '2030-01-03T00:00:00Z' });
    const res = await call(detailGet, `/api/news/v3/news-v3/id/${middle}`, { params: { id: middle } });
    const item = newsDetailSchema.parse(res.json.data);
    expect(item.previous?.id).toBe(newer);
    expect(item.next?.id).toBe(older);
    const newest = newsDetailSchema.parse((await call(detailGet, `/x`, { params: { id: newer } })).json.data);
    expect(newest.previous).toBeNull();

    const draft = await insertNews({ slug: 'a-draft', status: 'draft' });
    expect((await call(detailGet, '/x', { params: { id: draft } })).json.code).toBe(404);
    expect((await call(detailGet, '/x', { params: { id: '999999999' } })).json.code).toBe(404);
    const list = await call(listGet, '/api/news/v3/news-v3?type=0&pageSize=100');
    expect((list.json.data as { list: { slug: string }[] }).list.map((x) => x.slug)).not.toContain('a-draft');
  });

  it('sanitizes a body on the way out even if one got into the database unsafe', async () => {
    const id = await insertNews({
      slug: 'unsafe-body',
      body: '<p onclick="alert(1)">hi<script>alert(2)</script><a href="javascript:alert(3)">x</a></p>',
    });
    const item = newsDetailSchema.parse((await call(detailGet, '/x', { params: { id } })).json.data);
    expect(item.body).toBe('<p>hi<a rel="noopener noreferrer nofollow">x</a></p>');
  });

  it('gives the home page highlights and the latest of each type', async () => {
    const home = newsHomeSchema.parse((await call(homeGet, '/api/news/v3/news-v3/home', { headers: EN })).json.data);
    expect(home.highlights.length).toBeGreaterThan(0);
    expect(home.highlights.length).toBeLessThanOrEqual(6);
    expect(home.latest.map((l) => l.type)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(home.latest.every((l) => l.items.length > 0 && l.items.length <= 5)).toBe(true);
  });

  it('lists every published item of a list in the sitemap, in both languages', async () => {
    const [notice] = await db().query<{ id: string }>(`SELECT id::text AS id FROM news WHERE status = 'published' AND type = 0 LIMIT 1`);
    const draft = await insertNews({ slug: 'sitemap-draft', status: 'draft' });
    const urls = (await sitemap()).map((e) => e.url);
    expect(urls.some((u) => u.endsWith(`/chinese/platform/newsList/notic/detail/${notice!.id}`))).toBe(true);
    expect(urls.some((u) => u.endsWith(`/english/platform/newsList/notic/detail/${notice!.id}`))).toBe(true);
    expect(urls.some((u) => u.endsWith(`/detail/${draft}`))).toBe(false);
  });
});
