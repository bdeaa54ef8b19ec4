import { expect, test, type Page } from '@playwright/test';
import { CAPTCHA_ANSWER } from '../playwright.config';
import { NormalPage } from './pages/normal-page';
import { PREFIX, type Lang } from './pages/portal-page';

const PASSWORD = 'Demo@2026';

const TEXT = {
  zh: {
    ready: '可下载',
    purpose: '用途',
    name: '联系人',
    cart: /购物车/,
    offline: '离线 · 耗时较长',
    intact: /^✓ 记录完整.* · 指纹 [0-9a-f]{12}$/,
  },
  en: {
    ready: 'Ready',
    purpose: 'Purpose',
    name: 'Contact name',
    cart: /in the cart/,
    offline: 'Offline · takes longer',
    intact: /^✓ Record intact.* · Fingerprint [0-9a-f]{12}$/,
  },
} as const;

/** Nothing on the page is wider than the viewport. */
async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/**
 * Ordering, one journey per language (a user each, so the carts do not meet): search → check two
 * scenes → add to cart → the header badge counts them → Shopping → order with a purpose → the order
 * becomes ready (the server's job queue) → download a package; then the screens at phone width.
 */
for (const [lang, user] of [
  ['zh', 'demo-personal'],
  ['en', 'demo-city'],
] as const satisfies readonly (readonly [Lang, string])[]) {
  test(`${lang}: search → add to cart → badge → order → ready → download; phone width`, async ({ page }) => {
    const text = TEXT[lang];
    const normal = new NormalPage(page, lang);
    await normal.goto();
    await normal.portal.login(user, PASSWORD, CAPTCHA_ANSWER);
    // Whatever an earlier run left in the cart goes first.
    await page.request.delete('/api/order/v3/ordercart', {
      data: { all: true },
      headers: { origin: page.url().replace(/(https?:\/\/[^/]+).*/, '$1') },
    });

    await normal.search();
    await expect(normal.rows.first()).toBeVisible();
    const checks = page.getByTestId('result-check');
    await checks.nth(0).check();
    await checks.nth(1).check();
    await page.getByTestId('add-checked').click();
    await expect(page.getByTestId('cart-outcome')).toContainText('2');
    const badge = page.getByTestId('cart-link');
    await expect(badge).toHaveAccessibleName(text.cart);
    await expect(page.getByTestId('cart-badge')).toContainText('2');

    await badge.click();
    await expect(page).toHaveURL(new RegExp(`${PREFIX[lang]}/personal/personalCenter/shopping$`));
    await expect(page.getByTestId('cart-row')).toHaveCount(2);
    await page.getByLabel(text.purpose).fill(lang === 'zh' ? '土地利用调查' : 'Land-use survey');
    await page.getByLabel(text.name).fill(lang === 'zh' ? '测试用户' : 'Test User');
    await page.getByTestId('checkout-submit').click();
    await expect(page).toHaveURL(new RegExp(`${PREFIX[lang]}/personal/personalCenter/myOrder/\\d+$`));
    await expect(page.getByTestId('cart-badge')).not.toContainText('2');

    // Production runs in the server: the detail refreshes itself until the order is ready.
    await expect(page.getByTestId('order-status')).toHaveText(text.ready, { timeout: 30_000 });
    await expect(page.getByTestId('order-history').locator('li')).toHaveCount(3);
    // Its history is as it was written (issue 33.5): the hash chain checked, in words and with its fingerprint.
    await expect(page.getByTestId('chain-status')).toHaveText(text.intact);
    const download = page.waitForEvent('download');
    await page.getByTestId('item-download').first().click();
    expect((await download).suggestedFilename()).toMatch(/\.zip$/);

    // The order's page is as wide as Shopping's.
    const mainWidth = () =>
      page
        .locator('main .mantine-Container-root')
        .first()
        .evaluate((e) => e.getBoundingClientRect().width);
    const detailWidth = await mainWidth();
    await page.goto(`${PREFIX[lang]}/personal/personalCenter/shopping`);
    await expect(page.getByTestId('cart-empty')).toBeVisible();
    expect(await mainWidth()).toBe(detailWidth);

    // Phone width: my orders and the cart stay within the screen.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`${PREFIX[lang]}/personal/personalCenter/myOrder`);
    await expect(page.getByTestId('order-row').first()).toBeVisible();
    await fitsWidth(page, 390);
    await page.goto(`${PREFIX[lang]}/personal/personalCenter/shopping`);
    await expect(page.getByTestId('cart-empty')).toBeVisible();
    await fitsWidth(page, 390);
  });
}

const ADMIN_TEXT = {
  zh: {
    status: '状态',
    ready: '可下载',
    completed: '已完成',
    filter: '筛选',
    newStatus: '新状态',
    note: '说明',
    save: '保存状态',
    open: /^查看订单 /,
    intact: /^✓ 记录完整/,
  },
  en: {
    status: 'Status',
    ready: 'Ready',
    completed: 'Completed',
    filter: 'Filter',
    newStatus: 'New status',
    note: 'Note',
    save: 'Save status',
    open: /^Open order /,
    intact: /^✓ Record intact/,
  },
} as const;

/**
 * Order management, one run per language (after the journeys above, whose orders are ready): an
 * administrator filters all orders by status and completes one with a note, which its history records.
 */
for (const lang of ['zh', 'en'] as const) {
  test(`${lang}: an administrator filters the orders by status and changes one with a note`, async ({ page }) => {
    const text = ADMIN_TEXT[lang];
    const normal = new NormalPage(page, lang);
    await normal.portal.goto('/home');
    await normal.portal.login('demo-admin', PASSWORD, CAPTCHA_ANSWER);
    await normal.portal.goto('/manage/orders');
    const filters = page.getByRole('search');
    await filters.getByRole('combobox', { name: text.status }).click();
    await page.getByRole('option', { name: text.ready, exact: true }).click();
    await filters.getByRole('button', { name: text.filter, exact: true }).click();
    const rows = page.getByTestId('order-row');
    await expect(rows.first()).toBeVisible();
    // Each row's status badge, not its text: a scene count such as "2 ready" must not pass for the status (the
    // unfiltered list could otherwise be read before the filtered one arrives).
    const exactly = new RegExp(`^${text.ready}$`);
    await expect(rows.getByTestId('order-row-status').filter({ hasNotText: exactly })).toHaveCount(0);

    const row = rows.first();
    const code = (await row.getByRole('heading').textContent())!;
    await row.getByRole('button', { name: text.open }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(code) });
    await expect(dialog.getByTestId('order-status')).toHaveText(text.ready);
    await dialog.getByRole('combobox', { name: text.newStatus }).click();
    await page.getByRole('option', { name: text.completed, exact: true }).click();
    const note = `e2e ${lang} ${Date.now()}`;
    await dialog.getByRole('textbox', { name: text.note }).fill(note);
    await dialog.getByRole('button', { name: text.save }).click();
    await expect(dialog.getByTestId('order-status')).toHaveText(text.completed);
    await expect(dialog.getByTestId('status-history').locator('li').last()).toContainText(note);
    await expect(dialog.getByTestId('chain-status')).toHaveText(text.intact);
    await page.keyboard.press('Escape');
    // The list under the Ready filter no longer holds it.
    await expect(rows.filter({ hasText: code })).toHaveCount(0);
  });
}
