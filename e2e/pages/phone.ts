import { test, type Browser, type Page } from '@playwright/test';
import { CAPTCHA_ANSWER } from '../../playwright.config';
import { PortalPage, type Lang } from './portal-page';

/** A phone's viewport (the field and verification journeys). */
export const PHONE = { width: 390, height: 844 };
export const DEMO_PASSWORD = 'Demo@2026';

/** A fresh browser context the size of a phone (touch, reduced motion), signed in as `user` through the login dialog. */
export async function signInOnPhone(browser: Browser, lang: Lang, user: string, options: { touch?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: PHONE,
    reducedMotion: 'reduce',
    hasTouch: options.touch ?? true,
  });
  const page = await context.newPage();
  const portal = new PortalPage(page, lang);
  await portal.goto('/home');
  await portal.login(user, DEMO_PASSWORD, CAPTCHA_ANSWER);
  return page;
}
