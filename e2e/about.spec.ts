import { expect, test } from '@playwright/test';
import { CAPTCHA_ANSWER } from '../playwright.config';
import { FeedbackPage } from './pages/feedback-page';
import { PortalPage } from './pages/portal-page';

const PASSWORD = 'Demo@2026';
const SUBMIT = '**/api/feedback/v1/feedback/submit';

/**
 * The About section: feedback (login + MOD_054, validation, a failed send keeps the draft, the item
 * appears in "my feedback"), the FAQ (search, deep links, readable without JavaScript) and the
 * provincial nodes (search, table, map markers with their contacts, keyboard).
 */
test.describe('feedback', () => {
  test('zh: validation in field order, a failed send keeps the draft, then it arrives in my list', async ({ page }) => {
    const feedback = new FeedbackPage(page, 'zh');
    await feedback.openWithLogin('demo-personal', PASSWORD, CAPTCHA_ANSWER);
    await expect(page.getByRole('heading', { level: 1, name: '意见反馈' })).toBeVisible();
    await expect(page.getByTestId('feedback-empty')).toBeVisible();

    await feedback.submit.click();
    await expect(feedback.notice).toHaveText('请先修改标出的 3 处问题。');
    await expect(feedback.form.getByText('请选择问题类型')).toBeVisible();
    await expect(feedback.form.getByText('请填写标题')).toBeVisible();
    await expect(feedback.form.getByText('请填写详细描述')).toBeVisible();
    await expect(feedback.field('category')).toBeFocused();

    await feedback.field('category').selectOption({ label: '地图与地图服务' });
    await feedback.field('title').fill('WFS 下载的县界能否包含面积字段');
    await feedback.field('content').fill('太短了');
    // After the first attempt, messages follow the typing.
    await expect(feedback.form.getByText('详细描述至少需要 10 个字')).toBeVisible();
    await expect(feedback.form.getByText('请填写标题')).toHaveCount(0);
    const content = '用 ogr2ogr 从 WFS 下载县级行政区划时，希望结果里带上面积字段，方便直接做统计。';
    await feedback.field('content').fill(content);
    await expect(feedback.form.getByText(`${content.length}/2000`)).toBeVisible();
    await feedback.field('contact').fill('demo-personal@rscloud.example');

    // The server fails once: the message is shown and nothing typed is lost.
    await page.route(SUBMIT, (route) =>
      route.fulfill({ status: 500, json: { code: 500, message: '未知错误，请联系管理员或重试', data: null } }),
    );
    await feedback.submit.click();
    await expect(feedback.notice).toContainText('提交失败：未知错误，请联系管理员或重试');
    await expect(feedback.notice).toContainText('您填写的内容已保留');
    await expect(feedback.field('title')).toHaveValue('WFS 下载的县界能否包含面积字段');
    await expect(feedback.field('content')).toHaveValue(content);
    await page.unroute(SUBMIT);

    // A reload (e.g. after the login expired) brings the draft back.
    await page.reload();
    await expect(feedback.notice).toHaveText('已恢复您上次未提交的内容。');
    await expect(feedback.field('content')).toHaveValue(content);

    // Hold the request until the button was seen disabled (a fast server would re-enable it first).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(SUBMIT, async (route) => {
      await held;
      await route.continue();
    });
    const sent = page.waitForResponse((r) => r.url().includes('/feedback/submit'));
    await feedback.submit.click();
    await expect(feedback.submit).toBeDisabled();
    release();
    expect((await sent).status()).toBe(200);
    await page.unroute(SUBMIT);
    await expect(feedback.notice).toContainText('已收到您的反馈');
    await expect(feedback.field('title')).toHaveValue('');
    const item = feedback.item('WFS 下载的县界能否包含面积字段');
    await expect(item).toBeVisible();
    await expect(item.getByTestId('feedback-status')).toHaveText('… 已受理');
    await expect(item).toContainText(content);
    await expect(item).toContainText('类型：地图与地图服务');

    // The draft is gone for good.
    await page.reload();
    await expect(feedback.item('WFS 下载的县界能否包含面积字段')).toBeVisible();
    await expect(feedback.field('title')).toHaveValue('');
  });

  test('en: send feedback and see it listed; a seeded answer shows with its reply', async ({ page }) => {
    const feedback = new FeedbackPage(page, 'en');
    await feedback.openWithLogin('demo-hebei', PASSWORD, CAPTCHA_ANSWER);
    await expect(page.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();
    const answered = feedback.mine.getByTestId('feedback-item').filter({ has: page.getByText('✓ Answered') });
    await expect(answered).toContainText('Our answer');
    await expect(answered).toContainText('EPSG:4326');
    await expect(answered).toContainText('Demo');

    await feedback.field('category').selectOption({ label: 'Suggestion' });
    await feedback.field('title').fill('Filter the nodes by city');
    await feedback.field('content').fill('It would help to list the city contacts under each provincial node.');
    await feedback.field('contact').fill('not-an-address');
    await feedback.submit.click();
    await expect(feedback.form.getByText('Enter a valid e-mail address or phone number')).toBeVisible();
    await expect(feedback.field('contact')).toBeFocused();
    await feedback.field('contact').fill('138 0000 0002');
    await feedback.submit.click();
    await expect(feedback.notice).toContainText('we have received your feedback');
    const item = feedback.item('Filter the nodes by city');
    await expect(item.getByTestId('feedback-status')).toHaveText('… Received');
    await expect(item).toContainText('Contact: 138 0000 0002');
  });

  test('a signed-in user without the feedback permission gets the 403 page', async ({ page }) => {
    const portal = new PortalPage(page, 'en');
    await portal.goto('/home');
    await portal.login('demo-editor', PASSWORD, CAPTCHA_ANSWER);
    await portal.goto('/about/contactUs/idea');
    await expect(page).toHaveURL(/\/english\/403$/);
  });
});

