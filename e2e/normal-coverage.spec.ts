import { expect, test } from '@playwright/test';
import { NormalPage } from './pages/normal-page';
import type { Lang } from './pages/portal-page';

const TEXT = {
  zh: { tab: '覆盖分析', minimalDone: /景覆盖区域的/, county: '区县', km2: /平方千米/ },
  en: { tab: 'Coverage', minimalDone: /of the area; .* km² left uncovered/, county: 'County', km2: /km²/ },
} as const;

for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
  test(`${lang}: coverage of a city's results, its counties, the minimal set and the uncovered area on the map`, async ({ page }) => {
    test.setTimeout(180_000);
    const normal = new NormalPage(page, lang);
    // A search of Shijiazhuang restored from its URL (the RESULT tab).
    await normal.goto('?regions=130100&tab=2');
    await normal.total();
    await page.getByRole('tab', { name: TEXT[lang].tab }).click();
    const panel = page.getByTestId('coverage-panel');
    await expect(panel).toBeVisible();
    const answer = page.waitForResponse((r) => /normalmeta\/coverage(byids)?$/.test(r.url()));
    await page.getByTestId('coverage-run').click();
    const analysis = (await (await answer).json()).data as { coveredPct: number; subRegions: { name: string }[]; uncovered: unknown };
    await expect(page.getByTestId('coverage-covered')).toContainText(TEXT[lang].km2);
    // The county table lists every county of the city and sorts by a heading.
    const table = page.getByTestId('coverage-counties');
    await expect(table.getByRole('row')).toHaveCount(analysis.subRegions.length + 1);
    await table.getByRole('button', { name: new RegExp(TEXT[lang].county) }).click();
    await expect(table.getByRole('columnheader').first()).toHaveAttribute('aria-sort', 'ascending');
    if (analysis.uncovered) await expect(normal.map.locator('path[data-feature-id="uncovered"]').first()).toBeAttached();
    // The minimal set becomes the checked results.
    await expect(page.getByTestId('coverage-fall').getByRole('listitem').first()).toBeVisible();
    await page.getByTestId('coverage-minimal').click();
    await expect(page.getByTestId('coverage-minimal-done')).toContainText(TEXT[lang].minimalDone);
    await expect(page.getByTestId('coverage-legend')).toBeVisible();
    // The uncovered part downloads as a zipped shapefile.
    const download = page.waitForEvent('download');
    await page.getByTestId('coverage-download-shp').click();
    expect((await download).suggestedFilename()).toBe('not_covered.zip');
    await page.screenshot({ path: `test-results/coverage-${lang}.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('coverage-minimal-done')).toBeVisible();
    await page.screenshot({ path: `test-results/coverage-${lang}-390.png`, fullPage: true });
    expect(normal.errors).toEqual([]);
  });
}
