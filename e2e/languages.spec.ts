import { expect, test } from '@playwright/test';
import { PortalPage } from './pages/portal-page';

test.describe('languages and redirects', () => {
  for (const [lang, htmlLang, heading] of [
    ['zh', 'zh-CN', '自然资源卫星遥感云服务平台'],
    ['en', 'en', 'Natural Resources Satellite Remote Sensing Cloud Service Platform'],
  ] as const) {
    test(`home loads in ${lang} with the site frame`, async ({ page }) => {
      const portal = new PortalPage(page, lang);
      await portal.goto('/home');
      await expect(page.locator('html')).toHaveAttribute('lang', htmlLang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('navigation', { name: lang === 'zh' ? '主导航' : 'Main navigation' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText('Chrome 65');
      await expect(page.getByRole('img', { name: lang === 'zh' ? '扫码下载移动客户端' : 'Scan to download the mobile app' })).toBeVisible();
    });
  }

  test('the language switch keeps the current page', async ({ page }) => {
    await page.goto('/chinese/about/contactUs/contact');
    await page.getByTestId('language-switch').click();
    await expect(page).toHaveURL(/\/english\/about\/contactUs\/contact$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact');
    await page.getByTestId('language-switch').click();
    await expect(page).toHaveURL(/\/chinese\/about\/contactUs\/contact$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('联系方式');
  });

  for (const [from, to] of [
    ['/chinese', '/english'],
    ['/english', '/chinese'],
  ] as const) {
    test(`the language switch keeps the query and hash of the page (${from} → ${to})`, async ({ page }) => {
      await page.goto(`${from}/platform/newsList/notic?page=2&q=GF-7#list`);
      await page.getByTestId('language-switch').click();
      await expect(page).toHaveURL(new RegExp(`${to}/platform/newsList/notic\\?page=2&q=GF-7#list$`));
      // Screens change their query without a navigation (land-cover module, region, spot): the switch follows it.
      await page.evaluate(() => history.replaceState(history.state, '', '?module=grid&region=130102'));
      await page.getByTestId('language-switch').click();
      await expect(page).toHaveURL(new RegExp(`${from}/platform/newsList/notic\\?module=grid&region=130102$`));
      // A link opened in a new tab carries the query too.
      await page.evaluate(() => history.replaceState(history.state, '', '?spot=42'));
      await page.getByTestId('language-switch').hover();
      await expect(page.getByTestId('language-switch')).toHaveAttribute('href', `${to}/platform/newsList/notic?spot=42`);
    });
  }

  test('/, bare prefixes and unknown paths go to the locale home', async ({ request }) => {
    const location = async (path: string, headers: Record<string, string> = {}) => {
      const res = await request.get(path, { maxRedirects: 0, headers });
      expect(res.status()).toBe(307);
      return new URL(res.headers().location ?? '', 'http://x').pathname;
    };
    expect(await location('/', { 'accept-language': 'zh-CN,zh;q=0.9' })).toBe('/chinese/home');
    expect(await location('/chinese')).toBe('/chinese/home');
    expect(await location('/english')).toBe('/english/home');
    expect(await location('/english/no/such/page')).toBe('/english/home');
    expect(await location('/chinese/monitor/not-a-theme')).toBe('/chinese/home');
  });

  for (const lang of ['zh', 'en'] as const) {
    test(`error pages exist in ${lang}`, async ({ page }) => {
      const portal = new PortalPage(page, lang);
      for (const code of [401, 403, 404]) {
        await portal.goto(`/${code}`);
        await expect(page.getByText(String(code), { exact: true })).toBeVisible();
      }
      await page.getByRole('link', { name: lang === 'zh' ? '返回首页' : 'Back to home' }).click();
      await expect(page).toHaveURL(new RegExp(`${lang === 'zh' ? '/chinese' : '/english'}/home$`));
    });
  }

  test('every response carries the security headers', async ({ request }) => {
    const res = await request.get('/chinese/home');
    const h = res.headers();
    expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(h['content-security-policy']).toContain("object-src 'none'");
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(h['x-frame-options']).toBe('DENY');
  });
});
