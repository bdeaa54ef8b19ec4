/**
 * Smaller copies of news covers for the lists' srcset (issue 32.5): made on upload and by the seed, stored beside
 * the original, signed and served like it (also past a link's expiry while the item is published, issue 32.7),
 * and offered in the list's markup.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { createElement, type ReactNode } from 'react';
import { PUT as coverPut } from '../../app/api/news/v3/manage/id/[id]/cover/route';
import { GET as newsList } from '../../app/api/news/v3/news-v3/route';
import { GET as download } from '../../app/api/files/v1/fileinfo/downloads/[id]/route';
import { downloadLink, fileUrlSecret, getFileStore } from '../../lib/server/files';
import { createSession } from '../../lib/server/session';
import { newsCoverCopiesSeed } from '../../lib/server/share/news-covers-seed';
import { stopResizeThreads } from '../../lib/server/files/variants';
import { COVER_VARIANT_WIDTHS, newsSummarySchema, type NewsSummary } from '../../lib/shared/contracts/news';
import { call, withTestDatabase } from '../support/api';
import { newsListMarkup } from '../support/news-list-markup';

// The list's links need Next's app router; these tests are about its images.
jest.mock('../../components/ui/anchor-link', () => ({
  AnchorLink: ({ children }: { children: ReactNode }) => createElement('a', null, children),
}));
jest.mock('../../components/ui/link-pagination', () => ({ LinkPagination: () => null }));

const db = withTestDatabase();
const EN = { 'x-locale': 'en' };

afterAll(() => stopResizeThreads());

async function editor() {
  const [user] = await db().query<{ id: string }>("SELECT id::text AS id FROM users WHERE username = 'demo-editor'");
  const token = (await createSession(db(), user!.id, { ip: 'test', userAgent: null })).token;
  return { cookie: `token=${token}`, origin: 'http://localhost:3000', 'x-locale': 'en' };
}

/** A photo-like JPEG: a gradient with shapes, so the copies have something to lose. */
function photo(width: number, height: number): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const gradient = ctx.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, '#0b7285');
  gradient.addColorStop(1, '#e8590c');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#ffffff';
  for (let i = 0; i < 40; i++) ctx.fillRect((i * 97) % width, (i * 53) % height, 30, 18);
  return canvas.toBuffer('image/jpeg', 85);
}

async function upload(id: string, body: Uint8Array, headers: Record<string, string>) {
  const request = new Request(`http://localhost:3000/api/news/v3/manage/id/${id}/cover?altZh=%E5%B0%81%E9%9D%A2&altEn=Cover`, {
    method: 'PUT',
    headers: { 'content-type': 'image/jpeg', ...headers },
    body: Buffer.from(body),
  });
  const response = await coverPut(request, { params: Promise.resolve({ id }) });
  return (await response.json()) as { code: number; message: string; data: any };
}

async function fetchFile(url: string) {
  const u = new URL(url, 'http://localhost:3000');
  return download(new Request(u, { headers: EN }), { params: Promise.resolve({ id: u.pathname.split('/').pop()! }) });
}

const fileIdOf = (url: string) => new URL(url, 'http://x').pathname.split('/').pop()!;

/** The first notice's summary as the list API gives it. */
async function firstNotice(): Promise<NewsSummary> {
  const answer = await call(newsList, '/api/news/v3/news-v3?type=0&pageSize=1', { headers: EN });
  return newsSummarySchema.parse(answer.json.data.list[0]);
}

