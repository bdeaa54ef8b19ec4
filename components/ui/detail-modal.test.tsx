/**
 * @jest-environment jsdom
 */
import { screen } from '@testing-library/react';
import { render } from '@/test-utils/render';
import { DetailModal } from './detail-modal';

type Note = { id: string; title: string };
const labels = { loading: 'Loading…', close: 'Close', loadFailed: 'Could not load it.' };
const query = (over: Partial<{ data: Note; isError: boolean; error: Error | null }>) => ({
  data: undefined,
  isError: false,
  error: null,
  ...over,
});

function show(id: string | null, q: ReturnType<typeof query>) {
  return render(
    <DetailModal id={id} onClose={() => {}} query={q} title={(n: Note) => n.title} labels={labels}>
      {(n) => <p data-testid="body">{n.title} body</p>}
    </DetailModal>,
  );
}

test('closed while no record is asked for', () => {
  show(null, query({ data: { id: '1', title: 'First' } }));
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('while loading: the loading title and a busy status, no body', () => {
  show('1', query({}));
  expect(screen.getByRole('dialog', { name: 'Loading…' })).toBeTruthy();
  expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
  expect(screen.queryByTestId('body')).toBeNull();
});

test('the record opened before is not shown for another id', () => {
  show('2', query({ data: { id: '1', title: 'First' } }));
  expect(screen.queryByTestId('body')).toBeNull();
  expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
});

test("a failed read shows the error's message, or the fallback when it has none", () => {
  const { unmount } = show('1', query({ isError: true, error: new Error('No such order') }));
  expect(screen.getByRole('alert').textContent).toBe('No such order');
  unmount();
  show('1', query({ isError: true, error: new Error('') }));
  expect(screen.getByRole('alert').textContent).toBe('Could not load it.');
});

test("the record: its title and the caller's body, and a labelled close button", () => {
  show('1', query({ data: { id: '1', title: 'First' } }));
  expect(screen.getByRole('dialog', { name: 'First' })).toBeTruthy();
  expect(screen.getByTestId('body').textContent).toBe('First body');
  expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
});
