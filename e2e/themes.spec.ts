import { expect, test, type Page } from '@playwright/test';
import { CAPTCHA_ANSWER } from '../playwright.config';
import { PortalPage, type Lang } from './pages/portal-page';

const PASSWORD = 'Demo@2026';

/**
 * Issue 20: the declared themes on the shared monitoring screen. Each theme's journey (statistics drill-down
 * and legend switch, detail after login, a filter, the suitability zones where the theme has them, a shared
 * URL opened again) runs in both languages; CI's PostgreSQL run takes the Chinese one.
 */
interface ThemeCase {
  id: 'windmill' | 'pvland' | 'road' | 'steelplant';
  title: Record<Lang, string>;
  menu: Record<Lang, string>;
  /** The second measure's switch label, URL value and column header. */
  second: { switch: Record<Lang, string>; legend: string; column: Record<Lang, RegExp> };
  /** A status (stage) to filter by, its URL value, and the zones' toggle legend item if the theme has zones. */
  stage: { label: Record<Lang, string>; value: string };
  zone: Record<Lang, string> | null;
  /** What the detail panel shows of a feature of the theme. */
  panel: Record<Lang, RegExp>;
}

const CASES: ThemeCase[] = [
  {
    id: 'windmill',
    title: { zh: '风电监测', en: 'Wind power monitoring' },
    menu: { zh: '风电', en: 'Wind power' },
    second: { switch: { zh: '按容量', en: 'By capacity' }, legend: 'capacity', column: { zh: /装机容量（兆瓦）/, en: /Capacity \(MW\)/ } },
    stage: { label: { zh: '已并网运行', en: 'In operation' }, value: '2' },
    zone: { zh: '最适宜区', en: 'Most suitable' },
    panel: { zh: /装机容量（兆瓦）/, en: /Capacity \(MW\)/ },
  },
  {
    id: 'pvland',
    title: { zh: '光伏用地监测', en: 'Photovoltaic land monitoring' },
    menu: { zh: '光伏用地', en: 'Photovoltaic land' },
    second: { switch: { zh: '按面积', en: 'Area' }, legend: 'area', column: { zh: /面积/, en: /Area/ } },
    stage: { label: { zh: '已建成', en: 'Built' }, value: '2' },
    zone: { zh: '最适宜区', en: 'Most suitable' },
    panel: { zh: /用地类型/, en: /Land-use type/ },
  },
  {
    id: 'road',
    title: { zh: '道路监测', en: 'Road monitoring' },
    menu: { zh: '道路', en: 'Roads' },
    second: { switch: { zh: '按长度', en: 'By length' }, legend: 'length', column: { zh: /长度（公里）/, en: /Length \(km\)/ } },
    stage: { label: { zh: '新建', en: 'New' }, value: 'new' },
    zone: null,
    panel: { zh: /长度（公里）/, en: /Length \(km\)/ },
  },
  {
    id: 'steelplant',
    title: { zh: '钢铁产能监测', en: 'Steel capacity monitoring' },
    menu: { zh: '钢铁产能', en: 'Steel capacity' },
    second: { switch: { zh: '按容量', en: 'By capacity' }, legend: 'capacity', column: { zh: /产能（百万吨\/年）/, en: /Mt\/year/ } },
    stage: { label: { zh: '在产', en: 'Operating' }, value: '1' },
    zone: null,
    panel: { zh: /产能（百万吨\/年）/, en: /Capacity \(Mt\/year\)/ },
  },
];

const HEBEI: Record<Lang, string> = { zh: '河北省', en: 'Hebei' };
const TEXT = {
  statistics: { zh: '统计', en: 'Statistics' },
  detail: { zh: '详情', en: 'Detail' },
  status: { zh: '状态', en: 'Status' },
  filter: { zh: '筛选', en: 'Filter' },
};

async function featureTotal(page: Page): Promise<number> {
  return Number(((await page.getByTestId('spot-total').textContent()) ?? '').replace(/[^\d]/g, ''));
}

