import { expect, test } from '@playwright/test';
import { CAPTCHA_ANSWER } from '../playwright.config';
import { codeFromOutbox } from './pages/outbox';
import { PortalPage } from './pages/portal-page';

test('register with an e-mail code, then log in (en)', async ({ page }) => {
  const portal = new PortalPage(page, 'en');
  const suffix = Date.now().toString(36);
  const username = `e2e-${suffix}`;
  const email = `e2e-${suffix}@example.org`;
  await portal.goto('/home');
  await page.getByRole('link', { name: 'Register', exact: true }).click();
  await expect(page).toHaveURL(/\/english\/register$/);

  await page.getByRole('textbox', { name: 'Username' }).fill('demo-admin');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Fresh@2026');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('Fresh@2026');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Already registered')).toBeVisible();
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText(`The code goes to ${email}`)).toBeVisible();
  await page.getByLabel('Image captcha').fill(CAPTCHA_ANSWER);
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('send-code-result')).toHaveText('The code is on its way');
  await expect(page.getByTestId('send-code')).toBeDisabled();
  await page.getByRole('textbox', { name: 'Verification code' }).fill(await codeFromOutbox(page.request, email));
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByTestId('register-done')).toHaveText(`Registered! Your username: ${username}`);

  await page.getByRole('button', { name: 'Log in now' }).click();
  await portal.fillLogin(username, 'Fresh@2026', CAPTCHA_ANSWER);
  await portal.loginDialog.getByLabel('Captcha', { exact: true }).press('Enter');
  await expect(portal.loginDialog).toBeHidden();
  await expect(page.getByRole('link', { name: 'Personal center' })).toBeVisible();
});

test('reset a forgotten password with a phone code (zh)', async ({ page }) => {
  const portal = new PortalPage(page, 'zh');
  await portal.goto('/home');
  await portal.openLogin();
  await portal.loginDialog.getByRole('link', { name: '忘记密码' }).click();
  await expect(page).toHaveURL(/\/chinese\/resetPassword$/);
  await page.getByText('手机号', { exact: true }).click();
  await page.getByRole('textbox', { name: '手机号' }).fill('13800000006');
  await page.getByLabel('图形验证码', { exact: true }).fill(CAPTCHA_ANSWER);
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('send-code-result')).toHaveText('验证码已发送，请查收');
  await page.getByRole('textbox', { name: '验证码', exact: true }).fill(await codeFromOutbox(page.request, '13800000006'));
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByRole('textbox', { name: '新密码', exact: true }).fill('Reset@2026');
  await page.getByRole('textbox', { name: '确认新密码' }).fill('Reset@2026');
  await page.getByRole('button', { name: '保存新密码' }).click();
  await expect(page.getByTestId('reset-done')).toHaveText('密码已重置，请使用新密码登录。');
  await page.getByRole('button', { name: '立即登录' }).click();
  await portal.fillLogin('demo-editor', 'Reset@2026', CAPTCHA_ANSWER);
  await portal.loginDialog.getByLabel('验证码', { exact: true }).press('Enter');
  await expect(portal.loginDialog).toBeHidden();
  await expect(page.getByRole('link', { name: '个人中心' })).toBeVisible();
});
