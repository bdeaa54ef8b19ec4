import { expect, test } from '@playwright/test';
import { CAPTCHA_ANSWER } from '../playwright.config';
import { PortalPage } from './pages/portal-page';

const PASSWORD = 'Demo@2026';

test('editor: draft → preview → publish → visible to everyone', async ({ page, browser }) => {
  const portal = new PortalPage(page, 'zh');
  await portal.goto('/home');
  await portal.login('demo-editor', PASSWORD, CAPTCHA_ANSWER);
  // Editors reach their screen from the header.
  await page.getByRole('banner').getByRole('link', { name: '新闻编辑' }).click();
  await expect(page).toHaveURL(/\/chinese\/manage\/news$/);
  await expect(page.getByRole('heading', { level: 1, name: '新闻编辑' })).toBeVisible();

  const stamp = Date.now().toString(36);
  const titleZh = `端到端测试资讯 ${stamp}`;
  const titleEn = `End-to-end test item ${stamp}`;
  await page.getByRole('button', { name: '新建资讯' }).click();
  const form = page.getByRole('form', { name: '资讯编辑表单' });
  await form.getByLabel('类型').click();
  await page.getByRole('option', { name: '行业动态' }).click();
  await form.getByLabel('中文标题').fill(titleZh);
  await form.getByLabel('中文正文（HTML）').fill('<p>这是一条端到端测试资讯的正文。</p><script>alert(1)</script>');
  await form.getByRole('tab', { name: 'English' }).click();
  await form.getByLabel('英文标题').fill(titleEn);
  await form.getByLabel('英文正文（HTML）').fill('<p>The body of an end-to-end test item.</p>');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('status')).toContainText('已保存');

  // Preview the draft in English, as the detail page will show it, to editors only.
  const [preview] = await Promise.all([page.waitForEvent('popup'), form.getByRole('link', { name: '预览英文页面' }).click()]);
  await expect(preview).toHaveURL(/\/english\/manage\/news\/preview\/\d+$/);
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText(titleEn);
  await expect(preview.getByText('The body of an end-to-end test item.')).toBeVisible();
  await expect(preview.getByText('News preview').first()).toBeVisible();
  const id = preview.url().split('/').pop();
  const draftUrl = `/english/platform/newsList/trend/detail/${id}`;
  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  expect((await anonymous.goto(draftUrl))!.status()).toBe(404);
  // Visitors cannot open the preview either: it asks them to log in.
  await anonymous.goto(preview.url());
  await expect(anonymous).toHaveURL(/\/english\/home\?login=/);
  // Previewing again, then a visitor: still not found (nothing of the draft was cached).
  await preview.reload();
  expect((await anonymous.goto(draftUrl))!.status()).toBe(404);

  // Publish: the public list shows it at once.
  const row = page.getByRole('row', { name: new RegExp(titleZh) });
  await row.getByRole('button', { name: '发布' }).click();
  await expect(page.getByRole('status')).toContainText('已发布');
  await anonymous.goto('/chinese/platform/newsList/trend');
  await expect(anonymous.locator('main article h2 a').first()).toHaveText(titleZh);
  await anonymous.goto(draftUrl);
  await expect(anonymous.getByRole('heading', { level: 1 })).toHaveText(titleEn);
  await expect(anonymous.locator('main')).not.toContainText('alert(1)');
  await visitor.close();
});

test('a signed-in user without the editor permission gets the 403 page', async ({ page }) => {
  const portal = new PortalPage(page, 'en');
  await portal.goto('/home');
  await portal.login('demo-hebei', PASSWORD, CAPTCHA_ANSWER);
  await portal.goto('/manage/news');
  await expect(page).toHaveURL(/\/english\/403$/);
});
