import { expect, test } from '@playwright/test';

/** Home: the satellite showcase and platform figures come from the database, in both languages. */
test.describe('home', () => {
  test('zh: the showcase opens a satellite page; figures are the database counts', async ({ page, request }) => {
    const figures = (await (await request.get('/api/main/v1/figures')).json()).data;
    await page.goto('/chinese/home');
    // The figures load when a visitor scrolls towards them.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const showcase = page.getByTestId('satellite-showcase');
    await expect(showcase.getByRole('article')).toHaveCount(6);
    await expect(page.getByRole('link', { name: `全部 ${figures.chineseSatellites} 个国产卫星系列` })).toBeVisible();
    await expect(page.getByTestId('figure-chineseSatellites')).toHaveText(String(figures.chineseSatellites));
    await expect(page.getByTestId('figure-counties')).toHaveText(figures.counties.toLocaleString('zh-CN'));
    await expect(page.getByRole('definition').first()).toBeVisible();

    const first = showcase.getByRole('article').first().getByRole('heading').getByRole('link');
    const name = (await first.textContent())!.trim();
    await first.click();
    await expect(page).toHaveURL(/\/chinese\/satellite\/chinese\/[a-z0-9]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  });

  test('en at phone width: showcase and figures read in English without overflow', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/english/home');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(page.getByRole('heading', { name: 'Chinese land-observation satellites' })).toBeVisible();
    await expect(page.getByTestId('satellite-showcase').getByRole('article')).toHaveCount(6);
    await expect(page.getByText('Counties covered')).toBeVisible();
    await expect(page.getByTestId('figure-downloads')).toHaveText(/^\d[\d,]*$/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The footer's app QR code is the image spec §7's endpoint serves, and it shows.
    const qr = page.getByRole('img', { name: 'Scan to download the mobile app' });
    await expect(qr).toHaveAttribute('src', '/api/client-package/v2/lastest/APP_PORTAL/qr');
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });
});

const PREFIX = { zh: '/chinese', en: '/english' } as const;

for (const lang of ['zh', 'en'] as const) {
  const prefix = PREFIX[lang];

  test.describe(`home, what a first visit meets (${lang})`, () => {
    test('the figures are in the page itself: no empty block while they load', async ({ page, request }) => {
      const figures = (await (await request.get('/api/main/v1/figures')).json()).data;
      // Scripts off: what the server sends is what a visitor sees first.
      const html = await (await request.get(`${prefix}/home`)).text();
      expect(html).toContain('data-testid="home-figures"');
      await page.route('**/*.js', (route) => route.abort());
      await page.goto(`${prefix}/home`);
      const panel = page.getByTestId('home-figures');
      await expect(panel.getByTestId('figure-chineseSatellites')).toHaveText(String(figures.chineseSatellites));
      await expect(panel.getByTestId('figure-sensors')).toHaveText(figures.sensors.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en'));
      // The two live figures keep their place and labels while their value loads.
      await expect(panel.getByRole('term')).toHaveCount(8);
      await expect(panel.getByTestId('visits-today')).toBeAttached();
    });

    test('the news block lists the newest items of all types, newest first, the newest notice included', async ({ page, request }) => {
      const home = (await (await request.get('/api/news/v3/news-v3/home', { headers: { 'x-locale': lang } })).json()).data as {
        latest: { type: number; items: { id: string; publishedAt: string }[] }[];
      };
      const newestNotice = home.latest.find((g) => g.type === 0)!.items[0]!;
      await page.goto(`${prefix}/home`);
      const links = page.getByTestId('home-news').locator('li a');
      const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      const dates = await page
        .getByTestId('home-news')
        .locator('time')
        .evaluateAll((ts) => ts.map((t) => t.getAttribute('datetime')!));
      expect(dates.length).toBe(6);
      expect([...dates].sort().reverse()).toEqual(dates);
      // Nothing published after the oldest shown is missing, so the newest notice is there when it is recent enough.
      const all = home.latest.flatMap((g) => g.items).filter((i) => i.publishedAt >= dates.at(-1)!);
      expect(all.length).toBe(6);
      if (newestNotice.publishedAt >= dates.at(-1)!) expect(hrefs).toContain(`${prefix}/platform/newsList/notic/detail/${newestNotice.id}`);
    });

    test('opening home fetches no other pages and no images it does not show; a link is fetched when reached for', async ({ page }) => {
      const prefetches: string[] = [];
      const images: string[] = [];
      page.on('request', (r) => {
        if (r.headers()['next-router-prefetch'] || r.headers()['rsc']) prefetches.push(r.url());
        if (r.resourceType() === 'image' && r.url().includes('/api/files/')) images.push(r.url());
      });
      await page.goto(`${prefix}/home`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1500);
      expect(prefetches).toEqual([]);
      expect(images).toEqual([]);
      // Reaching for a link (pointer or keyboard) fetches that page, and the click then navigates.
      const link = page.getByTestId('home-news').locator('li a').first();
      await link.hover();
      await expect.poll(() => prefetches.length).toBeGreaterThan(0);
      await link.click();
      await expect(page).toHaveURL(/\/detail\/\d+$/);
    });
  });

  test(`at 360 px the satellite picture stays clear of the hero text (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${prefix}/home`);
    const art = await page.locator('section[aria-labelledby="home-title"] svg').boundingBox();
    for (const text of [page.locator('#home-title'), page.locator('section[aria-labelledby="home-title"] p').first()]) {
      const box = (await text.boundingBox())!;
      expect(box.y + box.height, 'text ends above the picture').toBeLessThanOrEqual(art!.y);
    }
    // Wider screens keep the picture beside the text.
    await page.setViewportSize({ width: 1280, height: 800 });
    const title = (await page.locator('#home-title').boundingBox())!;
    expect(title.y).toBeLessThan(200);
  });
}
