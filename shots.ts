import { chromium, type Page } from '@playwright/test';
import { encryptPassword } from './lib/client/encrypt-password';

const BASE = 'http://localhost:3272';
async function login(page: Page, username: string) {
  const { data: key } = await (await page.request.get(`${BASE}/api/usercenter/v1/userinfo/login/publickey`)).json();
  const token = 'SHOTS' + 'x'.repeat(27);
  await page.request.get(`${BASE}/api/usercenter/v1/userinfo/login/captcha?token=${token}`);
  const res = await page.request.post(`${BASE}/api/usercenter/v1/userinfo/login`, {
    data: { username, password: await encryptPassword(key.publicKey, 'Demo@2026'), captcha: 'ABCD', token },
  });
  console.log('login', (await res.json()).code);
}
(async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell' });
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  await login(page, 'demo-city');
  const headers = { origin: BASE };
  const list = await (await page.request.get(`${BASE}/api/usercenter/v1/subscriptions`)).json();
  for (const s of list.data.list) await page.request.delete(`${BASE}/api/usercenter/v1/subscriptions/${s.id}`, { headers });
  const mk = async (body: object) => (await (await page.request.post(`${BASE}/api/usercenter/v1/subscriptions`, { data: body, headers })).json()).data;
  await mk({ name: 'Chang’an optical, clear', query: { filter: { cloudMax: 20, area: { mode: 1, regionCodes: ['130102'] } } }, delivery: 'email', frequency: 'weekly' });
  await mk({ name: 'Hebei extent feed', query: { filter: { area: { mode: 2, bbox: [113.5, 36, 119.8, 42.6] } } }, delivery: 'feed' });
  const hook = await mk({ name: 'Hook to our receiver', query: { filter: { dateFrom: '2026-01-01', area: { mode: 2, bbox: [100, 30, 101, 31] } } }, delivery: 'webhook', webhookUrl: 'http://127.0.0.1:9/hook' });
  await page.request.post(`${BASE}/api/usercenter/v1/subscriptions/${hook.id}/test`, { headers });
  for (const lang of ['english', 'chinese']) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(`${BASE}/${lang}/personal/personalCenter/mySubscription`);
      await page.getByTestId('my-subscriptions').waitFor();
      await page.screenshot({ path: `/tmp/shot-${lang}-${width}-list.png`, fullPage: true });
      await page.getByTestId('subscription-log').nth(0).click();
      await page.getByTestId('delivery-log').waitFor();
      await page.screenshot({ path: `/tmp/shot-${lang}-${width}-log.png` });
      await page.keyboard.press('Escape');
      await page.goto(`${BASE}/${lang}/normal`);
      await page.getByTestId('search-button').click();
      await page.getByTestId('subscribe-search').click();
      await page.getByTestId('subscription-name').waitFor();
      await page.getByTestId('delivery-webhook').click();
      await page.screenshot({ path: `/tmp/shot-${lang}-${width}-subscribe.png` });
    }
  }
  await browser.close();
})();
