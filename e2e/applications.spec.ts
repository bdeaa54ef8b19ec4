import { expect, test, type Browser } from '@playwright/test';
import { CAPTCHA_ANSWER } from '../playwright.config';
import { NormalPage } from './pages/normal-page';
import { PortalPage, type Lang } from './pages/portal-page';

const PASSWORD = 'Demo@2026';
const PHONE = { width: 390, height: 844 };

const TEXT = {
  zh: {
    apply: '申请数据',
    scenes: '已从影像查询带入 2 景勾选的影像',
    project: '项目名称',
    purpose: '数据用途',
    submit: '提交申请',
    sent: '申请已提交',
    admin: '管理',
    review: '数据申请审核',
    approve: '通过并生成订单',
    note: '审核意见（可选）',
    pending: '待审核',
    approved: '已通过',
    title: '我的申请',
  },
  en: {
    apply: 'Apply for data',
    scenes: '2 checked scenes from the image query',
    project: 'Project',
    purpose: 'What the data is for',
    submit: 'Send application',
    sent: 'Application sent',
    admin: 'Administration',
    review: 'Reviewing applications',
    approve: 'Approve and place the order',
    note: 'Note (optional)',
    pending: 'Pending review',
    approved: 'Approved',
    title: 'My applications',
  },
} as const;

