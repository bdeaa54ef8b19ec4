import { expect, test } from '@playwright/test';

/** Platform introduction and the GEO section: editorial pages in both languages, the GEO news lists. */
test.describe('platform pages', () => {
  test('zh: the introduction reads without JavaScript and its index jumps to each section', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/chinese/platform/platformIntro');
    await expect(page.getByRole('heading', { level: 1, name: '平台介绍' })).toBeVisible();
    const index = page.getByRole('navigation', { name: '本页内容' });
    for (const name of ['平台简介', '数据来源', '分级服务', '服务评价', '主要功能']) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
      await expect(index.getByRole('link', { name })).toBeVisible();
    }
    await index.getByRole('link', { name: '分级服务' }).click();
    await expect(page).toHaveURL(/#service$/);
    await expect(page.getByText('省级、市级节点用户')).toBeInViewport();
    await expect(page.getByText(/演示环境/)).toBeVisible();
    await context.close();
  });

  test('en: the GEO menu leads to the plan with its sources, the links and the news lists', async ({ page }) => {
    await page.goto('/english/platform/GEO/plan');
    await expect(page.getByRole('heading', { level: 1, name: 'GEO plan' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Strategic Plan 2016–2025' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'GEO Post-2025 Strategy' })).toHaveAttribute('href', /^https:\/\/earthobservations\.org\//);
    await expect(page.locator('link[rel="alternate"][hreflang="zh-CN"]')).toHaveAttribute('href', /\/chinese\/platform\/GEO\/plan$/);
    // Shared links get the English card image, which exists.
    const ogImage = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(ogImage).toMatch(/\/og\/og-en\.png$/);
    const image = await page.request.get(new URL(ogImage!).pathname);
    expect(image.headers()['content-type']).toBe('image/png');
    await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute('content', /Earth with a satellite orbit/);

    await page.goto('/english/platform/GEO/links');
    const ceos = page.getByRole('link', { name: /Committee on Earth Observation Satellites/ });
    await expect(ceos).toHaveAttribute('target', '_blank');
    await expect(ceos).toHaveAttribute('rel', /noopener/);
    await expect(ceos).toContainText('opens in a new window');

    const ids: string[] = [];
    for (const [path, title] of [
      ['/english/platform/GEO/cooperation', 'Cooperation'],
      ['/english/platform/GEO/organization', 'Organization'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const first = page.locator('main article h2 a').first();
      const headline = (await first.textContent())!.trim();
      await first.click();
      await expect(page).toHaveURL(new RegExp(`${path}/detail/\\d+$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(headline);
      ids.push(page.url().split('/').pop()!);
      await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
      // Demo news carry a drawn cover, which becomes the card image (through a long-lived signed link).
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
        'content',
        /\/api\/files\/v1\/fileinfo\/downloads\/\d+\?expires=\d+&sig=/,
      );
    }
    // A cooperation item is not served under the organization list (nor the reverse).
    expect((await page.request.get(`/english/platform/GEO/organization/detail/${ids[0]}`)).status()).toBe(404);
    expect((await page.request.get(`/english/platform/GEO/cooperation/detail/${ids[1]}`)).status()).toBe(404);
  });
});
