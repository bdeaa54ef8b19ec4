import { expect, test } from '@playwright/test';
import { NormalPage } from './pages/normal-page';
import type { Lang } from './pages/portal-page';

const MODE = { zh: '景列表', en: 'File list' } as const;
const UNMATCHED = { zh: '1 行未匹配到影像', en: '1 line matched no scene' } as const;
const NOT_IN_CATALOGUE = { zh: '目录中没有', en: 'not in the catalogue' } as const;
const BOGUS = 'GF1_PMS1_E999.9_N99.9_20990101_L1A0000000000';

for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
  test(`${lang}: upload a list of file names, see exactly those scenes and the line that matched nothing`, async ({ page }) => {
    const normal = new NormalPage(page, lang);
    await normal.goto();
    const { list } = await normal.apiSearch({}, 2);
    expect(list).toHaveLength(2);
    const names = await Promise.all(
      list.map(async (s) => ((await (await page.request.get(`/api/normal/v5/normalmeta/id/${encodeURIComponent(s.id)}`)).json()) as { data: { fileName: string } }).data.fileName),
    );

    await page.getByTestId('mode-switch').getByText(MODE[lang], { exact: true }).click();
    // The template link is in the page's language.
    await expect(page.getByTestId('scene-list-template-xlsx')).toHaveAttribute('href', new RegExp(`template/filenames/v2\\?lang=${lang}&format=xlsx`));
    await expect(page.getByTestId('search-button')).toBeDisabled();
    await page.getByTestId('select-panel').screenshot({ path: `test-results/scene-list-select-${lang}.png` });

    const file = [lang === 'zh' ? '文件名' : 'File name', ...names, BOGUS, ''].join('\r\n');
    await page.getByTestId('scene-list-input').setInputFiles({ name: 'my-list.txt', mimeType: 'text/plain', buffer: Buffer.from(file) });
    await expect(page.getByTestId('scene-list-name')).toContainText('my-list.txt');
    await expect(page.getByTestId('scene-list-name')).toContainText('3');

    const body = await normal.search();
    expect(body).toMatchObject({ filter: { area: { mode: 5 } } });
    expect(await normal.total()).toBe(2);
    const ids = await normal.rows.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-scene-id')));
    expect(ids.sort()).toEqual(list.map((s) => s.id).sort());

    const unmatched = page.getByTestId('scene-list-unmatched');
    await expect(unmatched.locator('summary')).toHaveText(UNMATCHED[lang]);
    await unmatched.locator('summary').click();
    await expect(unmatched).toContainText(BOGUS);
    await expect(unmatched).toContainText(NOT_IN_CATALOGUE[lang]);
    await page.screenshot({ path: `test-results/scene-list-${lang}.png` });

    // The URL names the list: a reload restores it and runs the search again.
    expect(page.url()).toMatch(/[?&]list=[0-9a-f-]{36}/);
    await page.reload();
    await expect(page.getByTestId('results-total')).toBeVisible();
    expect(await normal.total()).toBe(2);
    await page.getByTestId('tab-select').click();
    await expect(page.getByTestId('scene-list-name')).toContainText('my-list.txt');
    expect(normal.errors).toEqual([]);
  });
}

test('phone: the FILE mode fits a 390 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const normal = new NormalPage(page, 'en');
  await normal.goto();
  const open = page.getByRole('button', { name: normal.text.open });
  if (await open.isVisible()) await open.click();
  await page.getByTestId('mode-switch').getByText(MODE.en, { exact: true }).click();
  await page.getByTestId('scene-list-type').getByText('Path, row', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Path, row', exact: true })).toBeChecked();
  await page.getByTestId('scene-list-input').setInputFiles({ name: 'pr.txt', mimeType: 'text/plain', buffer: Buffer.from('Path,Row\n123,33\nabc,4\n') });
  await expect(page.getByTestId('scene-list-name')).toHaveText('pr.txt: 1 line read');
  await page.getByTestId('scene-list-invalid').locator('summary').click();
  await expect(page.getByTestId('scene-list-invalid')).toContainText('Line 3');
  await expect(page.getByTestId('scene-list-invalid')).toContainText('not a whole number');
  await page.screenshot({ path: 'test-results/scene-list-phone.png', fullPage: false });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
