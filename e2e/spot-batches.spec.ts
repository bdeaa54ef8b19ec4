import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { CAPTCHA_ANSWER } from '../playwright.config';
import { PortalPage, type Lang } from './pages/portal-page';

const PASSWORD = 'Demo@2026';

const TEXT = {
  zh: {
    cutTitle: '切分某季度的批次',
    quarter: '季度',
    queued: /已排队：正在切分 \d{4}Q\d 的土地覆盖图斑批次/,
    section: '图斑推送批次',
    table: '批次图斑列表',
    header: '图斑编号',
    fetched: '已获取',
  },
  en: {
    cutTitle: 'Cut batches for a quarter',
    quarter: 'Quarter',
    queued: /Queued: cutting the \d{4}Q\d batches of Land-cover spots/,
    section: 'Spot batches',
    table: 'Spots of the batch',
    header: 'Spot id',
    fetched: 'Fetched',
  },
} as const;

/** Each language cuts its own quarter (the demo data cut 2026Q2 already), so each run proves its own cut. */
const QUARTER = { zh: '2026Q1', en: '2025Q4' } as const;

for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
  test(`${lang}: spot batches: an administrator cuts a quarter; the demo node user opens the batch, its map and table, and downloads Excel`, async ({
    browser,
  }) => {
    const text = TEXT[lang];
    const quarter = QUARTER[lang];
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, acceptDownloads: true });
    const page = await context.newPage();
    const portal = new PortalPage(page, lang);

    // An administrator cuts the quarter's land-cover batches (the form's default type), with the keyboard.
    await portal.goto('/home');
    await portal.login('demo-admin', PASSWORD, CAPTCHA_ANSWER);
    await portal.goto('/manage/push');
    const form = page.getByTestId('spot-cut-form');
    await expect(form.getByRole('heading', { name: text.cutTitle })).toBeVisible();
    const quarterInput = form.getByLabel(text.quarter, { exact: false }).first();
    await quarterInput.fill(quarter);
    await quarterInput.press('Enter');
    await expect(page.getByTestId('spot-cut-notice')).toHaveText(text.queued);
    // The job runs; the list re-reads until the demo node user's batch is there.
    const adminRow = page.locator(
      `[data-testid="spot-batch-admin-row"][data-username="demo-hebei"][data-quarter="${quarter}"][data-type="landcover"]`,
    );
    await expect(adminRow).toBeVisible({ timeout: 60_000 });
    await context.clearCookies();

    // The demo node user finds it under My pushes and opens it.
    await portal.goto('/home');
    await portal.login('demo-hebei', PASSWORD, CAPTCHA_ANSWER);
    await portal.goto('/personal/personalCenter/myPush');
    await expect(page.getByRole('heading', { level: 2, name: text.section })).toBeVisible();
    const row = page.locator(`[data-testid="spot-batch-row"][data-quarter="${quarter}"][data-type="landcover"]`);
    await expect(row).toBeVisible();
    await row.getByTestId('spot-batch-link').click();
    const map = page.getByTestId('spot-batch-map');
    await expect(map).toBeVisible();
    const features = Number(await map.getAttribute('data-features'));
    expect(features).toBeGreaterThan(0);
    await expect.poll(async () => map.locator('path').count()).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { level: 2, name: text.table })).toBeVisible();
    await expect(page.getByTestId('spot-batch-table').locator('tbody tr').first()).toBeVisible();
    // Fetched by the owner: delivered.
    await expect(page.getByTestId('spot-batch-delivery')).toHaveText(text.fetched);

    // The Excel download: a workbook with one row per spot, headers in the page's language.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('spot-batch-excel').click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^spot-batch-\\d+-${quarter}-landcover\\.xlsx$`));
    const workbook = new ExcelJS.Workbook();
    const bytes = await readFile((await download.path())!);
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe(text.header);
    expect(sheet.actualRowCount - 1).toBe(features);
    // Nothing scrolls sideways at phone width but the table's own area.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
}
