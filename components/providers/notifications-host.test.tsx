/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { NotificationsHost } from './notifications-host';

beforeAll(() => {
  // jsdom lacks matchMedia, which Mantine's provider and reduced-motion hook read.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
});

describe('NotificationsHost (the notification list loads with the first notification)', () => {
  it('renders nothing until something is shown, then shows it, including what was shown before it loaded', async () => {
    render(
      <MantineProvider>
        <NotificationsHost />
      </MantineProvider>,
    );
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
