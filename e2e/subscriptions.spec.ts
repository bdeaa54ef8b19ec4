import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { encryptPassword } from '../lib/client/encrypt-password';
import { CAPTCHA_ANSWER } from '../playwright.config';
import { NormalPage } from './pages/normal-page';
import { PortalPage, PREFIX, type Lang } from './pages/portal-page';

const PASSWORD = 'Demo@2026';
const SUBSCRIPTIONS = '/api/usercenter/v1/subscriptions';

const TEXT = {
  zh: {
    active: '启用',
    paused: '已暂停',
    delivered: '测试已送达',
    testKind: '测试',
    empty: /还没有订阅/,
    testSubject: '订阅测试投递',
    title: '我的订阅',
  },
  en: {
    active: 'Active',
    paused: 'Paused',
    delivered: 'Test delivered',
    testKind: 'Test',
    empty: /No subscriptions yet/,
    testSubject: 'Test delivery of your subscription',
    title: 'My subscriptions',
  },
} as const;

/** The newest outbox message to `recipient`, read as the administrator (the outbox API). */
async function newestMail(baseURL: string, recipient: string): Promise<{ subject: string; body: string } | undefined> {
  const request = await playwrightRequest.newContext({ baseURL });
  const { data: key } = await (await request.get('/api/usercenter/v1/userinfo/login/publickey')).json();
  const token = 'SUBSCR' + 'x'.repeat(26);
  await request.get(`/api/usercenter/v1/userinfo/login/captcha?token=${token}`);
  const login = await request.post('/api/usercenter/v1/userinfo/login', {
    data: { username: 'demo-admin', password: await encryptPassword(key.publicKey, PASSWORD), captcha: CAPTCHA_ANSWER, token },
    headers: { 'x-forwarded-for': '10.99.0.35' },
  });
  const adminToken = (await login.json()).data as string;
  const res = await request.get(`/api/usercenter/v1/outbox?recipient=${encodeURIComponent(recipient)}&limit=1`, {
    headers: { token: adminToken },
  });
  const body = (await res.json()) as { data: Array<{ subject: string; body: string }> };
  await request.dispose();
  return body.data[0];
}

/** Whatever an earlier run left: the user's subscriptions go first. */
async function clearSubscriptions(page: Page) {
  const origin = new URL(page.url()).origin;
  const list = (await (await page.request.get(SUBSCRIPTIONS)).json()) as { data: { list: Array<{ id: string }> } };
  for (const sub of list.data.list) await page.request.delete(`${SUBSCRIPTIONS}/${sub.id}`, { headers: { origin } });
}

/**
 * Issue 35.4, one journey per language: search on the image query → "Subscribe to this search" (e-mail digest) →
 * My subscriptions lists it → a test delivery lands in the outbox → pause and resume → the delivery log → delete
 * with confirmation; the screen at phone width.
 */
