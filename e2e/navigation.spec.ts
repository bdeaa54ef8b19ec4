import { expect, test } from '@playwright/test';
import { PortalPage } from './pages/portal-page';

test.describe('navigation', () => {
  test('a section path opens its first screen in either language, not home (issue 32.7)', async ({ request }) => {
    const sections: [string, string][] = [
      ['/chinese/platform', '/chinese/platform/platformIntro'],
      ['/english/applicationExtend', '/english/applicationExtend/orbitalPredict'],
      ['/chinese/about/contactUs', '/chinese/about/contactUs/contact'],
      ['/english/personal', '/english/personal/personalCenter'],
    ];
    for (const [from, to] of sections) {
      const res = await request.get(from, { maxRedirects: 0 });
      expect([from, res.status(), new URL(res.headers().location ?? '', 'http://x').pathname]).toEqual([from, 307, to]);
    }
  });

  for (const lang of ['zh', 'en'] as const) {
    test(`${lang}: the 401 page offers to log in, and its button opens the login dialog (issue 32.7)`, async ({ page }) => {
      const portal = new PortalPage(page, lang);
      await portal.goto('/401');
      await page.getByRole('main').getByRole('link', { name: portal.text.login, exact: true }).click();
      await expect(portal.loginDialog).toBeVisible();
      await expect(portal.loginDialog.getByLabel(portal.text.username)).toBeVisible();
    });
  }

  test('sub-menus open on hover', async ({ page }) => {
    const portal = new PortalPage(page, 'en');
    await portal.goto('/home');
    const about = portal.menu.getByRole('button', { name: 'About' });
    await expect(about).toHaveAttribute('aria-expanded', 'false');
    await about.hover();
    await expect(about).toHaveAttribute('aria-expanded', 'true');
    await portal.menu.getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/english\/about\/contactUs\/contact$/);
  });

  test('sub-menus open and close with the keyboard', async ({ page }) => {
    const portal = new PortalPage(page, 'zh');
    await portal.goto('/home');
    const home = portal.menu.getByRole('link', { name: '首页' });
    await expect(home).toHaveAttribute('aria-current', 'page');
    await home.focus();
    await page.keyboard.press('Tab');
    const satellites = portal.menu.getByRole('button', { name: '卫星动态' });
    await expect(satellites).toBeFocused();
    await expect(satellites).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(satellites).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Tab');
    const platform = portal.menu.getByRole('button', { name: '平台介绍' });
    await expect(platform).toBeFocused();
    await expect(platform).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(platform).toHaveAttribute('aria-expanded', 'false');
    // The image query is a plain link between the two menus.
    await page.keyboard.press('Tab');
    await expect(portal.menu.getByRole('link', { name: '影像查询' })).toBeFocused();
    // Statistics shows to everyone since its public coverage screen was built (issue 36.1).
    await page.keyboard.press('Tab');
    const statistics = portal.menu.getByRole('button', { name: '统计分析' });
    await expect(statistics).toBeFocused();
    await expect(statistics).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(statistics).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Tab');
    const extend = portal.menu.getByRole('button', { name: '应用拓展' });
    await expect(extend).toBeFocused();
    await expect(extend).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(extend).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Tab');
    const about = portal.menu.getByRole('button', { name: '关于我们' });
    await expect(about).toBeFocused();
    await expect(about).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(about).toHaveAttribute('aria-expanded', 'false');
    await expect(about).toBeFocused();
    await page.keyboard.press('ArrowDown');
    const contact = portal.menu.getByRole('link', { name: '联系方式' });
    await expect(contact).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/chinese\/about\/contactUs\/contact$/);
  });

  test('a phone-width visitor opens the menu from the burger', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const portal = new PortalPage(page, 'en');
    await portal.goto('/home');
    await expect(portal.menu).toBeHidden();
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Main navigation' });
    await drawer.getByRole('button', { name: 'About' }).click();
    await drawer.getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/english\/about\/contactUs\/contact$/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('back to top appears from 300 px and scrolls up; navigation starts at the top', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    const portal = new PortalPage(page, 'en');
    await portal.goto('/home');
    const button = page.getByTestId('back-to-top');
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 200));
    await page.waitForTimeout(200);
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(button).toBeVisible();
    await expect(button).toHaveText('Back to top');
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/contactUs\/contact$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
