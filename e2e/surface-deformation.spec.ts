import { expect, test, type Page } from '@playwright/test';
import { CAPTCHA_ANSWER } from '../playwright.config';
import { PortalPage } from './pages/portal-page';

const PASSWORD = 'Demo@2026';

/**
 * Issue 21 item 3: surface deformation. One journey in Chinese (menu, product search by region, a subsidence
 * cell's time series, the shared URL, phone width) and a smaller check in English (a cell outside the
 * user's range answers nothing; one inside does). demo-hebei holds MOD_076 with the range Hebei.
 */
const total = async (page: Page) => Number(((await page.getByTestId('deform-total').textContent()) ?? '').replace(/[^\d]/g, ''));

test('zh: surface deformation — search products by region, a Cangzhou cell’s series, shared URL, phone width', async ({ page }) => {
  const portal = new PortalPage(page, 'zh');
  await portal.goto('/home');
  await portal.login('demo-hebei', PASSWORD, CAPTCHA_ANSWER);
  await portal.menu.getByRole('button', { name: '专题监测' }).hover();
  await portal.menu.getByRole('link', { name: '地表形变', exact: true }).click();
  await expect(page).toHaveURL(/\/monitor\/surfaceDeform$/);
  await expect(page.getByRole('heading', { level: 1, name: '地表形变监测' })).toBeVisible();
  await expect(page.getByTestId('surface_deform-demo-notice')).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['形变产品', '形变速率']);

  // Every product, then those over Cangzhou city (130900) in descending passes.
  await expect.poll(() => total(page)).toBeGreaterThan(50);
  const all = await total(page);
  const form = page.getByRole('form', { name: '检索条件' });
  await form.getByText('行政区', { exact: true }).click();
  for (const [level, search, name] of [
    ['省份', '河北', '河北省'],
    ['城市', '沧州', '沧州市'],
  ] as const) {
    const input = form.getByRole('combobox', { name: level, exact: true });
    await expect(input).toBeEnabled();
    await input.click();
    await input.fill(search);
    await page.getByRole('option', { name: new RegExp(`^${name}\\s+\\d{6}$`) }).click();
  }
  await form.getByLabel('降轨').check();
  await form.getByRole('button', { name: '检索' }).click();
  await expect(page).toHaveURL(/region=130900/);
  await expect(page).toHaveURL(/pass=DESC/);
  await expect.poll(() => total(page)).toBeLessThan(all);
  const rows = page.getByTestId('deform-products').locator('tbody tr');
  await expect(rows.first()).toContainText('降轨');
  await expect(rows.first()).toContainText(/_\d{3}D_/);
  await page.screenshot({ path: 'test-results/surface-deform-zh-products.png', fullPage: true });

  // The rate grid: the Cangzhou bowl's cell, its rate (subsidence) and series.
  await page.getByRole('tab', { name: '形变速率' }).click();
  await expect(page).toHaveURL(/module=rates/);
  await page.getByRole('group', { name: '典型沉降区' }).getByRole('button', { name: '沧州' }).click();
  await expect(page).toHaveURL(/at=116\.85,38\.3$/);
  const cell = page.getByTestId('deform-cell');
  await expect(cell).toContainText('沉降');
  await expect(page.getByTestId('deform-rate')).toHaveText(/^-\d+(\.\d)? 毫米\/年$/);
  await expect(page.getByTestId('deform-series-chart')).toBeVisible();

  // The URL is the view: opened again, the same cell and rate.
  const rate = await page.getByTestId('deform-rate').textContent();
  await page.goto(page.url());
  await expect(page.getByTestId('deform-rate')).toHaveText(rate ?? '');
  await expect(page.getByTestId('deform-series-chart')).toBeVisible();
  await page.screenshot({ path: 'test-results/surface-deform-zh.png', fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('deform-series-chart')).toBeVisible();
  // The chart and the map take the new width when their resize observers fire: wait for the page to settle.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/surface-deform-zh-390.png', fullPage: true });
});

test('en: surface deformation — a cell outside the user’s range answers nothing, one inside its rate', async ({ page }) => {
  const portal = new PortalPage(page, 'en');
  await portal.goto('/home');
  await portal.login('demo-hebei', PASSWORD, CAPTCHA_ANSWER);
  // Beijing's Chaoyang bowl lies outside the Hebei range.
  await portal.goto('/monitor/surfaceDeform?module=rates&at=116.55,39.95');
  await expect(page.getByText('No deformation data here, or the point is outside your area range.')).toBeVisible();
  await page.getByRole('button', { name: 'Hengshui' }).click();
  await expect(page.getByTestId('deform-rate')).toHaveText(/^-\d+(\.\d)? mm\/year$/);
  await expect(page.getByRole('img', { name: /Displacement time series of cell/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/surface-deform-en.png', fullPage: true });
});
