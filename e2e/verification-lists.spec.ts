import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CAPTCHA_ANSWER } from '../playwright.config';
import { PortalPage, PREFIX, type Lang } from './pages/portal-page';

/**
 * The law-enforcement inspection's lists (issue 33.3; spec §2 spotAuto, spotConfirm, spotTrack), in both languages,
 * on a desktop and at 390 px, against the seeded demo cases. The counts the screens must show are read from the
 * API in the same session, so the journeys hold whatever the demo data holds; moves made here are checked through
 * the API too. demo-county: county checker of 130102; demo-city: city reviewer of 130100 (README).
 */

const PASSWORD = 'Demo@2026';
const BASE = '/verify/lawenforceinspect';
const LANGS: readonly Lang[] = ['zh', 'en'];

const TEXT = {
  zh: {
    spotAuto: '自动提取图斑',
    spotConfirm: '图斑确认',
    spotTrack: '图斑跟踪',
    reasonRequired: '请填写理由。',
    pushed: '已下发',
    hebei: '河北省',
    shijiazhuang: '石家庄市',
  },
  en: {
    spotAuto: 'Extracted spots',
    spotConfirm: 'Spot confirmation',
    spotTrack: 'Spot tracking',
    reasonRequired: 'Please give a reason.',
    pushed: 'Pushed',
    hebei: 'Hebei',
    shijiazhuang: 'Shijiazhuang',
  },
} as const;

interface CaseRow {
  id: string;
  spotNo: string;
  xzqdm: string;
  status: string;
  version: number;
  actions: string[];
}
interface CasePage {
  list: CaseRow[];
  total: number;
  overdue: number;
  stageCounts: Record<string, number>;
}

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { code: number; data: T };
  expect(body.code).toBe(0);
  return body.data;
}

const cases = (request: APIRequestContext, query: string) => api<CasePage>(request, `/api/process-spot-bjhs/v1/process/query?${query}`);

async function statusOf(request: APIRequestContext, id: string): Promise<string> {
  const detail = await api<{ status: string }>(request, `/api/push-spot-bjhs/v3/spot-meta/detail/${id}`);
  return detail.status;
}

async function login(page: Page, lang: Lang, user: string) {
  const portal = new PortalPage(page, lang);
  await portal.goto('/home');
  await portal.login(user, PASSWORD, CAPTCHA_ANSWER);
  return portal;
}

/** Nothing on the page is wider than the viewport. */
async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The stage chip of `stage` (its name and count). */
const chip = (page: Page, stage: string) => page.locator(`[data-testid="stage-chip"][data-stage="${stage}"]`);

const origin = (page: Page) => ({ origin: page.url().replace(/(https?:\/\/[^/]+).*/, '$1') });

