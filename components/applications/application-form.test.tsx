/**
 * @jest-environment jsdom
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@/test-utils/render';
import { ApplicationForm } from './application-form';
import { envelopeResponse } from '@/test-utils/fake-response';

jest.mock('@/i18n/navigation', () => ({
  Link: ({ href, children }: { href: string; children: React.ReactNode }) => <a href={href}>{children}</a>,
  useRouter: () => ({ push: jest.fn(), replace: jest.fn() }),
}));

const answer = (data: unknown) => Promise.resolve(envelopeResponse(data));

beforeAll(() => {
  Element.prototype.scrollIntoView = () => {};
});

beforeEach(() => {
  // The profile is unknown (the form still opens); regions answer an empty list.
  global.fetch = jest.fn((input: RequestInfo | URL) =>
    String(input).includes('/userinfo/detail') ? answer(null) : answer([]),
  ) as typeof fetch;
});

test('a blank application (no scenes, no image query) may take its area from a region or from an uploaded file', async () => {
  render(<ApplicationForm />);
  const source = await screen.findByRole('radiogroup', { name: 'Area from' });
  expect(source.textContent).toContain('A region');
  expect(screen.queryByTestId('upload-area-drop')).toBeNull();
  await userEvent.click(screen.getByText('An uploaded file'));
  expect(await screen.findByTestId('upload-area-drop')).toBeTruthy();
  expect(screen.getByText(/kept for 24 hours/)).toBeTruthy();
});
