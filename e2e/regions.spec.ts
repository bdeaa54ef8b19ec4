import { expect, test } from '@playwright/test';
import { RegionsPage } from './pages/regions-page';

/**
 * The regions page puts the geodata core together: the region picker with spec §4's auto-select rules,
 * the map with the chosen region's outline and its subdivisions drawn by our WMS, feature info, and
 * keyboard use.
 */
test.describe('regions page', () => {
  test('zh: pick a province and a city; the map outlines it and draws its counties through WMS', async ({ page }) => {
    const regions = new RegionsPage(page, 'zh');
    await regions.goto();
    await expect(regions.regionName).toHaveText('中华人民共和国');
    await expect(regions.level('city')).toBeDisabled();

    await regions.pick('province', '河北', '河北省');
    await expect(regions.regionCode).toHaveText('130000');
    await expect(page).toHaveURL(/region=130000/);

    const tile = regions.wmsTileFor('130100');
    await regions.pick('city', '石家', '石家庄市');
    await expect(regions.regionName).toHaveText('石家庄市');
    await expect(page).toHaveURL(/region=130100/);
    const response = await tile;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');

    await expect(regions.map(/石家庄市/)).toBeVisible();
    await expect(regions.outlines.first()).toBeVisible();

    // A click inside the city asks GetFeatureInfo and shows the county there.
    // The region browser sits below the provincial nodes: bring its map into view before clicking.
    await regions.map(/石家庄市/).scrollIntoViewIfNeeded();
    const box = (await regions.map(/石家庄市/).boundingBox())!;
    const info = page.waitForResponse((r) => r.url().includes('REQUEST=GetFeatureInfo'));
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    expect((await info).status()).toBe(200);
    await expect(page.locator('.leaflet-popup-content')).toContainText(/1301\d\d/);

    // Choosing the province again clears city and county (spec §4).
    await regions.pick('province', '山西', '山西省');
    await expect(regions.level('city')).toHaveValue('');
    await expect(regions.regionCode).toHaveText('140000');
  });

  test('en: a county code in the URL resolves its city and province', async ({ page }) => {
    const regions = new RegionsPage(page, 'en');
    await regions.goto('130102');
    await expect(regions.level('province')).toHaveValue('Hebei');
    await expect(regions.level('city')).toHaveValue('Shijiazhuang');
    await expect(regions.level('county')).toHaveValue(/Chang'an/);
    await expect(regions.regionCode).toHaveText('130102');
    await expect(page.getByText('石家庄市')).toHaveCount(0);
    await expect(regions.outlines.first()).toBeVisible();

    await page.getByRole('button', { name: 'Up to the parent region' }).click();
    await expect(regions.regionName).toHaveText('Shijiazhuang');
    await expect(regions.level('county')).toHaveValue('');
    await expect(page).toHaveURL(/region=130100/);
  });

  test('en: picker and map work from the keyboard alone', async ({ page }) => {
    const regions = new RegionsPage(page, 'en');
    await regions.goto();
    await expect(regions.regionName).toHaveText('China');

    await regions.level('province').focus();
    await page.keyboard.type('Guangdong');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(regions.regionCode).toHaveText('440000');
    await expect(regions.level('city')).toBeEnabled();

    // The distance tool: toolbar button by keyboard, then points at the crosshair with Enter.
    const tool = page.getByRole('button', { name: regions.text.distance });
    await tool.focus();
    await page.keyboard.press('Enter');
    await expect(tool).toHaveAttribute('aria-pressed', 'true');
    const map = regions.map(/Guangdong/);
    await map.focus();
    await expect(map).toBeFocused();
    await page.keyboard.press('Enter');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect(page.getByText(new RegExp(`${regions.text.length}: [\\d.,]+ (m|km)`)).first()).toBeVisible();

    // Zoom with the keyboard changes the map scale: the WMS asks for a smaller box.
    await map.focus();
    const zoomed = page.waitForResponse((r) => r.url().includes('/map/cloudPlatform/wms') && r.url().includes('GetMap'));
    await page.keyboard.press('Equal');
    expect((await zoomed).status()).toBe(200);
  });
});
