import { expect, test, type Browser, type Page } from '@playwright/test';
import { chinaTime } from '../lib/shared/verification/photos';
import { CAPTCHA_ANSWER } from '../playwright.config';
import { photoJpeg } from '../tests/support/photos';
import { PortalPage, PREFIX, type Lang } from './pages/portal-page';

/**
 * Field work offline (issue 34.2), on a 390 px phone in both languages: the county checker downloads a batch (the
 * size shown first, then progress), goes offline, reloads the field page (served by its service worker), opens a
 * spot from the device, fills in the form (kept on the device) and adds three photos with EXIF; the queue shows
 * them waiting. Back online, the queue empties by itself and the city reviewer sees the three photos with the
 * server's captions and warnings on the case page. The manifest and the worker are checked as a browser installs
 * them. The spot is the second-to-last case of 130102 being checked (the case journeys take the first ones, the
 * photo journey the last), and no case is moved.
 */

const PASSWORD = 'Demo@2026';
const FIELD = '/verify/lawenforceinspect/fieldWork';
const CASE = '/verify/lawenforceinspect/lawSpotDetail';
const API = '/api/process-spot-bjhs/v1/process';
const PHONE = { width: 390, height: 844 };

const TEXT = {
  zh: { offline: '离线', online: '在线', empty: '没有待提交的工作', far: '距图斑过远', noGps: '无 GPS 位置', waiting: '等待网络' },
  en: { offline: 'Offline', online: 'Online', empty: 'Nothing is waiting', far: 'Far from the spot', noGps: 'No GPS position', waiting: 'wait for the network' },
} as const;

async function signIn(browser: Browser, lang: Lang, user: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: PHONE, reducedMotion: 'reduce', hasTouch: true });
  const page = await context.newPage();
  const portal = new PortalPage(page, lang);
  await portal.goto('/home');
  await portal.login(user, PASSWORD, CAPTCHA_ANSWER);
  return page;
}

const exifNow = () => chinaTime(new Date()).replace(/^(\d{4})-(\d{2})-(\d{2})/, '$1:$2:$3');

