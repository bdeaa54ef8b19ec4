import { expect, type Locator, type Page } from '@playwright/test';

export type Lang = 'zh' | 'en';
export const PREFIX: Record<Lang, string> = { zh: '/chinese', en: '/english' };

const TEXT = {
  zh: { login: '登录', backToTop: '回到顶部', username: '用户名', password: '密码', captcha: '验证码', about: '关于我们', contact: '联系方式', home: '首页', logout: '退出登录', personal: '个人中心' },
  en: { login: 'Log in', backToTop: 'Back to top', username: 'Username', password: 'Password', captcha: 'Captcha', about: 'About', contact: 'Contact', home: 'Home', logout: 'Log out', personal: 'Personal center' },
} as const;

/** The site frame as a visitor sees it: header, menu, dialogs, back-to-top. */
export class PortalPage {
  readonly text: (typeof TEXT)[Lang];

  constructor(
    readonly page: Page,
    readonly lang: Lang,
  ) {
    this.text = TEXT[lang];
  }

  async goto(path: string) {
    await this.page.goto(`${PREFIX[this.lang]}${path}`);
  }

  get menu(): Locator {
    return this.page.getByTestId('main-menu');
  }

  get loginDialog(): Locator {
    return this.page.getByRole('dialog');
  }

  async openLogin() {
    await this.page.getByTestId('login-button').click();
    await expect(this.loginDialog).toBeVisible();
  }

  async fillLogin(username: string, password: string, captcha: string) {
    const dialog = this.loginDialog;
    await dialog.getByLabel(this.text.username).fill(username);
    await dialog.getByLabel(this.text.password, { exact: true }).fill(password);
    await dialog.getByLabel(this.text.captcha, { exact: true }).fill(captcha);
  }

  async login(username: string, password: string, captcha: string) {
    await this.openLogin();
    await this.fillLogin(username, password, captcha);
    await this.loginDialog.getByLabel(this.text.captcha, { exact: true }).press('Enter');
    await expect(this.loginDialog).toBeHidden();
  }
}
