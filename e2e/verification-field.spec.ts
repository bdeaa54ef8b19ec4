import { expect, test, type Page } from '@playwright/test';
import { signInOnPhone, PHONE } from './pages/phone';
import { PREFIX } from './pages/portal-page';

/**
 * Issue 34.3 and 34.4 on a phone (390 px), in both languages. The province confirmer opens a rectified illegal case:
 * the scenes acquired since are listed (newest first) with a choice to cite; closing without one says so, closing
 * with one records it in the history. The county checker orders a field route on spotAuto: numbered markers and the
 * line on the map, the legs, the straight-line notice, and GPX/KML downloads. Cases are picked through the API when
 * the test runs; the closed cases are outside Chang'an district (130102), whose demo cases other specs move.
 */

const API = '/api/process-spot-bjhs/v1/process';

const TEXT = {
  zh: {
    title: '整改影像核验',
    close: '办结',
    chooseFirst: '请先选择办结所引用的影像或图斑。',
    closed: '阶段：已办结',
    cited: /引用影像 /,
    routeTitle: '外业核查路线',
    order: '排列路线',
    straight: /直线（大圆）距离/,
    map: /外业核查路线地图/,
  },
  en: {
    title: 'Rectification checked on imagery',
    close: 'Close the case',
    chooseFirst: 'Choose the scene or spot you cite to close the case.',
    closed: 'Stage: Closed',
    cited: /Cited scene /,
    routeTitle: 'Field route',
    order: 'Order the route',
    straight: /straight lines \(great circle\)/,
    map: /Map of the field route/,
  },
} as const;

async function fitsWidth(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** A rectified illegal case of Hebei outside 130102 with scenes to cite, picked through the API (one per language). */
async function rectifiedWithScenes(page: Page, skip: number): Promise<{ id: string; scenes: string[] }> {
  const res = await page.request.get(`${API}/query?stage=rectified&region=130000&pageSize=100&sort=spotNo`);
  const body = await res.json();
  expect(body.code).toBe(0);
  let seen = 0;
  for (const c of body.data.list as { id: string; xzqdm: string }[]) {
    if (c.xzqdm === '130102') continue;
    const detail = await (await page.request.get(`/api/push-spot-bjhs/v3/spot-meta/detail/${c.id}`)).json();
    const scenes = (detail.data.rectification?.scenes ?? []) as { id: string }[];
    if (scenes.length > 0 && seen++ === skip) return { id: c.id, scenes: scenes.map((s) => s.id) };
  }
  throw new Error('no rectified case with scenes in Hebei outside 130102');
}

for (const lang of ['zh', 'en'] as const) {
  const text = TEXT[lang];

  test(`${lang}: the province closes a rectified case citing a scene acquired since, on a phone`, async ({ browser }) => {
    test.setTimeout(120_000);
    const province = await signInOnPhone(browser, lang, 'demo-hebei', { touch: false });
    // spotTrack: the rectified cases a later scene covers, as the figures API counts them.
    const figures = await (await province.request.get(`${API}/statistics?region=130000`)).json();
    expect(figures.data.total.rectifiedWithImagery).toBeGreaterThan(0);
    await province.goto(`${PREFIX[lang]}/verify/lawenforceinspect/spotTrack`);
    await expect(province.getByTestId('figures-total').locator('[data-col="withImagery"]')).toHaveText(
      String(figures.data.total.rectifiedWithImagery),
      { timeout: 20_000 },
    );
    const found = await rectifiedWithScenes(province, lang === 'zh' ? 0 : 1);
    await province.goto(`${PREFIX[lang]}/verify/lawenforceinspect/lawSpotDetail?id=${found.id}`);
    const section = province.getByTestId('case-rectification');
    await expect(section).toBeVisible({ timeout: 20_000 });
    await expect(section.getByRole('heading', { name: text.title })).toBeVisible();
    // Newest first, as the API lists them.
    await expect(section.locator('[data-scene-id]')).toHaveCount(found.scenes.length);
    expect(await section.locator('[data-scene-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-scene-id')))).toEqual(
      found.scenes,
    );
    await expect(section.getByRole('link').first()).toHaveAttribute('href', new RegExp(`^${PREFIX[lang]}/normal\\?.*scene=`));
    await fitsWidth(province);

    // Closing without a citation is stopped on the page, with the choice focused.
    await province.getByRole('button', { name: text.close, exact: true }).click();
    await expect(province.getByTestId('case-notice')).toContainText(text.chooseFirst);
    await expect(section.getByRole('radio').first()).toBeFocused();
    await province.screenshot({ path: test.info().outputPath(`rectification-${lang}.png`), fullPage: true });

    await section.getByTestId(`cite-scene-${found.scenes[0]}`).check();
    await province.getByRole('button', { name: text.close, exact: true }).click();
    await expect(province.getByTestId('case-stage')).toHaveText(text.closed);
    await expect(province.getByTestId('case-history')).toContainText(text.cited);
    await expect(province.getByTestId('case-history')).toContainText(found.scenes[0]!);
    await expect(province.getByTestId('case-rectification')).toHaveCount(0);
  });

  test(`${lang}: the county checker orders a field route and downloads it as GPX and KML, on a phone`, async ({ browser }) => {
    test.setTimeout(120_000);
    const county = await signInOnPhone(browser, lang, 'demo-county', { touch: false });
    await county.goto(`${PREFIX[lang]}/verify/lawenforceinspect/spotAuto`);
    const panel = county.getByTestId('field-route');
    await expect(panel.getByRole('heading', { name: text.routeTitle })).toBeVisible({ timeout: 20_000 });
    await expect(panel).toContainText(text.straight);
    await panel.getByRole('button', { name: text.order }).click();
    const result = panel.getByTestId('route-result');
    await expect(result).toBeVisible({ timeout: 20_000 });
    const stops = Number(await result.getAttribute('data-stops'));
    expect(stops).toBeGreaterThan(1);
    await expect(panel.getByTestId('route-stops').locator('li')).toHaveCount(stops);
    await expect(panel.getByRole('region', { name: text.map })).toBeVisible();
    // Numbered markers 1…n and the route's line.
    await expect(panel.locator('[data-marker-id]')).toHaveCount(stops);
    await expect(panel.locator('[data-marker-id]').first()).toHaveText('1');
    await expect(panel.locator('[data-line-id="route"]')).toHaveCount(1);
    await fitsWidth(county);
    await county.screenshot({ path: test.info().outputPath(`route-${lang}.png`), fullPage: true });

    for (const [format, type, root] of [
      ['gpx', 'application/gpx+xml; charset=utf-8', '<gpx '],
      ['kml', 'application/vnd.google-earth.kml+xml; charset=utf-8', '<kml '],
    ] as const) {
      const href = await panel.getByTestId(`route-${format}`).getAttribute('href');
      expect(href).toContain(`lang=${lang}`);
      const res = await county.request.get(href!);
      expect(res.headers()['content-type']).toBe(type);
      expect(res.headers()['content-disposition']).toMatch(new RegExp(`attachment.*\\.${format}`));
      const xml = await res.text();
      expect(xml).toContain(root);
    }
  });
}
