import { createHash } from 'node:crypto';
import { createCanvas } from '@napi-rs/canvas';
import { GET as coverGet, PUT as coverPut, DELETE as coverDelete } from '../../app/api/news/v3/manage/id/[id]/cover/route';
import { GET as newsList } from '../../app/api/news/v3/news-v3/route';
import { GET as signCover } from '../../app/api/news/v3/sign/download/imageurl/[id]/route';
import { GET as download, HEAD as downloadHead } from '../../app/api/files/v1/fileinfo/downloads/[id]/route';
import { GET as getItem } from '../../app/api/share/v2/shareinfo-v2/id/[id]/route';
import { GET as listItems } from '../../app/api/share/v2/shareinfo-v2/route';
import { GET as sign } from '../../app/api/share/v2/sign/download/[id]/route';
import { createSession } from '../../lib/server/session';
import { downloadLink, fileUrlSecret } from '../../lib/server/files';
import { pageSchema } from '../../lib/shared/contracts/api';
import { shareDetailSchema, shareSummarySchema, signedLinkSchema, type ShareSummary } from '../../lib/shared/contracts/share';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();
const listSchema = pageSchema(shareSummarySchema);
const EN = { 'x-locale': 'en' };

async function list(category: string, extra = '') {
  const answer = await call(listItems, `/api/share/v2/shareinfo-v2?category=${category}${extra}`, { headers: EN });
  expect(answer.json.code).toBe(0);
  return listSchema.parse(answer.json.data);
}

async function fetchFile(url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') {
  const u = new URL(url, 'http://localhost:3000');
  const id = u.pathname.split('/').pop()!;
  return (method === 'HEAD' ? downloadHead : download)(new Request(u, { headers, method }), { params: Promise.resolve({ id }) });
}

async function signFor(item: ShareSummary, headers: Record<string, string> = EN) {
  return call(sign, `/api/share/v2/sign/download/${item.id}`, { params: { id: item.id }, headers });
}

async function tokenOf(username: string) {
  const [user] = await db().query<{ id: string }>('SELECT id::text AS id FROM users WHERE username = $1', [username]);
  return (await createSession(db(), user!.id, { ip: 'test', userAgent: null })).token;
}

