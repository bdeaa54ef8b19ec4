import { expect, test } from '@playwright/test';
import { CAPTCHA_ANSWER } from '../playwright.config';
import { PortalPage } from './pages/portal-page';

/**
 * Issue 21: planting structure. One journey in Chinese (menu, statistics drill-down with the season switch,
 * trend, sequence and detail after login) and the public statistics in English at phone width; CI's
 * PostgreSQL run takes both (they are not twins).
 */
test('zh: planting structure — statistics by season, trend, sequence and crop parcels of Hebei', async ({ page }) => {
  const portal = new PortalPage(page, 'zh');
  await portal.goto('/home');
  await portal.login('demo-hebei', 'Demo@2026', CAPTCHA_ANSWER);
  await portal.menu.getByRole('button', { name: '专题监测' }).hover();
  await portal.menu.getByRole('link', { name: '种植结构', exact: true }).click();
  await expect(page).toHaveURL(/\/monitor\/plantingstructure$/);
  await expect(page.getByRole('heading', { level: 1, name: '种植结构监测' })).toBeVisible();
  await expect(page.getByTestId('plantingstructure-demo-notice')).toContainText('演示数据');
  await expect(page.getByRole('tab')).toHaveText(['统计', '详情', '时序', '趋势']);

  // The country by province: Henan's dominant crop over the year; then Hebei's cities in the summer harvest.
  const table = page.getByTestId('statistics-table');
  await expect(table.getByRole('row', { name: /河南省/ })).toContainText(/小麦|玉米/);
  await table.getByRole('button', { name: '河北省', exact: true }).click();
  await expect(page).toHaveURL(/region=130000/);
  await expect(page.getByTestId('statistics-total')).toContainText('河北省');
  await page.getByTestId('planting-season').getByText('夏收', { exact: true }).click();
  await expect(page).toHaveURL(/stage=summer/);
  await expect(page.getByTestId('statistics-total')).toContainText('主导作物为小麦');
  await expect(page.getByTestId('planting-crops')).not.toContainText('玉米'); // an autumn crop
  await page.screenshot({ path: 'test-results/planting-zh-statistics.png', fullPage: true });

  await page.getByRole('tab', { name: '趋势' }).click();
  await expect(page.getByTestId('trend-table').getByRole('columnheader')).toContainText(['作物', '2021', '2022', '2023', '2024', '2025']);
  await expect(page.getByTestId('trend-table').getByRole('rowheader', { name: '小麦', exact: true })).toBeVisible();

  await page.getByRole('tab', { name: /时序/ }).click();
  await expect(page).toHaveURL(/module=sequence/);
  const sequence = page.getByTestId('sequence-table');
  await expect(sequence.getByRole('rowheader', { name: '衡水市' })).toBeVisible();
  await expect(page.getByTestId('planting-sequence-map')).toHaveCount(5);
  await page.screenshot({ path: 'test-results/planting-zh-sequence.png', fullPage: true });

  // The detail keeps the season: the summer parcels of the sample area in Hengshui, this year's only.
  await page.getByRole('tab', { name: /详情/ }).click();
  const list = page.getByTestId('spot-list');
  await expect(list.locator('tbody tr').first()).toBeVisible();
  const rows = await list.locator('tbody tr').allTextContents();
  expect(rows.every((row) => row.includes('夏收') && row.includes('2025Q4'))).toBe(true);
  await list.locator('tbody tr').first().getByRole('button').click();
  await expect(page.getByTestId('spot-panel')).toContainText(/小麦|其他作物|油菜/);
  await page.screenshot({ path: 'test-results/planting-zh-detail.png', fullPage: true });
});

test('en: planting structure statistics and trend at phone width — dominant crops named beside the map, no sideways scrolling', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/english/monitor/plantingstructure?region=650000&stage=autumn');
  await expect(page.getByRole('heading', { level: 1, name: 'Planting structure monitoring' })).toBeVisible();
  await expect(page.getByTestId('statistics-total')).toContainText('mostly Cotton');
  await expect(page.getByTestId('statistics-table').getByRole('row', { name: /Akesu/ })).toContainText('Cotton');
  await expect(page.getByRole('img', { name: /Crop areas by region, stacked/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/planting-en-390.png', fullPage: true });
  // The trend is public too: Xinjiang's crops over the years, the season kept.
  await page.getByRole('tab', { name: 'Trend' }).click();
  await expect(page).toHaveURL(/module=trend.*stage=autumn|stage=autumn.*module=trend/);
  await expect(page.getByTestId('trend-table').getByRole('rowheader', { name: 'Cotton', exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/planting-en-390-trend.png', fullPage: true });
});