test.describe('FAQ', () => {
  test('zh: search filters as you type and announces the count; a question opens', async ({ page }) => {
    const portal = new PortalPage(page, 'zh');
    await portal.goto('/about/FAQ');
    await expect(page.getByRole('heading', { level: 1, name: '常见问题' })).toBeVisible();
    const count = page.getByTestId('faq-count');
    const total = await page.locator('main details').count();
    expect(total).toBeGreaterThanOrEqual(25);
    await expect(count).toHaveText(`共 ${total} 个问题`);
    await expect(count).toHaveAttribute('aria-live', 'polite');

    const search = page.getByRole('searchbox', { name: '搜索问题' });
    await search.fill('验证码');
    await expect(count).toHaveText(/^找到 \d+ 个相关问题$/);
    const shown = page.locator('main details:visible');
    const found = Number((await count.textContent())!.match(/\d+/)![0]);
    expect(found).toBeGreaterThan(0);
    await expect(shown).toHaveCount(found);
    expect(found).toBeLessThan(total);
    for (const question of await shown.all()) await expect(question).toContainText('验证码', { useInnerText: false });

    await search.fill('没有这个词的问题');
    await expect(count).toHaveText('没有找到与“没有这个词的问题”相关的问题。换个关键词试试，或通过意见反馈向我们提问。');
    await expect(page.locator('main details:visible')).toHaveCount(0);

    await search.fill('');
    const question = page.getByText('多次输错密码后无法登录怎么办？', { exact: true });
    await question.click();
    await expect(page.locator('#faq-account-locked')).toHaveAttribute('open', '');
    await expect(page.locator('#faq-account-locked')).toContainText('该用户名会被临时锁定');
  });

  test('en: a deep link opens its question; structured data lists every question', async ({ page }) => {
    await page.goto('/english/about/FAQ#faq-gdal');
    const gdal = page.locator('#faq-gdal');
    await expect(gdal).toHaveAttribute('open', '');
    await expect(gdal.locator('pre')).toContainText('ogr2ogr -f GeoJSON hebei.geojson');
    await expect(gdal).toBeInViewport();

    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(jsonLd['@type']).toBe('FAQPage');
    expect(jsonLd.mainEntity).toHaveLength(await page.locator('main details').count());
    expect(jsonLd.mainEntity[0]).toMatchObject({ '@type': 'Question', acceptedAnswer: { '@type': 'Answer' } });

    await page.getByRole('searchbox', { name: 'Search the questions' }).fill('coordinate EPSG:3857');
    await expect(page.getByTestId('faq-count')).toHaveText(/^\d+ questions? found$/);
    await expect(page.locator('#faq-coordinate-systems')).toBeVisible();
  });

  test('without JavaScript the whole FAQ is in the page and opens', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/chinese/about/FAQ');
    expect(await page.locator('main details').count()).toBeGreaterThanOrEqual(25);
    await page.getByText('平台提供哪些标准地图服务？地址是什么？', { exact: true }).click();
    await expect(page.getByText('/map/cloudPlatform/wms，支持 GetCapabilities', { exact: false })).toBeVisible();
    await context.close();
  });
});

