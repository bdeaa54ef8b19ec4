import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PortalPage, type Lang } from './pages/portal-page';

/**
 * Issue 36.4: the spot statistics screen. Twins by language (scripts/e2e-share.mjs gives one to each database run):
 * Hebei's cities over 2025Q3–2026Q2 with every theme's counts and the verification cases, the same figures as the
 * API; drill through Shijiazhuang to a county by the table; open a theme's screen for that county from the table's
 * header. A visitor sees case counts but no verification details. The English one at phone width.
 */

const HEBEI = '130000';
const SHIJIAZHUANG = '130100';
const TEXT = {
  title: { zh: '图斑统计', en: 'Spot statistics' },
  landcover: { zh: '土地覆盖', en: 'Land cover' },
  hebei: { zh: '河北省', en: 'Hebei' },
  noDetail: { zh: '不显示', en: 'Not shown' },
};

interface Answer {
  themes: { id: string }[];
  items: { code: string; name: string; themes: { count: number }[]; cases: number }[];
  total: { themes: { count: number }[]; cases: number };
}

async function figures(request: APIRequestContext, lang: Lang, query: string): Promise<Answer> {
  const response = await request.get(`/api/statistics/v1/spot?${query}`, { headers: { 'x-locale': lang } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: Answer }).data;
}

const whole = (lang: Lang, n: number) => new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en-GB').format(n);

async function noSideScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

for (const lang of ['zh', 'en'] as const) {
  test(`${lang}: spot statistics of Hebei's cities, drill to a county, open a theme's screen`, async ({ page, request }) => {
    const phone = lang === 'en';
    if (phone) await page.setViewportSize({ width: 390, height: 844 });
    const period = 'from=2025Q3&to=2026Q2';
    const expected = await figures(request, lang, `region=${HEBEI}&${period}`);
    const landcover = expected.themes.findIndex((t) => t.id === 'landcover');
    expect(expected.total.cases).toBeGreaterThan(0);

    const portal = new PortalPage(page, lang);
    await portal.goto(`/statistics/spot?region=${HEBEI}&${period}`);
    await expect(page.getByRole('heading', { level: 1, name: TEXT.title[lang] })).toBeVisible();
    await expect(page.getByTestId('spot-stats-breadcrumb')).toContainText(TEXT.hebei[lang]);
    const table = page.getByTestId('statistics-table');
    await expect(table.locator('tbody tr[data-code]')).toHaveCount(expected.items.length);
    const city = expected.items.find((i) => i.code === SHIJIAZHUANG)!;
    const row = table.locator(`tr[data-code="${SHIJIAZHUANG}"]`);
    // Region, then each theme's count and measure: land cover's count is the row's second cell.
    await expect(row.locator('td').nth(1 + 2 * landcover)).toHaveText(whole(lang, city.themes[landcover]!.count));
    await expect(page.getByTestId('spot-stats-total')).toContainText(whole(lang, expected.total.cases));
    // A visitor sees how many cases, not their verdicts.
    await expect(row).toContainText(TEXT.noDetail[lang]);
    await expect(page.getByTestId('spot-stats-track')).toHaveAttribute('href', /\/verify\/lawenforceinspect\/spotTrack$/);
    if (phone) await noSideScroll(page);

    // Drill by the table: Shijiazhuang, then its first county (alone in the table); the breadcrumb names it.
    await row.getByRole('button', { name: city.name }).click();
    await expect(page).toHaveURL(new RegExp(`region=${SHIJIAZHUANG}`));
    const counties = await figures(request, lang, `region=${SHIJIAZHUANG}&${period}`);
    const county = counties.items[0]!;
    await table.locator(`tr[data-code="${county.code}"]`).getByRole('button', { name: county.name }).click();
    await expect(page).toHaveURL(new RegExp(`region=${county.code}`));
    await expect(page.getByTestId('spot-stats-breadcrumb')).toContainText(county.name);
    await expect(table.locator('tbody tr[data-code]')).toHaveCount(1);
    await expect(table.locator(`tr[data-code="${county.code}"] td`).nth(1 + 2 * landcover)).toHaveText(
      whole(lang, county.themes[landcover]!.count),
    );
    if (phone) await noSideScroll(page);

    // The theme's header opens its screen for the county and the period's newest batch.
    await table.getByRole('link', { name: TEXT.landcover[lang], exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/monitor/landcover\\?region=${county.code}&batch=\\d+`));
  });
}
