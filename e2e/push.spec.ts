import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { CAPTCHA_ANSWER } from '../playwright.config';
import { PortalPage, type Lang } from './pages/portal-page';

const PASSWORD = 'Demo@2026';

const TEXT = {
  zh: {
    menu: '推送用户管理',
    heading: '推送用户管理',
    all: '全部用户',
    search: '按用户名、姓名或单位搜索',
    satellites: '卫星',
    regions: '地区',
    gf1: '高分一号',
    hebei: '河北省',
    saved: '已保存',
    kind: '专线用户',
    myPush: '我的推送',
    receive: '我接收的内容',
    grant: /高分一号.*全部传感器.*河北省/,
    map: '批次覆盖图：我的地区与批次影像范围',
    coverage: /覆盖我的地区 [\d,]+ \/ [\d,]+ km²（[\d.]+%）/,
    notPush: '您还不是推送用户',
    manifestName: (id: string) => `推送批次${id}-清单.json`,
    excelName: (id: string) => `推送批次${id}-影像清单.xlsx`,
    excelHeader: '景号',
    downloaded: /已下载 推送批次\d+-/,
  },
  en: {
    menu: 'Push users',
    heading: 'Push users',
    all: 'All accounts',
    search: 'Search by user name, name or organisation',
    satellites: 'Satellites',
    regions: 'Regions',
    gf1: 'GF-1',
    hebei: 'Hebei',
    saved: 'Saved the push grants',
    kind: 'Dedicated line',
    myPush: 'My pushes',
    receive: 'What I receive',
    grant: /GF-1.*any sensor.*Hebei/,
    map: "Batch coverage map: my regions and the batch's footprints",
    coverage: /Covers [\d,]+ of [\d,]+ km² of my regions \([\d.]+%\)/,
    notPush: 'You are not a push user',
    manifestName: (id: string) => `push-batch-${id}-manifest.json`,
    excelName: (id: string) => `push-batch-${id}-scenes.xlsx`,
    excelHeader: 'Scene ID',
    downloaded: /Downloaded push-batch-\d+-/,
  },
} as const;

/** Each language grants a different account, so the two runs do not meet. */
const GRANTEE = { zh: 'demo-city', en: 'demo-county' } as const;