for (const lang of LANGS) {
  test(`${lang}: a signed-out visitor is asked to log in and comes back`, async ({ page }) => {
    const portal = new PortalPage(page, lang);
    for (const screen of ['spotAuto', 'spotConfirm', 'spotTrack'] as const) {
      await portal.goto(`${BASE}/${screen}`);
      await expect(page).toHaveURL(new RegExp(`${PREFIX[lang]}/home\\?login=`));
      await expect(portal.loginDialog).toBeVisible();
    }
    await portal.fillLogin('demo-county', PASSWORD, CAPTCHA_ANSWER);
    await portal.loginDialog.getByLabel(portal.text.captcha, { exact: true }).press('Enter');
    await expect(page).toHaveURL(new RegExp(`${PREFIX[lang]}${BASE}/spotTrack$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT[lang].spotTrack);
  });

  test(`${lang}: the county checker sees only its county, with the counts per stage, the mix and the map; phone width`, async ({
    page,
  }) => {
    const portal = await login(page, lang, 'demo-county');
    await portal.goto(`${BASE}/spotAuto`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT[lang].spotAuto);
    await expect(page.getByTestId('verify-roles')).toBeVisible();
    await expect(page.getByTestId('verify-demo-notice')).toBeVisible();

    const all = await cases(page.request, 'pageSize=100');
    expect(all.total).toBeGreaterThan(0);
    expect(all.list.every((c) => c.xzqdm === '130102')).toBe(true);
    // The rows are the county's only, and the stage chips and the mix carry the API's counts.
    await expect(page.getByTestId('case-row').first()).toBeVisible();
    await expect(page.getByTestId('case-total')).toHaveAttribute('data-total', String(all.total));
    for (const county of await page.getByTestId('case-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-county')))) {
      expect(county).toBe('130102');
    }
    for (const [stage, count] of Object.entries(all.stageCounts)) {
      await expect(chip(page, stage)).toHaveText(new RegExp(` · ${count}$`));
    }
    await expect(page.getByTestId('mix-total')).toContainText(String(all.total));
    // Stages by their dictionary names (VERIFY_STAGE), not their codes.
    await expect(chip(page, 'pushed')).toContainText(TEXT[lang].pushed);

    // A stage chip narrows the list to that stage.
    const stage = Object.entries(all.stageCounts).find(([, n]) => n > 0)![0];
    await chip(page, stage).click();
    await expect(chip(page, stage)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('case-total')).toHaveAttribute('data-total', String(all.stageCounts[stage]));
    await expect(page.locator(`[data-testid="case-row"]:not([data-stage="${stage}"])`)).toHaveCount(0);

    // A row's "locate" opens its marker on the map and marks the row.
    await page.getByTestId('case-locate').first().click();
    await expect(page.locator('.leaflet-popup')).toBeVisible();
    await expect(page.getByTestId('case-row').first()).toHaveAttribute('data-active', 'true');

    // Phone width: map and list stacked, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.reload();
    await expect(page.getByTestId('case-row').first()).toBeVisible();
    await fitsWidth(page, 390);
  });

  test(`${lang}: the city reviewer approves one case and sends one back with a reason; a stale decision keeps the reason`, async ({
    page,
  }) => {
    await login(page, lang, 'demo-city');
    await page.goto(`${PREFIX[lang]}${BASE}/spotConfirm`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT[lang].spotConfirm);
    const queue = await cases(page.request, 'mine=true&pageSize=3');
    expect(queue.total).toBeGreaterThanOrEqual(3);
    expect(queue.list.every((c) => c.xzqdm.startsWith('1301'))).toBe(true);
    await expect(page.getByTestId('tab-count-queue')).toContainText(String(queue.total));
    const rows = page.getByTestId('case-row');
    await expect(rows.first()).toBeVisible();

    // Approve the first.
    const first = (await rows.first().getAttribute('data-case-id'))!;
    await rows.first().getByTestId('case-approve').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('decision-submit').click();
    await expect(page.getByTestId('decision-done')).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(await statusOf(page.request, first)).toBe('passed');

    // Send back the next: the reason is required.
    const second = rows.first();
    const secondId = (await second.getAttribute('data-case-id'))!;
    expect(secondId).not.toBe(first);
    await second.getByTestId('case-send-back').click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('decision-reason')).toBeFocused();
    await dialog.getByTestId('decision-submit').click();
    await expect(dialog).toContainText(TEXT[lang].reasonRequired);
    await dialog
      .getByTestId('decision-reason')
      .fill(lang === 'zh' ? '举证照片不清晰，请补拍。' : 'The photos are unclear; please retake them.');
    await dialog.getByTestId('decision-submit').click();
    await expect(dialog).toBeHidden();
    expect(await statusOf(page.request, secondId)).toBe('returned');
    // It now shows among the returned cases.
    await page.getByTestId('confirm-tab-returned').click();
    await expect(page.locator(`[data-testid="case-row"][data-case-id="${secondId}"]`)).toBeVisible();

    // A decision on a case someone else moved meanwhile: 409, said so, the reason kept.
    await page.getByTestId('confirm-tab-queue').click();
    const third = rows.first();
    const thirdId = (await third.getAttribute('data-case-id'))!;
    await third.getByTestId('case-send-back').click();
    const reason = lang === 'zh' ? '面积与影像不符。' : 'The area does not match the imagery.';
    await dialog.getByTestId('decision-reason').fill(reason);
    const fresh = await cases(page.request, `mine=true&q=${encodeURIComponent((await third.getByTestId('case-link').textContent())!)}`);
    const target = fresh.list.find((c) => c.id === thirdId)!;
    const moved = await page.request.post(`/api/process-spot-bjhs/v1/process/${thirdId}`, {
      data: { to: 'passed', version: target.version },
      headers: origin(page),
    });
    expect(moved.ok()).toBe(true);
    await dialog.getByTestId('decision-submit').click();
    await expect(dialog.getByTestId('decision-conflict')).toBeVisible();
    await expect(dialog.getByTestId('decision-reason')).toHaveValue(reason);
    expect(await statusOf(page.request, thirdId)).toBe('passed');

    // Phone width.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.setViewportSize({ width: 390, height: 800 });
    await page.reload();
    await expect(rows.first()).toBeVisible();
    await fitsWidth(page, 390);
  });

  test(`${lang}: spotTrack shows the cases under rectification and the overdue counts by region, drilling down; phone width`, async ({
    page,
  }) => {
    await login(page, lang, 'demo-hebei');
    await page.goto(`${PREFIX[lang]}${BASE}/spotTrack`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT[lang].spotTrack);
    type Figures = { total: { overdue: number; byStage: Record<string, number> }; items: { code: string; name: string }[] };
    const rectifyingOf = (f: Figures) => ['ordered', 'rectifying', 'rectified'].reduce((n, s) => n + (f.total.byStage[s] ?? 0), 0);
    const province = await api<Figures>(page.request, '/api/process-spot-bjhs/v1/process/statistics?region=130000');
    expect(rectifyingOf(province)).toBeGreaterThan(0);
    expect(province.total.overdue).toBeGreaterThan(0);
    const total = page.getByTestId('figures-total');
    await expect(total.locator('[data-col="rectification"]')).toHaveText(String(rectifyingOf(province)));
    await expect(total.locator('[data-col="overdue"]')).toHaveText(String(province.total.overdue));
    await expect(page.getByTestId('figures-row')).toHaveCount(province.items.length);

    // The rectification list: its rows are in those stages, each saying who holds it.
    const rows = page.getByTestId('case-row');
    await expect(rows.first()).toBeVisible();
    await expect(page.getByTestId('case-total')).toHaveAttribute('data-total', String(rectifyingOf(province)));
    await expect(
      page.locator('[data-testid="case-row"]:not([data-stage="ordered"]):not([data-stage="rectifying"]):not([data-stage="rectified"])'),
    ).toHaveCount(0);
    await expect(page.getByTestId('case-holder').first()).not.toBeEmpty();

    // Overdue: the count the figures give.
    await page.getByTestId('track-tab-overdue').click();
    await expect(page.getByTestId('case-total')).toHaveAttribute('data-total', String(province.total.overdue));
    await expect(page.getByTestId('case-due').first()).toBeVisible();

    // Drill down to Shijiazhuang: its counties' figures, and back up through the trail.
    const city = await api<Figures>(page.request, '/api/process-spot-bjhs/v1/process/statistics?region=130100');
    await page
      .getByTestId('figures-table')
      .getByRole('button', { name: new RegExp(TEXT[lang].shijiazhuang) })
      .click();
    await expect(page.getByTestId('figures-trail')).toContainText(TEXT[lang].shijiazhuang);
    await expect(page.getByTestId('figures-row')).toHaveCount(city.items.length);
    await expect(total.locator('[data-col="overdue"]')).toHaveText(String(city.total.overdue));
    await expect(page.getByTestId('case-total')).toHaveAttribute('data-total', String(city.total.overdue));
    await page
      .getByTestId('figures-trail')
      .getByRole('button', { name: new RegExp(TEXT[lang].hebei) })
      .click();
    await expect(page.getByTestId('figures-row')).toHaveCount(province.items.length);

    await page.setViewportSize({ width: 390, height: 800 });
    await page.reload();
    await expect(page.getByTestId('figures-total')).toBeVisible();
    await fitsWidth(page, 390);
  });
}

/** Selects the pushed cases on the screen's first page (the chip), and answers the API's page of them. */
async function showPushed(page: Page) {
  const pushed = await cases(page.request, 'stage=pushed&pageSize=20');
  await chip(page, 'pushed').click();
  await expect(page.getByTestId('case-total')).toHaveAttribute('data-total', String(pushed.total));
  await expect(page.getByTestId('case-row').first()).toHaveAttribute('data-stage', 'pushed');
  return pushed;
}

test('zh: the county checker accepts its pushed spots into checking in bulk', async ({ page }) => {
  await login(page, 'zh', 'demo-county');
  await page.goto(`${PREFIX.zh}${BASE}/spotAuto`);
  const pushed = await showPushed(page);
  expect(pushed.total).toBeGreaterThan(0);
  await page.getByTestId('select-page').check();
  await expect(page.getByTestId('bulk-accept')).toContainText(`（${pushed.list.length}）`);
  await page.getByTestId('bulk-accept').click();
  await expect(page.getByTestId('bulk-result')).toContainText(`已接收 ${pushed.list.length} 个图斑`);
  await expect(page.getByTestId('bulk-refused')).toHaveCount(0);
  for (const c of pushed.list) expect(await statusOf(page.request, c.id)).toBe('checking');
  await expect(page.getByTestId('case-total')).toHaveAttribute('data-total', String(pushed.total - pushed.list.length));
});

test('en: bulk accept names each case it could not move (one moved by someone else meanwhile)', async ({ page }) => {
  // The administrator may accept pushed spots anywhere (the county has too few for both languages).
  await login(page, 'en', 'demo-admin');
  await page.goto(`${PREFIX.en}${BASE}/spotAuto`);
  const pushed = await showPushed(page);
  expect(pushed.list.length).toBeGreaterThanOrEqual(3);
  const [a, b, stale] = pushed.list as [CaseRow, CaseRow, CaseRow];
  for (const c of [a, b, stale]) await page.locator(`[data-case-id="${c.id}"]`).getByTestId('select-case').check();
  await expect(page.getByTestId('bulk-accept')).toContainText('(3)');
  // Someone else accepts the third before the button is pressed.
  const moved = await page.request.post(`/api/process-spot-bjhs/v1/process/${stale.id}`, {
    data: { to: 'checking', version: stale.version },
    headers: origin(page),
  });
  expect(moved.ok()).toBe(true);
  await page.getByTestId('bulk-accept').click();
  await expect(page.getByTestId('bulk-result')).toContainText('2 spots accepted into checking');
  await expect(page.getByTestId('bulk-refused').locator('li')).toHaveCount(1);
  await expect(page.getByTestId('bulk-refused')).toContainText(stale.spotNo);
  for (const c of [a, b, stale]) expect(await statusOf(page.request, c.id)).toBe('checking');
});

for (const lang of LANGS) {
  test(`${lang}: the county checker exports the listed cases as CSV, with progress and a link only it can open`, async ({
    page,
    browser,
  }) => {
    await login(page, lang, 'demo-county');
    await page.goto(`${PREFIX[lang]}${BASE}/spotAuto`);
    const all = await cases(page.request, 'pageSize=100');
    const panel = page.getByTestId('case-export');
    await panel.getByRole('button', { name: lang === 'zh' ? '导出列表中的案件' : 'Export the listed cases' }).click();
    const link = page.getByTestId('case-export-download');
    await expect(link).toBeVisible({ timeout: 30_000 });
    await expect(panel).toContainText(lang === 'zh' ? `已导出 ${all.total} 个案件` : `${all.total} cases exported`);
    const href = (await link.getAttribute('href'))!;
    const file = await page.request.get(href);
    expect(file.status()).toBe(200);
    const text = (await file.body()).toString('utf8');
    // UTF-8 with a byte-order mark (Excel), a header and one line per case of the county.
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.trim().split(/\r?\n/)).toHaveLength(all.total + 1);
    for (const c of all.list.slice(0, 5)) expect(text).toContain(c.spotNo);
    // The link is mine: another signed-in user is refused.
    const other = await browser.newPage();
    await login(other, lang, 'demo-city');
    expect((await other.request.get(href)).status()).toBe(403);
    await other.close();
  });
}
