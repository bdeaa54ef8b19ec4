import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { OrbitalPredictPage } from './pages/orbital-predict-page';
import type { Lang } from './pages/portal-page';

// The shipped orbital elements are of 2026-08-22: a window starting then keeps the passes stable.
const START = '2026-08-22';
const HEBEI = '130000';

const TEXT = {
  zh: {
    header: /^\uFEFF卫星,NORAD 编号,传感器,开始（UTC）/,
    detail: /所需侧摆角[\s\S]*位置不确定度[\s\S]*覆盖/,
    share: /覆盖区域的 [\d.]+%/,
    rules: '光学传感器仅在太阳高度角不低于 10° 时计入',
    lowSun: /^不计入：光学，太阳高度角 -?[\d.]+°（需 ≥ 10°）$/,
    mapNote: /^地图显示 \d+ 次过境中的 \d+ 次/,
    km: (km: number) => `±${km} 千米`,
  },
  en: {
    header: /^\uFEFFSatellite,NORAD,Sensor,Start \(UTC\)/,
    detail: /Off-nadir angle needed[\s\S]*Position uncertainty[\s\S]*Covers/,
    share: /covers [\d.]+ % of the area/,
    rules: 'optical passes only with the sun at least 10° above the horizon',
    lowSun: /^Not counted: optical, sun -?[\d.]+° \(needs ≥ 10°\)$/,
    mapNote: /^The map shows \d+ of \d+ passes/,
    km: (km: number) => `±${km} km`,
  },
} as const;

