import { expect, test, type FileChooser, type Page } from '@playwright/test';
import { featureCollection, shapefileZip } from '../tests/support/area-files';
import { NormalPage } from './pages/normal-page';
import type { Lang } from './pages/portal-page';

const TEXT = {
  zh: {
    selectTab: '条件',
    mode: '上传区域',
    km2: /平方千米/,
    vertices: /个顶点/,
    remove: '移除区域',
    badType: '不支持此文件类型',
    kept: '仍使用原区域“survey_block.zip”',
  },
  en: {
    selectTab: 'Select',
    mode: 'Area file',
    km2: /km²/,
    vertices: /vertices/,
    remove: 'Remove area',
    badType: 'This file type is not supported',
    kept: '“survey_block.zip” is still the area of interest',
  },
} as const;

/** A block around a demo scene's centre, as a CGCS2000 Gauss-Krüger shapefile (zone of that longitude). */
async function blockZip(normal: NormalPage): Promise<{ zip: Buffer; name: string }> {
  const [scene] = (await normal.apiSearch({}, 1)).list;
  const [lon, lat] = scene!.centre;
  const block = {
    type: 'Polygon',
    coordinates: [
      [
        [lon - 0.3, lat - 0.2],
        [lon + 0.3, lat - 0.2],
        [lon + 0.3, lat + 0.2],
        [lon - 0.3, lat + 0.2],
        [lon - 0.3, lat - 0.2],
      ],
    ],
  };
  const zone = Math.min(45, Math.max(25, Math.round(lon / 3)));
  return { zip: Buffer.from(shapefileZip(featureCollection(block), 4513 + zone - 25, 'survey_block')), name: 'survey_block.zip' };
}

/** Drops a file on the drop area as a user dragging it from the desktop would. */
async function dropFile(page: Page, testId: string, name: string, bytes: Buffer) {
  const data = await page.evaluateHandle(
    ({ name, b64 }) => {
      const binary = atob(b64);
      const array = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) array[i] = binary.charCodeAt(i);
      const transfer = new DataTransfer();
      transfer.items.add(new File([array], name, { type: 'application/zip' }));
      return transfer;
    },
    { name, b64: bytes.toString('base64') },
  );
  const target = page.getByTestId(testId);
  await target.dispatchEvent('dragover', { dataTransfer: data });
  await target.dispatchEvent('drop', { dataTransfer: data });
}

for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
  test(`${lang}: upload a shapefile area, see its name and size, search in it, restore it from the URL`, async ({ page }, info) => {
    const normal = new NormalPage(page, lang);
    const text = TEXT[lang];
    await normal.goto();
    const { zip, name } = await blockZip(normal);
    await page.getByTestId('mode-switch').getByText(text.mode, { exact: true }).click();
    await expect(page.getByTestId('search-button')).toBeDisabled();

    // A wrong type is refused before upload, in the page's language.
    await page.getByTestId('upload-area-drop-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await expect(page.getByTestId('upload-area-error')).toContainText(text.badType);

    const uploaded = page.waitForResponse((r) => r.url().endsWith('/upload/shp') && r.request().method() === 'POST');
    if (lang === 'zh') await page.getByTestId('upload-area-drop-input').setInputFiles({ name, mimeType: 'application/zip', buffer: zip });
    else await dropFile(page, 'upload-area-drop', name, zip);
    const answer = (await (await uploaded).json()) as { code: number; data: { id: string; areaKm2: number } };
    expect(answer.code).toBe(0);
    await expect(page.getByTestId('upload-area-name')).toHaveText(name);
    await expect(page.getByTestId('upload-area-size')).toContainText(text.km2);
    await expect(page.getByTestId('upload-area-size')).toContainText(text.vertices);
    await expect(page.getByTestId('upload-area-error')).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`shp=${answer.data.id}`));
    // Drawn on the map.
    await expect(normal.map.locator('path.leaflet-interactive, path').first()).toBeVisible();

    const body = await normal.search();
    expect((body.filter as { area: unknown }).area).toEqual({ mode: 3, uploadId: answer.data.id });
    const total = await normal.total();
    expect(total).toBeGreaterThan(0);
    const api = await page.request.post('/api/normal/v5/normalmeta/base', {
      data: { filter: { area: { mode: 3, uploadId: answer.data.id } }, pageSize: 1 },
    });
    expect(((await api.json()) as { data: { total: number } }).data.total).toBe(total);
    await expect(normal.rows.first()).toBeVisible();
    await page.screenshot({ path: info.outputPath(`upload-area-${lang}.png`), fullPage: false });

    // Reload: the area comes back by its id.
    await page.reload();
    // The restored search opens on its results; the area is on the Select tab.
    await expect(page.getByTestId('results-panel')).toBeVisible();
    await page.getByRole('tab', { name: text.selectTab }).click();
    await expect(page.getByTestId('upload-area-name')).toHaveText(name);
    // Removing it clears the search's area.
    await page.getByTestId('upload-area-remove').click();
    await expect(page.getByTestId('upload-area-drop')).toBeVisible();
    await expect(page).not.toHaveURL(/shp=/);
    expect(normal.errors).toEqual([]);
  });
}

