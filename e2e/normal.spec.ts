import { expect, test } from '@playwright/test';
import { NormalPage, SEARCH_PATH } from './pages/normal-page';
import type { Lang } from './pages/portal-page';

/** The box a little inside a scene's box: any search over it must find that scene. */
const inner = ([w, s, e, n]: [number, number, number, number]) => {
  const dx = (e - w) / 4;
  const dy = (n - s) / 4;
  return [w + dx, s + dy, e - dx, n - dy].map((v) => Math.round(v * 1000) / 1000);
};

for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
  test.describe(`image query (${lang})`, () => {
    test(`${lang}: search by region, filter, page, open a scene, shared URL restores it`, async ({ page }) => {
      const normal = new NormalPage(page, lang);
      await normal.goto();
      // The menu shows the screen.
      await expect(normal.portal.menu.getByRole('link', { name: lang === 'zh' ? '影像查询' : 'Image query' })).toBeVisible();

      // A province where the catalogue has scenes, found from the centres of scenes over China.
      const { list } = await normal.apiSearch({ area: { mode: 2, bbox: [73, 18, 135, 54] } }, 50);
      let province: string | undefined;
      for (const scene of list) {
        const [lon, lat] = scene.centre;
        const regions = await (await page.request.get(`/api/region/v1/region/position?lon=${lon}&lat=${lat}`)).json();
        province = (regions.data as { code: string; level: string }[]).find((r) => r.level === 'province')?.code;
        if (province) break;
      }
      expect(province, 'the catalogue holds scenes in a Chinese province').toBeDefined();

      await normal.mode('region');
      const provinceBox = page.getByRole('combobox', { name: normal.text.province, exact: true });
      await provinceBox.click();
      await provinceBox.fill(province!);
      await page.getByRole('option').filter({ hasText: province! }).first().click();
      await page.getByTestId('region-add').click();
      await expect(page.getByTestId('region-chip')).toHaveAttribute('data-code', province!);
      // The outline of the region is drawn on the map.
      await expect(normal.map.locator(`path[data-feature-id="${province}"]`).first()).toBeAttached();

      const body = await normal.search();
      expect(body).toMatchObject({ filter: { area: { mode: 1, regionCodes: [province!] } }, pageNum: 1 });
      const total = await normal.total();
      expect(total).toBeGreaterThan(0);
      await expect(normal.rows.first()).toBeVisible();
      // Footprints of the page are on the map, linked to the list by id.
      const firstId = await normal.rows.first().getAttribute('data-scene-id');
      await normal.rows.first().hover();
      await expect(normal.map.locator(`path[data-feature-id="${firstId}"]`)).toHaveAttribute('data-hovered', '');

      // Filter: a lower cloud limit by keyboard; every optical scene listed respects it.
      await page.getByTestId('tab-select').click();
      const most = page.getByRole('slider', { name: normal.text.mostCloud });
      await most.focus();
      for (let i = 0; i < 14; i++) await most.press('ArrowLeft');
      const filtered = await normal.search();
      expect(filtered).toMatchObject({ filter: { cloudMax: 30 } });
      await normal.total();
      const ids = await normal.rows.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-scene-id')));
      for (const id of ids) {
        const one = await (await page.request.get(`/api/normal/v5/normalmeta/id/${encodeURIComponent(id!)}`)).json();
        if (one.data.cloudPct !== null) expect(one.data.cloudPct).toBeLessThanOrEqual(30);
      }

      // Paging (when there is more than one page).
      const filteredTotal = await normal.total();
      if (filteredTotal > 20) {
        const next = page.waitForRequest((r) => r.url().endsWith(SEARCH_PATH) && r.postDataJSON()?.pageNum === 2);
        await page.getByRole('button', { name: normal.text.next }).click();
        await next;
        await expect(page).toHaveURL(/page=2/);
        await expect(normal.rows.first()).not.toHaveAttribute('data-scene-id', ids[0]!);
      }

      // Open a scene: detail with all metadata, demo badge for demo scenes, preview on the map.
      const row = normal.rows.first();
      const openId = (await row.getAttribute('data-scene-id'))!;
      await row.click();
      await expect(normal.detail).toBeVisible();
      await expect(normal.detail.getByRole('heading', { level: 2 })).toBeFocused();
      await expect(normal.map.locator(`path[data-feature-id="${openId}"]`)).toHaveAttribute('data-selected', '');
      const openScene = (await (await page.request.get(`/api/normal/v5/normalmeta/id/${encodeURIComponent(openId)}`)).json()).data;
      await expect(normal.detail).toContainText(openScene.fileName);
      if (openScene.source === 'demo') {
        await expect(normal.detail.getByTestId('demo-badge')).toHaveText(normal.text.demo);
        await normal.detail.getByRole('switch', { name: normal.text.preview }).check();
        await expect(normal.map.locator(`img[data-overlay-id="${openId}"]`)).toBeAttached();
      }
      await expect(page).toHaveURL(new RegExp(`scene=${encodeURIComponent(openId).replace(/[.]/g, '\\.')}`));

      // The URL restores the search, its page and the open scene.
      const shared = page.url();
      const other = await page.context().newPage();
      const again = new NormalPage(other, lang);
      const restored = other.waitForRequest((r) => r.url().endsWith(SEARCH_PATH));
      await other.goto(shared);
      expect((await restored).postDataJSON()).toMatchObject({ filter: { cloudMax: 30, area: { mode: 1, regionCodes: [province!] } } });
      await expect(again.detail).toContainText(openScene.fileName);
      await again.detail.getByTestId('scene-back').click();
      await expect(other.locator(`[data-testid="scene-row"][data-scene-id="${openId}"]`)).toHaveCount(1);
      expect(normal.errors).toEqual([]);
      expect(again.errors).toEqual([]);
    });

    test(`${lang}: search by typed extent and by a drawn polygon; changing the area clears the results`, async ({ page }) => {
      const normal = new NormalPage(page, lang);
      await normal.goto();
      const [scene] = (await normal.apiSearch({})).list;
      expect(scene, 'the catalogue holds scenes').toBeDefined();
      const [w, s, e, n] = inner(scene!.bbox);

      await normal.mode('extent');
      await page.getByTestId('extent-west').fill(String(w));
      await page.getByTestId('extent-south').fill(String(s));
      await page.getByTestId('extent-east').fill(String(e));
      await page.getByTestId('extent-north').fill(String(n));
      await page.getByRole('button', { name: normal.text.useExtent }).click();
      await expect(page).toHaveURL(/mode=2/);
      const body = await normal.search();
      expect(body).toMatchObject({ filter: { area: { mode: 2, bbox: [w, s, e, n] } } });
      expect(await normal.total()).toBeGreaterThan(0);

      // Drawing a polygon on the map sets DRAW mode and clears the results (spec §4).
      await page.getByRole('button', { name: normal.text.polygon }).click();
      const box = (await normal.map.boundingBox())!;
      const cx = box.x + box.width / 2;
      const cy = box.y + box.height / 2;
      await page.mouse.click(cx - 60, cy - 40);
      await page.mouse.click(cx + 60, cy - 40);
      await page.mouse.click(cx, cy + 50);
      await page.getByRole('button', { name: normal.text.finish }).click();
      await expect(page.getByTestId('tab-select')).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('mode-switch').locator('input[value="4"]')).toBeChecked();
      await expect(page.getByTestId('draw-status')).toBeVisible();
      await expect(page).not.toHaveURL(/tab=2/);
      const drawn = await normal.search();
      const area = (drawn.filter as { area: { mode: number; geometry: { type: string; coordinates: number[][][] } } }).area;
      expect(area.mode).toBe(4);
      expect(area.geometry.type).toBe('Polygon');
      expect(area.geometry.coordinates[0]).toHaveLength(4);
      await normal.total();
      expect(normal.errors).toEqual([]);
    });

    test(`${lang}: phone width — the sidebar is a sheet over the map`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const normal = new NormalPage(page, lang);
      await normal.goto();
      const handle = page.getByTestId('sheet-handle');
      await expect(handle).toBeVisible();
      await expect(handle).toHaveAttribute('aria-expanded', 'true');
      await expect(normal.map).toBeVisible();
      await normal.search();
      await normal.total();
      await handle.click();
      await expect(handle).toHaveAttribute('aria-expanded', 'false');
      await expect(handle).toHaveText(normal.text.open);
      await expect(page.getByTestId('results-panel')).toBeHidden();
      // Keyboard: the handle opens it again.
      await handle.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('results-panel')).toBeVisible();
      // Nothing sticks out sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(normal.errors).toEqual([]);
    });
  });
}
