import { expect, test } from '@playwright/test';
import { CAPTCHA_ANSWER } from '../playwright.config';
import { codeFromOutbox } from './pages/outbox';
import { PortalPage } from './pages/portal-page';

const PASSWORD = 'Demo@2026';

test.describe('accounts', () => {
  test('the login dialog checks fields in the spec order (zh)', async ({ page }) => {
    const portal = new PortalPage(page, 'zh');
    await portal.goto('/home');
    await portal.openLogin();
    const dialog = portal.loginDialog;
    await expect(dialog.getByRole('heading')).toHaveText('自然资源卫星遥感云服务平台');
    await expect(dialog.getByLabel('用户名')).toHaveAttribute('placeholder', '用户名/手机号/邮箱');
    await dialog.getByRole('button', { name: '登录' }).click();
    await expect(dialog.getByText('请输入用户名')).toBeVisible();
    await dialog.getByLabel('用户名').fill('demo-hebei');
    await dialog.getByLabel('用户名').press('Enter');
    await expect(dialog.getByText('请输入密码')).toBeVisible();
    await dialog.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await dialog.getByLabel('密码', { exact: true }).press('Enter');
    await expect(dialog.getByText('请输入验证码')).toBeVisible();
    await expect(dialog.getByRole('link', { name: '忘记密码' })).toHaveAttribute('href', '/chinese/resetPassword');
    await expect(dialog.getByRole('link', { name: '立即注册' })).toHaveAttribute('href', '/chinese/register');
  });

  test('a wrong captcha is refused and a new image is shown; then Enter logs in (en)', async ({ page }) => {
    const portal = new PortalPage(page, 'en');
    await portal.goto('/home');
    await portal.openLogin();
    const image = portal.loginDialog.getByTestId('captcha-image').getByRole('img');
    const firstSrc = await image.getAttribute('src');
    await portal.fillLogin('demo-hebei', PASSWORD, 'ZZZZ');
    await portal.loginDialog.getByLabel('Password', { exact: true }).press('Enter');
    await expect(portal.loginDialog.getByTestId('login-error')).toHaveText('The captcha is wrong or has expired, please enter the new one');
    await expect(image).not.toHaveAttribute('src', firstSrc ?? '');
    await portal.loginDialog.getByTestId('captcha-image').click();
    await portal.loginDialog.getByLabel('Captcha', { exact: true }).fill(CAPTCHA_ANSWER);
    await portal.loginDialog.getByLabel('Captcha', { exact: true }).press('Enter');
    await expect(portal.loginDialog).toBeHidden();
    await expect(page.getByRole('link', { name: 'Personal center' })).toBeVisible();
    // MOD_061: the cart icon, its count in its name.
    await expect(page.getByRole('link', { name: /\d+ items? in the cart/ })).toBeVisible();
    await expect(page.getByTestId('login-button')).toHaveCount(0);

    // The session survives a reload (httpOnly cookie + user info loaded again).
    await page.reload();
    await expect(page.getByRole('link', { name: 'Personal center' })).toBeVisible();

    // Logout clears the header state and goes home.
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByTestId('login-button')).toBeVisible();
    await expect(page).toHaveURL(/\/english\/home$/);
    await page.reload();
    await expect(page.getByTestId('login-button')).toBeVisible();
  });

  test('a protected page sends a visitor to the login dialog and back to the target (zh)', async ({ page }) => {
    const portal = new PortalPage(page, 'zh');
    await portal.goto('/personal/personalCenter/info');
    await expect(page).toHaveURL(/\/chinese\/home\?login=/);
    await expect(portal.loginDialog).toBeVisible();
    await portal.fillLogin('demo-personal', PASSWORD, CAPTCHA_ANSWER);
    await portal.loginDialog.getByLabel('验证码', { exact: true }).press('Enter');
    await expect(page).toHaveURL(/\/chinese\/personal\/personalCenter\/info$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('个人信息');
    await expect(page.getByTestId('profile-table')).toContainText('demo-personal');
    await expect(page.getByTestId('profile-table')).toContainText('河北省节点');
    // Permissions by name: the codes mean nothing to a user.
    await expect(page.getByTestId('profile-table').locator('[data-code="MOD_054"]')).toHaveText('意见反馈');
    await expect(page.getByTestId('profile-table')).not.toContainText('MOD_');
    // A personal account has no area range by design: no warning to call an administrator (issue 32.7).
    await expect(page.getByTestId('area-ranges-personal')).toContainText('个人账户不关联权限区域');
    await expect(page.getByTestId('area-ranges-empty')).toHaveCount(0);
  });

  for (const [lang, feedback, cart] of [
    ['zh', '意见反馈', '购物车'],
    ['en', 'Feedback', 'Cart'],
  ] as const) {
    test(`a user with the cart permission meets the cart icon; permissions by name (${lang})`, async ({ page }) => {
      const portal = new PortalPage(page, lang);
      await portal.goto('/home');
      await portal.login('demo-hebei', PASSWORD, CAPTCHA_ANSWER);
      const banner = page.getByRole('banner');
      // The signed-in icons are there: personal centre, and the cart (MOD_061), which leads to Shopping.
      await expect(banner.locator('a[href$="/personal/personalCenter"]')).toBeVisible();
      await expect(banner.locator('a[href$="/personal/personalCenter/shopping"]')).toBeVisible();
      await expect(banner.getByRole('link', { name: new RegExp(cart, 'i') })).toHaveCount(1);
      await portal.goto('/personal/personalCenter/info');
      const permissions = page.getByTestId('profile-table');
      await expect(permissions.locator('[data-code="MOD_054"]')).toHaveText(feedback);
      await expect(permissions.locator('[data-code="MOD_061"]')).not.toHaveText(/MOD_/);
      await expect(permissions).not.toContainText('MOD_');
    });
  }

  test('the personal centre names the area ranges, the code beside the name (en)', async ({ page }) => {
    const portal = new PortalPage(page, 'en');
    await portal.goto('/home');
    await portal.login('demo-city', PASSWORD, CAPTCHA_ANSWER);
    await portal.goto('/personal/personalCenter/info');
    await expect(page.getByTestId('area-ranges').locator('[data-region="130100"]')).toHaveText('Shijiazhuang (130100)');
  });

  test('an account that must change its password gets the security-upgrade dialog (en)', async ({ page }) => {
    const portal = new PortalPage(page, 'en');
    await portal.goto('/home');
    await portal.openLogin();
    await portal.fillLogin('demo-upgrade', PASSWORD, CAPTCHA_ANSWER);
    await portal.loginDialog.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByTestId('upgrade-message')).toHaveText(
      'Due to a system upgrade, click Confirm to change password before logging in!',
    );
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await page.getByRole('button', { name: 'Close' }).last().click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('login-button')).toBeVisible();
  });

  test('no header trick or forged cookie opens a protected page', async ({ request }) => {
    const path = '/chinese/personal/personalCenter/info';
    const attempts: Record<string, string>[] = [
      { 'x-middleware-subrequest': 'proxy:proxy:proxy:proxy:proxy' },
      { 'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware' },
      { cookie: 'token=eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.' },
    ];
    for (const headers of attempts) {
      const res = await request.get(path, { headers, maxRedirects: 0 });
      expect(res.status()).toBe(307);
      expect(res.headers().location).toContain('/chinese/home?login=');
    }
  });

  test('a signed-in user changes the mobile number with a code (en)', async ({ page }) => {
    const portal = new PortalPage(page, 'en');
    await portal.goto('/home');
    await portal.login('demo-hebei', PASSWORD, CAPTCHA_ANSWER);
    await page.getByRole('link', { name: 'Personal center' }).click();
    await expect(page).toHaveURL(/\/english\/personal\/personalCenter\/info$/);
    const section = page.getByRole('region', { name: 'Change phone or e-mail' });
    await section.getByText('Mobile phone', { exact: true }).click();
    await section.getByRole('textbox', { name: 'New Mobile number' }).fill('13955550000');
    await section.getByLabel('Image captcha').fill(CAPTCHA_ANSWER);
    await section.getByTestId('send-code').click();
    await expect(section.getByTestId('send-code-result')).toHaveText('The code is on its way');
    await section.getByRole('textbox', { name: 'Verification code' }).fill(await codeFromOutbox(page.request, '13955550000'));
    // The current password too (issue 32.4): a wrong one is refused and nothing changes.
    await section.getByLabel('Current password').fill('Wrong@2026');
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByTestId('contact-result')).toHaveText(/password/i);
    await section.getByLabel('Current password').fill(PASSWORD);
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByTestId('contact-result')).toHaveText('Updated');
    await expect(page.getByTestId('profile-table')).toContainText('139****0000');
  });
});
