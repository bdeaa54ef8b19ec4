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
  });
});
