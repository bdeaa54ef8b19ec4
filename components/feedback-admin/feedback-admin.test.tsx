/**
 * @jest-environment jsdom
 */
import { screen, within } from '@testing-library/react';
import { render } from '@/test-utils/render';
import type { ManagedFeedbackItem } from '@/lib/shared/contracts/feedback';
import { FeedbackAdmin } from './feedback-admin';
import { FeedbackReplyDialog } from './feedback-reply-dialog';
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

test('an opened feedback shows its status history with who and when', async () => {
  const detail = {
    ...item(7),
    status: 'replied',
    reply: 'Answered',
    repliedAt: '2025-01-03T03:04:05.000Z',
    repliedBy: 'demo-admin',
    history: [
      { fromStatus: null, toStatus: 'received', toStatusName: 'Awaiting answer', by: 'user7', note: null, at: '2025-01-02T03:04:05.000Z' },
      {
        fromStatus: 'received',
        toStatus: 'replied',
        toStatusName: 'Answered',
        by: 'demo-admin',
        note: null,
        at: '2025-01-03T03:04:05.000Z',
      },
    ],
    chain: { intact: true, rows: 2, head: '0123456789abcdef'.repeat(4) },
  };
  global.fetch = jest.fn(() => json(detail)) as typeof fetch;
  render(<FeedbackReplyDialog id="7" onClose={() => {}} />);
  const history = await screen.findByRole('list', { name: 'Status history' });
  const entries = within(history).getAllByRole('listitem');
  expect(entries.map((e) => e.textContent)).toEqual([expect.stringContaining('Awaiting answer'), expect.stringContaining('Answered')]);
  expect(entries[0]!.textContent).toContain('by user7');
  expect(entries[1]!.textContent).toContain('by demo-admin');
  // The history's chain check under it: in words, with the start of its fingerprint.
  expect(screen.getByTestId('chain-status').textContent).toBe(
    '✓ Record intact: no change has been altered since it was written · Fingerprint 0123456789ab',
  );
});
