import { expect, test, type Page } from '@playwright/test';
import { CAPTCHA_ANSWER } from '../playwright.config';
import { LandcoverPage } from './pages/landcover-page';
import { PortalPage, type Lang } from './pages/portal-page';

const PASSWORD = 'Demo@2026';

/** The number in the spot list's "N spots" line. */
async function spotTotal(page: Page): Promise<number> {
  const text = (await page.getByTestId('spot-total').textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

/**
 * The trend chart joins the quarterly points with straight segments (SVG `L`), each point marked: a
 * smoothed curve (`C`) swings past the points and shows values that were never measured.
 */
async function expectStraightTrendLines(page: Page) {
  const lines = page.locator('.recharts-line-curve');
  await expect(lines).toHaveCount(2);
  for (const d of await lines.evaluateAll((paths) => paths.map((p) => p.getAttribute('d') ?? ''))) {
    expect(d).toMatch(/^M[\d.,\s-]+(L[\d.,\s-]+)+$/);
  }
  const points = await page.getByTestId('trend-table').locator('tbody tr').count();
  await expect(page.locator('.recharts-line-dots circle')).toHaveCount(points * 2);
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
  // Cells are named by where they are (county, centre), not by tile numbers like "6704 / 3157"; the map has a legend.
  await expect(page.locator('#monitor-panel').getByRole('heading', { level: 2 })).toHaveText('格网统计');
  await expect(page.getByTestId('grid-explained')).toContainText(/约 \d\.\d 公里见方/);
  const firstCell = gridRows.first().locator('td:nth-child(2)');
  await expect(firstCell).toContainText(/[区县市]/);
  await expect(firstCell).toContainText(/\d+\.\d{2}°E, \d+\.\d{2}°N/);
  expect(await gridRows.locator('td:nth-child(2)').allTextContents()).not.toContainEqual(expect.stringMatching(/^\d+ \/ \d+$/));
  await expect(page.locator('#monitor-panel figure li')).toHaveText(['1', '2 – 3', '4 – 6', '7 – 10', '11 个及以上']);
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
  // One row per published batch: the eight demo quarters (lib/server/themes/landcover/demo.ts), each with spots in Hebei.
  const trendRows = page.getByTestId('trend-table').locator('tbody tr');
  await expect(trendRows).toHaveCount(8);
  await expect(trendRows.locator('td:first-child')).toContainText([
    '2024年第三季度土地覆盖监测（演示）',
    '2026年第二季度土地覆盖监测（演示）',
  ]);
  const trendCounts = (await trendRows.locator('td:nth-child(2)').allTextContents()).map((text) => Number(text.replace(/[^\d]/g, '')));
  expect(trendCounts.filter((count) => count > 0)).toHaveLength(8);
  await expect(page.getByRole('img', { name: '各批次图斑数量与面积折线图' })).toBeVisible();
  await expectStraightTrendLines(page);
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
  // One batch drives every module (issue 32.7): the detail counts the batch chosen above the modules, and says so.
  const batchName = await page.getByTestId('monitor-batch').inputValue();
  expect(batchName).not.toBe('');
  await expect(page.getByTestId('spot-total-scope')).toHaveText(batchName);
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
  // Dates are picked as on the image query (issue 32.7); a range that ends before it starts is refused before any
  // call. The form takes its values from the URL the last filter wrote, so a date typed while that navigation settles
  // can be replaced: type, filter and read the message as one step.
  await expect(filters.getByLabel('Batches from (date)')).toHaveAttribute('type', 'date');
  await expect(async () => {
    await filters.getByLabel('Batches from (date)').fill('2025-12-31');
    await filters.getByLabel('Batches to (date)').fill('2025-01-01');
    await filters.getByRole('button', { name: 'Filter' }).click();
    await expect(filters.getByText('The start date cannot be after the end date.')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page).not.toHaveURL(/from=20251231/);
  await filters.getByLabel('Batches from (date)').fill('');
  await filters.getByLabel('Batches to (date)').fill('');

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

  // Outside the range (Beijing): the screen moves to the user's own range (spec §4), and says so in the breadcrumb.
  await page.goto('/english/monitor/landcover?module=detail&region=110000');
  await expect(page).toHaveURL(/\?module=detail&region=130000$/);
  await expect(page.getByTestId('monitor-breadcrumb').locator('[aria-current="location"]')).toHaveText('Hebei');
  await expect(page.getByTestId('detail-scope')).toContainText('current region');
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
  await expectStraightTrendLines(page);

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

test('en: the county table scrolls from the keyboard inside its named region beside the map, and opens a county', async ({ page }) => {
  const portal = new PortalPage(page, 'en');
  await portal.goto('/monitor/landcover?region=130100');
  const region = page.getByRole('region', { name: 'Data table: statistics by region' });
  await expect(region.getByTestId('statistics-table')).toBeVisible();
  await region.focus();
  await expect(region).toBeFocused();
  await page.keyboard.press('End');
  await expect.poll(() => region.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  // Counties open like provinces and cities do.
  await region.getByRole('button', { name: "Chang'an District" }).click();
  await expect(page).toHaveURL(/region=130102$/);
  await expect(page.getByTestId('statistics-change-types')).toBeVisible();
});

const NAMES = {
  zh: {
    hebei: '河北省',
    shijiazhuang: '石家庄市',
    tangshan: '唐山市',
    changan: '长安区',
    qiaoxi: '桥西区',
    noData: '无数据',
    unmonitored: '未纳入监测范围',
    byArea: '按面积',
    tabs: { detail: '详情', grid: '格网', sequence: '时序' },
    scopeRegion: '范围：当前区域（在您的权限范围内）。',
    rank: /按图斑数量，长安区在石家庄市的 \d+ 个区域中排第 \d+ 位/,
    gridOpen: '11 个及以上',
  },
  en: {
    hebei: 'Hebei',
    shijiazhuang: 'Shijiazhuang',
    tangshan: 'Tangshan',
    changan: "Chang'an District",
    qiaoxi: 'Qiaoxi District',
    noData: 'No data',
    unmonitored: 'Not monitored',
    byArea: 'Area',
    tabs: { detail: 'Detail', grid: 'Grid', sequence: 'Sequence' },
    scopeRegion: 'Scope: the current region (within your area range).',
    rank: /By number of spots, Chang'an District ranks \d+ of the \d+ regions of Shijiazhuang/,
    gridOpen: '11 or more',
  },
} as const;

/** The number in a text like "长安区：共 18 个图斑…" or "Chang'an District: 18 spots, …". */
const firstNumber = (text: string) => Number(/([\d,]+)/.exec(text)?.[1]?.replace(/,/g, '') ?? NaN);

for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
  const n = NAMES[lang];

  test(`${lang}: the map drills country → province → city → county, naming the region under the pointer`, async ({ page }) => {
    // The suites run with reduced motion (playwright.config.ts); this journey keeps the fades and glided zooms
    // most readers see.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const landcover = new LandcoverPage(page, lang);
    await landcover.goto();
    expect(await landcover.hoverRegion('130000')).toBe(n.hebei);
    await landcover.clickRegion('130000');
    await expect(page).toHaveURL(/region=130000$/);
    await expect(landcover.breadcrumbCurrent).toHaveText(n.hebei);
    // Inside the province each city answers with its own name (the province's border drawn over them
    // used to answer every hover with "Hebei" and swallow the clicks).
    expect(await landcover.hoverRegion('130100')).toBe(n.shijiazhuang);
    expect(await landcover.hoverRegion('130200')).toBe(n.tangshan);
    await landcover.clickRegion('130100');
    await expect(page).toHaveURL(/region=130100$/);
    await expect(landcover.breadcrumbCurrent).toHaveText(n.shijiazhuang);
    expect(await landcover.hoverRegion('130102')).toBe(n.changan);
    await landcover.clickRegion('130102');
    await expect(page).toHaveURL(/region=130102$/);
    await expect(landcover.breadcrumbCurrent).toHaveText(n.changan);

    // A county has no sub-regions: its own figures, its rank in its city and its spots by change type,
    // not itself listed as its only sub-region at 100 %.
    await expect(page.getByTestId('statistics-table')).toHaveCount(0);
    const total = firstNumber((await page.getByTestId('statistics-total').textContent()) ?? '');
    expect(total).toBeGreaterThan(0);
    await expect(page.getByTestId('statistics-rank')).toContainText(n.rank);
    const byType = page.getByTestId('statistics-change-types').locator('tbody tr');
    await expect(byType).toHaveCount(4);
    const counts = (await byType.locator('td:nth-child(2)').allTextContents()).map(firstNumber);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(total);
    // Among its neighbours on the map, one click away.
    expect(await landcover.hoverRegion('130104')).toBe(n.qiaoxi);
    await landcover.clickRegion('130104');
    await expect(page).toHaveURL(/region=130104$/);
    await expect(landcover.breadcrumbCurrent).toHaveText(n.qiaoxi);
    expect(landcover.errors).toEqual([]);
  });

  test(`${lang}: the statistics legend counts in whole numbers, greys out regions outside the programme and fits the page`, async ({
    page,
  }) => {
    const landcover = new LandcoverPage(page, lang);
    await landcover.goto();
    await expect(landcover.feature('130000')).toHaveCount(1);
    // Counts are whole: "0 – 66", never "0.00 – 66.40"; a "no data" entry for the grey regions.
    const countLabels = await landcover.legendLabels();
    expect(countLabels.at(-1)).toBe(n.noData);
    for (const label of countLabels.slice(0, -1)) expect(label).toMatch(/^\d+( – \d+)?$/);
    expect(countLabels[0]).toMatch(/^0 – \d+$/);
    // Taiwan, Hong Kong and Macao are outside the monitoring programme: grey, not "0 spots".
    for (const code of ['710000', '810000', '820000']) await expect(landcover.feature(code)).toHaveAttribute('fill', '#cccccc');
    const greys = await landcover.map
      .locator('path.leaflet-interactive[data-feature-id]')
      .evaluateAll((paths) => paths.filter((p) => p.getAttribute('fill') === '#cccccc').map((p) => p.getAttribute('data-feature-id')));
    expect(greys.sort()).toEqual(['710000', '810000', '820000']);
    const rows = page.getByTestId('statistics-table').locator('tbody tr');
    const last = rows.filter({ hasText: n.unmonitored });
    await expect(last).toHaveCount(3);
    await expect(rows.nth(-1)).toContainText(n.unmonitored);
    await expect(last.first().locator('td').nth(2)).toHaveText('—');
    // Areas keep two decimals.
    await page.getByTestId('legend-switch').getByText(n.byArea).click();
    await expect(page).toHaveURL(/legend=area/);
    await expect.poll(async () => (await landcover.legendLabels())[0]).toMatch(/^0\.00 – /);
    expect((await landcover.legendLabels()).at(-1)).toBe(n.noData);
    for (const label of (await landcover.legendLabels()).slice(0, -1)) expect(label).toMatch(/^\d+\.\d{2} – \d+\.\d{2}$/);

    // The batch field shows the whole batch name, and the page ends at its footer.
    for (const width of [1400, 360]) {
      await page.setViewportSize({ width, height: 900 });
      const batch = page.getByTestId('monitor-batch');
      await expect(batch).toBeVisible();
      expect(await batch.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      expect(await landcover.pageBelowFooter()).toBeLessThanOrEqual(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    expect(landcover.errors).toEqual([]);
  });

  test(`${lang}: a city user's detail, grid and sequence open on their city, fitted, and a reloaded spot keeps its zoom`, async ({
    page,
  }) => {
    const landcover = new LandcoverPage(page, lang);
    await landcover.portal.goto('/home');
    await landcover.portal.login('demo-city', PASSWORD, CAPTCHA_ANSWER);
    await landcover.goto('?module=detail');
    // Spec §4: the user's own range (Shijiazhuang), not the whole country "outside the range".
    await expect(page).toHaveURL(/\?module=detail&region=130100$/);
    await expect(landcover.breadcrumbCurrent).toHaveText(n.shijiazhuang);
    // Above the range the breadcrumb names the regions without offering them.
    await expect(page.getByTestId('monitor-breadcrumb').getByRole('button')).toHaveCount(0);
    await expect(page.getByTestId('detail-scope')).toHaveText(n.scopeRegion);
    await expect(page.getByTestId('spot-list').locator('tbody tr').first()).toBeVisible();
    expect(await landcover.fill('130100')).toBeGreaterThan(0.6);

    // A spot's URL, reloaded, opens the panel and zooms to the spot again.
    await page.getByTestId('spot-list').locator('tbody tr').first().getByRole('button').click();
    await expect(page).toHaveURL(/spot=\d+/);
    const spot = /spot=(\d+)/.exec(page.url())![1]!;
    await expect(page.getByTestId('spot-panel')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('spot-panel')).toBeVisible();
    expect(await landcover.fill(`spot-${spot}`)).toBeGreaterThan(0.5);

    await page.getByRole('tab', { name: n.tabs.grid }).click();
    await expect(page).toHaveURL(/module=grid&region=130100$/);
    await expect(page.getByTestId('grid-table').locator('tbody tr').first()).toBeVisible();
    expect(await landcover.fill('130100')).toBeGreaterThan(0.6);
    await expect(page.locator('#monitor-panel figure li').last()).toHaveText(n.gridOpen);

    await page.getByRole('tab', { name: n.tabs.sequence }).click();
    await expect(page.getByTestId('sequence-map')).toHaveCount(5);
    await expect(landcover.breadcrumbCurrent).toHaveText(n.shijiazhuang);
    expect(landcover.errors).toEqual([]);
  });

  test(`${lang}: the spot list names region, type, batch, change and area, readable on a desktop and at 360 px`, async ({ page }) => {
    const landcover = new LandcoverPage(page, lang);
    await landcover.portal.goto('/home');
    await landcover.portal.login('demo-city', PASSWORD, CAPTCHA_ANSWER);
    for (const width of [1400, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await landcover.goto('?module=detail&region=130100');
      const list = page.getByTestId('spot-list');
      const rows = list.locator('tbody tr');
      await expect(rows).toHaveCount(20);
      const lineHeight = await list.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 20);
      // No header or cell squeezed to a character per line: every header on one line, a change type on
      // one line (Chinese) or two (English, wrapped between words).
      for (const height of await list.locator('thead th').evaluateAll((ths) => ths.map((th) => th.getBoundingClientRect().height)))
        expect(height).toBeLessThan(lineHeight * 2.2);
      const changeLines = lang === 'zh' ? 1 : 2;
      for (const height of await rows
        .locator('td:nth-child(2) > span')
        .evaluateAll((spans) => spans.map((s) => s.getBoundingClientRect().height)))
        expect(height).toBeLessThan(lineHeight * (changeLines + 0.5));
      // What a user recognises, not the scene file every spot of a county and batch shares.
      const first = await rows.first().locator('td').first().textContent();
      expect(first).toMatch(/(区|县|市|District|County|City)/);
      expect(first).toMatch(/\d{4}Q[1-4]/);
      for (const text of await rows.allTextContents()) expect(text).not.toMatch(/_L1A\d+|_TMS_|_PMS/);
      const scroller = page.getByRole('region', { name: lang === 'zh' ? '数据表：图斑列表' : 'Data table: spot list' });
      expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `test-results/landcover-${lang}-spot-list-${width}.png`, fullPage: true });
    }
    expect(landcover.errors).toEqual([]);
  });

  test(`${lang}: the sequence loads without a page error on a desktop and a phone`, async ({ page }) => {
    const landcover = new LandcoverPage(page, lang);
    await landcover.portal.goto('/home');
    await landcover.portal.login('demo-city', PASSWORD, CAPTCHA_ANSWER);
    for (const width of [1400, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await landcover.goto('?module=sequence&region=130100');
      const maps = page.getByTestId('sequence-map');
      await expect(maps).toHaveCount(5);
      await maps.first().scrollIntoViewIfNeeded();
      // Every map on screen has drawn its outline and tiles: the linked views have settled.
      await expect(maps.first().locator('img.leaflet-tile-loaded').first()).toBeVisible();
      await expect(maps.first().locator('path[data-feature-id="130100"]')).toHaveCount(1);
      await page.waitForTimeout(1000);
      // Two linked maps a fraction of a pixel apart used to echo each other's moves until the stack overflowed.
      expect(landcover.errors).toEqual([]);
    }
  });
}
