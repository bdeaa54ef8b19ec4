/**
 * @jest-environment jsdom
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@/test-utils/render';
import { LoadFailed, LoadingRows } from './load-states';

test('loading: a status named by its label over the given number of skeletons', () => {
  render(<LoadingRows label="Loading orders…" count={3} height={56} />);
  const status = screen.getByRole('status', { name: 'Loading orders…' });
  expect(status.querySelectorAll('.mantine-Skeleton-root')).toHaveLength(3);
});

test('failed: an alert with its title and message, and a retry that asks again', async () => {
  const onRetry = jest.fn();
  render(<LoadFailed title="Could not load" message="Network down" retry="Retry" onRetry={onRetry} />);
  const alert = screen.getByRole('alert');
  expect(alert.textContent).toContain('Could not load');
  expect(alert.textContent).toContain('Network down');
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(onRetry).toHaveBeenCalledTimes(1);
});
