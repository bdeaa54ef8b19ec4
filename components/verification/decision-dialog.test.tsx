/**
 * @jest-environment jsdom
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { render } from '@/test-utils/render';
import { envelopeResponse, fakeResponse } from '@/test-utils/fake-response';
import type { CaseSummary } from '@/lib/shared/contracts/verification';
import { DecisionDialog } from './decision-dialog';

jest.mock('@/i18n/navigation', () => ({
  Link: ({ href, children }: { href: { pathname: string; query: { id: string } }; children: React.ReactNode }) => (
    <a href={`${href.pathname}?id=${href.query.id}`}>{children}</a>
  ),
}));

const c: CaseSummary = {
  id: '42',
  spotNo: '2026Q2-130102-0001',
  batchId: '1',
  quarter: '2026Q2',
  xzqdm: '130102',
  countyName: 'Chang’an District',
  source: 'auto',
  changeType: '101',
  changeTypeName: 'Cropland to built-up land',
  areaM2: 1000,
  status: 'submitted',
  statusName: 'Submitted',
  verdict: 'illegal_new',
  verdictName: 'Illegal (new)',
  stageDue: '2026-12-01',
  daysOverdue: 0,
  updatedAt: '2026-11-01T00:00:00.000Z',
  center: [114.5, 38],
  version: 3,
  actions: ['passed', 'returned'],
  demo: true,
};

function open(to: 'passed' | 'returned', onDone = jest.fn()) {
  render(<DecisionDialog decision={{ opened: c, to }} current={c} onClose={() => {}} onDone={onDone} />);
  return onDone;
}

test('a send-back asks for the reason before anything is sent', async () => {
  const fetch = jest.fn();
  global.fetch = fetch as typeof global.fetch;
  open('returned');
  const dialog = await screen.findByRole('dialog', { name: 'Send back spot 2026Q2-130102-0001' });
  fireEvent.click(screen.getByTestId('decision-submit'));
  expect(await screen.findByText('Please give a reason.')).toBeTruthy();
  expect(fetch).not.toHaveBeenCalled();
  expect(dialog.contains(document.activeElement)).toBe(true);
});

test('a case moved on meanwhile (409) is said so, and the typed reason stays', async () => {
  global.fetch = jest.fn(() =>
    Promise.resolve(fakeResponse({ code: 409, message: 'The case has changed since you opened it.', data: null }, 409)),
  ) as typeof global.fetch;
  const onDone = open('returned');
  const reason = screen.getByTestId('decision-reason') as HTMLTextAreaElement;
  fireEvent.change(reason, { target: { value: 'Photos unclear' } });
  fireEvent.click(screen.getByTestId('decision-submit'));
  expect(await screen.findByTestId('decision-conflict')).toBeTruthy();
  expect((screen.getByTestId('decision-reason') as HTMLTextAreaElement).value).toBe('Photos unclear');
  expect(onDone).not.toHaveBeenCalled();
});

test('an approval needs no reason and sends the version the list showed', async () => {
  const fetch = jest.fn(() => Promise.resolve(envelopeResponse({ version: 4 })));
  global.fetch = fetch as unknown as typeof global.fetch;
  const onDone = open('passed');
  fireEvent.click(await screen.findByTestId('decision-submit'));
  await waitFor(() => expect(onDone).toHaveBeenCalledWith('Spot 2026Q2-130102-0001 approved.'));
  const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  expect(url).toBe('/api/process-spot-bjhs/v1/process/42');
  expect(JSON.parse(String(init.body))).toEqual({ to: 'passed', version: 3 });
});
