import { expect, test, type Page } from '@playwright/test';
import { CAPTCHA_ANSWER } from '../playwright.config';
import { PortalPage } from './pages/portal-page';

const PASSWORD = 'Demo@2026';

/** The number in the spot list's "N spots" line. */
async function spotTotal(page: Page): Promise<number> {
  const text = (await page.getByTestId('spot-total').textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

test('zh: statistics drill down province → city, legend switch, grid, sequence and trend', async ({ page }) => {
  const portal = new PortalPage(page, 'zh');
  await portal.goto('/home');
  await portal.login('demo-hebei', PASSWORD, CAPTCHA_ANSWER);
  // The theme is in the menu only with MOD_056; /monitor opens it.
  await portal.menu.getByRole('button', { name: '专题监测' }).hover();
  await expect(portal.menu.getByRole('link', { name: '土地覆盖' })).toBeVisible();
  await portal.goto('/monitor');
  await expect(page).toHaveURL(/\/chinese\/monitor\/landcover$/);
  await expect(page.getByRole('heading', { level: 1, name: '土地覆盖监测' })).toBeVisible();
  await expect(page.getByTestId('landcover-demo-notice')).toBeVisible();

  // Statistics: provinces of the country, then Hebei's cities, then a city's counties.
  const table = page.getByTestId('statistics-table');
  await expect(table.getByRole('button', { name: '河北省' })).toBeVisible();
  await table.getByRole('button', { name: '河北省' }).click();
  await expect(page).toHaveURL(/region=130000/);
  await expect(page.getByTestId('monitor-breadcrumb')).toContainText('河北省');
  await expect(table.getByRole('button', { name: '石家庄市' })).toBeVisible();
  await expect(page.getByTestId('statistics-total')).toContainText('河北省');
  await table.getByRole('button', { name: '石家庄市' }).click();
  await expect(page).toHaveURL(/region=130100/);
  await expect(table.getByRole('cell', { name: /区|县|市/ }).first()).toBeVisible();
  // Back up through the breadcrumb.
  await page.getByTestId('monitor-breadcrumb').getByRole('button', { name: '河北省' }).click();
  await expect(page).toHaveURL(/region=130000/);

  // Legend switch: count → area changes the legend and the URL. On a wide screen the legend starts open.
  await expect(page.locator('figure figcaption').first()).toContainText('图斑数量');
  await expect(page.locator('figure figcaption').first().getByRole('button')).toHaveAttribute('aria-expanded', 'true');
  await page.getByTestId('legend-switch').getByText('按面积').click();
  await expect(page).toHaveURL(/legend=area/);
  await expect(page.locator('figure figcaption').first()).toContainText('图斑面积');

  // Sorting by keyboard: the region header toggles aria-sort.
  const regionHeader = table.getByRole('columnheader', { name: /区域/ });
  await regionHeader.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(regionHeader).toHaveAttribute('aria-sort', 'ascending');

  // Grid, sequence and trend.
  await page.getByRole('tab', { name: '格网' }).click();
  // "{batch}：{count} 个图斑分布在 {cells} 个格网中…": the table lists the busiest cells (at most 20), ranked 1, 2, …
  await expect(page.getByTestId('grid-summary')).toContainText('个格网');
  const summary = (await page.getByTestId('grid-summary').textContent()) ?? '';
  const cells = Number(/([\d,]+) 个格网/.exec(summary)?.[1]?.replace(/,/g, '') ?? 0);
  expect(cells).toBeGreaterThan(0);
  const gridRows = page.getByTestId('grid-table').locator('tbody tr');
  await expect(gridRows).toHaveCount(Math.min(20, cells));
  await expect(gridRows.first().getByRole('cell').first()).toHaveText('1');
  const gridCounts = (await gridRows.locator('td:nth-child(3)').allTextContents()).map((text) => Number(text.replace(/[^\d]/g, '')));
  expect(gridCounts[0]).toBeGreaterThan(0);
  expect(gridCounts).toEqual([...gridCounts].sort((a, b) => b - a));
  await page.getByRole('tab', { name: '时序' }).click();
  await expect(page.getByTestId('sequence-table').getByRole('columnheader')).toHaveCount(6);
  // Five small maps, oldest first, titled like the table's columns, each with its count and area.
  const maps = page.getByTestId('sequence-map');
  await expect(maps).toHaveCount(5);
  const quarters = (await page.getByTestId('sequence-table').getByRole('columnheader').allTextContents()).slice(1);
  for (const [i, quarter] of quarters.entries()) await expect(maps.nth(i)).toContainText(quarter);
  await expect(maps.first()).toContainText(/\d+ 个图斑 · [\d,.]+ 公顷/);
  // Each map draws only its own batch through the WMS layer.
  const tiles = (i: number) => maps.nth(i).locator('img.leaflet-tile[src*="CQL_FILTER"]');
  const batchIds = await maps.evaluateAll((items) => items.map((item) => item.getAttribute('data-batch')));
  for (const [i, id] of batchIds.entries()) {
    await expect.poll(async () => decodeURIComponent((await tiles(i).first().getAttribute('src')) ?? '')).toContain(`batch = ${id} AND`);
  }
  // Zooming and panning one map by keyboard moves all of them: every map then shows the same tiles. Only tiles of the
  // current (deepest) level that lie in the map's frame count: Leaflet keeps earlier levels and a buffer around the
  // view for a while, and which of those remain depends on how each map got there.
  const boxes = (i: number) =>
    maps.nth(i).evaluate((item) => {
      const frame = item.querySelector('.leaflet-container')!.getBoundingClientRect();
      const tilesNow = [...item.querySelectorAll<HTMLImageElement>('img.leaflet-tile[src*="CQL_FILTER"]')].map((img) => {
        const bbox = new URL(img.src).searchParams.get('bbox') ?? '';
        const [x0, , x1] = bbox.split(',').map(Number);
        return { img, bbox, width: x1! - x0! };
      });
      const level = Math.min(...tilesNow.map((t) => t.width));
      return [
        ...new Set(
          tilesNow
            .filter((t) => Math.abs(t.width - level) <= level * 1e-6)
            .filter((t) => {
              const r = t.img.getBoundingClientRect();
              return r.right > frame.left + 1 && r.left < frame.right - 1 && r.bottom > frame.top + 1 && r.top < frame.bottom - 1;
            })
            .map((t) => t.bbox),
        ),
      ]
        .sort()
        .join(';');
    });
  const before = await boxes(0);
  await page
    .getByRole('region', { name: /^监测地图：/ })
    .first()
    .focus();
  await page.keyboard.press('Equal');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => boxes(0)).not.toBe(before);
  for (const i of [1, 2, 3, 4]) await expect.poll(async () => (await boxes(i)) === (await boxes(0))).toBe(true);
  await page.screenshot({ path: 'test-results/landcover-zh-sequence.png', fullPage: true });
  await page.getByRole('tab', { name: '趋势' }).click();
  // One row per published batch: the eight demo quarters (lib/server/spots/generate.ts), each with spots in Hebei.
  const trendRows = page.getByTestId('trend-table').locator('tbody tr');
  await expect(trendRows).toHaveCount(8);
  await expect(trendRows.locator('td:first-child')).toContainText([
    '2024年第三季度土地覆盖监测（演示）',
    '2026年第二季度土地覆盖监测（演示）',
  ]);
  const trendCounts = (await trendRows.locator('td:nth-child(2)').allTextContents()).map((text) => Number(text.replace(/[^\d]/g, '')));
  expect(trendCounts.filter((count) => count > 0)).toHaveLength(8);
  await expect(page.getByRole('img', { name: '各批次图斑数量与面积折线图' })).toBeVisible();
  await page.screenshot({ path: 'test-results/landcover-zh-trend.png', fullPage: true });
});

test('en: a shared detail view asks for login, opens after it, filters narrow the list and a reload restores it', async ({ page }) => {
  const portal = new PortalPage(page, 'en');
  // Statistics are public: a visitor reads them without signing in (the menu entry needs MOD_056).
  await page.goto('/english/monitor/landcover?region=130000');
  await expect(page.getByTestId('statistics-table').getByRole('button', { name: /^Shijiazhuang/ })).toBeVisible();
  await expect(portal.menu.getByRole('button', { name: 'Monitoring' })).toHaveCount(0);
  // Spec §4: switching to detail without a session opens the login dialog and runs the switch after login.
  await page.getByRole('tab', { name: /^Detail/ }).click();
  await expect(portal.loginDialog).toBeVisible();
  await expect(page).toHaveURL(/\/english\/monitor\/landcover\?region=130000$/);
  await portal.fillLogin('demo-hebei', PASSWORD, CAPTCHA_ANSWER);
  await portal.loginDialog.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/english\/monitor\/landcover\?module=detail&region=130000$/);
  await expect(page.getByRole('tab', { name: 'Detail' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('detail-scope')).toContainText('current region');

  // 'All' is checked while no change type is.
  await expect(page.getByTestId('change-all')).toBeChecked();
  await expect(page.getByTestId('spot-total')).toBeVisible();
  const all = await spotTotal(page);
  expect(all).toBeGreaterThan(0);
  // Controlled by the URL: the box follows once the URL has changed.
  await page.getByRole('checkbox', { name: 'Expansion' }).click();
  await expect(page.getByRole('checkbox', { name: 'Expansion' })).toBeChecked();
  await expect(page).toHaveURL(/change=1/);
  await expect(page.getByTestId('change-all')).not.toBeChecked();
  await expect.poll(() => spotTotal(page)).toBeLessThan(all);
  const expansion = await spotTotal(page);
  const filters = page.getByTestId('spot-filters');
  await filters.getByLabel('Stage').click();
  await page.getByRole('option', { name: 'Field verified' }).click();
  await filters.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/stage=3/);
  await expect.poll(() => spotTotal(page)).toBeLessThanOrEqual(expansion);
  // A bad date is refused before any call.
  await filters.getByLabel('Batches from (date)').fill('20250230');
  await filters.getByRole('button', { name: 'Filter' }).click();
  await expect(filters.getByText('Enter a real date as YYYYMMDD')).toBeVisible();
  await filters.getByLabel('Batches from (date)').fill('');

  // A row opens the detail panel with the spot's attributes and location.
  const first = page.getByTestId('spot-list').getByRole('row').nth(1).getByRole('button');
  await first.click();
  await expect(page).toHaveURL(/spot=\d+/);
  const panel = page.getByTestId('spot-panel');
  await expect(panel).toContainText('Change type');
  await expect(panel).toContainText('Expansion');
  await expect(panel).toContainText('Location (longitude, latitude)');

  // The URL is the view: a reload shows the same module, filters and spot.
  const url = page.url();
  await page.reload();
  expect(page.url()).toBe(url);
  await expect(page.getByRole('tab', { name: 'Detail' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('checkbox', { name: 'Expansion' })).toBeChecked();
  await expect(page.getByTestId('spot-panel')).toBeVisible();
  await page.screenshot({ path: 'test-results/landcover-en-detail.png', fullPage: true });

  // Outside the range (Beijing): the whole assigned range is used instead.
  await page.goto('/english/monitor/landcover?module=detail&region=110000');
  await expect(page.getByTestId('detail-scope')).toContainText('whole area range');
  await expect(page.getByTestId('spot-list').locator('tbody tr').first()).toBeVisible();
  expect(await spotTotal(page)).toBeGreaterThan(0);
  await expect(page.getByTestId('spot-list')).not.toContainText('Beijing');

  // Statistics and the other modules in English, at phone width.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/english/monitor/landcover?region=130000&legend=area');
  await expect(page.getByTestId('legend-switch').getByRole('radio', { name: 'Area' })).toBeChecked();
  // The legend starts collapsed on a phone; its title button opens it (keyboard too).
  const legendToggle = page.locator('figure figcaption').getByRole('button', { name: /Spot area/ });
  await expect(legendToggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('figure li').first()).toBeHidden();
  await legendToggle.focus();
  await page.keyboard.press('Enter');
  await expect(legendToggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('figure li').first()).toBeVisible();
  await expect(page.getByTestId('statistics-table').getByRole('button', { name: /Shijiazhuang/ })).toBeVisible();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/landcover-en-360.png', fullPage: true });
  await page.getByRole('tab', { name: 'Trend' }).click();
  await expect(page.getByTestId('trend-table')).toBeVisible();

  // The sequence at phone width: a strip that scrolls sideways; only the maps in view start.
  await page.getByRole('tab', { name: 'Sequence' }).click();
  const strip = page.getByTestId('sequence-maps');
  await expect(strip.getByTestId('sequence-map')).toHaveCount(5);
  await strip.scrollIntoViewIfNeeded();
  await expect(strip.locator('.leaflet-container').first()).toBeVisible();
  expect(await strip.locator('.leaflet-container').count()).toBeLessThan(5);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await strip.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  await expect(strip.getByTestId('sequence-map').last().locator('.leaflet-container')).toBeVisible();
  await page.screenshot({ path: 'test-results/landcover-en-sequence-360.png' });
});

test('en: a user whose only area range is suspended is told it is not linked to a range, and still reads statistics', async ({ page }) => {
  const portal = new PortalPage(page, 'en');
  await portal.goto('/home');
  await portal.login('demo-unassigned', PASSWORD, CAPTCHA_ANSWER);
  // It holds the land-cover permission (the theme is in its menu), so only the range is missing.
  await portal.menu.getByRole('button', { name: 'Monitoring' }).hover();
  await expect(portal.menu.getByRole('link', { name: 'Land cover' })).toBeVisible();
  await portal.goto('/monitor/landcover?module=detail&region=130100');
  await expect(page.getByTestId('monitor-no-range')).toHaveText('Not linked to a user permission range, please contact the administrator');
  await expect(page.getByTestId('spot-list')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Statistics' }).click();
  await expect(
    page
      .getByTestId('statistics-table')
      .getByRole('cell', { name: /District|County/ })
      .first(),
  ).toBeVisible();
  // Switching to another range module repeats the warning and stays on statistics.
  await page.getByRole('tab', { name: 'Sequence' }).click();
  await expect(page.getByTestId('monitor-warning')).toHaveText('Not linked to a user permission range, please contact the administrator');
  await expect(page.getByRole('tab', { name: 'Statistics' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('sequence-maps')).toHaveCount(0);
});

test('zh: a signed-in user without the land-cover permission is told so on a shared detail link', async ({ page }) => {
  const portal = new PortalPage(page, 'zh');
  await portal.goto('/home');
  await portal.login('demo-personal', PASSWORD, CAPTCHA_ANSWER);
  await portal.goto('/monitor/landcover?module=detail&region=130000');
  await expect(page.getByTestId('monitor-no-permission')).toHaveText('暂无权限查看信息，请联系管理员');
  // Statistics stay open to everyone; switching to detail again repeats the warning.
  await page.getByRole('tab', { name: '统计' }).click();
  await expect(page.getByTestId('statistics-table')).toBeVisible();
  await page.getByRole('tab', { name: '详情' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '暂无权限查看信息' })).toBeVisible();
});

test('en: on a phone the statistics table lists every region without a box of its own to scroll', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 900 });
  const portal = new PortalPage(page, 'en');
  await portal.goto('/monitor/landcover?region=130000');
  const table = page.getByTestId('statistics-table');
  await expect(table.getByRole('button', { name: 'Shijiazhuang' })).toBeVisible();
  // Eleven cities of Hebei; the box around the table neither cuts rows off nor scrolls sideways.
  await expect(table.locator('tbody tr')).toHaveCount(11);
  const box = await table.evaluate((el) => {
    const scroller = el.parentElement!;
    return { sh: scroller.scrollHeight, ch: scroller.clientHeight, sw: scroller.scrollWidth, cw: scroller.clientWidth };
  });
  expect(box.sh).toBeLessThanOrEqual(box.ch + 1);
  expect(box.sw).toBeLessThanOrEqual(box.cw + 1);
});

test('en: the county table scrolls from the keyboard inside its named region beside the map', async ({ page }) => {
  const portal = new PortalPage(page, 'en');
  await portal.goto('/monitor/landcover?region=130100');
  const region = page.getByRole('region', { name: 'Data table: statistics by region' });
  await expect(region.getByTestId('statistics-table')).toBeVisible();
  // Counties cannot be drilled into, so no row holds a control to tab to: the region itself takes focus.
  await expect(region.getByRole('button', { name: /District|County/ })).toHaveCount(0);
  await region.focus();
  await expect(region).toBeFocused();
  await page.keyboard.press('End');
  await expect.poll(() => region.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
});
