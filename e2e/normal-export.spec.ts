import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { NormalPage } from './pages/normal-page';
import type { Lang } from './pages/portal-page';

const TEXT = {
  zh: {
    check: (name: string) => `勾选 ${name}`,
    checked: (n: number) => (n === 0 ? '未勾选影像' : `已勾选 ${n.toLocaleString('en-US')} 景`),
    exportButton: '导出检索结果',
    csv: '结果列表（CSV）',
    shp: '覆盖范围（Shapefile，zip）',
    quicklooks: '已勾选影像的快视图（zip）',
    header: '文件名,卫星,传感器',
    checkPage: '勾选本页',
    checkAll: '勾选全部结果',
    clear: '清除',
    capped: /仅勾选了 [\d,]+ 条结果中的前 10,?000 条/,
    cancel: '取消导出',
    cancelled: '导出已取消',
    csvName: /^影像检索结果-\d{4}-\d{2}-\d{2}\.csv$/,
    shpName: /^影像覆盖范围-\d{4}-\d{2}-\d{2}\.zip$/,
  },
  en: {
    check: (name: string) => `Check ${name}`,
    checked: (n: number) => (n === 0 ? 'No scene checked' : `${n.toLocaleString('en-US')} scene${n === 1 ? '' : 's'} checked`),
    exportButton: 'Export the results',
    csv: 'Result list (CSV)',
    shp: 'Footprints (shapefile, zip)',
    quicklooks: 'Quick-looks of the checked scenes (zip)',
    header: 'File name,Satellite,Sensor',
    checkPage: 'Check page',
    checkAll: 'Check all results',
    clear: 'Clear',
    capped: /Only the first 10,?000 of [\d,]+ results were checked/,
    cancel: 'Cancel export',
    cancelled: 'Export cancelled',
    csvName: /^image-query-results-\d{4}-\d{2}-\d{2}\.csv$/,
    shpName: /^scene-footprints-\d{4}-\d{2}-\d{2}\.zip$/,
  },
} as const;

async function exportFile(page: Page, text: (typeof TEXT)[Lang], item: string) {
  await page.getByRole('button', { name: text.exportButton }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: item }).click();
  return download;
}

for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
  test(`${lang}: check results, export CSV and shapefile, check all (capped), cancel a slow export`, async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    const text = TEXT[lang];
    const normal = new NormalPage(page, lang);
    await normal.goto();
    await normal.search();
    const total = await normal.total();
    expect(total).toBeGreaterThan(10_000);

    // Check three results by their labelled checkboxes (keyboard: focus and Space).
    // Demo scenes are named by their id (their file name), which the rows carry.
    const names = await normal.rows.evaluateAll((rows) => rows.slice(0, 3).map((r) => r.getAttribute('data-scene-id')!));
    const box = (i: number) => page.getByRole('checkbox', { name: text.check(names[i]!) });
    await box(0).check();
    await box(1).focus();
    await page.keyboard.press('Space');
    // Each check settles before the next (the list re-renders with the checked set; a click during it was lost).
    await expect(box(1)).toBeChecked();
    await expect(page.getByTestId('checked-count')).toHaveText(text.checked(2));
    await box(2).check();
    await expect(page.getByTestId('checked-count')).toHaveText(text.checked(3));

    // CSV of the checked scenes: headers in the page's language, the three names.
    const csv = await exportFile(page, text, text.csv);
    expect(csv.suggestedFilename()).toMatch(text.csvName);
    const content = readFileSync(await csv.path(), 'utf8');
    expect(content.charCodeAt(0)).toBe(0xfeff);
    const lines = content.slice(1).trim().split('\r\n');
    expect(lines[0]!.startsWith(text.header)).toBe(true);
    expect(lines).toHaveLength(4);
    for (const name of names) expect(content).toContain(name);

    // Footprints as a shapefile zip: GDAL reads three features.
    const shp = await exportFile(page, text, text.shp);
    expect(shp.suggestedFilename()).toMatch(text.shpName);
    const zip = testInfo.outputPath('footprints.zip');
    await shp.saveAs(zip);
    const info = execFileSync('ogrinfo', ['-ro', '-al', '-so', `/vsizip/${zip}`], { encoding: 'utf8' });
    expect(info).toMatch(/Feature Count: 3/);
    await expect(page.getByTestId('export-status')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`export-${lang}.png`), fullPage: true });
    await page.screenshot({ path: `test-results/normal-export-${lang}.png` });

    // Check all: the allids list, capped and said so; clear empties it.
    await page.getByRole('button', { name: text.checkAll }).click();
    await expect(page.getByTestId('checked-count')).toHaveText(text.checked(10_000));
    await expect(page.getByTestId('check-note')).toHaveText(text.capped);
    await page.getByRole('button', { name: text.clear }).click();
    await expect(page.getByTestId('checked-count')).toHaveText(text.checked(0));

    // A slow export (the quick-looks of 200 scenes — four pages of 50 checked) shows progress and is cancelled.
    await page.getByTestId('page-size-select').click();
    await page.getByRole('option', { name: /50/ }).click();
    await expect(normal.rows).toHaveCount(50);
    for (let p = 1; p <= 4; p++) {
      if (p > 1) {
        const first = await normal.rows.first().getAttribute('data-scene-id');
        await page.getByRole('button', { name: normal.text.next }).click();
        await expect(normal.rows.first()).not.toHaveAttribute('data-scene-id', first!);
      }
      await page.getByRole('button', { name: text.checkPage }).click();
      await expect(page.getByTestId('checked-count')).toHaveText(text.checked(50 * p));
    }
    let downloaded = false;
    page.on('download', () => {
      downloaded = true;
    });
    // The portal draws 200 demo quick-looks in well under a second here; the network is slowed for this
    // request so the progress and the cancel button are certain to be shown (the server's own stop on a
    // cancelled request is covered by the integration test).
    await page.route('**/export/quickimage*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      await route.continue().catch(() => undefined);
    });
    const aborted = page.waitForEvent('requestfailed', (r) => r.url().includes('/export/quickimage'));
    await page.getByRole('button', { name: text.exportButton }).click();
    await page.getByRole('menuitem', { name: new RegExp(text.quicklooks.replace(/[()（）]/g, '.')) }).click();
    await expect(page.getByTestId('export-progress')).toBeVisible();
    await page.screenshot({ path: `test-results/normal-export-progress-${lang}.png` });
    await page.getByRole('button', { name: text.cancel }).click();
    await aborted;
    await expect(page.getByTestId('export-status')).toHaveText(text.cancelled);
    await expect(page.getByTestId('export-progress')).toHaveCount(0);
    expect(downloaded).toBe(false);
    expect(normal.errors).toEqual([]);
  });
}

test('phone width: the checks and the export menu fit', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const normal = new NormalPage(page, 'en');
  await normal.goto();
  await normal.search();
  await page.getByRole('button', { name: TEXT.en.checkPage }).click();
  await expect(page.getByTestId('checked-count')).toHaveText(/\d+ scenes checked/);
  await page.getByRole('button', { name: TEXT.en.exportButton }).click();
  await expect(page.getByRole('menuitem', { name: TEXT.en.csv })).toBeVisible();
  await page.screenshot({ path: 'test-results/normal-export-390.png' });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
