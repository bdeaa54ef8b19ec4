import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { parseTles, tleChecksum } from '../lib/shared/satellites/tle';
import { CAPTCHA_ANSWER } from '../playwright.config';
import { PortalPage, type Lang } from './pages/portal-page';

const PASSWORD = 'Demo@2026';
const SHIPPED = parseTles(readFileSync(path.join(process.cwd(), 'data/satellites/eo_subset.tle'), 'utf8'));
const DAY = 86_400_000;

const TEXT = {
  zh: {
    menu: '轨道根数管理',
    heading: '轨道根数管理',
    name: '根数名称（可选）',
    current: (source: string) => `当前根数：${source}`,
    satellites: '3 颗卫星',
    unknown: '1 颗卫星不在门户的卫星资料中',
    refused: '第 4 行（GAOFEN-1 02）：校验和不符',
    shipped: '门户自带',
    shippedName: 'CelesTrak GP “active” 组，2026-08-22（门户自带）',
    makeCurrent: (source: string) => `将“${source}”设为当前根数`,
    made: '已成为当前轨道根数',
  },
  en: {
    menu: 'Orbit element sets',
    heading: 'Orbit element sets',
    name: 'Name of the set (optional)',
    current: (source: string) => `Now current: ${source}`,
    satellites: '3 satellites',
    unknown: "1 satellite is not in the portal's satellite data",
    refused: 'line 4 (GAOFEN-1 02): a checksum does not match',
    shipped: 'Shipped with the portal',
    shippedName: 'CelesTrak GP “active” group of 2026-08-22 (shipped with the portal)',
    makeCurrent: (source: string) => `Make “${source}” the current set`,
    made: 'is now the current element set',
  },
} as const;

const withChecksum = (line: string) => `${line.slice(0, 68)}${tleChecksum(line)}`;

/** GF-2 and GF-1 02 at an epoch a day ago, and a satellite the portal does not describe. */
function freshFile(breakChecksum = false): string {
  const now = Date.now() - DAY;
  const year = new Date(now).getUTCFullYear();
  const day = (now - Date.UTC(year, 0, 1)) / DAY + 1;
  const epoch = `${String(year % 100).padStart(2, '0')}${day.toFixed(8).padStart(12, '0')}`;
  const sets = [40118, 43259].map((norad) => {
    const tle = SHIPPED.get(norad)!;
    return [tle.name, withChecksum(`${tle.line1.slice(0, 18)}${epoch}${tle.line1.slice(32)}`), tle.line2];
  });
  const gf2 = SHIPPED.get(40118)!;
  sets.push([
    'E2E TEST SAT',
    withChecksum(`1 99990${gf2.line1.slice(7, 18)}${epoch}${gf2.line1.slice(32)}`),
    withChecksum(`2 99990${gf2.line2.slice(7)}`),
  ]);
  if (breakChecksum) {
    const line = sets[1]![1]!;
    sets[1]![1] = `${line.slice(0, 68)}${(Number(line[68]) + 1) % 10}`;
  }
  return `${sets.map((s) => s.join('\n')).join('\n')}\n`;
}

for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
  test(`orbit elements: an administrator uploads a TLE file, sees the result, and restores the shipped set (${lang})`, async ({
    browser,
  }) => {
    const text = TEXT[lang];
    const source = `E2E ${lang} ${Date.now().toString(36)}`;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const portal = new PortalPage(page, lang);
    await portal.goto('/home');
    await portal.login('demo-admin', PASSWORD, CAPTCHA_ANSWER);
    await page.getByTestId('admin-menu').click();
    await page.getByRole('menuitem', { name: text.menu }).click();
    await expect(page).toHaveURL(new RegExp(`${lang === 'zh' ? '/chinese' : '/english'}/manage/tle$`));
    await expect(page.getByRole('heading', { level: 1, name: text.heading })).toBeVisible();

    // A file with a broken checksum is refused with the line, and nothing changes.
    const input = page.getByTestId('tle-file-input');
    await input.setInputFiles({ name: 'broken.tle', mimeType: 'text/plain', buffer: Buffer.from(freshFile(true)) });
    await expect(page.getByTestId('tle-error')).toContainText(text.refused);

    // A sound file becomes the current set: its name, epochs, count and the unknown satellite are shown.
    await page.getByLabel(text.name).fill(source);
    await input.setInputFiles({ name: 'fresh.tle', mimeType: 'text/plain', buffer: Buffer.from(freshFile()) });
    const result = page.getByTestId('tle-result');
    await expect(result).toContainText(text.current(source));
    await expect(result).toContainText(text.satellites);
    await expect(result).toContainText(text.unknown);
    await expect(page.getByTestId('tle-result-epochs')).toContainText('UTC');
    await expect(page.getByTestId('tle-result-stale')).toHaveCount(0);
    const newest = page.getByTestId('tle-set-row').first();
    await expect(newest).toContainText(source);
    await expect(newest.getByTestId('tle-set-current')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The shipped set is made current again (other journeys predict from it).
    const shipped = page.getByTestId('tle-set-row').filter({ hasText: text.shipped });
    await shipped.getByTestId('tle-make-current').click();
    await expect(page.getByTestId('tle-notice')).toContainText(text.made);
    await expect(shipped.getByTestId('tle-set-current')).toBeVisible();
    // Named in the reader's language (the Chinese screen showed the stored English name).
    await expect(shipped.getByRole('heading', { level: 3 })).toHaveText(text.shippedName);
    await expect(newest.getByRole('button', { name: text.makeCurrent(source) })).toBeVisible();
    await context.close();
  });
}
