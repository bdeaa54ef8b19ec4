import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { CAPTCHA_ANSWER } from '../playwright.config';
import { PortalPage } from './pages/portal-page';

/** Software pages and the file share: lists rendered on the server, downloads through signed links. */
test.describe('software and file share', () => {
  test('zh: the software grid opens a page whose download starts and is counted', async ({ page }) => {
    await page.goto('/chinese/applicationExtend/software');
    await expect(page.getByRole('heading', { level: 1, name: '软件展示' })).toBeVisible();
    await expect(page.locator('main article h2')).toHaveCount(9);
    await expect(page.getByText('演示内容').first()).toBeVisible();

    await page.getByRole('link', { name: 'Python API 客户端', exact: true }).click();
    await expect(page).toHaveURL(/\/chinese\/applicationExtend\/software\/python-api-client$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Python API 客户端' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '系统要求' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '版本记录' })).toBeVisible();
    const shot = page.locator('figure img').first();
    await expect(shot).toHaveAttribute('src', /\/api\/files\/v1\/fileinfo\/downloads\/\d+\?expires=\d+&sig=/);
    // The screenshot loads lazily: bring it into view, then wait for the decoded picture.
    await shot.scrollIntoViewIfNeeded();
    await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // The live count from the API (the page itself may be a cached copy a few minutes old).
    const liveItem = async () => {
      const answer = await page.request.get('/api/share/v2/shareinfo-v2?category=software&pageSize=50');
      const list = ((await answer.json()) as { data: { list: { id: string; slug: string; file: { downloadCount: number } }[] } }).data.list;
      return list.find((i) => i.slug === 'python-api-client')!;
    };
    const item = await liveItem();
    const before = item.file.downloadCount;
    const panel = page.getByRole('region', { name: '下载' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: '下载 rscloud_client.py' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('rscloud_client.py');
    const body = readFileSync((await download.path())!, 'utf8');
    expect(body).toContain('class Client:');
    await expect(panel.getByTestId('download-count')).toHaveText(`已下载 ${before + 1} 次`);
    await expect(panel.getByRole('status')).toHaveText('下载已开始。');
    // The server counted it.
    expect((await liveItem()).file.downloadCount).toBe(before + 1);

    // A signed link works once it is signed; a changed one is refused in the visitor's language.
    const signed = await page.request.get(`/api/share/v2/sign/download/${item.id}`);
    const url = ((await signed.json()) as { data: { url: string } }).data.url;
    const tampered = await page.request.get(
      url.replace(/expires=(\d+)/, (_, e: string) => `expires=${Number(e) + 60}`),
      {
        headers: { 'x-locale': 'zh' },
      },
    );
    expect(tampered.status()).toBe(403);
    expect(((await tampered.json()) as { message: string }).message).toContain('下载链接无效');
  });

  test('en: file share lists page through papers and ask for a login before a login-only download', async ({ page }) => {
    await page.goto('/english/applicationExtend/fileShare');
    await expect(page).toHaveURL(/\/english\/applicationExtend\/fileShare\/application$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();

    await page.getByRole('navigation', { name: 'File share categories' }).getByRole('link', { name: 'Papers' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Papers' })).toBeVisible();
    await expect(page.locator('main article')).toHaveCount(5);
    await expect(page.getByRole('link', { name: /Open “Finer resolution observation/ })).toHaveAttribute(
      'href',
      'https://doi.org/10.1080/01431161.2012.748992',
    );
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/english\/applicationExtend\/fileShare\/paper\/page\/2$/);
    await expect(page.locator('main article')).toHaveCount(1);

    await page.goto('/english/applicationExtend/fileShare/course');
    const courses = page.locator('main article');
    await expect(courses.first().getByRole('heading', { level: 2 })).toHaveText('Reading the land-use change legend');
    const [course] = await Promise.all([
      page.waitForEvent('download'),
      courses
        .first()
        .getByRole('button', { name: /^Download / })
        .click(),
    ]);
    expect(course.suggestedFilename()).toBe('course-land-cover-legend.md');

    await page.goto('/english/applicationExtend/fileShare/application');
    const checklist = page.locator('main article').filter({ hasText: 'Provincial node data receiving checklist' });
    await expect(checklist.getByText('Login required')).toBeVisible();
    await checklist.getByRole('button', { name: 'Log in to download' }).click();
    const portal = new PortalPage(page, 'en');
    await expect(portal.loginDialog).toBeVisible();
    await portal.fillLogin('demo-personal', 'Demo@2026', CAPTCHA_ANSWER);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      portal.loginDialog.getByLabel(portal.text.captcha, { exact: true }).press('Enter'),
    ]);
    expect(download.suggestedFilename()).toBe('node-receiving-checklist.md');
    await expect(checklist.getByTestId('download-count')).toHaveText(/^(1 download|[2-9] downloads|[1-9]\d+ downloads)$/);
  });

  test('zh: news lists and details show their cover illustration, which is also the Open Graph image', async ({ page }) => {
    await page.goto('/chinese/platform/newsList/trend');
    // Items written by editors may have no cover; demo items have an illustration. The list's first cover loads
    // eagerly (it is the largest paint), the others lazily: take the last illustrated item, whatever ran before.
    const illustrated = page
      .locator('main article')
      .filter({ has: page.locator('img') })
      .last();
    const cover = illustrated.locator('img');
    await expect(cover).toHaveAttribute('alt', /^示意插图/);
    await expect(cover).toHaveAttribute('loading', 'lazy');
    await expect(cover).toHaveAttribute('width', '960');
    await illustrated.locator('h2 a').click();
    const hero = page.locator('main figure img');
    await expect(hero).toHaveAttribute('height', '540');
    // The hero offers its copies in srcset; whichever the browser took is loaded (naturalWidth is the image's width in
    // CSS pixels at the density srcset gave it, so it is not the file's width).
    await expect(hero).toHaveAttribute('srcset', /\b960w\b/);
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The Open Graph image is what link previews and crawlers read: the page's HTML as the server sends it, with
    // exactly one. (After a client-side navigation the live DOM can briefly hold the list page's default too.)
    const html = await (await page.request.get(page.url())).text();
    const ogTags = [...html.matchAll(/<meta property="og:image" content="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    expect(ogTags).toHaveLength(1);
    const og = ogTags[0];
    expect(og).toMatch(/^http:\/\/localhost:\d+\/api\/files\/v1\/fileinfo\/downloads\/\d+\?expires=\d+&sig=/);
    expect((await page.request.get(og!)).headers()['content-type']).toBe('image/webp');
  });

  test('360 px: the software grid and a page fit the phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 760 });
    for (const path of [
      '/chinese/applicationExtend/software',
      '/english/applicationExtend/software/qgis-connections',
      '/chinese/applicationExtend/fileShare/paper',
    ]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
