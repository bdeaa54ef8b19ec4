import { expect, test } from '@playwright/test';
import { CAPTCHA_ANSWER } from '../playwright.config';
import { PortalPage } from './pages/portal-page';

const PASSWORD = 'Demo@2026';

// Issue 20: the declared themes on the shared monitoring screen — wind (capacity, suitability zones) in Chinese
// with a holder of the theme, roads (length) in English for anyone and at phone width.
test('zh: wind power — menu with MOD_059, statistics by capacity, detail with zones and a turbine’s capacity', async ({ page }) => {
  const portal = new PortalPage(page, 'zh');
  await portal.goto('/home');
  await portal.login('demo-hebei', PASSWORD, CAPTCHA_ANSWER);
  await portal.menu.getByRole('button', { name: '专题监测' }).hover();
  await portal.menu.getByRole('link', { name: '风电' }).click();
  await expect(page).toHaveURL(/\/chinese\/monitor\/windmill$/);
  await expect(page.getByRole('heading', { level: 1, name: '风电监测' })).toBeVisible();
  await expect(page.getByTestId('windmill-demo-notice')).toBeVisible();
  // Simple themes offer statistics and detail only (spec §4).
  await expect(page.getByRole('tab')).toHaveText(['统计', /详情/]);
  const table = page.getByTestId('statistics-table');
  await expect(table.getByRole('button', { name: '内蒙古自治区' })).toBeVisible();
  await expect(page.getByTestId('statistics-total')).toContainText('台机组');
  await page.getByTestId('legend-switch').getByText('按容量').click();
  await expect(page).toHaveURL(/legend=capacity/);
  await expect(page.locator('figure figcaption').first()).toContainText('各区域产能/容量');
  await expect(table.getByRole('columnheader', { name: /装机容量（兆瓦）/ })).toBeVisible();

  await page.getByRole('tab', { name: /详情/ }).click();
  await expect(page).toHaveURL(/module=detail/);
  const list = page.getByTestId('spot-list');
  await expect(list.locator('tbody tr').first()).toBeVisible();
  await expect(list).not.toContainText('内蒙古');
  await page.getByTestId('zones-toggle').check();
  await expect(page.getByRole('group', { name: '适宜等级' })).toContainText('最适宜区');
  await list.locator('tbody tr').first().getByRole('button').click();
  await expect(page.getByTestId('spot-panel')).toContainText('装机容量（兆瓦）');
  await page.screenshot({ path: 'test-results/windmill-zh-detail.png', fullPage: true });
});

test('en: roads — public statistics by length, a shared link, and phone width', async ({ page }) => {
  await page.goto('/english/monitor/road?legend=length&region=130000');
  await expect(page.getByRole('heading', { level: 1, name: 'Road monitoring' })).toBeVisible();
  await expect(page.getByTestId('legend-switch').getByRole('radio', { name: 'By length' })).toBeChecked();
  await expect(page.getByTestId('statistics-table').getByRole('columnheader', { name: /Length \(km\)/ })).toBeVisible();
  await expect(page.getByTestId('statistics-total')).toContainText('km');
  await expect(page.getByTestId('statistics-table').getByRole('button', { name: /Shijiazhuang/ })).toBeVisible();
  // A module the theme does not offer opens statistics.
  await page.goto('/english/monitor/road?module=grid');
  await expect(page.getByRole('tab', { name: 'Statistics' })).toHaveAttribute('aria-selected', 'true');
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/english/monitor/steelplant?legend=capacity');
  await expect(page.getByRole('heading', { level: 1, name: 'Steel capacity monitoring' })).toBeVisible();
  await expect(page.getByTestId('statistics-table').getByRole('columnheader', { name: /Mt\/year/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/steelplant-en-360.png', fullPage: true });
});
