import { expect, test } from '@playwright/test';
import { CAPTCHA_ANSWER } from '../playwright.config';
import { PortalPage } from './pages/portal-page';

/**
 * Issue 21: non-agricultural and non-grain use of farmland, a theme with all five modules on the declared
 * machinery. The journey runs in Chinese; English reads the public trend with the farmland-loss chart at
 * phone width.
 */
test('zh: non-agricultural use — kinds by group, grid at level 14, sequence, farmland lost, detail by kind, shared URL', async ({
  page,
}) => {
  const portal = new PortalPage(page, 'zh');
  await portal.goto('/home');
  await portal.login('demo-hebei', 'Demo@2026', CAPTCHA_ANSWER);
  await portal.menu.getByRole('button', { name: '专题监测' }).hover();
  await portal.menu.getByRole('link', { name: '非农化非粮化', exact: true }).click();
  await expect(page).toHaveURL(/\/monitor\/nonagricultural$/);
  await expect(page.getByRole('heading', { level: 1, name: '耕地非农化非粮化监测' })).toBeVisible();
  await expect(page.getByTestId('nonagricultural-demo-notice')).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['统计', /详情/, /格网/, /时序/, '趋势']);

  // Statistics: the country's spots by kind, each group with its subtotal; then Hebei.
  const kinds = page.getByTestId('statistics-kinds');
  await expect(kinds.getByTestId('kind-group-nonagri')).toContainText('耕地非农化');
  await expect(kinds.getByTestId('kind-group-nongrain')).toContainText('耕地非粮化');
  await expect(kinds).toContainText('挖塘养殖');
  await page.getByTestId('statistics-table').getByRole('button', { name: '河北省', exact: true }).click();
  await expect(page).toHaveURL(/region=130000/);
  await expect(kinds).toBeVisible();
  // The total and the group subtotals are rendered by separate queries: read them once both show Hebei's figures.
  const figures = async () => {
    const total = Number(((await page.getByTestId('statistics-total').textContent()) ?? '').match(/([\d,]+) 个图斑/)?.[1]?.replace(/,/g, ''));
    const groups = await Promise.all(
      ['nonagri', 'nongrain'].map(async (g) =>
        Number(((await kinds.getByTestId(`kind-group-${g}`).locator('td').first().textContent()) ?? '').replace(/[^\d]/g, '')),
      ),
    );
    return { total, sum: groups[0]! + groups[1]! };
  };
  await expect.poll(async () => { const f = await figures(); return f.total > 0 && f.sum === f.total; }).toBe(true);

  // Grid: level 14 cells, about 1.9 km across at Hebei's latitude.
  await page.getByRole('tab', { name: /格网/ }).click();
  await expect(page).toHaveURL(/module=grid/);
  await expect(page.getByTestId('grid-explained')).toContainText(/约 [12]\.\d 公里见方/);
  await expect(page.getByTestId('grid-table').locator('tbody tr').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/nonagricultural-zh-grid.png', fullPage: true });

  await page.getByRole('tab', { name: /时序/ }).click();
  await expect(page.getByTestId('sequence-table').getByRole('columnheader')).toHaveCount(6);

  // Trend: the farmland lost, per quarter by use and cumulative net of rectified land.
  await page.getByRole('tab', { name: '趋势' }).click();
  const loss = page.getByTestId('farmland-loss-table');
  await expect(loss.locator('tbody tr')).toHaveCount(6);
  await expect(loss.getByRole('columnheader')).toHaveText(['批次', '耕地非农化', '耕地非粮化', '已整改复耕', '累计净减少']);
  const net = (await loss.locator('tbody tr td:last-child').allTextContents()).map((t) => Number(t.replace(/,/g, '')));
  expect(net[5]!).toBeGreaterThan(net[0]!);
  await expect(page.getByTestId('farmland-loss').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/nonagricultural-zh-trend.png', fullPage: true });

  // Detail: filter by a kind; a spot's panel names it, its farmland class and its stage; the URL opens it again.
  await page.getByRole('tab', { name: /详情/ }).click();
  const list = page.getByTestId('spot-list');
  await expect(list.locator('tbody tr').first()).toBeVisible();
  const filters = page.getByTestId('spot-filters');
  await filters.getByLabel('图斑类型', { exact: true }).click();
  await page.getByRole('option', { name: '种植果树', exact: true }).click();
  await filters.getByRole('button', { name: '筛选' }).click();
  await expect(page).toHaveURL(/tblx=orchard/);
  // The list reloads with the filter: wait for its rows to be orchards before opening the first.
  await expect(list.locator('tbody tr').first()).toContainText('种植果树');
  await expect(list.locator('tbody tr').last()).toContainText('种植果树');
  await list.locator('tbody tr').first().getByRole('button').click();
  const panel = page.getByTestId('spot-panel');
  await expect(panel).toContainText('种植果树');
  // A change found on farmland is a spot (图斑), as in land cover, not a feature (要素) as a turbine is.
  await expect(panel).toContainText(/图斑 \S+/);
  await expect(panel).not.toContainText('要素');
  await expect(panel).toContainText(/所占耕地类别(永久基本农田|一般耕地)/);
  const shared = page.url();
  const text = (await panel.textContent()) ?? '';
  await portal.goto('/home');
  await page.goto(shared);
  await expect(page.getByTestId('spot-panel')).toHaveText(text);
  await page.screenshot({ path: 'test-results/nonagricultural-zh-detail.png', fullPage: true });
});

test('en: the public trend of a province with the farmland lost, at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/english/monitor/nonagricultural?module=trend&region=370000');
  await expect(page.getByRole('heading', { level: 1, name: 'Non-agricultural and non-grain use of farmland' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Farmland lost in Shandong (ha)' })).toBeVisible();
  await expect(page.getByTestId('farmland-loss-table').getByRole('columnheader')).toContainText(['Non-agricultural use', 'Non-grain use']);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/nonagricultural-en-390.png', fullPage: true });
});
