import { expect, test } from '@playwright/test';
import { PortalPage } from './pages/portal-page';

/** The satellite section: indexes, satellite pages, analyses with charts, typical-image pages. */
test.describe('satellites', () => {
  test('zh: the menu leads to the Chinese satellites, whose cards open a satellite page with its sensors', async ({ page }) => {
    const portal = new PortalPage(page, 'zh');
    await portal.goto('/home');
    const satellites = portal.menu.getByRole('button', { name: '卫星动态' });
    await satellites.hover();
    await expect(satellites).toHaveAttribute('aria-expanded', 'true');
    await portal.menu.getByRole('link', { name: '国内卫星' }).click();
    await expect(page).toHaveURL(/\/chinese\/satellite\/chinese$/);
    await expect(page.getByRole('heading', { level: 1, name: '国内卫星' })).toBeVisible();
    await expect(page.locator('main article')).toHaveCount(20);

    await page.getByRole('link', { name: '高分一号卫星', exact: true }).click();
    await expect(page).toHaveURL(/\/chinese\/satellite\/chinese\/gf1$/);
    await expect(page.getByRole('heading', { level: 1, name: '高分一号卫星' })).toBeVisible();
    const sensors = page.getByTestId('sensor-table');
    await expect(sensors).toBeVisible();
    await expect(sensors.getByRole('row', { name: /WFV/ })).toContainText('四台组合 800 km');
    await expect(page.getByRole('cell', { name: '39150' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Gaofen-1~7 Civilian Satellites/ })).toHaveAttribute(
      'href',
      'https://doi.org/10.34133/2022/9769536',
    );
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', /\/english\/satellite\/chinese\/gf1$/);

    await page.getByRole('link', { name: '查看 GF-1 典型影像样例' }).click();
    await expect(page).toHaveURL(/\/chinese\/satellite\/image\/gf1$/);
  });

  test('zh, phone width: the spacecraft table scrolls sideways in a labelled, keyboard-focusable region; sensors stack', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/chinese/satellite/chinese/gf1');
    // The scroll container (focusable) is named apart from the section it sits in.
    await expect(page.getByRole('region', { name: '传感器', exact: true })).toHaveCount(1);
    const sensors = page.getByRole('region', { name: '数据表：传感器' }).getByRole('table', { name: '传感器' });
    await expect(sensors.getByRole('columnheader', { name: '幅宽' })).toHaveCount(1);
    await expect(sensors.getByRole('rowheader', { name: /^WFV/ })).toBeVisible();
    // Stacked: every column within the screen's width, nothing to scroll sideways.
    await expect(sensors.getByRole('cell', { name: '四台组合 800 km' })).toBeVisible();
    const sensorRegion = page.getByRole('region', { name: '数据表：传感器' });
    expect(await sensorRegion.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    const swathBox = await sensors.getByRole('cell', { name: '四台组合 800 km' }).boundingBox();
    expect(swathBox!.x + swathBox!.width).toBeLessThanOrEqual(360);
    const region = page.getByRole('region', { name: '数据表：组成卫星' });
    await expect(region).toHaveAttribute('tabindex', '0');
    await expect(region.getByRole('table', { name: '组成卫星' }).getByRole('columnheader', { name: '倾角' })).toHaveCount(1);
    await region.focus();
    await expect(region).toBeFocused();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    // The typical-images link is a plain link drawn as a button, and still reachable.
    await expect(page.getByRole('link', { name: '查看 GF-1 典型影像样例' })).toBeVisible();
  });

  test('en: global satellites are grouped by category; a radar page shows status in words and its spacecraft', async ({ page }) => {
    await page.goto('/english/satellite/global');
    await expect(page.getByRole('heading', { level: 1, name: 'Global satellites' })).toBeVisible();
    for (const group of ['Optical', 'Hyperspectral', 'Radar', 'Laser altimetry', 'Gravity']) {
      await expect(page.getByRole('heading', { level: 2, name: group })).toBeVisible();
    }
    const radar = page.getByRole('region', { name: 'Radar' });
    await radar.getByRole('link', { name: 'Sentinel-1' }).click();
    await expect(page).toHaveURL(/\/english\/satellite\/global\/sentinel1$/);
    await expect(page.getByTestId('sensor-table')).toContainText('interferometric wide swath 250 km');
    await expect(page.getByText('Partly operational').first()).toBeVisible();
    await expect(page.getByRole('row', { name: /Sentinel-1B/ })).toContainText('Retired');
  });

  test('en: on a phone the sensors read as labelled cards, still a table to assistive technology', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 900 });
    await page.goto('/english/satellite/chinese/gf1');
    const sensors = page.getByTestId('sensor-table');
    const region = page.getByRole('region', { name: 'Data table: Sensors' });
    const fits = await region.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
    expect(fits).toBe(true);
    const resolution = sensors.getByRole('row', { name: /WFV/ }).getByRole('cell', { name: '16 m' });
    await expect(resolution).toHaveAttribute('data-label', 'Ground resolution');
    expect(await resolution.evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"Ground resolution"');
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await resolution.evaluate((el) => getComputedStyle(el).display)).toBe('table-cell');
  });

  test('zh: an analysis page draws its charts and keeps each chart’s data in a table', async ({ page }) => {
    await page.goto('/chinese/satellite/analysis');
    await page.getByRole('link', { name: '总体统计' }).click();
    await expect(page).toHaveURL(/\/chinese\/satellite\/analysis\/general-statistic$/);
    const section = page.getByTestId('analysis-launchesByYear');
    await expect(section.locator('svg.recharts-surface').first()).toBeVisible();
    await expect(section.locator('.recharts-bar-rectangle').first()).toBeVisible();
    const table = section.getByRole('table', { name: '数据表：各年发射卫星数量' });
    await expect(table).toBeVisible();
    await expect(table.getByRole('row', { name: /^2013\b/ })).toBeVisible();
    await expect(page.getByTestId('analysis-missionsByStatus').getByRole('table')).toContainText('在轨运行');
  });

  test('en: the level contrast plots resolution against swath with a table of every sensor', async ({ page }) => {
    await page.goto('/english/satellite/analysis/level-contrast');
    await expect(page.getByRole('heading', { level: 1, name: 'Resolution levels compared' })).toBeVisible();
    const scatter = page.getByTestId('analysis-resolutionVsSwath');
    await expect(scatter.locator('svg.recharts-surface').first()).toBeVisible();
    await expect(scatter.locator('.recharts-scatter-symbol').first()).toBeVisible();
    await expect(scatter.getByRole('table')).toContainText('TerraSAR-X TSX-SAR');
  });

  test('typical-image pages label their scenes as demo data and their drawing as an illustration', async ({ page }) => {
    await page.goto('/chinese/satellite/image/gf1');
    await expect(page.getByTestId('demo-label')).toContainText('演示数据');
    const scenes = page.getByTestId('scene-table');
    await expect(scenes.locator('tbody tr')).toHaveCount(12);
    await expect(scenes.locator('tbody tr').first()).toContainText(/GF1_(PMS|WFV)\d_E\d+\.\d_N\d+\.\d_\d{8}_L1A\d{10}/);
    await expect(page.getByTestId('footprint-illustration')).toBeVisible();
    await expect(page.getByText('示意图（非卫星影像）')).toBeVisible();

    await page.goto('/english/satellite/image/lsar');
    await expect(page.getByTestId('demo-label')).toContainText('Demo data');
    await expect(page.getByTestId('scene-table').locator('tbody tr').first()).toContainText('n/a (radar)');
  });

  test('without JavaScript a satellite page and an analysis carry their tables in the HTML', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/english/satellite/global/landsat');
    const html = await page.content();
    expect(html).toContain('data-testid="sensor-table"');
    expect(html).toContain('Operational Land Imager');
    expect(html).toContain('OLI / OLI-2');
    await expect(page.getByTestId('sensor-table')).toContainText('185 km');
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as { '@type': string };
    expect(ld['@type']).toBe('BreadcrumbList');

    await page.goto('/chinese/satellite/analysis/country-analysis');
    await expect(page.getByRole('table', { name: /数据表/ })).toContainText('中国');
    await context.close();
  });

  test('the section opens on the Chinese satellites; unknown pages go home and the API answers 404', async ({ page, request }) => {
    await page.goto('/english/satellite');
    await expect(page).toHaveURL(/\/english\/satellite\/chinese$/);
    await page.goto('/english/satellite/chinese/nosuchsat');
    await expect(page).toHaveURL(/\/english\/home$/);
    const res = await request.get('/api/satellite/v1/satellite/nosuchsat', { headers: { 'x-locale': 'en' } });
    expect(await res.json()).toMatchObject({ code: 404, data: null });
  });
});
