/**
 * @jest-environment jsdom
 */
import { screen } from '@testing-library/react';
import { render } from '@/test-utils/render';
import { StatusHistorySection } from './status-history';

const entries = [{ toStatusName: 'Submitted', by: 'li', note: null, at: '2025-01-02T03:04:05.000Z' }];
const head = 'fedcba9876543210'.repeat(4);

describe('the chain check under a status history', () => {
  it('says the record is intact, with a mark and the first 12 characters of its fingerprint (the whole on hover)', () => {
    render(<StatusHistorySection id="h" title="History" entries={entries} chain={{ intact: true, rows: 1, head }} />);
    const line = screen.getByTestId('chain-status');
    expect(line.dataset.intact).toBe('true');
    expect(line.textContent).toBe('✓ Record intact: no change has been altered since it was written · Fingerprint fedcba987654');
    expect(screen.getByTitle(head).textContent).toBe('fedcba987654');
  });

  it('names the step where it was altered, in the reader’s language, and why', () => {
    const broken = (reason: 'content' | 'link') =>
      ({ intact: false, rows: 3, head, brokenAt: { historyId: '9', position: 2, reason } }) as const;
    const { rerender } = render(<StatusHistorySection id="h" title="记录" entries={entries} chain={broken('content')} />, { locale: 'zh' });
    expect(screen.getByTestId('chain-status').textContent).toBe('⚠ 记录在第 2 步被改动：内容与写入时不符 · 指纹 fedcba987654');
    rerender(<StatusHistorySection id="h" title="记录" entries={entries} chain={broken('link')} />);
    expect(screen.getByTestId('chain-status').textContent).toContain('⚠ 记录在第 2 步被改动：其前有一步被删除或插入');
  });

  it('shows no line when the answer carries no check', () => {
    render(<StatusHistorySection id="h" title="History" entries={entries} />);
    expect(screen.queryByTestId('chain-status')).toBeNull();
  });
});