for (const lang of ['zh', 'en'] as const) {
  const text = TEXT[lang];

  test(`${lang}: a checker works a spot offline on a phone and the work arrives when the network returns`, async ({ browser }) => {
    test.setTimeout(240_000);
    const county = await signIn(browser, lang, 'demo-county');
    const res = await county.request.get(`${API}/query?stage=checking&mine=true&pageSize=100&sort=spotNo`);
    const list = (await res.json()).data.list as { id: string; spotNo: string; xzqdm: string; batchId: string; center: [number, number] }[];
    const mine = list.filter((c) => c.xzqdm.startsWith('130102'));
    const spot = mine.at(-2) ?? mine.at(-1);
    expect(spot, 'a case of 130102 being checked').toBeTruthy();

    // The installable app: a manifest with icons and a worker that answers.
    const manifest = await (await county.request.get(`/field-app/${lang}.webmanifest`)).json();
    expect(manifest).toMatchObject({ display: 'standalone', start_url: `${PREFIX[lang]}${FIELD}` });
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    const worker = await county.request.get('/serwist/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['service-worker-allowed']).toBe('/');

    await county.goto(`${PREFIX[lang]}${FIELD}`);
    await expect(county.locator('link[rel="manifest"]')).toHaveAttribute('href', `/field-app/${lang}.webmanifest`);
    await expect(county.getByTestId('field-screen')).toHaveAttribute('data-ready', 'true');
    // The worker takes the page (its scope: the inspection's pages of this language).
    await expect.poll(() => county.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active)), { timeout: 30_000 }).toBe(true);

    // Download the spot's batch: the size first, then progress to the end.
    const batch = county.locator(`[data-testid="field-batch"][data-batch="${spot!.batchId}"]`);
    await batch.getByTestId('field-prepare').click();
    await expect(batch.getByTestId('field-estimate')).toBeVisible({ timeout: 30_000 });
    await batch.getByTestId('field-download').click();
    await expect(batch.getByTestId('field-progress')).toHaveAttribute('data-phase', 'done', { timeout: 120_000 });
    await expect(county.locator(`[data-testid="field-package"][data-batch="${spot!.batchId}"]`)).toBeVisible();

    // No network: the page still opens, from the device.
    await county.context().setOffline(true);
    await county.reload();
    await expect(county.getByTestId('field-network')).toHaveAttribute('data-online', 'false');
    await expect(county.getByTestId('field-network')).toContainText(text.offline);
    await county.locator(`[data-testid="field-package"][data-batch="${spot!.batchId}"]`).getByTestId('field-open-package').click();
    await county.locator(`[data-testid="field-spot-item"][data-spot="${spot!.spotNo}"]`).click();
    const view = county.getByTestId('field-spot');
    await expect(view).toHaveAttribute('data-stage', 'checking');
    // The base map's tiles come from the device.
    await expect(view.locator('.leaflet-tile-loaded').first()).toBeVisible({ timeout: 20_000 });

    // The form, kept on the device as it is typed.
    await view.getByTestId('form-verdict').selectOption('illegal_new');
    await view.getByTestId('form-remarks').fill(`field ${lang}: built after the push`);
    // Where I stand, then three photos.
    const map = view.locator('.leaflet-container');
    const box = (await map.boundingBox())!;
    await map.click({ position: { x: box.width * 0.4, y: box.height * 0.6 } });
    const center = spot!.center;
    const shots: [string, Buffer, string][] = [
      ['close', photoJpeg(1200, 900, { position: center, heading: 90, dateTimeOriginal: exifNow() }), 'near.jpg'],
      ['distant', photoJpeg(1200, 900, { position: [center[0] + 0.02, center[1]], heading: 180, dateTimeOriginal: exifNow() }), 'far.jpg'],
      ['corner_sw', photoJpeg(1200, 900), 'no-gps.jpg'],
    ];
    for (const [kind, buffer, name] of shots) {
      await view.getByTestId(`field-photo-input-${kind}`).setInputFiles({ name, mimeType: 'image/jpeg', buffer });
      await expect(county.getByTestId('field-notice')).toBeVisible();
    }
    await expect(view.getByTestId('field-photo')).toHaveCount(3);
    expect(await county.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await county.getByTestId('field-queue-button').click();
    await expect(county.getByTestId('field-queue-item')).toHaveCount(3);
    await expect(county.getByTestId('field-queue-summary')).toContainText(text.waiting);

    // The network returns: the queue empties by itself.
    await county.context().setOffline(false);
    await expect(county.getByTestId('field-network')).toHaveAttribute('data-online', 'true');
    await expect(county.getByTestId('field-queue-item')).toHaveCount(0, { timeout: 60_000 });
    await expect(county.getByTestId('field-queue-summary')).toContainText(text.empty);

    // What was typed is still on the device (a draft: the case was not submitted).
    await county.getByTestId('field-back').click();
    await county.locator(`[data-testid="field-package"][data-batch="${spot!.batchId}"]`).getByTestId('field-open-package').click();
    await county.locator(`[data-testid="field-spot-item"][data-spot="${spot!.spotNo}"]`).click();
    await expect(county.getByTestId('form-remarks')).toHaveValue(`field ${lang}: built after the push`);

    // The city reviewer sees the photos with the server's captions and warnings.
    const city = await signIn(browser, lang, 'demo-city');
    await city.goto(`${PREFIX[lang]}${CASE}?id=${spot!.id}`);
    const seen = city.getByTestId('case-photos');
    await expect(seen).toHaveAttribute('data-can-add', 'false', { timeout: 20_000 });
    await expect(seen.locator('[data-kind="distant"]').getByTestId('case-photo').last().getByTestId('photo-flags')).toContainText(text.far);
    await expect(seen.locator('[data-kind="corner_sw"]').getByTestId('case-photo').last().getByTestId('photo-flags')).toContainText(text.noGps);
    await expect(seen.locator('[data-kind="close"]').getByTestId('case-photo').last().locator('img')).toBeVisible();
    await county.context().close();
    await city.context().close();
  });
}