/** The `<img>` attributes of the list's markup for these items. */
function listImages(items: NewsSummary[]): Record<string, string>[] {
  const html = newsListMarkup(items);
  return [...html.matchAll(/<img\b([^>]*)>/g)].map(([, attributes]) =>
    Object.fromEntries(
      [...attributes!.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map(([, k, v]) => [k!.toLowerCase(), v!.replace(/&amp;/g, '&')]),
    ),
  );
}

describe('news cover sizes (issue 32.5)', () => {
  it('stores an uploaded cover with WebP copies 320, 480 and 640 px wide, and the list offers them in srcset', async () => {
    const item = await firstNotice();
    const saved = await upload(item.id, photo(1200, 675), await editor());
    expect(saved.code).toBe(0);
    expect(saved.data).toMatchObject({ width: 1200, height: 675 });
    expect(saved.data.variants.map((v: { width: number; height: number }) => [v.width, v.height])).toEqual([
      [320, 180],
      [480, 270],
      [640, 360],
    ]);

    // Each copy is a file of its own beside the original, and really is that wide.
    const rows = await db().query<{ width: number; mime: string; name: string; key: string }>(
      `SELECT v.width, v.mime, v.original_name AS name, v.storage_key AS key FROM news n JOIN files v ON v.variant_of = n.cover_file_id
       WHERE n.id = $1 ORDER BY v.width`,
      [item.id],
    );
    expect(rows.map((r) => r.width)).toEqual([...COVER_VARIANT_WIDTHS]);
    expect(rows.every((r) => r.mime === 'image/webp' && /-cover-\d+w\.webp$/.test(r.name) && r.key.startsWith('sha256/'))).toBe(true);
    const original = await fetchFile(saved.data.url);
    const originalBytes = (await original.arrayBuffer()).byteLength;
    for (const variant of saved.data.variants as { url: string; width: number; height: number }[]) {
      const response = await fetchFile(variant.url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      const bytes = Buffer.from(await response.arrayBuffer());
      const image = await loadImage(bytes);
      expect([image.width, image.height]).toEqual([variant.width, variant.height]);
      expect(bytes.byteLength).toBeLessThan(originalBytes);
    }

    // The published list carries the copies; its markup offers them and the original to the browser.
    const listed = await firstNotice();
    expect(listed.id).toBe(item.id);
    expect(listed.cover!.variants.map((v) => v.width)).toEqual([320, 480, 640]);
    const [img] = listImages([listed]);
    expect(img!.src).toBe(listed.cover!.url);
    const candidates = img!.srcset!.split(', ').map((c) => c.split(' '));
    expect(candidates).toEqual([...listed.cover!.variants.map((v) => [v.url, `${v.width}w`]), [listed.cover!.url, '1200w']]);
    expect(img!.sizes).toBe('(min-width: 36em) 176px, calc(100vw - 66px)');
  });

  it('serves a published cover’s copies on links a cached page kept past their expiry, and not once it is withdrawn (issue 32.7)', async () => {
    const item = await firstNotice();
    const variant = item.cover!.variants[0]!;
    const fileId = fileIdOf(variant.url);
    // Signed when the cached page was rendered, two days ago.
    const expired = downloadLink(await fileUrlSecret(db()), fileId, 600, Date.now() - 2 * 86_400_000);
    expect((await fetchFile(expired.url)).status).toBe(200);
    await db().query(`UPDATE news SET status = 'draft' WHERE id = $1`, [item.id]);
    try {
      expect((await fetchFile(expired.url)).status).toBe(403);
      expect((await fetchFile(variant.url)).status).toBe(200);
    } finally {
      await db().query(`UPDATE news SET status = 'published' WHERE id = $1`, [item.id]);
    }
  });

  it('takes a phone photo turned by its EXIF orientation at the size it is shown, and copies it turned', async () => {
    const item = await firstNotice();
    // 800×450 as stored, orientation 6 (turn 90° clockwise): shown 450×800.
    const jpeg = photo(800, 450);
    const tiff = Buffer.from([0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]);
    const payload = Buffer.concat([Buffer.from('Exif\0\0', 'binary'), tiff]);
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 255]), payload]);
    const saved = await upload(item.id, Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]), await editor());
    expect(saved.code).toBe(0);
    expect(saved.data).toMatchObject({ width: 450, height: 800 });
    expect(saved.data.variants.map((v: { width: number; height: number }) => [v.width, v.height])).toEqual([[320, 569]]);
  });

  it('the seed gives covers stored before copies existed their copies, and the list shows such a cover by its original alone meanwhile', async () => {
    const [demo] = await db().query<{ news: string; file: string }>(
      `SELECT n.id::text AS news, n.cover_file_id::text AS file FROM news n WHERE n.demo AND n.cover_file_id IS NOT NULL ORDER BY n.id LIMIT 1`,
    );
    // The seeded template gave every demo cover its copies.
    expect((await db().query('SELECT 1 FROM files WHERE variant_of = $1', [demo!.file])).length).toBe(COVER_VARIANT_WIDTHS.length);
    await db().query('DELETE FROM files WHERE variant_of = $1', [demo!.file]);

    const [withoutCopies] = await db().query<{ type: number }>('SELECT type FROM news WHERE id = $1', [demo!.news]);
    const page = await call(newsList, `/api/news/v3/news-v3?type=${withoutCopies!.type}&pageSize=50`, { headers: EN });
    const listed = newsSummarySchema.parse(page.json.data.list.find((n: { id: string }) => n.id === demo!.news));
    expect(listed.cover!.variants).toEqual([]);
    const [img] = listImages([listed]);
    expect(img!.src).toBe(listed.cover!.url);
    expect(img!.srcset).toBeUndefined();
    expect((await fetchFile(listed.cover!.url)).status).toBe(200);

    const lines: string[] = [];
    await newsCoverCopiesSeed.run(db(), (line) => lines.push(line));
    const widths = await db().query<{ width: number }>('SELECT width FROM files WHERE variant_of = $1 ORDER BY width', [demo!.file]);
    expect(widths.map((w) => w.width)).toEqual([...COVER_VARIANT_WIDTHS]);
    expect(lines.join('\n')).toMatch(/3 smaller copies made \(covers: 1\)/);
    const key = (await db().query<{ key: string }>('SELECT storage_key AS key FROM files WHERE variant_of = $1 LIMIT 1', [demo!.file]))[0]!
      .key;
    expect(await getFileStore().exists(key)).toBe(true);
    // Run again, nothing is left to do.
    const again: string[] = [];
    await newsCoverCopiesSeed.run(db(), (line) => again.push(line));
    expect(again).toEqual([]);
  });
});
