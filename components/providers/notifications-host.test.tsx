/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@/test-utils/render';
import { NotificationsHost } from './notifications-host';

describe('NotificationsHost (the notification list loads with the first notification)', () => {
  it('renders nothing until something is shown, then shows it, including what was shown before it loaded', async () => {
    render(<NotificationsHost />);
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();

    act(() => {
      notifications.show({ id: 'expired', color: 'yellow', message: 'Login has expired, please log in again!' });
    });
    expect(await screen.findByText('Login has expired, please log in again!')).toBeInTheDocument();

    act(() => {
      notifications.show({ color: 'red', message: 'An exception occurred while logging out, please try again' });
    });
    expect(await screen.findByText('An exception occurred while logging out, please try again')).toBeInTheDocument();
  });
});
