import { expect, test } from '@playwright/test';
import { chinaTime } from '../lib/shared/verification/photos';
import { photoJpeg } from '../tests/support/photos';
import { signInOnPhone, PHONE } from './pages/phone';
import { PREFIX } from './pages/portal-page';

/**
 * Field photos as evidence (issue 34.1), on a 390 px phone in both languages: the county checker marks where they
 * stand on the case's map and adds three photos made by the test with real EXIF — one at the spot, one 1.7 km
 * away, one without GPS — and sees the server's captioned copies with their warnings; the city reviewer then opens
 * the case and sees the same photos and warnings, with no way to add or delete. Adding photos moves no case, and
 * the case used is the last of the checker's queue, not the first that the case journeys take.
 */

const PATH = '/verify/lawenforceinspect/lawSpotDetail';
const API = '/api/process-spot-bjhs/v1/process';

const TEXT = {
  zh: { added: '已添加照片', far: '距图斑过远', noGps: '无 GPS 位置', marked: '已标记', title: '现场照片', add: '添加照片：近景' },
  en: {
    added: 'Photo added',
    far: 'Far from the spot',
    noGps: 'No GPS position',
    marked: 'Marked',
    title: 'Field photos',
    add: 'Add a photo: Close view',
  },
} as const;

/** The camera's clock now, as EXIF writes it (China time, no zone). */
const exifNow = () => chinaTime(new Date()).replace(/^(\d{4})-(\d{2})-(\d{2})/, '$1:$2:$3');

for (const lang of ['zh', 'en'] as const) {
  const text = TEXT[lang];

  test(`${lang}: the checker adds photos on a phone; the reviewer sees their captions and warnings`, async ({ browser }) => {
    test.setTimeout(180_000);
    const county = await signInOnPhone(browser, lang, 'demo-county');
    const res = await county.request.get(`${API}/query?stage=checking&mine=true&pageSize=100&sort=spotNo`);
    const list = (await res.json()).data.list as { id: string; xzqdm: string; center: [number, number] }[];
    const found = list.filter((c) => c.xzqdm.startsWith('130102')).at(-1);
    expect(found, 'a case of 130102 being checked').toBeTruthy();
    const { id, center } = found!;

    await county.goto(`${PREFIX[lang]}${PATH}?id=${id}`);
    const section = county.getByTestId('case-photos');
    await expect(section).toHaveAttribute('data-can-add', 'true', { timeout: 20_000 });
    await expect(section.getByRole('heading', { name: text.title })).toBeVisible();
    const before = await section.getByTestId('case-photo').count();

    // Where I stand: a tap on the map, said in words.
    await expect(county.getByTestId('case-map')).toHaveAttribute('data-spot-loaded', 'true');
    const map = county.getByTestId('case-map').locator('.leaflet-container');
    const box = (await map.boundingBox())!;
    // Off the centre, where a photo taken at the spot (a marker of its own) may already be.
    await map.click({ position: { x: box.width * 0.3, y: box.height * 0.7 } });
    await expect(county.getByTestId('photo-tapped')).toContainText(text.marked);

    const shoot = async (kind: string, bytes: Buffer, name: string) => {
      await county.getByTestId(`photo-input-${kind}`).setInputFiles({ name, mimeType: 'image/jpeg', buffer: bytes });
      await expect(county.getByTestId('photo-notice')).toContainText(text.added, { timeout: 30_000 });
      await expect(county.getByTestId('photo-notice')).toHaveAttribute('data-kind', 'done');
    };
    await expect(county.getByRole('button', { name: text.add })).toBeVisible();
    await shoot(
      'close',
      photoJpeg(1600, 1200, { position: center, heading: 45, dateTimeOriginal: exifNow(), make: 'HUAWEI', model: 'P60' }),
      'near.jpg',
    );
    await shoot(
      'distant',
      photoJpeg(1600, 1200, { position: [center[0] + 0.02, center[1]], heading: 270, dateTimeOriginal: exifNow() }),
      'far.jpg',
    );
    await shoot('corner_ne', photoJpeg(1200, 900), 'no-gps.jpg');
    await expect(section.getByTestId('case-photo')).toHaveCount(before + 3);

    // The warnings are words (and an icon), not colour alone.
    const distant = section.locator('[data-kind="distant"]').getByTestId('case-photo').last();
    await expect(distant.getByTestId('photo-flags')).toContainText(text.far);
    const blind = section.locator('[data-kind="corner_ne"]').getByTestId('case-photo').last();
    await expect(blind.getByTestId('photo-flags')).toContainText(text.noGps);
    // The captioned copy loads (drawn by the server).
    const image = distant.locator('img');
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // The tally per view: "have" counts what was added.
    await expect(section.locator('[data-kind="close"]').first()).not.toHaveAttribute('data-have', '0');
    expect(await county.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The city reviewer sees the photos and their warnings, and cannot add or delete.
    const city = await signInOnPhone(browser, lang, 'demo-city');
    await city.goto(`${PREFIX[lang]}${PATH}?id=${id}`);
    const seen = city.getByTestId('case-photos');
    await expect(seen).toHaveAttribute('data-can-add', 'false', { timeout: 20_000 });
    await expect(seen.getByTestId('case-photo')).toHaveCount(before + 3);
    await expect(seen.locator('[data-kind="distant"]').getByTestId('case-photo').last().getByTestId('photo-flags')).toContainText(text.far);
    await expect(seen.locator('[data-kind="corner_ne"]').getByTestId('case-photo').last().getByTestId('photo-flags')).toContainText(
      text.noGps,
    );
    await expect(seen.getByTestId('photo-delete')).toHaveCount(0);
    await expect(seen.locator('input[type="file"]')).toHaveCount(0);
    expect(await city.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await county.context().close();
    await city.context().close();
  });
}
