/**
 * @jest-environment jsdom
 */
import { screen, within } from '@testing-library/react';
import { render } from '@/test-utils/render';
import type { ManagedFeedbackItem } from '@/lib/shared/contracts/feedback';
import { FeedbackAdmin } from './feedback-admin';
import { envelopeResponse } from '@/test-utils/fake-response';

const item = (n: number): ManagedFeedbackItem => ({
  id: String(n),
  category: 'data',
  title: `Feedback ${n}`,
  content: 'Words',
  contact: null,
  status: 'received',
  reply: null,
  repliedAt: null,
  createdAt: '2025-01-02T03:04:05.000Z',
  demo: false,
  locale: 'en',
  author: { username: `user${n}`, realName: null, organization: null },
  repliedBy: null,
});

const json = (data: unknown) => Promise.resolve(envelopeResponse(data));

test('the feedback is a list of items (the shared paged list) with a labelled pager', async () => {
  global.fetch = jest.fn(() => json({ list: [item(1), item(2)], total: 25, pageNum: 1, pageSize: 10, unanswered: 25 })) as typeof fetch;
  render(<FeedbackAdmin />);
  const list = await screen.findByTestId('feedback-admin-items');
  expect(list.tagName).toBe('UL');
  const rows = within(list).getAllByRole('listitem');
  expect(rows).toHaveLength(2);
  expect(within(rows[0]!).getByRole('article', { name: 'Feedback 1' })).toBeTruthy();
  // 25 items, 10 a page: three pages, the arrows named in the page's language.
  expect(screen.getByRole('button', { name: 'Next page' })).toBeTruthy();
  expect(screen.getByRole('button', { name: '3' })).toBeTruthy();
});

test('an empty answer shows the empty state', async () => {
  global.fetch = jest.fn(() => json({ list: [], total: 0, pageNum: 1, pageSize: 10, unanswered: 0 })) as typeof fetch;
  render(<FeedbackAdmin />);
  expect(await screen.findByTestId('feedback-admin-empty')).toBeTruthy();
});
