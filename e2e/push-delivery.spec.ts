import { expect, request as playwrightRequest, test } from '@playwright/test';
import { CAPTCHA_ANSWER } from '../playwright.config';
import { PortalPage, type Lang } from './pages/portal-page';

const PASSWORD = 'Demo@2026';

const TEXT = {
  zh: {
    feed: '拉取订阅源',
    feedUrl: '订阅源地址',
    status: '投递状态',
    acknowledged: /已于 .+ 确认/,
    pending: '尚未获取',
    filterAcknowledged: '已确认',
    filterRedelivered: '已重新投递',
    resendTitle: '重新推送批次',
    resent: /已重新列入 demo-hebei 的订阅源（已重新投递 \d+ 次）/,
    redelivered: /已重新投递 \d+ 次/,
  },
  en: {
    feed: 'Pull feed',
    feedUrl: 'Feed address',
    status: 'Delivery status',
    acknowledged: /Acknowledged .+/,
    pending: 'Not fetched yet',
    filterAcknowledged: 'Acknowledged',
    filterRedelivered: 'Re-delivered',
    resendTitle: 'Re-send batch',
    resent: /is listed again in demo-hebei's feed \(re-delivered (once|\d+ times)\)/,
    redelivered: /Re-delivered (once|\d+ times)/,
  },
} as const;

for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
  test(`${lang}: a node user's pulled batch shows as acknowledged; an administrator sees it and re-sends it`, async ({
    browser,
    baseURL,
  }) => {
    // Two sign-ins, a feed poll and the administrator's screen: more than the default minute on a loaded machine.
    test.setTimeout(150_000);
    const text = TEXT[lang];
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const portal = new PortalPage(page, lang);

    // The demo node user reads the feed address on My pushes.
    await portal.goto('/home');
    await portal.login('demo-hebei', PASSWORD, CAPTCHA_ANSWER);
    await portal.goto('/personal/personalCenter/myPush');
    await expect(page.getByRole('heading', { level: 2, name: text.feed })).toBeVisible();
    const feedUrl = await page.getByLabel(text.feedUrl).inputValue();
    expect(new URL(feedUrl).pathname).toBe('/api/push/v1/feed/atom');
    // The load's batch is cut by the job queue after the catalogue loads: wait for it.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('push-batch-row').first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });

    // A dedicated-line client polls with the token alone (a header, no cookie) and fetches the newest batch.
    const token = (await context.cookies()).find((c) => c.name === 'token')!.value;
    const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { token } });
    const atom = await api.get('/api/push/v1/feed/atom');
    expect(atom.headers()['content-type']).toContain('application/atom+xml');
    const batchId = /<id>urn:rscloud:push-batch:(\d+)<\/id>/.exec(await atom.text())![1]!;
    // Every page of its ItemCollection, following `next`: the last one acknowledges the batch.
    let next: string | undefined = `/api/push/v1/feed/batch/${batchId}?limit=500`;
    let received = 0;
    let matched = 0;
    while (next) {
      const items = await api.get(next);
      expect(items.headers()['content-type']).toBe('application/geo+json');
      const body = (await items.json()) as {
        type: string;
        numberMatched: number;
        numberReturned: number;
        links: { rel: string; href: string }[];
      };
      expect(body.type).toBe('FeatureCollection');
      received += body.numberReturned;
      matched = body.numberMatched;
      next = body.links.find((l) => l.rel === 'next')?.href;
    }
    expect(received).toBe(matched);
    await api.dispose();

    // My pushes shows it acknowledged.
    await page.reload();
    const mine = page.getByTestId('push-batch-row').first().getByTestId('push-delivery-status');
    await expect(mine).toHaveAttribute('data-status', 'acknowledged');
    await expect(mine.getByTestId('push-delivery-badge')).toHaveText(text.acknowledged);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.clearCookies();

    // The administrator finds it among the acknowledged batches, with its user, and re-sends it after confirming.
    await portal.goto('/home');
    await portal.login('demo-admin', PASSWORD, CAPTCHA_ANSWER);
    await portal.goto('/manage/push');
    // The list's count comes from the browser's query: the screen is live before the filter is chosen.
    await expect(page.getByTestId('push-deliveries-total')).toBeVisible();
    await page.getByLabel(text.status).selectOption({ label: text.filterAcknowledged });
    await expect(page.getByLabel(text.status)).toHaveValue('acknowledged');
    await expect(page.getByTestId('push-deliveries').locator('[data-status="pending"]')).toHaveCount(0);
    const row = page.locator(`[data-testid="push-delivery-row"][data-batch="${batchId}"]`);
    await expect(row).toContainText('demo-hebei');
    await expect(row.getByTestId('push-delivery-badge')).toHaveText(text.acknowledged);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // By keyboard: focus the button, open the confirmation, which holds the focus.
    await row.getByTestId('push-resend').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(text.resendTitle);
    await dialog.getByTestId('push-resend-confirm').click();
    await expect(page.getByTestId('push-delivery-notice')).toHaveText(text.resent);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // No longer acknowledged: among the re-delivered, waiting to be fetched again.
    await expect(row).toHaveCount(0);
    await page.getByLabel(text.status).selectOption({ label: text.filterRedelivered });
    await expect(page.getByLabel(text.status)).toHaveValue('redelivered');
    await expect(row.getByTestId('push-delivery-status')).toHaveAttribute('data-status', 'pending');
    await expect(row.getByTestId('push-delivery-badge')).toHaveText(text.pending);
    await expect(row.getByTestId('push-delivery-redelivered')).toHaveText(text.redelivered);
    await context.close();
  });
}