describe('share API', () => {
  it('lists the nine software pages and a dozen file share items, in the caller’s language', async () => {
    const software = await list('software', '&pageSize=50');
    expect(software.total).toBe(9);
    expect(software.list.every((i) => i.demo && i.file && i.file.size > 0 && /^[0-9a-f]{64}$/.test(i.file.sha256))).toBe(true);
    const zh = await call(listItems, '/api/share/v2/shareinfo-v2?category=software', { headers: { 'x-locale': 'zh' } });
    expect(zh.json.data.list[0].title).toBe('QGIS 连接文件');
    expect(software.list[0]!.title).toBe('QGIS connection files');

    const totals = await Promise.all(['application', 'course', 'paper'].map(async (c) => (await list(c)).total));
    expect(totals.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(12);
    const papers = await list('paper');
    expect(papers.list.every((p) => p.file === null && p.citation && /^10\.\d{4,}\//.test(p.citation.doi))).toBe(true);
  });

  it('pages without overlap and bounds its page size', async () => {
    const first = await list('paper', '&pageSize=2&pageNum=1');
    const second = await list('paper', '&pageSize=2&pageNum=2');
    expect(first.list).toHaveLength(2);
    expect(second.pageNum).toBe(2);
    expect(new Set([...first.list, ...second.list].map((i) => i.id)).size).toBe(4);
    const past = await list('paper', '&pageSize=2&pageNum=99');
    expect(past.list).toEqual([]);
    expect(past.total).toBe(first.total);
  });

  it('refuses bad parameters with a localized message', async () => {
    for (const query of [
      '',
      '?category=music',
      '?category=course&pageSize=51',
      '?category=course&pageNum=0',
      '?category=course&pageSize=abc',
    ]) {
      const answer = await call(listItems, `/api/share/v2/shareinfo-v2${query}`, { headers: EN });
      expect(answer.json.code).toBe(400);
      expect(answer.json.message).toMatch(/^Invalid request/);
    }
    const zh = await call(listItems, '/api/share/v2/shareinfo-v2?category=music', { headers: { 'x-locale': 'zh' } });
    expect(zh.json.message).toMatch(/^请求/);
    expect((await call(getItem, '/x', { params: { id: 'abc' }, headers: EN })).json.code).toBe(400);
    expect((await call(getItem, '/x', { params: { id: '999999' }, headers: EN })).json.code).toBe(404);
    expect((await call(sign, '/x', { params: { id: '999999' }, headers: EN })).json.code).toBe(404);
  });

  it('gives a software page with body, changelog, requirements and sources', async () => {
    const [first] = (await list('software')).list;
    const answer = await call(getItem, `/api/share/v2/shareinfo-v2/id/${first!.id}`, { params: { id: first!.id }, headers: EN });
    const detail = shareDetailSchema.parse(answer.json.data);
    expect(detail.body).toContain('<h2>');
    expect(detail.body).not.toMatch(/<script|onerror/i);
    expect(detail.changelog[0]!.version).toBe(detail.version);
    expect(detail.requirements).toMatch(/QGIS/);
    expect(detail.sources.every((s) => s.url.startsWith('https://'))).toBe(true);
  });

  it('signs, downloads with the right headers and bytes, and counts the download', async () => {
    const item = (await list('software')).list.find((i) => i.slug === 'python-api-client')!;
    const signed = await signFor(item);
    expect(signed.json.code).toBe(0);
    expect(signed.headers.get('cache-control')).toBe('no-store');
    const link = signedLinkSchema.parse(signed.json.data);
    expect(link.url).toMatch(new RegExp(`^/api/files/v1/fileinfo/downloads/${item.file!.id}\\?expires=\\d+&sig=[\\w-]{43}$`));
    expect(new Date(link.expiresAt).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(link.downloadCount).toBe(item.file!.downloadCount);

    const response = await fetchFile(link.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/x-python; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="rscloud_client.py"; filename*=UTF-8''rscloud_client.py`,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get('content-length')).toBe(String(bytes.length));
    expect(bytes.length).toBe(item.file!.size);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(item.file!.sha256);
    // The placeholder is filled with this deployment's address.
    expect(bytes.toString()).toContain('DEFAULT_BASE_URL = "http://localhost:3000"');

    const again = (await list('software')).list.find((i) => i.id === item.id)!;
    expect(again.file!.downloadCount).toBe(item.file!.downloadCount + 1);
    // The same link works until it expires; every download counts.
    expect((await fetchFile(link.url)).status).toBe(200);
    const [row] = await db().query<{ n: number }>('SELECT download_count::int AS n FROM files WHERE id = $1', [item.file!.id]);
    expect(row!.n).toBe(item.file!.downloadCount + 2);
  });

  it('answers HEAD with headers alone and one byte range with 206, counting only whole downloads (issue 32.6)', async () => {
    const item = (await list('software')).list.find((i) => i.slug === 'python-api-client')!;
    const link = signedLinkSchema.parse((await signFor(item)).json.data);
    const counted = async () =>
      (await db().query<{ n: number }>('SELECT download_count::int AS n FROM files WHERE id = $1', [item.file!.id]))[0]!.n;
    const before = await counted();
    const whole = Buffer.from(await (await fetchFile(link.url)).arrayBuffer());
    expect(await counted()).toBe(before + 1);
    const size = whole.length;

    const head = await fetchFile(link.url, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    expect(head.headers.get('content-length')).toBe(String(size));
    expect(head.headers.get('accept-ranges')).toBe('bytes');
    expect(head.headers.get('content-disposition')).toMatch(/^attachment;/);
    // Never re-encoded on the way out (Next gzips text), so lengths and range offsets hold.
    expect(head.headers.get('cache-control')).toBe('no-store, no-transform');
    const etag = head.headers.get('etag')!;
    expect(etag).toBe(`"${item.file!.sha256}"`);

    const probe = await fetchFile(link.url, { range: 'bytes=0-0' });
    expect(probe.status).toBe(206);
    expect(probe.headers.get('content-range')).toBe(`bytes 0-0/${size}`);
    expect(Buffer.from(await probe.arrayBuffer())).toEqual(whole.subarray(0, 1));

    // A resumed download: the rest, from byte 10, if the file is still the same.
    const rest = await fetchFile(link.url, { range: 'bytes=10-', 'if-range': etag });
    expect(rest.status).toBe(206);
    expect(rest.headers.get('content-range')).toBe(`bytes 10-${size - 1}/${size}`);
    expect(rest.headers.get('content-length')).toBe(String(size - 10));
    expect(Buffer.from(await rest.arrayBuffer())).toEqual(whole.subarray(10));
    expect(await counted()).toBe(before + 1);

    // A changed file (another ETag) or several ranges: the whole file, 200, counted.
    const stale = await fetchFile(link.url, { range: 'bytes=10-', 'if-range': '"old"' });
    expect(stale.status).toBe(200);
    expect(Buffer.from(await stale.arrayBuffer())).toEqual(whole);
    const several = await fetchFile(link.url, { range: 'bytes=0-1,5-6' });
    expect(several.status).toBe(200);
    await several.arrayBuffer();
    expect(await counted()).toBe(before + 3);

    const outside = await fetchFile(link.url, { range: `bytes=${size}-`, 'x-locale': 'en' });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${size}`);
    expect(((await outside.json()) as { message: string }).message).toBe(
      `The requested byte range lies outside the file (${size} bytes); ask for a range within it`,
    );
    expect(await counted()).toBe(before + 3);
  });

  it('answers 403 for tampered and expired links and 404 for unknown files, without counting', async () => {
    const item = (await list('course')).list[0]!;
    const link = signedLinkSchema.parse((await signFor(item)).json.data);
    const url = new URL(link.url, 'http://x');
    const sig = url.searchParams.get('sig')!;
    const tampered = [
      link.url.replace(sig, (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1)),
      link.url.replace(/expires=(\d+)/, (_, e: string) => `expires=${Number(e) + 86_400}`),
      link.url.replace(`/downloads/${item.file!.id}?`, `/downloads/${Number(item.file!.id) + 1}?`),
      link.url.replace(/&sig=.*$/, ''),
    ];
    for (const bad of tampered) {
      const response = await fetchFile(bad, EN);
      expect(response.status).toBe(403);
      expect(((await response.json()) as { message: string }).message).toMatch(/invalid or was altered/);
    }
    const zh = await fetchFile(tampered[0]!, { 'x-locale': 'zh' });
    expect(((await zh.json()) as { message: string }).message).toMatch(/下载链接无效/);

    const secret = await fileUrlSecret(db());
    const expired = downloadLink(secret, item.file!.id, 600, Date.now() - 11 * 60_000);
    const expiredAnswer = await fetchFile(expired.url, EN);
    expect(expiredAnswer.status).toBe(403);
    expect(((await expiredAnswer.json()) as { message: string }).message).toMatch(/expired/);

    const unknown = await fetchFile(downloadLink(secret, '999999', 600).url, EN);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { code: number }).code).toBe(404);

    const [row] = await db().query<{ n: number }>('SELECT download_count::int AS n FROM files WHERE id = $1', [item.file!.id]);
    expect(row!.n).toBe(item.file!.downloadCount);
  });

  it('signs login-only items for signed-in users only', async () => {
    const item = (await list('application', '&pageSize=50')).list.find((i) => i.loginRequired)!;
    expect(item).toBeDefined();
    const anonymous = await signFor(item);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.code).toBe(401);
    const signedIn = await signFor(item, { ...EN, cookie: `token=${await tokenOf('demo-personal')}` });
    expect(signedIn.json.code).toBe(0);
    expect((await fetchFile(signedInUrl(signedIn.json.data))).status).toBe(200);
  });
});

const signedInUrl = (data: unknown) => signedLinkSchema.parse(data).url;

function image(width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png'): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#1c7ed6';
  ctx.fillRect(0, 0, width, height);
  return format === 'png'
    ? canvas.toBuffer('image/png')
    : format === 'jpeg'
      ? canvas.toBuffer('image/jpeg', 80)
      : canvas.toBuffer('image/webp', 80);
}

async function upload(id: string, body: Uint8Array, headers: Record<string, string>, alt = '?altZh=%E5%B0%81%E9%9D%A2&altEn=Cover') {
  const request = new Request(`http://localhost:3000/api/news/v3/manage/id/${id}/cover${alt}`, {
    method: 'PUT',
    headers: { 'content-type': 'image/png', ...headers },
    body: Buffer.from(body),
  });
  const response = await coverPut(request, { params: Promise.resolve({ id }) });
  return { status: response.status, json: (await response.json()) as { code: number; message: string; data: any } };
}

describe('news covers', () => {
  const editor = async () => ({ cookie: `token=${await tokenOf('demo-editor')}`, origin: 'http://localhost:3000', 'x-locale': 'en' });

  it('gives every demo item a drawn illustration, shown in lists and signed for readers', async () => {
    const answer = await call(newsList, '/api/news/v3/news-v3?type=0&pageSize=3', { headers: EN });
    const first = answer.json.data.list[0];
    expect(first.cover).toMatchObject({ width: 960, height: 540, alt: expect.stringMatching(/^Illustration/) });
    expect(first.cover.url).toMatch(/^\/api\/files\/v1\/fileinfo\/downloads\/\d+\?expires=\d+&sig=/);

    const signed = await call(signCover, '/x', { params: { id: first.id }, headers: EN });
    expect(signed.json.code).toBe(0);
    expect(signed.json.data).toMatchObject({ width: 960, height: 540 });
    const response = await fetchFile(signed.json.data.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('content-disposition')).toMatch(/^inline; /);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(8, 12).toString()).toBe('WEBP');

    expect((await call(signCover, '/x', { params: { id: '999999' }, headers: EN })).json.code).toBe(404);
  });

  it('serves a published page’s images on links a cached page kept past a new secret or their expiry, and nothing else (issue 32.7)', async () => {
    const answer = await call(newsList, '/api/news/v3/news-v3?type=0&pageSize=1', { headers: EN });
    const cover = answer.json.data.list[0].cover as { url: string };
    const fileId = new URL(cover.url, 'http://x').pathname.split('/').pop()!;
    // A link signed with the secret of the database the page was rendered from, and one that has expired.
    const otherSecret = downloadLink('another-database-secret-0123456789abcdef', fileId, 600);
    const expired = downloadLink(await fileUrlSecret(db()), fileId, 600, Date.now() - 2 * 86_400_000);
    for (const url of [otherSecret.url, expired.url, cover.url.replace(/\?.*$/, '')]) {
      const response = await fetchFile(url, EN);
      expect([url, response.status]).toEqual([url, 200]);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cache-control')).toBe('private, max-age=3600, no-transform');
    }
    // Once the item is withdrawn its cover is private again: only a valid link serves it.
    const [news] = await db().query<{ id: string }>('SELECT id::text AS id FROM news WHERE cover_file_id = $1', [fileId]);
    await db().query(`UPDATE news SET status = 'draft' WHERE id = $1`, [news!.id]);
    try {
      expect((await fetchFile(otherSecret.url, EN)).status).toBe(403);
      expect((await fetchFile(expired.url, EN)).status).toBe(403);
      expect((await fetchFile(cover.url, EN)).status).toBe(200);
    } finally {
      await db().query(`UPDATE news SET status = 'published' WHERE id = $1`, [news!.id]);
    }
    // A shared item's screenshot is public too; a downloadable package is not.
    const [withShots] = await db().query<{ id: string }>(`SELECT id::text AS id FROM share_items WHERE jsonb_array_length(screenshots) > 0 ORDER BY id LIMIT 1`);
    const detail = shareDetailSchema.parse((await call(getItem, `/x`, { params: { id: withShots!.id }, headers: EN })).json.data);
    expect((await fetchFile(detail.screenshots[0]!.url.replace(/\?.*$/, ''), EN)).status).toBe(200);
    const course = (await list('course')).list[0]!;
    expect((await fetchFile(downloadLink('another-database-secret-0123456789abcdef', course.file!.id, 600).url, EN)).status).toBe(403);
  });

  it('lets editors upload a checked image and remove it, and no one else', async () => {
    const [news] = await db().query<{ id: string }>("SELECT id::text AS id FROM news WHERE status = 'published' ORDER BY id LIMIT 1");
    const id = news!.id;
    const hebei = { cookie: `token=${await tokenOf('demo-hebei')}`, origin: 'http://localhost:3000', 'x-locale': 'en' };
    expect((await upload(id, image(320, 180), hebei)).json.code).toBe(403);
    expect((await upload(id, image(320, 180), { 'x-locale': 'en' })).json.code).toBe(401);

    const headers = await editor();
    const saved = await upload(id, image(320, 180, 'jpeg'), headers);
    expect(saved.json.code).toBe(0);
    expect(saved.json.data).toMatchObject({ width: 320, height: 180, altZh: '封面', altEn: 'Cover' });
    const [file] = await db().query<{ mime: string; name: string }>(
      'SELECT f.mime, f.original_name AS name FROM news n JOIN files f ON f.id = n.cover_file_id WHERE n.id = $1',
      [id],
    );
    expect(file).toMatchObject({ mime: 'image/jpeg', name: expect.stringMatching(/-cover\.jpg$/) });
    const shown = await call(signCover, '/x', { params: { id }, headers: EN });
    expect(shown.json.data).toMatchObject({ width: 320, height: 180, alt: 'Cover' });
    expect((await call(coverGet, '/x', { params: { id }, headers })).json.data).toMatchObject({ altZh: '封面' });

    const removed = await coverDelete(new Request(`http://localhost:3000/x`, { method: 'DELETE', headers }), {
      params: Promise.resolve({ id }),
    });
    expect(((await removed.json()) as { data: { removed: boolean } }).data.removed).toBe(true);
    expect((await call(signCover, '/x', { params: { id }, headers: EN })).json.message).toMatch(/no cover/);
  });

  it('refuses what is not a PNG, JPEG or WebP, too large files and odd sizes, in the editor’s language', async () => {
    const [news] = await db().query<{ id: string }>('SELECT id::text AS id FROM news ORDER BY id DESC LIMIT 1');
    const id = news!.id;
    const headers = await editor();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const gif = Buffer.from(
      'GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;',
      'binary',
    );
    for (const body of [svg, gif, Buffer.from('hello'), Buffer.alloc(0)]) {
      const answer = await upload(id, body, headers);
      expect(answer.json.code).toBe(400);
      expect(answer.json.message).toMatch(/PNG, JPEG or WebP/);
    }
    const big = Buffer.concat([image(100, 100), Buffer.alloc(2 * 1024 * 1024)]);
    const tooLarge = await upload(id, big, headers);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json.message).toMatch(/at most 2 MB/);

    const small = await upload(id, image(32, 32, 'webp'), headers);
    expect(small.json.message).toMatch(/64–4096 pixels wide and high; this one is 32×32/);
    const wide = await upload(id, image(5000, 100), headers);
    expect(wide.json.code).toBe(400);
    const zh = await upload(id, image(32, 32), { ...headers, 'x-locale': 'zh' });
    expect(zh.json.message).toMatch(/宽和高须在 64–4096 像素之间/);
    // A truncated image passes the header check but does not decode.
    const truncated = image(200, 200).subarray(0, 80);
    expect((await upload(id, truncated, headers)).json.message).toMatch(/cannot be read/);
    // Alternative texts are required.
    expect((await upload(id, image(200, 200), headers, '')).json.code).toBe(400);

    const [row] = await db().query<{ cover: string | null }>('SELECT cover_file_id::text AS cover FROM news WHERE id = $1', [id]);
    const before = (await db().query<{ cover: string | null }>('SELECT cover_file_id::text AS cover FROM news WHERE id = $1', [id]))[0];
    expect(row!.cover).toBe(before!.cover);
  });
});
