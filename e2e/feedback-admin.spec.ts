import { expect, test } from '@playwright/test';
import { CAPTCHA_ANSWER } from '../playwright.config';
import { FeedbackPage } from './pages/feedback-page';
import { PortalPage } from './pages/portal-page';

const PASSWORD = 'Demo@2026';

/**
 * Answering feedback: a user sends it (Chinese), an administrator answers and then corrects the answer
 * on /manage/feedback (English, at phone width), and the user reads the final answer in "my feedback".
 */
test('feedback: a user asks → an administrator answers and edits → the user reads the answer', async ({ browser }) => {
  const stamp = Date.now().toString(36);
  const title = `端到端反馈 ${stamp}`;
  const firstAnswer = `Thank you, we are looking into it (${stamp}).`;
  const finalAnswer = `您好！GF-2 影像可在“数据服务”中按行政区批量下载（${stamp}）。\n如仍有问题，请再次反馈。`;

  // 1. demo-personal (MOD_054) sends feedback, in Chinese.
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  const feedback = new FeedbackPage(userPage, 'zh');
  await feedback.openWithLogin('demo-personal', PASSWORD, CAPTCHA_ANSWER);
  await feedback.field('category').selectOption({ label: '数据与影像' });
  await feedback.field('title').fill(title);
  await feedback.field('content').fill('如何批量下载河北省范围内的 GF-2 影像？逐景下载太慢了。');
  await feedback.submit.click();
  await expect(feedback.notice).toContainText('已收到您的反馈');
  await expect(feedback.item(title).getByTestId('feedback-status')).toContainText('已受理');
  // Not an administrator: the answering screen is refused.
  await feedback.portal.goto('/manage/feedback');
  await expect(userPage).toHaveURL(/\/chinese\/403$/);

  // 2. demo-admin answers it, in English, at phone width.
  const adminContext = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const adminPage = await adminContext.newPage();
  const admin = new PortalPage(adminPage, 'en');
  await admin.goto('/home');
  await admin.login('demo-admin', PASSWORD, CAPTCHA_ANSWER);
  await adminPage.getByRole('banner').getByRole('button', { name: 'Administration' }).click();
  await adminPage.getByRole('menuitem', { name: 'Answer feedback' }).click();
  await expect(adminPage).toHaveURL(/\/english\/manage\/feedback$/);
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Answering feedback' })).toBeVisible();
  // Nothing on the page is wider than the phone.
  expect(await adminPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  const search = adminPage.getByRole('search', { name: 'Search feedback' });
  await search.getByRole('searchbox', { name: 'Search feedback' }).fill(stamp);
  await search.getByRole('button', { name: 'Search' }).click();
  const item = adminPage.getByRole('article', { name: title });
  await expect(item).toBeVisible();
  await expect(item.getByTestId('feedback-admin-status')).toHaveText('● Awaiting answer');
  await expect(item).toContainText('From: 个人演示用户 (demo-personal)');
  await item.getByRole('button', { name: `Open feedback “${title}”` }).click();

  const dialog = adminPage.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('逐景下载太慢了');
  await expect(dialog).toContainText('Sent in: Chinese');
  const answer = dialog.getByRole('textbox', { name: 'Answer' });
  // An empty answer is refused in words, at the field.
  await dialog.getByRole('button', { name: 'Send answer' }).click();
  await expect(dialog.getByText('Enter an answer')).toBeVisible();
  await expect(answer).toBeFocused();
  await answer.fill(firstAnswer);
  await dialog.getByRole('button', { name: 'Send answer' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Answer saved; the sender can read it under “My feedback”.');
  await expect(dialog.getByTestId('feedback-replied-by')).toContainText('Answered by demo-admin on');
  await expect(dialog.getByTestId('feedback-admin-status')).toHaveText('✓ Answered');

  // A second answer replaces the first.
  await answer.fill(finalAnswer);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByRole('status')).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Current answer' })).toContainText('批量下载');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // It has left the queue of unanswered feedback and is listed as answered.
  await expect(adminPage.getByTestId('feedback-admin-empty')).toHaveText('No feedback matches these filters.');
  await adminPage.getByRole('radiogroup', { name: 'Filter by status' }).getByText('Answered', { exact: true }).click();
  await expect(item.getByTestId('feedback-admin-status')).toHaveText('✓ Answered');

  // 3. demo-personal sees the final answer in "my feedback".
  await userPage.goto('/chinese/about/contactUs/idea');
  const mine = feedback.item(title);
  await expect(mine.getByTestId('feedback-status')).toHaveText('✓ 已回复');
  const reply = mine.getByRole('region', { name: '工作人员回复' });
  await expect(reply).toContainText('GF-2 影像可在“数据服务”中按行政区批量下载');
  await expect(reply).not.toContainText(firstAnswer);

  await adminContext.close();
  await userContext.close();
});