for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
  test(`${lang}: a failed replacement keeps the searched area in view and says so (issue 32.7)`, async ({ page }, info) => {
    const normal = new NormalPage(page, lang);
    const text = TEXT[lang];
    await normal.goto();
    const { zip, name } = await blockZip(normal);
    await page.getByTestId('mode-switch').getByText(text.mode, { exact: true }).click();
    await page.getByTestId('upload-area-drop-input').setInputFiles({ name, mimeType: 'application/zip', buffer: zip });
    await expect(page.getByTestId('upload-area-name')).toHaveText(name);
    await normal.search();
    const total = await normal.total();
    expect(total).toBeGreaterThan(0);
    const shapes = await normal.map.locator('path.leaflet-interactive').count();

    // Replace it with a damaged file: the server refuses it, nothing of it is used.
    await page.getByRole('tab', { name: text.selectTab }).click();
    await page.getByTestId('upload-area-replace').click();
    await expect(page.getByTestId('upload-area-name')).toHaveCount(0);
    const refused = page.waitForResponse((r) => r.url().endsWith('/upload/shp') && r.request().method() === 'POST');
    await page
      .getByTestId('upload-area-drop-input')
      .setInputFiles({ name: 'broken.zip', mimeType: 'application/zip', buffer: Buffer.from('PK\u0003\u0004 not a zip') });
    expect(((await (await refused).json()) as { code: number }).code).not.toBe(0);
    // The panel names the area still in use (the one on the map), and the error says it is kept.
    await expect(page.getByTestId('upload-area-error')).toContainText(text.kept);
    await expect(page.getByTestId('upload-area-name')).toHaveText(name);
    await expect(page).toHaveURL(/shp=/);
    // The results of the search in it stay, counted on their tab.
    await expect(page.getByRole('tab').nth(1)).toContainText(String(total));
    await expect(normal.map.locator('path.leaflet-interactive')).toHaveCount(shapes);
    await page.screenshot({ path: info.outputPath(`upload-area-kept-${lang}.png`) });
    expect(normal.errors).toEqual([]);
  });
}

test('phone width: the upload area fits and works at 390 px', async ({ page }, info) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const normal = new NormalPage(page, 'en');
  await normal.goto();
  const { zip, name } = await blockZip(normal);
  await page.getByTestId('mode-switch').getByText(TEXT.en.mode, { exact: true }).click();
  // Keyboard: the drop area is a button (pressed again until the page has hydrated and it opens the chooser).
  let chooser: FileChooser | undefined;
  await expect(async () => {
    await page.getByTestId('upload-area-drop').focus();
    const opening = page.waitForEvent('filechooser', { timeout: 2_000 });
    await page.keyboard.press('Enter');
    chooser = await opening;
  }).toPass({ timeout: 20_000 });
  await chooser!.setFiles({ name, mimeType: 'application/zip', buffer: zip });
  await expect(page.getByTestId('upload-area-name')).toHaveText(name);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: info.outputPath('upload-area-390.png') });
  expect(normal.errors).toEqual([]);
});