for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
  test(`${lang}: predict the passes over a province, open a pass, export them as CSV, and at phone width`, async ({ page }) => {
    test.setTimeout(240_000);
    const screen = new OrbitalPredictPage(page, lang);
    await screen.goto(`?start=${START}&days=3`);
    // The elements' epoch and the word that a pass is a prediction are there before anything is asked.
    await expect(page.getByTestId('tle-epoch')).toContainText(/2026-08-\d\d/);
    await expect(page.getByTestId('predicted-note')).toContainText(screen.text.predicted);

    await screen.addProvince(HEBEI);
    const prediction = await screen.predict();
    expect(prediction.passes.length).toBeGreaterThan(0);
    // The plan is in the URL: a shared link shows the same results.
    await expect(page).toHaveURL(/regions=130000.*start=2026-08-22.*days=3.*run=1/);

    // A bar per pass on the timeline, its share in its name; the list has a row per pass in the API's order.
    const bars = page.getByTestId('timeline-bar');
    await expect(bars).toHaveCount(prediction.passes.length);
    await expect(bars.first()).toHaveAccessibleName(TEXT[lang].share);
    const rows = page.getByTestId('pass-row');
    await expect(rows).toHaveCount(prediction.passes.length);
    await expect(rows.first()).toHaveAttribute('data-pass-id', prediction.passes[0]!.id);
    // Each row states its uncertainty as the one model gives it, and whether it counts toward the coverage.
    await expect(rows.first()).toContainText(TEXT[lang].km(prediction.passes[0]!.uncertaintyKm));
    await expect(page.getByTestId('summary-rules')).toContainText(TEXT[lang].rules);
    // Optical passes in the dark are listed, marked, and not counted.
    const night = prediction.passes.find((p) => p.status === 'lowSun');
    expect(night, 'an optical pass crosses Hebei at night in three days').toBeTruthy();
    const nightRow = page.locator(`[data-testid="pass-row"][data-pass-id="${night!.id}"]`);
    await expect(nightRow).toHaveAttribute('data-status', 'lowSun');
    await expect(nightRow.getByTestId('pass-status')).toHaveText(TEXT[lang].lowSun);

    // The map draws ten passes, the counted ones first in the list's order, not all of them, and says so.
    const counted = prediction.passes.filter((p) => p.status === 'counted');
    expect(counted.length).toBeGreaterThanOrEqual(10);
    expect(prediction.passes.length).toBeGreaterThan(10);
    await expect(page.getByTestId('map-pass-note')).toHaveText(TEXT[lang].mapNote);
    await expect.poll(async () => (await screen.drawnPassIds()).sort()).toEqual(counted.slice(0, 10).map((p) => p.id).sort());

    // Opening a pass from the timeline shows its figures, marks its row and its swath on the map.
    const best = [...prediction.passes].sort((a, b) => b.sharePct - a.sharePct)[0]!;
    await page.locator(`[data-testid="timeline-bar"][data-pass-id="${best.id}"]`).click();
    await expect(page.getByTestId('pass-detail')).toContainText(TEXT[lang].detail);
    await expect(page.locator(`[data-testid="pass-row"][data-pass-id="${best.id}"]`)).toHaveAttribute('data-selected', 'true');
    await expect(screen.map.locator(`path[data-feature-id="${best.id}"][data-selected]`)).toBeAttached();
    // Selecting the night pass draws it too (one more), never the whole mass.
    await page.locator(`[data-testid="timeline-bar"][data-pass-id="${night!.id}"]`).click();
    await expect(screen.map.locator(`path[data-feature-id="${night!.id}"][data-selected]`)).toBeAttached();
    expect((await screen.drawnPassIds()).length).toBeLessThanOrEqual(11);
    await page.locator(`[data-testid="timeline-bar"][data-pass-id="${best.id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`pass=${best.id}`));
    // From the list too, by keyboard.
    const second = prediction.passes.find((p) => p.id !== best.id);
    if (second) {
      const rowButton = page.locator(`[data-testid="pass-row"][data-pass-id="${second.id}"] button`);
      await rowButton.focus();
      await page.keyboard.press('Enter');
      await expect(page.locator(`[data-testid="timeline-bar"][data-pass-id="${second.id}"]`)).toHaveAttribute('aria-pressed', 'true');
    }

    // CSV: a byte-order mark, a header and a row per pass.
    const download = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('orbital-passes-2026-08-22-3d.csv');
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv).toMatch(TEXT[lang].header);
    expect(csv.trimEnd().split('\r\n')).toHaveLength(prediction.passes.length + 1);
    await page.screenshot({ path: `test-results/orbital-predict-${lang}.png`, fullPage: true });

    // At phone width: the form above the results, the timeline above the map, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('pass-detail')).toBeVisible();
    const form = await page.getByTestId('plan-submit').boundingBox();
    const timeline = await page.getByTestId('pass-timeline').boundingBox();
    const map = await screen.map.boundingBox();
    expect(form && timeline && map).toBeTruthy();
    expect(form!.y).toBeLessThan(timeline!.y);
    expect(timeline!.y).toBeLessThan(map!.y);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `test-results/orbital-predict-${lang}-390.png`, fullPage: true });
    expect(screen.errors).toEqual([]);
  });
}

test('en: from the image query’s coverage analysis, predict the passes over the part its scenes leave uncovered', async ({ page }) => {
  test.setTimeout(240_000);
  // A search of Shijiazhuang restored from its URL (the RESULT tab); one scene checked leaves most of the city uncovered.
  await page.goto('/english/normal?regions=130100&tab=2');
  await expect(page.getByTestId('results-total')).toHaveText(/\d/);
  await page.getByTestId('result-check').first().check();
  await page.getByRole('tab', { name: 'Coverage' }).click();
  const analysed = page.waitForResponse((r) => /normalmeta\/coverage(byids)?$/.test(r.url()));
  await page.getByTestId('coverage-run').click();
  const coverage = (await (await analysed).json()).data as { uncoveredKm2: number };
  expect(coverage.uncoveredKm2).toBeGreaterThan(0);
  const predicted = page.waitForResponse((r) => r.url().endsWith('/api/sateorbit/v2/satorbit/shp'), { timeout: 120_000 });
  await page.getByTestId('coverage-predict').click();
  await expect(page).toHaveURL(/\/english\/applicationExtend\/orbitalPredict\?.*area=uncovered/);
  const sent = (await predicted).request().postDataJSON() as { area: { mode: string; coverage: { filter: { area: { regionCodes: string[] } }; ids: string[] } } };
  expect(sent.area.mode).toBe('UNCOVERED');
  expect(sent.area.coverage.filter.area.regionCodes).toEqual(['130100']);
  expect(sent.area.coverage.ids).toHaveLength(1);
  await expect(page.getByTestId('uncovered-source')).toContainText('The uncovered part of an image query search');
  await expect(page.getByTestId('prediction-summary')).toBeVisible({ timeout: 60_000 });
  // The window starts today, far from the shipped elements' epoch: the answer says they are stale, with the one
  // figure the passes carry (not "tens of kilometres").
  const stale = page.getByTestId('tle-stale');
  await expect(stale).toBeVisible();
  const answer = (await (await predicted).json()).data as { uncertainty: { minKm: number; maxKm: number }; passes: { uncertaintyKm: number }[] };
  await expect(stale).toContainText(`±${answer.uncertainty.minKm} km to ±${answer.uncertainty.maxKm} km`);
  for (const p of answer.passes) expect(p.uncertaintyKm >= answer.uncertainty.minKm && p.uncertaintyKm <= answer.uncertainty.maxKm).toBe(true);
  await expect(stale).toContainText('1 km at the epoch + 2 km per day of age');
});
