import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { CAPTCHA_ANSWER } from '../playwright.config';
import { PortalPage, type Lang } from './pages/portal-page';

/**
 * Issue 36.3: the push statistics screen. Twins by language (the Chinese one on the embedded database, the English
 * one on PostgreSQL, at phone width): the demo node user reads their own figures (as the API counts them), drills to
 * Hebei and downloads the CSV; an administrator reads everyone's and narrows to the node user.
 */

const PASSWORD = 'Demo@2026';
const TEXT = {
  zh: { title: '推送统计', scenes: '推送景数', user: '用户', hebei: '河北省', allUsers: '全部推送用户' },
  en: { title: 'Push statistics', scenes: 'Scenes pushed', user: 'User', hebei: 'Hebei', allUsers: 'All push users' },
};

const fmt = (lang: Lang, n: number) => new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', { maximumFractionDigits: 0 }).format(n);

/** The figures the screen asked for (its default period and step), as the API answers them to this session. */
async function apiFigures(page: Page, lang: Lang, user: string): Promise<{ scenes: number; spots: number }> {
  const now = new Date();
  const q = now.getUTCFullYear() * 4 + Math.floor(now.getUTCMonth() / 3);
  const term = (i: number) => `${Math.floor(i / 4)}Q${(i % 4) + 1}`;
  const response = await page.request.get(
    `/api/usercenter/v1/userinfo/push/statistics?user=${user}&step=quarter&period=${term(q - 3)}..${term(q)}`,
    {
      headers: { 'x-locale': lang },
    },
  );
  return ((await response.json()) as { data: { figures: { scenes: number; spots: number } } }).data.figures;
}

for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
  test(`push statistics: the demo node user's own figures, drill to Hebei, CSV; an administrator narrows to the node user (${lang})`, async ({
    browser,
  }) => {
    const text = TEXT[lang];
    const context = await browser.newContext({ viewport: lang === 'en' ? { width: 390, height: 844 } : { width: 1280, height: 900 } });
    const page = await context.newPage();
    const portal = new PortalPage(page, lang);

    await portal.goto('/home');
    await portal.login('demo-hebei', PASSWORD, CAPTCHA_ANSWER);
    await portal.goto('/statistics/push');
    await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
    const mine = await apiFigures(page, lang, 'me');
    expect(mine.scenes).toBeGreaterThan(0);
    await expect(page.getByTestId('push-stats-subject')).toContainText('demo-hebei');
    await expect(page.getByTestId('push-stats-scenes')).toContainText(fmt(lang, mine.scenes));
    // A node user cannot choose another user.
    await expect(page.getByTestId('push-stats-user')).toHaveCount(0);
    // The province table carries the same numbers; drill into Hebei by keyboard.
    const hebeiRow = page.locator('[data-testid="push-stats-region-row"][data-code="130000"]');
    await expect(hebeiRow).toBeVisible();
    await hebeiRow.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('push-stats-breadcrumb')).toContainText(text.hebei);
    await expect(page).toHaveURL(/region=130000/);
    await expect(page.locator('[data-testid="push-stats-region-row"][data-code="130100"]')).toBeVisible();
    if (lang === 'en') expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('push-stats-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^push-statistics-\d+-.*\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain(text.scenes);

    // An administrator: everyone by default, then only the node user.
    await context.clearCookies();
    await portal.goto('/home');
    await portal.login('demo-admin', PASSWORD, CAPTCHA_ANSWER);
    await portal.goto('/statistics/push');
    const select = page.getByLabel(text.user, { exact: true });
    await expect(select).toHaveValue('all');
    await expect(page.getByTestId('push-stats-subject')).toContainText(text.allUsers);
    const all = await apiFigures(page, lang, 'all');
    await expect(page.getByTestId('push-stats-scenes')).toContainText(fmt(lang, all.scenes));
    await page.locator('[data-testid="push-stats-user-row"][data-username="demo-hebei"]').getByRole('button').click();
    await expect(page.getByTestId('push-stats-subject')).toContainText('demo-hebei');
    await expect(page.getByTestId('push-stats-scenes')).toContainText(fmt(lang, mine.scenes));
    // The choice is in the address: opened again (a shared link, a reload), the same figures.
    await expect(page).toHaveURL(/user=\d+/);
    await page.reload();
    await expect(page.getByTestId('push-stats-subject')).toContainText('demo-hebei');
    await context.close();
  });
}