for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
  test(`push: an administrator grants a user Hebei optical scenes; the demo node user sees a batch and its coverage map (${lang})`, async ({
    browser,
    playwright,
  }) => {
    const text = TEXT[lang];
    const grantee = GRANTEE[lang];
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const portal = new PortalPage(page, lang);

    // The grantee is not a push user yet.
    await portal.goto('/home');
    await portal.login(grantee, PASSWORD, CAPTCHA_ANSWER);
    await portal.goto('/personal/personalCenter/myPush');
    await expect(page.getByText(text.notPush)).toBeVisible();
    await context.clearCookies();

    // An administrator makes them a dedicated-line push user with GF-1 over Hebei.
    await portal.goto('/home');
    await portal.login('demo-admin', PASSWORD, CAPTCHA_ANSWER);
    await page.getByTestId('admin-menu').click();
    await page.getByRole('menuitem', { name: text.menu }).click();
    await expect(page.getByRole('heading', { level: 1, name: text.heading })).toBeVisible();
    await page.getByTestId('push-scope').getByText(text.all).click();
    await page.getByLabel(text.search).fill(grantee);
    const row = page.locator(`[data-testid="push-user-row"][data-username="${grantee}"]`);
    await row.getByTestId('push-edit').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('push-kind').click();
    await page.getByRole('option', { name: text.kind }).click();
    await dialog.getByTestId('push-add-image').click();
    await dialog.getByRole('combobox', { name: text.satellites, exact: true }).click();
    await page.getByRole('option', { name: text.gf1, exact: true }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('combobox', { name: text.regions, exact: true }).click();
    await page.getByRole('option', { name: text.hebei, exact: true }).click();
    await page.keyboard.press('Escape');
    await dialog.getByTestId('push-save').click();
    await expect(page.getByTestId('push-notice')).toContainText(text.saved);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(row.getByTestId('push-user-kind')).toHaveText(text.kind);
    await context.clearCookies();

    // The grantee reads their grant in words.
    await portal.goto('/home');
    await portal.login(grantee, PASSWORD, CAPTCHA_ANSWER);
    await portal.goto('/personal/personalCenter/myPush');
    await expect(page.getByTestId('push-grants')).toContainText(text.grant);
    await context.clearCookies();

    // The demo node user (granted Hebei optical by the demo data) has a batch from the demo catalogue's load.
    await portal.goto('/home');
    await portal.login('demo-hebei', PASSWORD, CAPTCHA_ANSWER);
    await portal.goto('/personal/personalCenter');
    await page.getByRole('link', { name: text.myPush }).click();
    await expect(page.getByRole('heading', { level: 2, name: text.receive })).toBeVisible();
    // The load's batch is cut by the job queue after the catalogue loads: wait for it.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('push-batch-row').first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expect(page.getByTestId('push-batch-coverage').first()).toHaveText(text.coverage);
    await page.getByTestId('push-batch-link').first().click();
    await expect(page.getByRole('heading', { level: 2, name: text.map })).toBeVisible();
    const map = page.getByTestId('push-coverage-map');
    await expect(map).toHaveAttribute('data-loaded', 'true');
    expect(Number(await map.getAttribute('data-footprints'))).toBeGreaterThan(0);
    // The map draws the regions and the footprints as vector paths.
    await expect.poll(async () => map.locator('path.leaflet-interactive, path').count()).toBeGreaterThan(1);
    await expect(page.getByTestId('push-detail-coverage')).toHaveText(text.coverage);
    await expect(page.getByTestId('push-scenes').locator('tbody tr').first()).toBeVisible();

    // The node user downloads the batch's manifest: its signed links work without a session.
    const batchId = /\/myPush\/(\d+)/.exec(page.url())![1]!;
    const [manifestFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('push-download-manifest').click()]);
    expect(manifestFile.suggestedFilename()).toBe(text.manifestName(batchId));
    await expect(page.getByTestId('push-download-notice')).toHaveText(text.downloaded);
    const manifest = JSON.parse(readFileSync(await manifestFile.path(), 'utf8')) as {
      batchId: string;
      deliveredAt: string | null;
      sceneCount: number;
      scenes: unknown[];
      files: Array<{ kind: string; url: string }>;
    };
    expect(manifest).toMatchObject({ batchId });
    expect(manifest.deliveredAt).not.toBeNull();
    expect(manifest.scenes.length).toBe(manifest.sceneCount);
    const anonymous = await playwright.request.newContext();
    const signed = new URL(manifest.files.find((f) => f.kind === 'xlsx')!.url);
    const viaLink = await anonymous.get(new URL(`${signed.pathname}${signed.search}`, page.url()).toString());
    expect(viaLink.status()).toBe(200);
    expect(viaLink.headers()['content-type']).toContain('spreadsheetml');
    signed.searchParams.set('sig', 'x'.repeat(43));
    expect((await anonymous.get(new URL(`${signed.pathname}${signed.search}`, page.url()).toString())).status()).toBe(403);
    await anonymous.dispose();

    // … and the scene list as Excel: one row per scene, headers in the page's language.
    const [excelFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('push-download-xlsx').click()]);
    expect(excelFile.suggestedFilename()).toBe(text.excelName(batchId));
    const workbook = new ExcelJS.Workbook();
    const bytes = readFileSync(await excelFile.path());
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe(text.excelHeader);
    expect(sheet.actualRowCount - 1).toBe(manifest.sceneCount);

    // Nothing scrolls sideways at phone width but the scenes table's own area.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
}
