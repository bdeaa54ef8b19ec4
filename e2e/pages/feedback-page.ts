import { expect, type Locator, type Page } from '@playwright/test';
import { PortalPage, type Lang } from './portal-page';

const TEXT = {
  zh: {
    form: '意见反馈表单',
    category: '问题类型',
    title: '标题',
    content: '详细描述',
    contact: '联系方式（选填）',
    submit: '提交反馈',
    mine: '我的反馈',
  },
  en: {
    form: 'Feedback form',
    category: 'Category',
    title: 'Title',
    content: 'Description',
    contact: 'Contact (optional)',
    submit: 'Send feedback',
    mine: 'My feedback',
  },
} as const;

/** The feedback screen (/about/contactUs/idea): the form and "my feedback". */
export class FeedbackPage {
  readonly text: (typeof TEXT)[Lang];
  readonly portal: PortalPage;

  constructor(
    readonly page: Page,
    readonly lang: Lang,
  ) {
    this.text = TEXT[lang];
    this.portal = new PortalPage(page, lang);
  }

  /** Opens the screen as a visitor: the proxy sends them home with the login dialog, then back here. */
  async openWithLogin(username: string, password: string, captcha: string) {
    await this.portal.goto('/about/contactUs/idea');
    await expect(this.page).toHaveURL(/\/home\?login=/);
    await expect(this.portal.loginDialog).toBeVisible();
    await this.portal.fillLogin(username, password, captcha);
    await this.portal.loginDialog.getByLabel(this.portal.text.captcha, { exact: true }).press('Enter');
    await expect(this.page).toHaveURL(/\/about\/contactUs\/idea$/);
  }

  get form(): Locator {
    return this.page.getByRole('form', { name: this.text.form });
  }

  /** A field by its label (required fields add an asterisk after it). */
  field(name: 'category' | 'title' | 'content' | 'contact'): Locator {
    const label = new RegExp(`^${this.text[name].replace(/[()（）]/g, '\\$&')}`);
    return this.form.getByRole(name === 'category' ? 'combobox' : 'textbox', { name: label });
  }

  get notice(): Locator {
    return this.page.getByTestId('feedback-notice');
  }

  get submit(): Locator {
    return this.form.getByRole('button', { name: this.text.submit });
  }

  get mine(): Locator {
    return this.page.getByRole('region', { name: this.text.mine });
  }

  item(title: string): Locator {
    return this.mine.getByRole('article', { name: title });
  }
}