/** Statistics: the provinces, then Hebei's cities by clicking it; the second measure by the switch. */
async function statistics(page: Page, c: ThemeCase, lang: Lang) {
  await expect(page.getByRole('heading', { level: 1, name: c.title[lang] })).toBeVisible();
  await expect(page.getByTestId(`${c.id}-demo-notice`)).toBeVisible();
  // Simple themes have statistics and detail only (spec §4).
  await expect(page.getByRole('tab')).toHaveText([TEXT.statistics[lang], new RegExp(TEXT.detail[lang])]);
  const table = page.getByTestId('statistics-table');
  await table.getByRole('button', { name: HEBEI[lang], exact: true }).click();
  await expect(page).toHaveURL(/region=130000/);
  await expect(page.getByTestId('monitor-breadcrumb')).toContainText(HEBEI[lang]);
  await expect(page.getByTestId('statistics-total')).toContainText(HEBEI[lang]);
  await expect(table.locator('tbody tr').first()).toBeVisible();
  // Turbines, plants and roads are not "spots" (issue 32.7: the caption said 图斑统计 for all of them).
  await expect(table.locator('caption')).toHaveText(lang === 'zh' ? `${HEBEI.zh}下级区域统计` : `Statistics of the regions within ${HEBEI.en}`);
  await page.getByTestId('legend-switch').getByText(c.second.switch[lang], { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`legend=${c.second.legend}`));
  await expect(table.getByRole('columnheader', { name: c.second.column[lang] })).toBeVisible();
}

for (const c of CASES) {
  for (const lang of ['zh', 'en'] as const) {
    test(`${lang}: ${c.id} — menu, statistics drill-down, detail with a filter${c.zone ? ', zones' : ''}, shared URL`, async ({ page }) => {
      const portal = new PortalPage(page, lang);
      await portal.goto('/home');
      await portal.login('demo-hebei', PASSWORD, CAPTCHA_ANSWER);
      await portal.menu.getByRole('button', { name: lang === 'zh' ? '专题监测' : 'Monitoring' }).hover();
      await portal.menu.getByRole('link', { name: c.menu[lang], exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/monitor/${c.id}$`));
      await statistics(page, c, lang);

      await page.getByRole('tab', { name: new RegExp(TEXT.detail[lang]) }).click();
      await expect(page).toHaveURL(/module=detail/);
      const list = page.getByTestId('spot-list');
      await expect(list.locator('tbody tr').first()).toBeVisible();
      const all = await featureTotal(page);
      expect(all).toBeGreaterThan(0);
      if (c.id !== 'road') {
        // Wind, PV and steel batches are inventories: the detail shows the current one, not six copies of each plant.
        await expect(page.getByTestId('monitor-batch')).toBeVisible();
        const quarters = await list.locator('tbody tr').allTextContents();
        expect(quarters.every((row) => row.includes('2026Q2'))).toBe(true);
      }
      const filters = page.getByTestId('spot-filters');
      await filters.getByLabel(TEXT.status[lang]).click();
      await page.getByRole('option', { name: c.stage.label[lang], exact: true }).click();
      await filters.getByRole('button', { name: TEXT.filter[lang] }).click();
      await expect(page).toHaveURL(new RegExp(`stage=${c.stage.value}`));
      await expect.poll(() => featureTotal(page)).toBeLessThan(all);
      if (c.zone) {
        await page.getByTestId('zones-toggle').check();
        await expect(page.getByRole('group', { name: lang === 'zh' ? '适宜等级' : 'Suitability classes' })).toContainText(c.zone[lang]);
      }
      await list.locator('tbody tr').first().getByRole('button').click();
      await expect(page).toHaveURL(/spot=\d+/);
      await expect(page.getByTestId('spot-panel')).toContainText(c.panel[lang]);
      await expect(page.getByTestId('spot-panel')).toContainText(c.stage.label[lang]);
      // An inventory theme's facility names the quarter it was first listed in (a turbine's commissioning batch).
      if (c.id !== 'road') await expect(page.getByTestId('spot-panel')).toContainText(lang === 'zh' ? '首次监测批次' : 'First listed in');

      // The URL is the view: opened again (a shared link), it shows the same feature, filter and module.
      const shared = page.url();
      const panel = (await page.getByTestId('spot-panel').textContent()) ?? '';
      await portal.goto('/home');
      await page.goto(shared);
      await expect(page.getByTestId('spot-panel')).toHaveText(panel);
      await expect(page.getByRole('tab', { name: new RegExp(TEXT.detail[lang]) })).toHaveAttribute('aria-selected', 'true');
      await page.screenshot({ path: `test-results/${c.id}-${lang}-detail.png`, fullPage: true });
    });
  }
}

test('en: a theme’s public statistics at phone width — no sideways scrolling; a module it lacks opens statistics', async ({ page }) => {
  await page.goto('/english/monitor/road?module=grid');
  await expect(page.getByRole('tab', { name: 'Statistics' })).toHaveAttribute('aria-selected', 'true');
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/english/monitor/steelplant?legend=capacity');
  await expect(page.getByRole('heading', { level: 1, name: 'Steel capacity monitoring' })).toBeVisible();
  await expect(page.getByTestId('statistics-table').getByRole('columnheader', { name: /Mt\/year/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/steelplant-en-360.png', fullPage: true });
});