const fitsPhone = async (page: import('@playwright/test').Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

/**
 * A data application end to end: the user checks two scenes on the image query and applies for them
 * (the form at phone width), an administrator approves it on the review screen (phone width), and the
 * order is the user's: on My orders (screen and data) and named on the application.
 */
async function journey(browser: Browser, lang: Lang) {
  const text = TEXT[lang];
  const project = `E2E ${lang} ${Date.now().toString(36)}`;

  const userContext = await browser.newContext();
  const page = await userContext.newPage();
  const normal = new NormalPage(page, lang);
  await normal.goto();
  await normal.portal.login('demo-personal', PASSWORD, CAPTCHA_ANSWER);
  await normal.search();
  await page.getByTestId('result-check').nth(0).check();
  await page.getByTestId('result-check').nth(1).check();
  await page.getByTestId('apply-for-data').click();

  // The form, at phone width, with the two scenes handed over and the contact from the profile.
  await page.setViewportSize(PHONE);
  await expect(page.getByTestId('application-scene-count')).toHaveText(text.scenes);
  await page.getByRole('textbox', { name: text.project }).fill(project);
  await page.getByRole('textbox', { name: text.purpose }).fill('Farmland change monitoring, end-to-end test.');
  await fitsPhone(page);
  await page.getByRole('button', { name: text.submit }).click();
  await expect(page.getByTestId('application-sent')).toContainText(text.sent);
  await page.goto(`/${lang === 'zh' ? 'chinese' : 'english'}/personal/personalCenter/myApply`);
  const mine = page.getByRole('listitem').filter({ hasText: project });
  await expect(mine.getByTestId('request-status')).toHaveText(text.pending);

  // An administrator approves it, at phone width, reaching the screen from the header's menu.
  const adminContext = await browser.newContext({ viewport: PHONE });
  const adminPage = await adminContext.newPage();
  const admin = new PortalPage(adminPage, lang);
  await admin.goto('/home');
  await admin.login('demo-admin', PASSWORD, CAPTCHA_ANSWER);
  await adminPage.getByRole('banner').getByRole('button', { name: text.admin }).click();
  await adminPage.getByRole('menuitem', { name: text.review }).click();
  await expect(adminPage.getByRole('heading', { level: 1, name: text.review })).toBeVisible();
  const row = adminPage.getByRole('listitem').filter({ hasText: project });
  await row.getByRole('button').click();
  const dialog = adminPage.getByRole('dialog', { name: project });
  await expect(dialog.getByTestId('application-scenes').locator('tbody tr')).toHaveCount(2);
  await dialog.getByRole('textbox', { name: text.note }).fill('OK');
  await dialog.getByRole('button', { name: text.approve }).click();
  await expect(dialog.getByTestId('request-status')).toHaveText(text.approved);
  const orderCode = (await dialog.getByTestId('application-order').textContent())?.trim() ?? '';
  expect(orderCode).toMatch(/^DD\d{14}$/);
  await fitsPhone(adminPage);
  await adminContext.close();

  // The order is the user's: in My orders (screen and data), and the application names it.
  const orders = await page.request.get('/api/order/v3/order/own?pageSize=100');
  const body = (await orders.json()) as { code: number; data: { list: { code: string; itemCount: number }[] } };
  expect(body.data.list.find((o) => o.code === orderCode)).toMatchObject({ itemCount: 2 });
  await page.goto(`/${lang === 'zh' ? 'chinese' : 'english'}/personal/personalCenter/myOrder`);
  await expect(page.getByTestId('order-row').filter({ hasText: orderCode })).toBeVisible();
  await fitsPhone(page);
  await page.goto(`/${lang === 'zh' ? 'chinese' : 'english'}/personal/personalCenter/myApply`);
  await expect(mine.getByTestId('request-status')).toHaveText(text.approved);
  await expect(mine).toContainText(orderCode);
  await fitsPhone(page);
  await userContext.close();
}

test('zh: apply for checked scenes → an administrator approves → the order is the user’s', async ({ browser }) => {
  await journey(browser, 'zh');
});

test('en: apply for checked scenes → an administrator approves → the order is the user’s', async ({ browser }) => {
  await journey(browser, 'en');
});

const EDGE_ONLY = { zh: '仅接边（0%）', en: 'Edge only (0%)' } as const;
const CHOSEN = { zh: /^已选 (\d+) 景$/, en: /^(\d+) chosen$/ } as const;

/**
 * An area application (issue 32.7): the approval's scene picker starts with the cloud-weighted minimal
 * covering set — not every matching scene — shows each scene's share of the area and cloud, and the order
 * holds exactly the preselected scenes.
 */
async function areaApproval(browser: Browser, lang: Lang, viewport: { width: number; height: number }) {
  const text = TEXT[lang];
  const project = `E2E area ${lang} ${Date.now().toString(36)}`;
  const userContext = await browser.newContext();
  const user = new PortalPage(await userContext.newPage(), lang);
  await user.goto('/home');
  await user.login('demo-personal', PASSWORD, CAPTCHA_ANSWER);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const created = await user.page.request.post('/api/order/v3/request', {
    headers: { origin: new URL(user.page.url()).origin },
    data: {
      idempotencyKey: crypto.randomUUID(),
      kind: 'area',
      area: { mode: 1, regionCodes: ['130100'] },
      dateFrom: day(-365),
      dateTo: day(0),
      organization: 'Hebei Institute of Surveying',
      project,
      purpose: 'Cropland change, end-to-end test of the area approval.',
      contact: { name: 'Li Lei', phone: '13800000009', email: null },
    },
  });
  const answer = (await created.json()) as { code: number; data: { request: { id: string } } };
  expect(answer.code).toBe(0);
  const id = answer.data.request.id;
  await userContext.close();

  const adminContext = await browser.newContext({ viewport });
  const adminPage = await adminContext.newPage();
  const admin = new PortalPage(adminPage, lang);
  await admin.goto('/home');
  await admin.login('demo-admin', PASSWORD, CAPTCHA_ANSWER);
  await admin.goto('/manage/applications');
  await adminPage.getByRole('listitem').filter({ hasText: project }).getByRole('button').click();
  const dialog = adminPage.getByRole('dialog', { name: project });
  const picker = dialog.getByTestId('scene-picker');
  await expect(picker).toBeVisible({ timeout: 30_000 });
  const detail = (await (await adminPage.request.get(`/api/order/v3/manage/request/id/${id}`)).json()) as {
    data: { areaMatches: { total: number } };
  };
  const matched = detail.data.areaMatches.total;
  const chosen = Number((await picker.getByTestId('picker-chosen').textContent())!.match(CHOSEN[lang])![1]);
  const minimalRows = picker.locator('[data-testid="picker-row"][data-minimal]');
  // The minimal set, every one of its rows checked and covering part of the area; fewer than all the matches.
  expect(chosen).toBeGreaterThan(0);
  expect(chosen).toBeLessThan(matched);
  const onPage = await minimalRows.count();
  for (let i = 0; i < Math.min(onPage, 20); i++) {
    await expect(minimalRows.nth(i).getByRole('checkbox')).toBeChecked();
    await expect(minimalRows.nth(i).getByTestId('picker-coverage')).not.toHaveText(EDGE_ONLY[lang]);
  }
  await expect(picker.locator('[data-testid="picker-row"]:not([data-minimal])').first().getByRole('checkbox')).not.toBeChecked();
  await adminPage.screenshot({ path: test.info().outputPath(`area-approval-${lang}-${viewport.width}.png`), fullPage: false });
  await fitsPage(adminPage, viewport.width);
  await dialog.getByRole('button', { name: text.approve }).click();
  await expect(dialog.getByTestId('request-status')).toHaveText(text.approved);
  const approved = (await (await adminPage.request.get(`/api/order/v3/manage/request/id/${id}`)).json()) as { data: { orderId: string } };
  const order = (await (await adminPage.request.get(`/api/order/v3/manage/order/id/${approved.data.orderId}`)).json()) as {
    data: { itemCount: number };
  };
  expect(order.data.itemCount).toBe(chosen);
  await adminContext.close();
}

const fitsPage = async (page: import('@playwright/test').Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

test('zh: approving an area application preselects the minimal covering set, at phone width (issue 32.7)', async ({ browser }) => {
  await areaApproval(browser, 'zh', PHONE);
});

test('en: approving an area application preselects the minimal covering set (issue 32.7)', async ({ browser }) => {
  await areaApproval(browser, 'en', { width: 1280, height: 900 });
});