test.describe('provincial nodes', () => {
  test('zh: the table by division, search as you type, and a marker popup with the contacts', async ({ page }) => {
    const portal = new PortalPage(page, 'zh');
    await portal.goto('/about/province');
    await expect(page.getByRole('heading', { level: 1, name: '省级节点' })).toBeVisible();
    await expect(page.getByTestId('nodes-demo-notice')).toContainText('演示数据');
    const rows = page.getByTestId('node-row');
    await expect(rows).toHaveCount(31);
    await expect(page.getByRole('heading', { level: 2, name: '华北' })).toBeVisible();
    await expect(page.getByTestId('nodes-count')).toHaveText('共 31 个节点');

    // All 31 markers, each a labelled button on the map.
    const map = page.getByRole('region', { name: '省级节点分布地图' });
    await expect(map.locator('.leaflet-marker-icon')).toHaveCount(31);

    await page.getByRole('searchbox', { name: '搜索节点' }).fill('河北');
    await expect(page.getByTestId('nodes-count')).toHaveText('找到 1 个节点');
    await expect(rows.filter({ visible: true })).toHaveCount(1);
    await expect(rows.filter({ visible: true })).toContainText('河北省自然资源厅');
    await expect(map.locator('.leaflet-marker-icon')).toHaveCount(1);

    const marker = map.getByRole('button', { name: '河北省节点', exact: true });
    await marker.click();
    const popup = page.locator('.leaflet-popup-content');
    await expect(popup).toContainText('河北省节点');
    await expect(popup).toContainText('000-8000-1300');
    await expect(popup.getByRole('link', { name: 'hebei.node@rscloud.example' })).toHaveAttribute(
      'href',
      'mailto:hebei.node@rscloud.example',
    );
    await expect(popup).toContainText('演示数据');
    await expect(rows.filter({ visible: true })).toHaveAttribute('data-selected', 'true');

    // By keyboard: Escape closes and returns to the marker, Enter opens again.
    await popup.locator('[tabindex="-1"]').focus();
    await page.keyboard.press('Escape');
    await expect(popup).toHaveCount(0);
    await marker.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('.leaflet-popup-content')).toContainText('河北省自然资源厅');
  });

  test('en: "Show on map" opens the node’s popup; the region browser stays below', async ({ page }) => {
    const portal = new PortalPage(page, 'en');
    await portal.goto('/about/province');
    await expect(page.getByRole('heading', { level: 1, name: 'Provincial nodes' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search the nodes' }).fill('southwest');
    await expect(page.getByTestId('nodes-count')).toHaveText('5 nodes found');
    await page.getByRole('button', { name: 'Show Sichuan node on the map' }).click();
    const popup = page.locator('.leaflet-popup-content');
    await expect(popup).toContainText('Department of Natural Resources of Sichuan Province');
    await expect(popup).toContainText('sichuan.node@rscloud.example');
    await expect(popup).toContainText('Chengdu, Sichuan (demo address)');

    await page.getByRole('link', { name: 'Region browser and map services' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Regions and map services' })).toBeInViewport();
    await expect(page.getByTestId('region-name')).toHaveText('China');
  });

  test('without JavaScript every node is listed', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/english/about/province');
    await expect(page.getByTestId('node-row')).toHaveCount(31);
    await expect(page.getByText('Department of Natural Resources of Guangxi Zhuang Autonomous Region')).toBeVisible();
    await context.close();
  });
});