for (const [lang, user] of [
  ['zh', 'demo-county'],
  ['en', 'demo-editor'],
] as const satisfies readonly (readonly [Lang, string])[]) {
  test(`${lang}: subscribe from the image query, test delivery to the outbox, pause, log, delete; phone width`, async ({
    page,
    baseURL,
  }) => {
    const text = TEXT[lang];
    const normal = new NormalPage(page, lang);
    await normal.goto();
    await normal.portal.login(user, PASSWORD, CAPTCHA_ANSWER);
    await clearSubscriptions(page);

    await normal.search();
    await page.getByTestId('subscribe-search').click();
    const name = `E2E ${lang} ${Date.now()}`;
    await page.getByTestId('subscription-name').fill(name);
    await page.getByTestId('subscribe-submit').click();
    await expect(page.getByTestId('subscribe-done')).toBeVisible();
    await page.getByTestId('subscribe-manage').click();
    await expect(page).toHaveURL(new RegExp(`${PREFIX[lang]}/personal/personalCenter/mySubscription$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.title);

    const card = page.getByTestId('subscription-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(name);
    await expect(card.getByTestId('subscription-status')).toHaveText(text.active);

    await card.getByTestId('subscription-test').click();
    await expect(card.getByTestId('subscription-outcome')).toHaveText(text.delivered);
    const mail = await newestMail(baseURL!, `${user}@rscloud.example`);
    expect(mail?.subject).toContain(text.testSubject);
    expect(mail?.body).toContain(name);

    await card.getByTestId('subscription-toggle').click();
    await expect(card.getByTestId('subscription-status')).toHaveText(text.paused);
    await card.getByTestId('subscription-toggle').click();
    await expect(card.getByTestId('subscription-status')).toHaveText(text.active);

    await card.getByTestId('subscription-log').click();
    const log = page.getByTestId('delivery-log');
    await expect(log.locator('tbody tr')).toHaveCount(1);
    await expect(log.locator('tbody tr').first()).toContainText(text.testKind);
    await page.keyboard.press('Escape');
    await expect(log).toBeHidden();

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await card.getByTestId('subscription-delete').click();
    await page.getByTestId('subscription-delete-confirm').click();
    await expect(page.getByTestId('subscriptions-empty')).toContainText(text.empty);
    expect(normal.errors).toEqual([]);
  });
}

const THEME_TEXT = {
  zh: { kind: '专题图斑', button: '订阅此处新图斑', theme: '土地覆盖监测', region: /石家庄/, spots: /已匹配 \d+ 个图斑/ },
  en: {
    kind: 'Theme spots',
    button: 'Subscribe to new spots here',
    theme: 'Wind power monitoring',
    region: /Hebei/,
    spots: /spots? matched/,
  },
} as const;

/**
 * Issue 35.4, theme subscriptions, one journey per language: a user who sees a theme's spots opens its screen on a
 * region → "Subscribe to new spots here" in the header → My subscriptions lists it as a theme subscription with the
 * theme and region named; both screens fit a phone.
 */
for (const [lang, user, path] of [
  ['zh', 'demo-city', '/monitor/landcover?region=130100'],
  ['en', 'demo-hebei', '/monitor/windmill?region=130000'],
] as const satisfies readonly (readonly [Lang, string, string])[]) {
  test(`${lang}: subscribe to new spots from a theme screen and find it in My subscriptions; phone width`, async ({ page }) => {
    const text = THEME_TEXT[lang];
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const portal = new PortalPage(page, lang);
    await portal.goto(path);
    await portal.login(user, PASSWORD, CAPTCHA_ANSWER);
    await clearSubscriptions(page);

    const button = page.getByTestId('subscribe-theme');
    await expect(button).toHaveText(text.button);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(button).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await button.click();
    const name = page.getByTestId('subscription-name');
    await expect(name).toHaveValue(new RegExp(text.theme));
    const named = `E2E theme ${lang} ${Date.now()}`;
    await name.fill(named);
    await page.getByRole('radio', { name: lang === 'zh' ? 'Atom 订阅源' : 'Atom feed' }).check();
    await page.getByTestId('subscribe-submit').click();
    await expect(page.getByTestId('subscribe-done')).toBeVisible();
    await page.getByTestId('subscribe-manage').click();
    await expect(page).toHaveURL(new RegExp(`${PREFIX[lang]}/personal/personalCenter/mySubscription$`));

    const card = page.getByTestId('subscription-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(named);
    await expect(card.getByTestId('subscription-kind')).toHaveText(text.kind);
    await expect(card.getByTestId('subscription-theme')).toContainText(text.theme);
    await expect(card.getByTestId('subscription-theme')).toContainText(text.region);
    await expect(card).toContainText(text.spots);
    await expect(card.getByTestId('feed-url')).toContainText('/api/subscriptions/v1/feed/');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await card.getByTestId('subscription-delete').click();
    await page.getByTestId('subscription-delete-confirm').click();
    await expect(page.getByTestId('subscriptions-empty')).toBeVisible();
    expect(errors).toEqual([]);
  });
}
