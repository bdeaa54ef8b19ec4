import { createCanvas } from '@napi-rs/canvas';
import { expect, test } from '@playwright/test';
import { CAPTCHA_ANSWER } from '../playwright.config';
import { PortalPage } from './pages/portal-page';

const PASSWORD = 'Demo@2026';

/** An 800×450 PNG to upload as a cover. */
function coverImage(): Buffer {
  const canvas = createCanvas(800, 450);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#0b7285';
  ctx.fillRect(0, 0, 800, 450);
  ctx.fillStyle = '#ffd43b';
  ctx.fillRect(200, 100, 400, 250);
  return canvas.toBuffer('image/png');
}

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
  // The HTML source view takes markup as it is; the server strips the script and the handler when saving.
  await form.getByRole('toolbar', { name: '格式工具栏：中文正文' }).getByRole('button', { name: 'HTML 源码' }).click();
  await form
    .getByRole('textbox', { name: '中文正文（HTML 源码）' })
    .fill('<p>这是一条端到端测试资讯的正文。</p><script>alert(1)</script><p><img src="/x.png" onerror="alert(2)" alt="x"></p>');
  await form.getByRole('tab', { name: 'English' }).click();
  await form.getByLabel('英文标题').fill(titleEn);
  await form.getByRole('textbox', { name: '英文正文', exact: true }).fill('The body of an end-to-end test item.');
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

  // A cover is stored with smaller copies (made on the server's resize threads), which the editor's preview and,
  // once published, the public list offer in srcset (issue 32.5).
  const coverSection = page.getByRole('region', { name: '封面图片' });
  await coverSection.locator('input[type="file"]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: coverImage() });
  await coverSection.getByLabel('中文替代文本').fill('测试封面');
  await coverSection.getByLabel('英文替代文本').fill('Test cover');
  await coverSection.getByRole('button', { name: '上传封面' }).click();
  await expect(coverSection.getByRole('status')).toHaveText('封面已更新。');
  await expect(coverSection.getByRole('img', { name: '测试封面' })).toHaveAttribute('srcset', / 320w, .* 480w, .* 640w, .* 800w$/);
  // Close the form (and the cover's message with it).
  await page.reload();

  // The list pages and searches titles in either language (issue 32.7: 66 items on one page, no search).
  await expect(page.getByTestId('news-pages')).toBeVisible();
  await page.getByTestId('news-search').fill(titleEn);
  await expect(page.getByTestId('news-list-total')).toHaveText('共 1 条');
  await expect(page.getByTestId('news-pages')).toHaveCount(0);

  // Publish, after a confirmation naming the item: the public list shows it at once.
  const row = page.getByRole('row', { name: new RegExp(titleZh) });
  await row.getByRole('button', { name: '发布' }).click();
  const confirm = page.getByRole('dialog', { name: '发布这条新闻？' });
  await expect(confirm).toContainText(titleZh);
  await confirm.getByRole('button', { name: '发布' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('status')).toContainText('已发布');
  await anonymous.goto('/chinese/platform/newsList/trend');
  await expect(anonymous.locator('main article h2 a').first()).toHaveText(titleZh);
  const listed = anonymous.locator('main article img').first();
  await expect(listed).toHaveAttribute('alt', '测试封面');
  await expect(listed).toHaveAttribute('srcset', / 320w, .* 480w, .* 640w, .* 800w$/);
  await expect(listed).toHaveJSProperty('complete', true);
  expect(await listed.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await anonymous.goto(draftUrl);
  await expect(anonymous.getByRole('heading', { level: 1 })).toHaveText(titleEn);
  await expect(anonymous.locator('main')).not.toContainText('alert(1)');
  await anonymous.goto(`/chinese/platform/newsList/trend/detail/${id}`);
  await expect(anonymous.getByText('这是一条端到端测试资讯的正文。')).toBeVisible();
  expect(await anonymous.locator('main article').innerHTML()).not.toMatch(/<script|onerror|alert\(/);
  await visitor.close();
});

test('a signed-in user without the editor permission gets the 403 page', async ({ page }) => {
  const portal = new PortalPage(page, 'en');
  await portal.goto('/home');
  await portal.login('demo-hebei', PASSWORD, CAPTCHA_ANSWER);
  await portal.goto('/manage/news');
  await expect(page).toHaveURL(/\/english\/403$/);
});

for (const t of [
  {
    lang: 'zh',
    manage: '/chinese/manage/news',
    newItem: '新建资讯',
    form: '资讯编辑表单',
    titleZh: '中文标题',
    bodyZh: '中文正文',
    toolbarZh: '格式工具栏：中文正文',
    bold: '加粗（Ctrl+B）',
    confirmPublish: '发布这条新闻？',
    confirmWithdraw: '撤回这条新闻？',
    cancel: '取消',
    draft: '草稿',
    titleEn: '英文标题',
    save: '保存',
    saved: '已保存',
    incompleteEn: '未保存：英文版缺少标题或正文（已在其标签页标出）。',
    incompleteZh: '未保存：中文版缺少标题或正文（已在其标签页标出）。',
    requiredEn: '英文版须填写此项',
    requiredZh: '中文版须填写此项',
    publish: '发布',
    published: '已发布',
    unpublish: '撤回',
    unpublished: '已撤回',
    onlyIn: '仅有中文版',
  },
  {
    lang: 'en',
    manage: '/english/manage/news',
    newItem: 'New item',
    form: 'News item form',
    titleZh: 'Chinese title',
    bodyZh: 'Chinese body',
    toolbarZh: 'Formatting: Chinese body',
    bold: 'Bold (Ctrl+B)',
    confirmPublish: 'Publish this item?',
    confirmWithdraw: 'Unpublish this item?',
    cancel: 'Cancel',
    draft: 'Draft',
    titleEn: 'English title',
    save: 'Save',
    saved: 'Saved',
    incompleteEn: 'Not saved: the English version lacks its title or body (marked on its tab).',
    incompleteZh: 'Not saved: the Chinese version lacks its title or body (marked on its tab).',
    requiredEn: 'Required for the English version',
    requiredZh: 'Required for the Chinese version',
    publish: 'Publish',
    published: 'Published',
    unpublish: 'Unpublish',
    unpublished: 'Unpublished',
    onlyIn: 'Available in Chinese only',
  },
] as const) {
  test(`a Chinese-only item saves; what is missing is shown on the tab that has it (${t.lang})`, async ({ page, browser }) => {
    const portal = new PortalPage(page, t.lang);
    await portal.goto('/home');
    await portal.login('demo-editor', PASSWORD, CAPTCHA_ANSWER);
    await page.goto(t.manage);
    await page.getByRole('button', { name: t.newItem }).click();
    const form = page.getByRole('form', { name: t.form });
    const tabZh = form.getByRole('tab', { name: /中文/ });
    const tabEn = form.getByRole('tab', { name: /English/ });

    // Nothing written: Save says so, on the page's own language tab.
    await form.getByRole('button', { name: t.save, exact: true }).click();
    await expect(page.locator('main').getByRole('alert')).toHaveText(t.lang === 'zh' ? t.incompleteZh : t.incompleteEn);

    // English begun on its tab (title only), Chinese complete, while the Chinese tab is open: Save opens the English
    // tab, marks it, and names the missing field.
    await tabEn.click();
    await form.getByLabel(t.titleEn).fill('Half an English version');
    await tabZh.click();
    const stamp = Date.now().toString(36);
    const titleZh = `仅中文资讯 ${stamp}`;
    await form.getByLabel(t.titleZh).fill(titleZh);
    // The body is written in the rich-text editor: one word made bold with the toolbar.
    const body = form.getByRole('textbox', { name: t.bodyZh, exact: true });
    await body.click();
    await page.keyboard.type('只有中文正文，');
    const bold = form.getByRole('toolbar', { name: t.toolbarZh }).getByRole('button', { name: t.bold });
    await bold.click();
    await expect(bold).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type('重点词');
    await bold.click();
    await page.keyboard.type('。');
    await expect(body.locator('strong')).toHaveText('重点词');
    await form.getByRole('button', { name: t.save, exact: true }).click();
    await expect(page.locator('main').getByRole('alert')).toHaveText(t.incompleteEn);
    await expect(tabEn).toHaveAttribute('aria-selected', 'true');
    await expect(tabEn).toHaveAttribute('data-incomplete', 'true');
    await expect(tabZh).not.toHaveAttribute('data-incomplete', 'true');
    await expect(form.getByText(t.requiredEn)).toBeVisible();

    // Leaving English out altogether is fine: a Chinese-only item saves.
    await form.getByLabel(t.titleEn).fill('');
    await form.getByRole('button', { name: t.save, exact: true }).click();
    await expect(page.getByRole('status')).toContainText(t.saved);
    await expect(tabEn).not.toHaveAttribute('data-incomplete', 'true');

    // Publishing asks first, naming the item; cancelled, nothing changes.
    const row = page.getByRole('row', { name: new RegExp(titleZh) });
    await row.getByRole('button', { name: t.publish, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: t.confirmPublish });
    await expect(confirm).toContainText(titleZh);
    await expect(confirm.getByRole('button', { name: t.cancel })).toBeFocused();
    await confirm.getByRole('button', { name: t.cancel }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toContainText(t.draft);
    // Published, the English page shows it in Chinese, marked as such and in the right language for screen readers.
    await row.getByRole('button', { name: t.publish, exact: true }).click();
    await expect(confirm).toBeVisible();
    await page.getByTestId('news-confirm-status').click();
    await expect(page.getByRole('status')).toContainText(t.published);
    const visitor = await browser.newContext();
    const anonymous = await visitor.newPage();
    await anonymous.goto('/english/platform/newsList/notic');
    const item = anonymous.locator('main article', { hasText: titleZh });
    await expect(item).toHaveAttribute('lang', 'zh-CN');
    await expect(item.getByTestId('news-only-in')).toHaveText('Available in Chinese only');
    await item.getByRole('link', { name: titleZh }).click();
    await expect(anonymous.getByRole('heading', { level: 1 })).toHaveText(titleZh);
    await expect(anonymous.locator('main article')).toHaveAttribute('lang', 'zh-CN');
    await expect(anonymous.getByText('只有中文正文，重点词。')).toBeVisible();
    await expect(anonymous.locator('main article strong', { hasText: '重点词' })).toBeVisible();
    await visitor.close();
    // Off the site again, so the lists other specs read start with the demo items: asked first as well.
    await row.getByRole('button', { name: t.unpublish, exact: true }).click();
    await expect(page.getByRole('dialog', { name: t.confirmWithdraw })).toContainText(titleZh);
    await page.getByTestId('news-confirm-status').click();
    await expect(page.getByRole('status')).toContainText(t.unpublished);
  });
}
